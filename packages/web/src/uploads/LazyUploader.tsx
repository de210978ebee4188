/**
 * The upload fields with FilePond (its plugins and styles) in a chunk of their own, loaded when
 * the first field mounts (the composer's tray, the gallery's upload dialog, a quick reply's
 * media): the screens that hold one show without waiting for it. Same props as `Uploader.tsx`.
 */
import { Suspense, type ComponentProps } from 'react';
import { DelayedSpinner } from '../components/DelayedSpinner.tsx';
import { lazyComponent } from '../lazyComponent.ts';

const loadUploader = () => import('./Uploader.tsx');
const LoadedUploader = lazyComponent(loadUploader, 'Uploader');
const LoadedUploaderView = lazyComponent(loadUploader, 'UploaderView');

export type { UploaderHandle, UploaderItem, UploaderProps, UploaderViewProps } from './Uploader.tsx';

/** An upload field with its own queue (`Uploader.tsx`). */
export function Uploader(props: ComponentProps<typeof LoadedUploader>) {
  return (
    <Suspense fallback={props.compact === true ? null : <DelayedSpinner />}>
      <LoadedUploader {...props} />
    </Suspense>
  );
}

/** An upload field over a queue its parent holds (`Uploader.tsx`); the compact one shows nothing while it loads. */
export function UploaderView(props: ComponentProps<typeof LoadedUploaderView>) {
  return (
    <Suspense fallback={props.compact === true ? null : <DelayedSpinner />}>
      <LoadedUploaderView {...props} />
    </Suspense>
  );
}
