import { useCallback, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Customer, Project } from '@sapa/sdk';
import {
  customerPermissions,
  customersMachine,
  selectCanExport,
  selectCustomersDialog,
  selectCustomerTable,
  type CustomerPermissions,
} from '@sapa/machines/crm';
import { chatPermissions } from '@sapa/machines/inbox';
import { fetchActPage } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { CrmHeading, CrmPage, useAnnouncements } from '../crm/CrmPage.tsx';
import * as crm from '../crm/crm.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { CustomerFilters } from './CustomerFilters.tsx';
import { CustomerFormDialog } from './CustomerFormDialog.tsx';
import { StartConversationDialog } from '../outreach/StartConversationDialog.tsx';
import { CustomerTable } from './CustomerTable.tsx';
import { DeleteCustomerDialog } from './DeleteCustomerDialog.tsx';
import { ImportCustomersDialog } from './ImportCustomersDialog.tsx';
import { saveDownload } from './saveDownload.ts';
import type { CustomersActor } from './types.ts';
import { loadTemplateTexts } from '../i18n/templateTexts.ts';

// Its template and outreach texts load with this screen, not with the app.
loadTemplateTexts();

/**
 * `/crm/customer/{key}`: the project's customers in a paginated table with a search and filters
 * (label, stage, division, WhatsApp number, first-contact dates), and, each with its permission,
 * adding, editing and deleting one, importing a CSV file and exporting the rows the filters keep
 * (customersMachine, which runs the table and fetches its page again after each change), and
 * "Kirim pesan" to reach one with a template (startConversationMachine, `crm.chat.send`).
 */
export function CustomersPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.crm.customer')}
      permissions={customerPermissions}
      noAccess={t('customers.noAccess')}
    >
      {(project, may) => <Customers project={project} may={may} />}
    </CrmPage>
  );
}

function Customers({ project, may }: { project: Project; may: CustomerPermissions }) {
  const t = useT();
  const { client } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'customer_list'>(client));
  const actor = useActorRef(customersMachine, {
    input: { client, key: project.key, permissions: project.permissions, fetchPage },
  });
  const table = useSelector(actor, selectCustomerTable);
  const canExport = useSelector(actor, selectCanExport);
  const exporting = useSelector(actor, (snapshot) => snapshot.hasTag('exporting'));
  const [reaching, setReaching] = useState<Customer | null>(null);
  const maySend = chatPermissions(project.permissions).send;
  const reach = useCallback((customer: Customer) => setReaching(customer), []);
  // Toasts for what the machine announces; the export is saved as a download.
  useAnnouncements(actor, {
    'customers.saved': ({ customer, created }) => ({
      message: t(created ? 'customers.added' : 'customers.changed', { name: customer.name }),
    }),
    'customers.deleted': ({ name }) => ({ message: t('customers.deleted', { name }) }),
    'customers.imported': ({ result }) => ({
      message: t('customers.imported', { imported: result.imported }),
    }),
    'customers.exported': ({ file }) => {
      saveDownload(file.filename, file.csv);
      return { message: t('customers.exported', { rows: file.rows, filename: file.filename }) };
    },
    'customers.exportFailed': ({ message }) => ({
      message: t('customers.exportFailed', { message }),
      tone: 'error',
    }),
  });
  return (
    <>
      <CrmHeading
        title={t('screen.crm.customer')}
        add={
          may.add
            ? {
                text: t('customers.add'),
                testId: 'customer-add',
                onPress: () => actor.send({ type: 'customers.add' }),
              }
            : null
        }
      />
      {may.import || may.export ? (
        <div className={crm.tools}>
          {may.import ? (
            <Button
              tone="secondary"
              data-testid="customer-import"
              onPress={() => actor.send({ type: 'customers.import' })}
            >
              {t('customers.import')}
            </Button>
          ) : null}
          {may.export ? (
            <Button
              tone="secondary"
              data-testid="customer-export"
              isDisabled={!canExport}
              onPress={() => actor.send({ type: 'customers.export' })}
            >
              {exporting ? t('customers.exporting') : t('customers.export')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <CustomerFilters actor={actor} />
      {table ? (
        <CustomerTable
          actor={actor}
          table={table}
          may={may}
          project={project}
          onMessage={maySend ? reach : null}
        />
      ) : null}
      <CustomerDialogs actor={actor} />
      <StartConversationDialog
        projectKey={project.key}
        customer={reaching}
        onClose={() => setReaching(null)}
      />
    </>
  );
}

/** One dialog at a time: the form (new or edit), a delete to confirm, or the import. */
function CustomerDialogs({ actor }: { actor: CustomersActor }) {
  const dialog = useSelector(actor, selectCustomersDialog);
  if (dialog === 'form') return <CustomerFormDialog actor={actor} />;
  if (dialog === 'delete') return <DeleteCustomerDialog actor={actor} />;
  if (dialog === 'import') return <ImportCustomersDialog actor={actor} />;
  return null;
}
