import { formatDateTime } from '@sapa/sdk';
import type { MessageKey, OptOutVia } from '@sapa/sdk';
import type { OptOutState } from '@sapa/machines/crm';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './optOut.css.ts';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';

// The opt-out texts are the broadcasts part's (not loaded with the app).
loadBroadcastTexts();

const sinceKeys: Record<OptOutVia, MessageKey> = {
  message: 'optOut.since.message',
  agent: 'optOut.since.agent',
  import: 'optOut.since.import',
};

/**
 * A customer's opt-out of broadcasts in words: "Berhenti dari broadcast" with since when and how
 * (their own message, an agent, an import), or "Menerima broadcast".
 */
export function OptOutStatus({ state, timeZone }: { state: OptOutState; timeZone: string }) {
  const t = useT();
  if (state.optedOutAt === null)
    return (
      <span className={css.badge({ optedOut: false })} data-testid="opt-out-status">
        {t('optOut.receiving')}
      </span>
    );
  return (
    <>
      <span className={css.badge({ optedOut: true })} data-testid="opt-out-status">
        {t('optOut.stopped')}
      </span>
      <p className={css.since} data-testid="opt-out-since">
        {t(sinceKeys[state.optedOutVia ?? 'agent'], { date: formatDateTime(state.optedOutAt, timeZone) })}
      </p>
    </>
  );
}
