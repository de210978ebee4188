/**
 * A project's billing page's network work and rules, apart from its statecharts
 * (projectBillingMachine.ts for the page, payMachine.ts for "Bayar",
 * billingThresholdMachine.ts for the low-balance threshold): the usage ledger's filters and
 * payload, and the acts.
 */
import { fromPromise } from 'xstate';
import { dateRangeProblem, isDateInput, ledgerKinds, priceCategories } from '@sapa/sdk';
import type {
  ActInput,
  ActPayload,
  BillingStatement,
  DayRange,
  LedgerKind,
  PriceCategory,
  ProjectBilling,
  SpendDay,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { ActCaller } from './sdk.ts';

/** The kinds a project's ledger holds (top-ups and transfers out are a saldo's): its kind filter's choices. */
export const projectLedgerKinds = [
  'transfer_in',
  'charge',
  'refund',
  'adjustment',
] as const satisfies readonly LedgerKind[];

/** The ledger's filters: each `null` when not applied. Dates are `yyyy-mm-dd` in the project's time zone. */
export interface LedgerFilters {
  kind: LedgerKind | null;
  /** A charge's or refund's category. */
  category: PriceCategory | null;
  /** The WhatsApp number that sent the charged message. */
  accountId: string | null;
  from: string | null;
  /** Never before `from` (`dateRangeProblem`). */
  to: string | null;
}

export type LedgerFilter = keyof LedgerFilters;

export const noLedgerFilters: LedgerFilters = {
  kind: null,
  category: null,
  accountId: null,
  from: null,
  to: null,
};

/** A filter's new value: a known kind or category, an id, a real day; anything else is refused. */
export function isLedgerFilterValue(filter: LedgerFilter, value: string | null): boolean {
  if (value === null) return true;
  switch (filter) {
    case 'kind':
      return (ledgerKinds as readonly string[]).includes(value);
    case 'category':
      return (priceCategories as readonly string[]).includes(value);
    case 'accountId':
      return value.trim() !== '';
    default:
      return isDateInput(value);
  }
}

/** Whether the filters can be asked for: the date range is not reversed. */
export function ledgerFiltersValid(filters: LedgerFilters): boolean {
  return dateRangeProblem(filters.from, filters.to) === null;
}

export function hasLedgerFilters(filters: LedgerFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** What the filters send to `billing_ledger` and `billing_export` (unset ones left out). */
export type LedgerQueryFields = Omit<ActInput<'billing_export'>, 'key'>;

export function ledgerQueryFields(filters: LedgerFilters): LedgerQueryFields {
  const fields: LedgerQueryFields = {};
  if (filters.kind !== null) fields.kind = filters.kind;
  if (filters.category !== null) fields.category = filters.category;
  if (filters.accountId !== null) fields.accountId = filters.accountId;
  if (filters.from !== null) fields.from = filters.from;
  if (filters.to !== null) fields.to = filters.to;
  return fields;
}

/** The usage ledger table's payload: `billing_ledger`, 10 a page, newest first. */
export type LedgerPayload = ActPayload<'billing_ledger'>;

export function ledgerPayload(key: string, filters: LedgerFilters): LedgerPayload {
  return { act: 'billing_ledger', key, ...ledgerQueryFields(filters) };
}

/** What an export answers: the CSV text and the name to save it under. */
export interface BillingExport {
  filename: string;
  csv: string;
  rows: number;
}

type ProjectRef = { client: ActCaller; key: string };

/** billing_get: the balance, the threshold, the prices in force and ahead. */
export const loadBilling = fromPromise<ProjectBilling, ProjectRef>(
  async ({ input, signal }) => (await input.client.act('billing_get', { key: input.key }, { signal })).data,
);

/** billing_spend: spend per day by category over the range. */
export const loadSpend = fromPromise<SpendDay[], ProjectRef & { range: DayRange }>(
  async ({ input, signal }) =>
    (await input.client.act('billing_spend', { key: input.key, ...input.range }, { signal })).data,
);

/** billing_statement: one month. */
export const loadStatement = fromPromise<BillingStatement, ProjectRef & { month: string }>(
  async ({ input, signal }) =>
    (await input.client.act('billing_statement', { key: input.key, month: input.month }, { signal })).data,
);

/** billing_export with the ledger's filters, or with a month's first and last day (its statement). */
export const exportBilling = fromPromise<BillingExport, ProjectRef & { fields: LedgerQueryFields }>(
  async ({ input, signal }) =>
    (await input.client.act('billing_export', { key: input.key, ...input.fields }, { signal })).data,
);

/**
 * The numbers the ledger can be filtered by (`account_list`), or null when the member may not
 * list them or the list failed: the filter is then not offered. Never fails.
 */
export const loadLedgerAccounts = fromPromise<WhatsAppAccount[] | null, ProjectRef & { allowed: boolean }>(
  async ({ input, signal }) => {
    if (!input.allowed) return null;
    try {
      return (await input.client.act('account_list', { key: input.key }, { signal })).data;
    } catch {
      return null;
    }
  },
);
