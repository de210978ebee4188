import { useSelector } from '@xstate/react';
import { topupReceipt } from '@sapa/sdk';
import { selectMorePending, selectPendingTopups, selectTopUpBusy } from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { button } from '../components/button.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import type { SaldoActor } from './types.ts';
import type { TopUpActor } from './TopUpPanel.tsx';
import * as css from './saldo.css.ts';

/**
 * The top-ups waiting for payment, one card each: the amount, the order, when it was made and by
 * when to pay; "Bayar sekarang" opens the gateway's page in a new tab and has the panel follow it,
 * "Saya sudah bayar" has the panel ask the gateway. Both are disabled while the panel creates an
 * order. Nothing shows when none waits.
 */
export function PendingTopups({ actor, panel }: { actor: SaldoActor; panel: TopUpActor | undefined }) {
  const t = useT();
  const pending = useSelector(actor, selectPendingTopups);
  const more = useSelector(actor, selectMorePending);
  const panelBusy = useSelector(panel, (snapshot) =>
    snapshot === undefined ? false : selectTopUpBusy(snapshot),
  );
  if (pending.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="pending-title">
      <h2 id="pending-title" className={css.sectionTitle}>
        {t('saldo.pending.title')}
      </h2>
      <ul className={css.pendingList} aria-label={t('saldo.pending.list')}>
        {pending.map((topup) => {
          const receipt = topupReceipt(topup);
          const amount = receipt.amountText;
          return (
            <li key={topup.id} className={css.pendingItem} data-testid="pending-topup">
              <span className={css.amount}>{amount}</span>
              <div className={css.facts}>
                <span className={css.order}>{t('saldo.topup.order', { order: receipt.number })}</span>
                <span className={css.muted}>{t('saldo.pending.created', { time: receipt.createdText })}</span>
                {receipt.expiresText === null ? null : (
                  <span className={css.muted}>
                    {t('saldo.topup.payBefore', { time: receipt.expiresText })}
                  </span>
                )}
              </div>
              <div className={css.actions}>
                {topup.redirectUrl === null || panelBusy ? null : (
                  <a
                    href={topup.redirectUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`${button({ tone: 'primary', size: 'sm' })} ${css.linkButton}`}
                    aria-label={t('saldo.topup.payLabel', { amount })}
                    onClick={() => actor.send({ type: 'saldo.pay', id: topup.id })}
                    data-testid="pending-pay"
                  >
                    {t('saldo.topup.pay')}
                  </a>
                )}
                <Button
                  tone="secondary"
                  size="sm"
                  isDisabled={panelBusy}
                  aria-label={t('saldo.topup.checkLabel', { amount })}
                  onPress={() => actor.send({ type: 'saldo.check', id: topup.id })}
                  data-testid="pending-check"
                >
                  {t('saldo.topup.check')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {more ? <p className={css.hint}>{t('saldo.pending.more')}</p> : null}
    </section>
  );
}
