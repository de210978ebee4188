import type { ReactNode } from 'react';
import type { ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

/** What the wizard gives each step: the composer, the open step's heading and its Back / Next. */
export interface StepProps {
  actor: ComposerActor;
  title: ReactNode;
  footer: ReactNode;
}

/**
 * The frame every step shares: the heading and the step's form (`children`), beside them its
 * preview or summary (`aside`, named by `asideLabel`, announced as it changes when `asideLive`),
 * and Back / Next under the form (composer.css.ts lays them out, stacked under 900 px).
 */
export function StepFrame({
  title,
  footer,
  aside,
  asideLabel,
  asideLive = false,
  children,
}: Omit<StepProps, 'actor'> & {
  aside: ReactNode;
  asideLabel?: string;
  asideLive?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={css.body}>
      <div className={css.column}>
        {title}
        {children}
      </div>
      <aside className={css.aside} aria-label={asideLabel} aria-live={asideLive ? 'polite' : undefined}>
        {aside}
      </aside>
      <div className={css.footer}>{footer}</div>
    </div>
  );
}
