/**
 * The customer panel (`CustomerPanel.tsx`: its labels, stage, division, follow-ups and opt-out,
 * with their pickers and dialogs) loads in a chunk of its own, right after the chat screen: the
 * conversation list and the thread show first, and the panel fills its place when its code is
 * there (an empty panel of the same size meanwhile, so nothing moves).
 */
import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '../lazyComponent.ts';
import * as css from './customerPanel.css.ts';

const Loaded = lazyComponent(() => import('./CustomerPanel.tsx'), 'CustomerPanel');

/** Starts loading the panel's code (the chat screen asks as it mounts). */
export const preloadCustomerPanel = (): Promise<unknown> => Loaded.preload();

export function CustomerPanel(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={<aside className={css.panel} aria-busy="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
