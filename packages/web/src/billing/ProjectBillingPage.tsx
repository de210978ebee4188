import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { formatRupiah, type Project } from '@sapa/sdk';
import {
  billingPermissions,
  followProjectBilling,
  projectBillingMachine,
  selectBillingDialog,
  type BillingPermissions,
} from '@sapa/machines/billing';
import { fetchActPage } from '@sapa/machines/table';
import { CrmHeading, CrmPage, useAnnouncements } from '../crm/CrmPage.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { loadBillingTexts } from '../i18n/billingTexts.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { saveDownload } from '../customers/saveDownload.ts';
import { BalanceCard, ThresholdCard } from './BalanceCard.tsx';
import { LedgerSection } from './LedgerSection.tsx';
import { PayDialog } from './PayDialog.tsx';
import { PriceTable } from './PriceTable.tsx';
import { SpendCard } from './SpendCard.tsx';
import { StatementCard } from './StatementCard.tsx';
import { ThresholdDialog } from './ThresholdDialog.tsx';
import * as css from './billing.css.ts';

// Its texts load with this screen, not with the app.
loadBillingTexts();

/**
 * `/project/billing/{key}` (`project.billing.view`): the project's balance, kept live as messages
 * are charged; "Bayar" from the member's saldo and the low-balance threshold (`project.billing.pay`);
 * the prices in force and ahead; spend per day by category; the monthly statement with its CSV;
 * and the usage ledger, filtered, paged and exported (projectBillingMachine).
 */
export function ProjectBillingPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.project.billing')}
      permissions={billingPermissions}
      noAccess={t('projectBilling.noAccess')}
      className={css.page}
    >
      {(project, may) => <Billing project={project} may={may} />}
    </CrmPage>
  );
}

function Billing({ project, may }: { project: Project; may: BillingPermissions }) {
  const t = useT();
  const { client, realtime, inbox } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'billing_ledger'>(client));
  const actor = useActorRef(projectBillingMachine, {
    input: {
      client,
      key: project.key,
      permissions: project.permissions,
      timeZone: project.timeZone,
      fetchPage,
    },
  });
  // The balance, chart, statement and ledger follow charges live, and catch up after a drop.
  useEffect(
    () => followProjectBilling(realtime, inbox.connection, project.key, actor),
    [realtime, inbox, project.key, actor],
  );
  useAnnouncements(actor, {
    'billing.paid': ({ amount }) => ({
      message: t('projectBilling.pay.done', { amount: formatRupiah(amount) }),
    }),
    'billing.thresholdSaved': ({ threshold }) => ({
      message:
        threshold === null
          ? t('projectBilling.threshold.savedNone')
          : t('projectBilling.threshold.saved', { amount: formatRupiah(threshold) }),
    }),
    'billing.exported': ({ file }) => {
      saveDownload(file.filename, file.csv);
      return { message: t('projectBilling.exported', { rows: file.rows, filename: file.filename }) };
    },
    'billing.exportFailed': ({ message }) => ({
      message: t('projectBilling.exportFailed', { message }),
      tone: 'error',
    }),
  });
  const dialog = useSelector(actor, selectBillingDialog);
  return (
    <>
      <CrmHeading title={t('screen.project.billing')} />
      <div className={css.summary}>
        <BalanceCard actor={actor} may={may} />
        <ThresholdCard actor={actor} may={may} />
        <PriceTable actor={actor} />
      </div>
      <div className={css.reports}>
        <SpendCard actor={actor} />
        <StatementCard actor={actor} />
      </div>
      <LedgerSection actor={actor} project={project} />
      {dialog === 'pay' ? <PayDialog actor={actor} projectName={project.name} /> : null}
      {dialog === 'threshold' ? <ThresholdDialog actor={actor} /> : null}
    </>
  );
}
