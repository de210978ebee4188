import type { BroadcastPauseReason, BroadcastStatus, RecipientState } from '@sapa/sdk';
import type { BroadcastProgress } from '@sapa/machines/broadcast';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './broadcasts.css.ts';

type Tone = 'neutral' | 'active' | 'success' | 'warning' | 'danger';

/** How each status looks: what still moves has a dot. */
const statusLook: Record<BroadcastStatus, { tone: Tone; dot: boolean }> = {
  scheduled: { tone: 'neutral', dot: true },
  sending: { tone: 'active', dot: true },
  paused: { tone: 'warning', dot: true },
  done: { tone: 'success', dot: false },
  cancelled: { tone: 'neutral', dot: false },
};

const stateTone: Record<RecipientState, Tone> = {
  queued: 'neutral',
  sending: 'neutral',
  sent: 'success',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** A broadcast's status, and why it paused under it. */
export function BroadcastStatusChip({
  status,
  pauseReason,
}: {
  status: BroadcastStatus;
  pauseReason: BroadcastPauseReason | null;
}) {
  const t = useT();
  const look = statusLook[status];
  return (
    <span className={css.cellStack}>
      <span className={css.chip(look)} data-testid="broadcast-status" data-status={status}>
        {t(`broadcasts.status.${status}`)}
      </span>
      {status === 'paused' && pauseReason !== null ? (
        <span className={css.muted} data-testid="broadcast-pause-reason">
          {t(`broadcasts.pause.${pauseReason}`)}
        </span>
      ) : null}
    </span>
  );
}

export function RecipientStateChip({ state }: { state: RecipientState }) {
  const t = useT();
  return (
    <span className={css.chip({ tone: stateTone[state] })} data-testid="recipient-state" data-state={state}>
      {t(`broadcasts.state.${state}`)}
    </span>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/**
 * The progress bar: the reached part, the failed part (red) and the cancelled part of all the
 * recipients, with "18/30" and the failures under it. `large`: the broadcast's own page.
 */
export function BroadcastProgressBar({
  progress,
  large = false,
}: {
  progress: BroadcastProgress;
  large?: boolean;
}) {
  const t = useT();
  const label = progress.estimated
    ? t('broadcasts.progress.estimated', { count: progress.total })
    : t('broadcasts.progress', {
        processed: progress.processed,
        total: progress.total,
        reached: progress.reached,
        failed: progress.failed,
        cancelled: progress.cancelled,
      });
  return (
    <div className={css.progress}>
      <div
        className={large ? `${css.track} ${css.trackLarge}` : css.track}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.processed}
        aria-valuetext={label}
        aria-label={label}
        data-testid="broadcast-progress"
      >
        <span className={css.part.reached} style={{ width: percent(progress.reachedShare) }} />
        <span className={css.part.failed} style={{ width: percent(progress.failedShare) }} />
        <span className={css.part.cancelled} style={{ width: percent(progress.cancelledShare) }} />
      </div>
      <span className={css.progressLine}>
        {progress.estimated || large ? (
          <span className={large ? undefined : css.muted}>{label}</span>
        ) : (
          <>
            <span>
              {t('broadcasts.progress.short', { processed: progress.processed, total: progress.total })}
            </span>
            {progress.failed > 0 ? (
              <span className={css.failedText}>
                {t('broadcasts.progress.failed', { count: progress.failed })}
              </span>
            ) : null}
          </>
        )}
      </span>
    </div>
  );
}
