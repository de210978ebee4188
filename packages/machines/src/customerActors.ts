/**
 * Customers' network work and rules, apart from their statecharts (customersMachine.ts for the
 * table of `/crm/customer/{key}`, customerFormMachine.ts for its form, customerImportMachine.ts
 * for the CSV import): what a member may do, the table's filters and payload, the export, the
 * filters' options, and the acts.
 */
import { fromPromise } from 'xstate';
import { can, dateRangeProblem, isDateInput } from '@sapa/sdk';
import type {
  ActAccess,
  ActInput,
  ActName,
  ActPayload,
  Division,
  Label,
  Stage,
  WhatsAppAccount,
} from '@sapa/sdk';
import { mayCall } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';

/** The access of the customer acts, as the contract declares it (a test keeps them equal). */
export const customerActAccess = {
  customer_list: { permission: 'crm.customer.view' },
  customer_create: { permission: 'crm.customer.add' },
  customer_update: { permission: 'crm.customer.edit' },
  customer_delete: { permission: 'crm.customer.hapus' },
  customer_import: { permission: 'crm.customer.add' },
  customer_export: { permission: 'crm.customer.view' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface CustomerPermissions {
  /** The menu entry (`crm.customer.menu`). */
  menu: boolean;
  /** The screen: the table, its filters (`crm.customer.view`). */
  view: boolean;
  add: boolean;
  edit: boolean;
  /** Deleting (`crm.customer.hapus`). */
  remove: boolean;
  /** The CSV import (`customer_import`: `crm.customer.add`). */
  import: boolean;
  /** The CSV export of the filtered rows (`customer_export`). */
  export: boolean;
  /** "Buka percakapan": the customer's conversation in the inbox (`crm.chat.view`). */
  openChat: boolean;
}

export function customerPermissions(permissions: readonly string[]): CustomerPermissions {
  return {
    menu: can(permissions, 'crm.customer.menu'),
    view: mayCall(permissions, customerActAccess.customer_list),
    add: mayCall(permissions, customerActAccess.customer_create),
    edit: mayCall(permissions, customerActAccess.customer_update),
    remove: mayCall(permissions, customerActAccess.customer_delete),
    import: mayCall(permissions, customerActAccess.customer_import),
    export: mayCall(permissions, customerActAccess.customer_export),
    openChat: can(permissions, 'crm.chat.view'),
  };
}

/** How the table is sorted (`customer_list`'s `sort`). */
export type CustomerSort = 'newest' | 'oldest' | 'name';
export const customerSorts: readonly CustomerSort[] = ['newest', 'oldest', 'name'];

/** The table's filters besides the search: each `null` when not applied. Dates are `yyyy-mm-dd`. */
export interface CustomerFilters {
  labelId: string | null;
  stageId: string | null;
  divisionId: string | null;
  /** A WhatsApp number of the project (customers with a conversation on it). */
  accountId: string | null;
  /** First contact on or after this day (the project's time zone). */
  from: string | null;
  /** First contact on or before this day; never before `from` (`dateRangeProblem`). */
  to: string | null;
}

export type CustomerFilter = keyof CustomerFilters;

export const noCustomerFilters: CustomerFilters = {
  labelId: null,
  stageId: null,
  divisionId: null,
  accountId: null,
  from: null,
  to: null,
};

/** A filter's new value: an id or a `yyyy-mm-dd` date; anything else (a date that is not one) is refused. */
export function isFilterValue(filter: CustomerFilter, value: string | null): boolean {
  if (value === null) return true;
  if (filter === 'from' || filter === 'to') return isDateInput(value);
  return value.trim() !== '';
}

/** Whether the filters can be asked for: the date range is not reversed. */
export function filtersValid(filters: CustomerFilters): boolean {
  return dateRangeProblem(filters.from, filters.to) === null;
}

/** Whether any filter or the search is applied (the "reset" button shows). */
export function hasCustomerQuery(filters: CustomerFilters, search: string): boolean {
  return search !== '' || Object.values(filters).some((value) => value !== null);
}

/** What the filters and search send to `customer_list` and `customer_export` (unset ones left out). */
export type CustomerQueryFields = Omit<ActInput<'customer_export'>, 'key'>;

export function customerQueryFields(filters: CustomerFilters, search: string): CustomerQueryFields {
  const fields: CustomerQueryFields = {};
  if (search !== '') fields.search = search;
  for (const [name, value] of Object.entries(filters) as [CustomerFilter, string | null][])
    if (value !== null) fields[name] = value;
  return fields;
}

/** The table's payload: `customer_list`, 10 a page. */
export type CustomerListPayload = ActPayload<'customer_list'>;

export function customerListPayload(
  key: string,
  query: { sort: CustomerSort; search: string; filters: CustomerFilters },
): CustomerListPayload {
  return { act: 'customer_list', key, sort: query.sort, ...customerQueryFields(query.filters, query.search) };
}

/** What the export answers: the CSV text and the name to save it under. */
export interface CustomerExport {
  filename: string;
  csv: string;
  rows: number;
}

/** customer_export with the table's filters and search. */
export const exportCustomers = fromPromise<
  CustomerExport,
  { client: ActCaller; key: string; fields: CustomerQueryFields }
>(
  async ({ input, signal }) =>
    (await input.client.act('customer_export', { key: input.key, ...input.fields }, { signal })).data,
);

/** customer_delete: answers the id. */
export const removeCustomer = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('customer_delete', { key: input.key, id: input.id }, { signal })).data,
);

/**
 * The filters' choices, each `null` when it could not be loaded (the caller may not see it, the
 * server failed): that filter is then not offered. Never fails as a whole.
 */
export interface CustomerFilterOptions {
  labels: Label[] | null;
  stages: Stage[] | null;
  divisions: Division[] | null;
  accounts: WhatsAppAccount[] | null;
}

export const noFilterOptions: CustomerFilterOptions = {
  labels: null,
  stages: null,
  divisions: null,
  accounts: null,
};

async function orNull<T>(call: () => Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await call()).data;
  } catch {
    return null;
  }
}

/** label_list, stage_list and division_list (`all`) and account_list, side by side. */
export const loadCustomerFilterOptions = fromPromise<
  CustomerFilterOptions,
  { client: ActCaller; key: string }
>(async ({ input, signal }) => {
  const { client, key } = input;
  const [labels, stages, divisions, accounts] = await Promise.all([
    orNull(() => client.act('label_list', { key, all: true }, { signal })),
    orNull(() => client.act('stage_list', { key, all: true }, { signal })),
    orNull(() => client.act('division_list', { key, all: true }, { signal })),
    orNull(() => client.act('account_list', { key }, { signal })),
  ]);
  return { labels, stages, divisions, accounts };
});
