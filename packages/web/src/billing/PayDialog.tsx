import { Form } from 'react-aria-components';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { AMOUNT_MAX, formatRupiah, TRANSFER_MIN } from '@sapa/sdk';
import {
  selectPayActor,
  selectPayAmount,
  selectPayAmountError,
  selectPayError,
  selectPaySaldo,
  selectPayStatus,
  selectSaldoAfter,
  type PayProblem,
} from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { CurrencyInput } from '../components/CurrencyInput.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { personalRoutes } from '../routes.ts';
import type { PayActor, ProjectBillingActor } from './types.ts';
import * as css from './billing.css.ts';

/**
 * "Bayar" (payMachine): the member's saldo (with a way to top it up on `/saldo`), the amount in
 * rupiah (placeholder 000.000) with its problems, then a confirmation with the saldo after, and the
 * payment. Closing it while paying waits for the answer.
 */
export function PayDialog({ actor, projectName }: { actor: ProjectBillingActor; projectName: string }) {
  const t = useT();
  const pay = useSelector(actor, selectPayActor);
  if (pay === undefined) return null;
  return (
    <ModalDialog
      title={t('projectBilling.pay.title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) pay.send({ type: 'pay.cancel' });
      }}
    >
      <PayContent pay={pay} projectName={projectName} />
    </ModalDialog>
  );
}

function problemText(t: Translate, problem: Exclude<PayProblem, null>, saldo: number): string | null {
  switch (problem) {
    case 'required':
      return t('projectBilling.pay.problem.required');
    case 'tooSmall':
      return t('projectBilling.pay.problem.tooSmall', { min: formatRupiah(TRANSFER_MIN) });
    case 'tooLarge':
      return t('projectBilling.pay.problem.tooLarge', { max: formatRupiah(AMOUNT_MAX) });
    case 'moreThanSaldo':
      return t('projectBilling.pay.problem.moreThanSaldo', { saldo: formatRupiah(saldo) });
    // The input shows its own reading of the text (cents).
    case 'decimals':
      return null;
  }
}

function PayContent({ pay, projectName }: { pay: PayActor; projectName: string }) {
  const t = useT();
  const status = useSelector(pay, selectPayStatus);
  const saldo = useSelector(pay, selectPaySaldo);
  const amount = useSelector(pay, selectPayAmount);
  const amountError = useSelector(pay, selectPayAmountError);
  const error = useSelector(pay, selectPayError);
  const saldoAfter = useSelector(pay, selectSaldoAfter);
  const cancel = () => pay.send({ type: 'pay.cancel' });
  if (status === 'loading') return <Spinner label={t('projectBilling.pay.loading')} />;
  if (status === 'failed')
    return (
      <div className={css.state} role="alert">
        <p className={css.error}>{t('projectBilling.pay.loadFailed', { message: error?.message ?? '' })}</p>
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button onPress={() => pay.send({ type: 'pay.retry' })}>{t('projectBilling.retry')}</Button>
        </div>
      </div>
    );
  const fieldError =
    amountError === null
      ? null
      : 'message' in amountError
        ? amountError.message
        : problemText(t, amountError.problem, saldo?.balance ?? 0);
  return (
    <>
      <div className={css.saldoRow}>
        <div className={css.cellStack}>
          <span className={css.muted}>{t('projectBilling.pay.saldo')}</span>
          <span className={css.strong} data-testid="pay-saldo">
            {formatRupiah(saldo?.balance ?? 0)}
          </span>
          {saldo !== null && saldo.pending > 0 ? (
            <span className={css.muted}>
              {t('projectBilling.pay.pending', { amount: formatRupiah(saldo.pending) })}
            </span>
          ) : null}
        </div>
        <Link href={personalRoutes.saldo} className={css.link} data-testid="pay-top-up">
          {t('projectBilling.pay.topUp')}
        </Link>
      </div>
      {status === 'editing' ? (
        <Form
          className={dialog.form}
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            pay.send({ type: 'pay.review' });
          }}
        >
          <CurrencyInput
            label={t('projectBilling.pay.amount')}
            value={amount}
            max={AMOUNT_MAX}
            onChange={(value, problem) => pay.send({ type: 'pay.amount', value, problem })}
            error={fieldError}
            description={t('projectBilling.pay.limits', { min: formatRupiah(TRANSFER_MIN) })}
            isRequired
            testId="pay-amount"
          />
          <div className={dialog.actions}>
            <Button tone="secondary" onPress={cancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" data-testid="pay-review">
              {t('projectBilling.pay.review')}
            </Button>
          </div>
        </Form>
      ) : (
        <div className={css.confirm}>
          <p className={css.strong}>
            {t('projectBilling.pay.confirmText', { amount: formatRupiah(amount ?? 0), project: projectName })}
          </p>
          <dl className={css.figures}>
            <dt>{t('projectBilling.pay.saldoAfter')}</dt>
            <dd>{formatRupiah(saldoAfter ?? 0)}</dd>
          </dl>
          {error === null ? null : (
            <p className={css.error} role="alert">
              {t('projectBilling.pay.failed', { message: error.message })}
            </p>
          )}
          <div className={dialog.actions}>
            <Button
              tone="secondary"
              isDisabled={status === 'paying'}
              onPress={() => pay.send({ type: 'pay.back' })}
            >
              {t('projectBilling.pay.back')}
            </Button>
            <Button
              data-testid="pay-confirm"
              isDisabled={status === 'paying'}
              onPress={() => pay.send({ type: 'pay.confirm' })}
            >
              {status === 'paying' ? t('projectBilling.pay.paying') : t('projectBilling.pay.confirm')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
