import { useSelector } from '@xstate/react';
import { ConfirmDeleteDialog } from '../crm/ConfirmDeleteDialog.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { CustomersActor } from './types.ts';

/** Asks before a customer is deleted with their conversations (customer_delete); a refusal stays for a retry. */
export function DeleteCustomerDialog({ actor }: { actor: CustomersActor }) {
  const t = useT();
  const target = useSelector(actor, (snapshot) => snapshot.context.deleteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  return (
    <ConfirmDeleteDialog
      title={t('customers.deleteTitle', { name: target?.name ?? '' })}
      body={t('customers.deleteBody')}
      error={error ? t('customers.deleteFailed', { message: error.message }) : null}
      busy={busy}
      confirmText={t('customers.delete')}
      confirmTestId="customer-delete-confirm"
      onConfirm={() => actor.send({ type: 'customers.confirmDelete' })}
      onCancel={() => actor.send({ type: 'customers.cancel' })}
    />
  );
}
