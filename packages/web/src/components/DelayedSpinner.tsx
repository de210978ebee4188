import { useEffect, useState } from 'react';
import { FullScreenSpinner, Spinner } from './Spinner.tsx';
import * as css from './delayedSpinner.css.ts';

/**
 * How long a screen may take to load before a spinner shows. Most screen chunks arrive sooner,
 * and a spinner shown for a moment only flashes.
 */
export const SPINNER_DELAY_MS = 250;

/** True once `ms` have passed since the component mounted. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/**
 * What a screen shows while its code loads (a Suspense fallback): nothing for
 * `SPINNER_DELAY_MS`, then a spinner, in the content area or (`fullScreen`) over the window.
 */
export function DelayedSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const elapsed = useElapsed(SPINNER_DELAY_MS);
  if (!elapsed) return <div className={css.placeholder} data-testid="screen-loading" />;
  return fullScreen ? (
    <FullScreenSpinner />
  ) : (
    <div className={css.placeholder} data-testid="screen-loading">
      <Spinner />
    </div>
  );
}
