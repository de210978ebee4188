/** "Pick from the gallery" (`GalleryPicker.tsx`, with react-aria's grid list) loads when it first opens. */
import { lazyDialog } from '../lazyDialog.tsx';

export type { GalleryPickerProps } from './GalleryPicker.tsx';

export const GalleryPicker = lazyDialog(
  () => import('./GalleryPicker.tsx'),
  'GalleryPicker',
  (props) => props.isOpen,
);
