import type { FormEvent } from 'react';
import { ToggleButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatRupiah } from '@sapa/sdk';
import type { Topup } from '@sapa/sdk';
import {
  selectTopUp,
  selectTopUpChecking,
  selectTopUpError,
  selectTopUpForm,
  selectTopUpReceipt,
  selectTopUpStep,
  selectTopUpStillPending,
  type topUpMachine,
} from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { button } from '../components/button.css.ts';
import { CurrencyInput } from '../components/CurrencyInput.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { problemText } from './saldoWords.ts';
import * as css from './saldo.css.ts';

export type TopUpActor = ActorRefFrom<typeof topUpMachine>;

/**
 * "Isi saldo" (topUpMachine): the presets and the currency input (placeholder 000.000, the
 * minimum and maximum under it), then "Lanjut ke pembayaran"; while the order waits, "Bayar
 * sekarang" (the gateway's page, in a new tab on the user's click), "Saya sudah bayar" and
 * "Tutup"; once paid, the receipt and "Isi lagi"; expired or declined, "Coba lagi".
 */
export function TopUpPanel({ panel, onReceipt }: { panel: TopUpActor; onReceipt: (topup: Topup) => void }) {
  const t = useT();
  const step = useSelector(panel, selectTopUpStep);
  return (
    <section className={css.card} aria-labelledby="topup-title" data-testid="topup-panel">
      <h2 id="topup-title" className={css.sectionTitle}>
        {t('saldo.topup.title')}
      </h2>
      {step === 'choosing' || step === 'creating' ? (
        <TopUpForm panel={panel} busy={step === 'creating'} />
      ) : step === 'awaitingPayment' ? (
        <AwaitingPayment panel={panel} />
      ) : (
        <Finished panel={panel} onReceipt={onReceipt} />
      )}
    </section>
  );
}

function TopUpForm({ panel, busy }: { panel: TopUpActor; busy: boolean }) {
  const t = useT();
  const form = useSelector(panel, selectTopUpForm);
  const error = useSelector(panel, selectTopUpError);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.send({ type: 'topUp.submit' });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate>
      <div className={css.form}>
        <span id="topup-presets" className={css.presetsLabel}>
          {t('saldo.topup.presets')}
        </span>
        <div className={css.presets} role="group" aria-labelledby="topup-presets">
          {form.presets.map((amount) => (
            <ToggleButton
              key={amount}
              className={css.preset}
              isSelected={form.preset === amount}
              isDisabled={busy}
              onChange={() => panel.send({ type: 'topUp.preset', amount })}
              data-testid="topup-preset"
            >
              {formatRupiah(amount)}
            </ToggleButton>
          ))}
        </div>
      </div>
      <CurrencyInput
        label={t('saldo.topup.amount')}
        value={form.amount}
        max={form.max}
        onChange={(value, problem) => panel.send({ type: 'topUp.amount', value, problem })}
        error={problemText(t, form.problem)}
        description={t('saldo.topup.limits', { min: formatRupiah(form.min), max: formatRupiah(form.max) })}
        isDisabled={busy}
        testId="topup-amount"
      />
      {error === null ? null : (
        <p role="alert" className={css.message({ tone: 'error' })} data-testid="topup-error">
          {error.reason === 'network'
            ? t('saldo.topup.networkFailed')
            : t('saldo.topup.failed', { message: error.message })}
        </p>
      )}
      <div className={css.actions}>
        <Button type="submit" isDisabled={busy} data-testid="topup-submit">
          {busy
            ? t('saldo.topup.submitting')
            : form.retrying
              ? t('saldo.topup.retry')
              : t('saldo.topup.submit')}
        </Button>
      </div>
    </form>
  );
}

function AwaitingPayment({ panel }: { panel: TopUpActor }) {
  const t = useT();
  const topup = useSelector(panel, selectTopUp);
  const receipt = useSelector(panel, selectTopUpReceipt);
  const checking = useSelector(panel, selectTopUpChecking);
  const stillPending = useSelector(panel, selectTopUpStillPending);
  const error = useSelector(panel, selectTopUpError);
  if (topup === null || receipt === null) return null;
  const amount = receipt.amountText;
  return (
    <div className={css.form} data-testid="topup-waiting">
      <p className={css.waitingTitle} aria-live="polite">
        {t('saldo.topup.waiting', { amount })}
      </p>
      <div className={css.facts}>
        <span className={css.order}>{t('saldo.topup.order', { order: receipt.number })}</span>
        {receipt.expiresText === null ? null : (
          <span className={css.muted}>{t('saldo.topup.payBefore', { time: receipt.expiresText })}</span>
        )}
      </div>
      <p className={css.hint}>{t('saldo.topup.payHint')}</p>
      {stillPending ? (
        <p role="status" className={css.message({ tone: 'warning' })} data-testid="topup-still-pending">
          {t('saldo.topup.stillPending')}
        </p>
      ) : null}
      {error === null ? null : (
        <p role="alert" className={css.message({ tone: 'error' })}>
          {t('saldo.topup.checkFailed', { message: error.message })}
        </p>
      )}
      <div className={css.actions}>
        {topup.redirectUrl === null ? null : (
          <a
            href={topup.redirectUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${button({ tone: 'primary' })} ${css.linkButton}`}
            aria-label={t('saldo.topup.payLabel', { amount })}
            data-testid="topup-pay"
          >
            {t('saldo.topup.pay')}
          </a>
        )}
        <Button
          tone="secondary"
          isDisabled={checking}
          onPress={() => panel.send({ type: 'topUp.check' })}
          data-testid="topup-check"
        >
          {checking ? t('saldo.topup.checking') : t('saldo.topup.check')}
        </Button>
        <Button tone="ghost" onPress={() => panel.send({ type: 'topUp.again' })} data-testid="topup-close">
          {t('saldo.topup.close')}
        </Button>
      </div>
    </div>
  );
}

function Finished({ panel, onReceipt }: { panel: TopUpActor; onReceipt: (topup: Topup) => void }) {
  const t = useT();
  const topup = useSelector(panel, selectTopUp);
  const receipt = useSelector(panel, selectTopUpReceipt);
  if (topup === null || receipt === null) return null;
  const amount = receipt.amountText;
  const again = () => panel.send({ type: 'topUp.again' });
  if (receipt.paid)
    return (
      <div className={css.form} data-testid="topup-paid">
        <p role="status" className={css.message({ tone: 'success' })}>
          {t('saldo.topup.paid', { amount })}
        </p>
        <div className={css.actions}>
          <Button tone="secondary" onPress={() => onReceipt(topup)} data-testid="topup-receipt">
            {t('saldo.topup.receipt')}
          </Button>
          <Button onPress={again} data-testid="topup-again">
            {t('saldo.topup.again')}
          </Button>
        </div>
      </div>
    );
  return (
    <div className={css.form} data-testid="topup-ended">
      <p role="alert" className={css.message({ tone: 'error' })}>
        {receipt.status === 'expired'
          ? t('saldo.topup.expired', { amount })
          : t('saldo.topup.failedPayment', { amount })}
      </p>
      <div className={css.actions}>
        <Button onPress={again} data-testid="topup-again">
          {t('saldo.topup.tryAgain')}
        </Button>
      </div>
    </div>
  );
}
