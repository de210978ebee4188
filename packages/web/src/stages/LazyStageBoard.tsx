/**
 * The board (drag and drop between stage columns, react-aria's drag-and-drop hooks) in a chunk
 * of its own, loaded when its tab is first opened: the stages screen opens on the table without
 * it. Same props as `StageBoard.tsx`.
 */
import { Suspense, type ComponentProps } from 'react';
import { DelayedSpinner } from '../components/DelayedSpinner.tsx';
import { lazyComponent } from '../lazyComponent.ts';

const LoadedStageBoard = lazyComponent(() => import('./StageBoard.tsx'), 'StageBoard');

export function StageBoard(props: ComponentProps<typeof LoadedStageBoard>) {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <LoadedStageBoard {...props} />
    </Suspense>
  );
}
