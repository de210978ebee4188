/** What the customers screen reads of customersMachine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { filtersValid, hasCustomerQuery } from './customerActors.ts';
import type { customersMachine } from './customersMachine.ts';

export type CustomersSnapshot = SnapshotFrom<typeof customersMachine>;
export type CustomersDialog = 'closed' | 'form' | 'delete' | 'import';

/** The customers table (the child the DataTable shows); undefined only once the machine stopped. */
export function selectCustomerTable(snapshot: CustomersSnapshot) {
  return snapshot.children.table;
}

/** The open form's actor (dialog `form`), else undefined. */
export function selectCustomerForm(snapshot: CustomersSnapshot) {
  return snapshot.children.form;
}

/** The open import's actor (dialog `importing`), else undefined. */
export function selectCustomerImport(snapshot: CustomersSnapshot) {
  return snapshot.children.importer;
}

/** What is open over the table. */
export function selectCustomersDialog(snapshot: CustomersSnapshot): CustomersDialog {
  if (snapshot.matches({ dialog: 'form' })) return 'form';
  if (snapshot.matches({ dialog: 'importing' })) return 'import';
  if (snapshot.matches({ dialog: 'confirmingDelete' }) || snapshot.matches({ dialog: 'deleting' }))
    return 'delete';
  return 'closed';
}

/** `to` is before `from`: the dates are not applied until one of them changes. */
export function selectRangeReversed(snapshot: CustomersSnapshot): boolean {
  return !filtersValid(snapshot.context.filters);
}

/** Whether a filter or the search is applied or typed (the reset button shows). */
export function selectHasQuery(snapshot: CustomersSnapshot): boolean {
  const { filters, search, searchText } = snapshot.context;
  return hasCustomerQuery(filters, search) || searchText !== '';
}

/** Whether the export may start now (permission, a range that is not reversed, none running). */
export function selectCanExport(snapshot: CustomersSnapshot): boolean {
  return snapshot.can({ type: 'customers.export' });
}
