import { useSelector } from '@xstate/react';
import { formatRupiah } from '@sapa/sdk';
import {
  selectBilling,
  selectBillingStatus,
  selectCanEditThreshold,
  selectCanPay,
  selectLowBalance,
  type BillingPermissions,
} from '@sapa/machines/billing';
import { Alert } from '../components/Alert.tsx';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

/**
 * The project's balance in rupiah, changed live as messages are charged, with a warning below the
 * low-balance threshold or when empty, and "Bayar" for a member who may pay.
 */
export function BalanceCard({ actor, may }: { actor: ProjectBillingActor; may: BillingPermissions }) {
  const t = useT();
  const status = useSelector(actor, selectBillingStatus);
  const billing = useSelector(actor, selectBilling);
  const low = useSelector(actor, selectLowBalance);
  const canPay = useSelector(actor, selectCanPay);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return (
    <section className={css.card} aria-labelledby="billing-balance">
      <h2 id="billing-balance" className={css.cardTitle}>
        {t('projectBilling.balance.title')}
      </h2>
      {status === 'loading' ? <Spinner label={t('projectBilling.balance.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.state} role="alert">
          <p className={css.error}>{t('projectBilling.balance.failed', { message: error?.message ?? '' })}</p>
          <Button tone="secondary" size="sm" onPress={() => actor.send({ type: 'billing.retry' })}>
            {t('projectBilling.retry')}
          </Button>
        </div>
      ) : null}
      {billing !== null ? (
        <>
          <p className={css.balance} data-testid="billing-balance" aria-live="polite">
            {formatRupiah(billing.balance)}
          </p>
          {billing.balance <= 0 ? (
            <Alert tone="warning">
              {t('projectBilling.balance.empty')} {may.pay ? null : t('projectBilling.balance.askPayer')}
            </Alert>
          ) : low && billing.lowBalanceThreshold !== null ? (
            <Alert tone="warning">
              {t('projectBilling.balance.low', { threshold: formatRupiah(billing.lowBalanceThreshold) })}
            </Alert>
          ) : null}
          <p className={css.muted}>{t('projectBilling.balance.hint')}</p>
          {may.pay ? (
            <div className={css.actions}>
              <Button
                data-testid="billing-pay"
                isDisabled={!canPay}
                onPress={() => actor.send({ type: 'billing.pay' })}
              >
                {t('projectBilling.pay')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The low-balance threshold, and its "Ubah" for a member who may pay. */
export function ThresholdCard({ actor, may }: { actor: ProjectBillingActor; may: BillingPermissions }) {
  const t = useT();
  const billing = useSelector(actor, selectBilling);
  const canEdit = useSelector(actor, selectCanEditThreshold);
  if (billing === null) return null;
  const threshold = billing.lowBalanceThreshold;
  return (
    <section className={css.card} aria-labelledby="billing-threshold">
      <div className={css.cardHead}>
        <h2 id="billing-threshold" className={css.cardTitle}>
          {t('projectBilling.threshold.title')}
        </h2>
        {may.pay ? (
          <Button
            tone="secondary"
            size="sm"
            aria-label={t('projectBilling.threshold.editLabel')}
            data-testid="billing-threshold-edit"
            isDisabled={!canEdit}
            onPress={() => actor.send({ type: 'billing.editThreshold' })}
          >
            {t('projectBilling.threshold.edit')}
          </Button>
        ) : null}
      </div>
      <p className={css.strong} data-testid="billing-threshold">
        {threshold === null
          ? t('projectBilling.threshold.none')
          : t('projectBilling.threshold.value', { amount: formatRupiah(threshold) })}
      </p>
      <p className={css.muted}>{t('projectBilling.threshold.hint')}</p>
    </section>
  );
}
