/**
 * The customer panel's follow-ups (`CustomerFollowUps.tsx`, with automation's part of the
 * catalogue) load in a chunk of their own once the panel shows, not with the chat screen.
 */
import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '../lazyComponent.ts';

const Loaded = lazyComponent(() => import('./CustomerFollowUps.tsx'), 'CustomerFollowUps');

export function CustomerFollowUps(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
