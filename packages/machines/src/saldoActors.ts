/**
 * The saldo's network work and rules, apart from their statecharts (saldoMachine.ts for the
 * `/saldo` page, topUpMachine.ts for one top-up): the acts, the ledger's filters and payload, the
 * top-ups list's payload, and the socket's `saldo.updated`.
 */
import { fromCallback, fromPromise } from 'xstate';
import { dateRangeProblem, isDateInput, isSaldoLedgerKind } from '@sapa/sdk';
import type { ActInput, ActPayload, LedgerEntry, Saldo, SaldoLedgerKind, Topup } from '@sapa/sdk';
import type { InboxEventSource } from './inboxRouting.ts';
import type { ActCaller } from './sdk.ts';

/** The ledger's filters, each `null` when not applied; dates `yyyy-mm-dd` (Asia/Jakarta). */
export interface SaldoLedgerFilters {
  kind: SaldoLedgerKind | null;
  from: string | null;
  /** On or before; never before `from` (`dateRangeProblem`): a reversed range is not asked for. */
  to: string | null;
}

export type SaldoLedgerFilter = keyof SaldoLedgerFilters;

export const noSaldoLedgerFilters: SaldoLedgerFilters = { kind: null, from: null, to: null };

/** A filter's new value: a saldo's kind of entry, or a real `yyyy-mm-dd` day; `null` clears it. */
export function isSaldoFilterValue(filter: SaldoLedgerFilter, value: string | null): boolean {
  if (value === null) return true;
  return filter === 'kind' ? isSaldoLedgerKind(value) : isDateInput(value);
}

/** Whether the filters can be asked for: the date range is not reversed. */
export function saldoFiltersValid(filters: SaldoLedgerFilters): boolean {
  return dateRangeProblem(filters.from, filters.to) === null;
}

export function hasSaldoFilters(filters: SaldoLedgerFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** What the filters send to `saldo_ledger` and `saldo_export` (unset ones left out). */
export type SaldoLedgerFields = ActInput<'saldo_export'>;

export function saldoLedgerFields(filters: SaldoLedgerFilters): SaldoLedgerFields {
  const fields: SaldoLedgerFields = {};
  if (filters.kind !== null) fields.kind = filters.kind;
  if (filters.from !== null) fields.from = filters.from;
  if (filters.to !== null) fields.to = filters.to;
  return fields;
}

/** The ledger table's payload: `saldo_ledger`, 10 a page. */
export type SaldoLedgerPayload = ActPayload<'saldo_ledger'>;

export function saldoLedgerPayload(filters: SaldoLedgerFilters): SaldoLedgerPayload {
  return { act: 'saldo_ledger', ...saldoLedgerFields(filters) };
}

/** The top-ups table's payload: `topup_list`, every status, newest first, 10 a page. */
export type TopupListPayload = ActPayload<'topup_list'>;

export const topupListPayload: TopupListPayload = { act: 'topup_list' };

/** The top of the page: the saldo, and the top-ups waiting for payment (their first page). */
export interface SaldoOverview {
  saldo: Saldo;
  pending: Topup[];
  /** More pending top-ups than the first page holds (the history lists them all). */
  morePending: boolean;
}

/** saldo_get and `topup_list` of the pending top-ups, side by side. */
export const loadSaldoOverview = fromPromise<SaldoOverview, { client: ActCaller }>(
  async ({ input, signal }) => {
    const [saldo, pending] = await Promise.all([
      input.client.act('saldo_get', {}, { signal }),
      input.client.act('topup_list', { status: 'pending' }, { signal }),
    ]);
    const totalPage = Number((pending as { total_page?: unknown }).total_page);
    return {
      saldo: saldo.data,
      pending: Array.isArray(pending.data) ? pending.data : [],
      morePending: Number.isFinite(totalPage) && totalPage > 1,
    };
  },
);

/** What `saldo_export` answers: the CSV text and the name to save it under. */
export interface SaldoExport {
  filename: string;
  csv: string;
  rows: number;
}

/** saldo_export with the ledger's filters. */
export const exportSaldoLedger = fromPromise<SaldoExport, { client: ActCaller; fields: SaldoLedgerFields }>(
  async ({ input, signal }) => (await input.client.act('saldo_export', input.fields, { signal })).data,
);

/** topup_create: a new gateway order for `amount`; the same `clientId` answers the same top-up. */
export const createTopup = fromPromise<Topup, { client: ActCaller; amount: number; clientId: string }>(
  async ({ input, signal }) =>
    (await input.client.act('topup_create', { amount: input.amount, clientId: input.clientId }, { signal }))
      .data,
);

/** topup_get: one of the caller's top-ups as the server holds it (its receipt). */
export const getTopup = fromPromise<Topup, { client: ActCaller; id: string }>(
  async ({ input, signal }) => (await input.client.act('topup_get', { id: input.id }, { signal })).data,
);

/** topup_check: "Saya sudah bayar": the gateway's status API asked, its answer applied. */
export const checkTopup = fromPromise<Topup, { client: ActCaller; id: string }>(
  async ({ input, signal }) => (await input.client.act('topup_check', { id: input.id }, { signal })).data,
);

/** The socket's `saldo.updated`, as the saldo machines take it. */
export interface SaldoNews {
  type: 'saldo.news';
  saldo: Saldo;
  entry: LedgerEntry | null;
  topup: Topup | null;
}

/** Hands the socket's `saldo.updated` to the machine until it stops (`feed: null`: no live news). */
export const saldoFeed = fromCallback<{ type: 'feed.none' }, { feed: InboxEventSource | null }>(
  ({ input, sendBack }) => {
    if (input.feed === null) return undefined;
    return input.feed.on('saldo.updated', (event) =>
      sendBack({
        type: 'saldo.news',
        saldo: event.saldo,
        entry: event.entry ?? null,
        topup: event.topup ?? null,
      } satisfies SaldoNews),
    );
  },
);

/** The pending top-ups after `topup` changed: kept (newest first) while pending, dropped once finished. */
export function withTopup(pending: readonly Topup[], topup: Topup): Topup[] {
  const others = pending.filter((item) => item.id !== topup.id);
  if (topup.status !== 'pending') return others;
  return [...others, topup].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
