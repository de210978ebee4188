import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatRupiah } from '@sapa/sdk';
import { selectUser } from '@sapa/machines/auth';
import {
  saldoMachine,
  selectSaldo,
  selectSaldoError,
  selectSaldoStatus,
  selectTopUpPanel,
} from '@sapa/machines/billing';
import { fetchActPage } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useAnnouncements } from '../crm/CrmPage.tsx';
import { saveDownload } from '../customers/saveDownload.ts';
import { loadBillingTexts } from '../i18n/billingTexts.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import * as layout from '../layout/layout.css.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { PendingTopups } from './PendingTopups.tsx';
import { ReceiptDialog } from './ReceiptDialog.tsx';
import { SaldoLedger } from './SaldoLedger.tsx';
import { TopUpPanel } from './TopUpPanel.tsx';
import { TopupTable } from './TopupTable.tsx';
import type { SaldoActor } from './types.ts';
import * as css from './saldo.css.ts';

// Its texts load with this screen, not with the app.
loadBillingTexts();

/**
 * `/saldo`: the user's balance in rupiah and what waits for payment, the top-up panel (presets or
 * an amount, the gateway's page, "Saya sudah bayar"), the top-ups waiting, every top-up with its
 * receipt, and the ledger with its filters and CSV export (saldoMachine, live over the socket and
 * loaded again after a reconnection).
 */
export function SaldoPage() {
  const t = useT();
  const { client, realtime, inbox, session } = useRuntime();
  const [input] = useState(() => {
    const user = selectUser(session.getSnapshot());
    return {
      client,
      feed: realtime,
      payer: user === null ? null : { name: user.name, phone: user.phone },
      fetchLedger: fetchActPage<'saldo_ledger'>(client),
      fetchTopups: fetchActPage<'topup_list'>(client),
    };
  });
  const actor = useActorRef(saldoMachine, { input });
  const panel = useSelector(actor, selectTopUpPanel);
  useEffect(() => {
    const subscription = inbox.connection.on('resync', () => actor.send({ type: 'saldo.resync' }));
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  useAnnouncements(actor, {
    'saldo.exported': ({ file }) => {
      saveDownload(file.filename, file.csv);
      return { message: t('saldo.ledger.exported', { rows: file.rows, filename: file.filename }) };
    },
    'saldo.exportFailed': ({ message }) => ({
      message: t('saldo.ledger.exportFailed', { message }),
      tone: 'error',
    }),
  });
  return (
    <div className={css.page} data-testid="saldo-page">
      <h1 className={layout.pageTitle}>{t('screen.saldo')}</h1>
      <div className={css.top}>
        <Balance actor={actor} />
        {panel === undefined ? null : (
          <TopUpPanel panel={panel} onReceipt={(topup) => actor.send({ type: 'saldo.receipt', topup })} />
        )}
      </div>
      <PendingTopups actor={actor} panel={panel} />
      <TopupTable actor={actor} />
      <SaldoLedger actor={actor} />
      <ReceiptDialog actor={actor} />
    </div>
  );
}

/** The balance, what waits for payment, or the load's failure with "Coba lagi". */
function Balance({ actor }: { actor: SaldoActor }) {
  const t = useT();
  const status = useSelector(actor, selectSaldoStatus);
  const saldo = useSelector(actor, selectSaldo);
  const error = useSelector(actor, selectSaldoError);
  return (
    <section className={css.card} aria-labelledby="balance-label" aria-busy={status === 'loading'}>
      <p id="balance-label" className={css.label}>
        {t('saldo.balance.label')}
      </p>
      {status === 'failed' ? (
        <>
          <p role="alert" className={css.message({ tone: 'error' })}>
            {t('saldo.loadFailed', { message: error?.message ?? '' })}
          </p>
          <div className={css.actions}>
            <Button tone="secondary" onPress={() => actor.send({ type: 'saldo.retry' })}>
              {t('saldo.retry')}
            </Button>
          </div>
        </>
      ) : saldo === null ? (
        <Spinner label={t('saldo.loading')} />
      ) : (
        <>
          <p className={css.balance} data-testid="saldo-balance" aria-live="polite">
            {formatRupiah(saldo.balance)}
          </p>
          {saldo.pending > 0 ? (
            <p className={css.pendingNote} data-testid="saldo-pending">
              {t('saldo.balance.pending', { amount: formatRupiah(saldo.pending) })}
            </p>
          ) : null}
        </>
      )}
      <p className={css.hint}>{t('saldo.balance.hint')}</p>
    </section>
  );
}
