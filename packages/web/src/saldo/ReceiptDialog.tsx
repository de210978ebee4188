import { useSelector } from '@xstate/react';
import {
  selectSaldoReceipt,
  selectSaldoReceiptStale,
  selectSaldoReceiptStatus,
} from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { dialog } from '../components/dialog.css.ts';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { gatewayText, methodText, statusKeys } from './saldoWords.ts';
import type { SaldoActor } from './types.ts';
import * as css from './saldo.css.ts';

/**
 * A top-up's receipt in a dialog, shown at once and refreshed from the server: the order, when it
 * was made and paid, the method, the gateway, the payer and the amount. Only a paid top-up's
 * receipt proves a payment; any other says it does not. "Cetak" prints the receipt alone (the
 * print styles hide the rest of the page while it is open).
 */
export function ReceiptDialog({ actor }: { actor: SaldoActor }) {
  const t = useT();
  const status = useSelector(actor, selectSaldoReceiptStatus);
  const receipt = useSelector(actor, selectSaldoReceipt);
  const stale = useSelector(actor, selectSaldoReceiptStale);
  const close = () => actor.send({ type: 'saldo.closeReceipt' });
  return (
    <ModalDialog
      title={t('saldo.receipt.title')}
      isOpen={status !== 'closed' && receipt !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      size="lg"
    >
      {receipt === null ? null : (
        <>
          {status === 'loading' ? <Spinner label={t('saldo.receipt.loading')} /> : null}
          {stale ? <p className={css.message({ tone: 'warning' })}>{t('saldo.receipt.stale')}</p> : null}
          <article
            className={css.receipt}
            aria-labelledby="receipt-heading"
            data-testid="topup-receipt-sheet"
          >
            <p className={css.receiptBrand}>{t('saldo.receipt.brand')}</p>
            <h3 id="receipt-heading" className={css.receiptHeading}>
              {receipt.paid ? t('saldo.receipt.heading') : t('saldo.receipt.unpaidHeading')}
            </h3>
            <dl className={css.receiptFields}>
              <dt className={css.receiptTerm}>{t('saldo.receipt.number')}</dt>
              <dd className={css.receiptValue} data-testid="receipt-number">
                {receipt.number}
              </dd>
              <dt className={css.receiptTerm}>{t('saldo.receipt.status')}</dt>
              <dd className={css.receiptValue} data-testid="receipt-status">
                {t(statusKeys[receipt.status])}
              </dd>
              <dt className={css.receiptTerm}>{t('saldo.receipt.created')}</dt>
              <dd className={css.receiptValue}>{receipt.createdText}</dd>
              {receipt.paidText === null ? null : (
                <>
                  <dt className={css.receiptTerm}>{t('saldo.receipt.paidAt')}</dt>
                  <dd className={css.receiptValue}>{receipt.paidText}</dd>
                </>
              )}
              {receipt.expiresText === null ? null : (
                <>
                  <dt className={css.receiptTerm}>{t('saldo.receipt.expiresAt')}</dt>
                  <dd className={css.receiptValue}>{receipt.expiresText}</dd>
                </>
              )}
              <dt className={css.receiptTerm}>{t('saldo.receipt.method')}</dt>
              <dd className={css.receiptValue}>{methodText(t, receipt.paymentType)}</dd>
              <dt className={css.receiptTerm}>{t('saldo.receipt.gateway')}</dt>
              <dd className={css.receiptValue}>{gatewayText(t, receipt.gateway)}</dd>
              {receipt.payer === null ? null : (
                <>
                  <dt className={css.receiptTerm}>{t('saldo.receipt.payer')}</dt>
                  <dd className={css.receiptValue}>
                    {receipt.payer.name} ({receipt.payer.phone})
                  </dd>
                </>
              )}
            </dl>
            <div className={css.receiptTotal}>
              <span>{t('saldo.receipt.amount')}</span>
              <span data-testid="receipt-amount">{receipt.amountText}</span>
            </div>
            <p className={css.receiptNote}>
              {receipt.paid ? t('saldo.receipt.note') : t('saldo.receipt.unpaidNote')}
            </p>
          </article>
          <div className={dialog.actions}>
            <Button tone="secondary" onPress={close}>
              {t('saldo.receipt.close')}
            </Button>
            <Button onPress={() => window.print()} data-testid="receipt-print">
              {t('saldo.receipt.print')}
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
