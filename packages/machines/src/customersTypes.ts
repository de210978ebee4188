/** The customers machine's input, context, events, tags and what it announces (customersMachine.ts). */
import type { Customer, CustomerImport } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type {
  CustomerExport,
  CustomerFilter,
  CustomerFilterOptions,
  CustomerFilters,
  CustomerListPayload,
  CustomerPermissions,
  CustomerSort,
} from './customerActors.ts';
import type { ImportFile } from './customerImportMachine.ts';
import type { ActCaller } from './sdk.ts';
import type { FetchPage } from './tableMachine.ts';

export interface CustomersInput {
  client: ActCaller;
  key: string;
  /** The viewer's permission keys in the project: each action only with its key. */
  permissions: readonly string[];
  /** Where the table's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<Customer, CustomerListPayload>;
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
  /** How the import reads a picked file (default `file.text()`). */
  readImportFile?: (file: ImportFile) => Promise<string>;
}

export interface CustomersContext {
  client: ActCaller;
  key: string;
  may: CustomerPermissions;
  fetchPage: FetchPage<Customer, CustomerListPayload>;
  searchDebounceMs: number;
  readImportFile: ((file: ImportFile) => Promise<string>) | undefined;
  sort: CustomerSort;
  /** The search the table shows ('' for none), and the one typed (waiting for the pause). */
  search: string;
  searchText: string;
  /** The filters as chosen; the table follows them while the date range is not reversed. */
  filters: CustomerFilters;
  /** The dates the table follows: the last from / to that were not reversed. */
  appliedRange: Pick<CustomerFilters, 'from' | 'to'>;
  /** The filters' choices (`null`: that filter is not offered). */
  options: CustomerFilterOptions;
  /** The customer the form edits (`null`: a new one). */
  editing: Customer | null;
  /** The customer asked to be deleted, and why that last failed. */
  deleteTarget: Customer | null;
  deleteError: FlowError | null;
}

export type CustomersEvent =
  | { type: 'customers.search'; text: string }
  /** Sent by the search pause (tests send it themselves). */
  | { type: 'customers.searchSettled' }
  | { type: 'customers.sort'; sort: CustomerSort }
  /** One filter's new value (`null` clears it); dates as `yyyy-mm-dd`. */
  | { type: 'customers.filter'; filter: CustomerFilter; value: string | null }
  /** Clears every filter and the search. */
  | { type: 'customers.reset' }
  /** "Tambah pelanggan" (`crm.customer.add`). */
  | { type: 'customers.add' }
  /** "Ubah" on a row (`crm.customer.edit`). */
  | { type: 'customers.edit'; customer: Customer }
  /** "Hapus" on a row (`crm.customer.hapus`), then confirmed or called off. */
  | { type: 'customers.delete'; customer: Customer }
  | { type: 'customers.confirmDelete' }
  | { type: 'customers.cancel' }
  /** "Impor CSV" (`crm.customer.add`). */
  | { type: 'customers.import' }
  /** "Ekspor CSV": the rows the filters and search keep (`crm.customer.view`). */
  | { type: 'customers.export' };

export type CustomersTag = 'deleting' | 'exporting' | 'busy';

/** What the screen is told: toasts, the table refreshed, the export saved as a download. */
export type CustomersEmitted =
  | { type: 'customers.saved'; customer: Customer; created: boolean }
  | { type: 'customers.deleted'; id: string; name: string }
  | { type: 'customers.imported'; result: CustomerImport }
  | { type: 'customers.exported'; file: CustomerExport }
  | { type: 'customers.exportFailed'; message: string };
