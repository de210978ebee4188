/** The project billing machine's input, context, events, tags and what it announces (projectBillingMachine.ts). */
import type {
  BillingStatement,
  DayRange,
  LedgerEntry,
  ProjectBilling,
  Saldo,
  SpendDay,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { BillingPermissions } from './billingAccess.ts';
import type { BillingExport, LedgerFilter, LedgerFilters, LedgerPayload } from './billingActors.ts';
import type { QueryRules } from './queryRules.ts';
import type { ActCaller } from './sdk.ts';
import type { FetchPage } from './tableMachine.ts';

export interface ProjectBillingInput {
  client: ActCaller;
  key: string;
  /** The viewer's permission keys in the project: paying and the threshold need `project.billing.pay`. */
  permissions: readonly string[];
  /** The project's time zone: its days and months (default Asia/Jakarta). */
  timeZone?: string;
  /** Where the ledger's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<LedgerEntry, LedgerPayload>;
  /** The clock: today, this month (default `new Date()`). */
  now?: () => Date;
  /**
   * How long after a live change the ledger and the statement wait before asking again for the
   * next ones (a broadcast's charges arrive in bursts). Default 1000.
   */
  liveRefreshMs?: number;
  /** Overrides of SPEC.md's query rules (one retry, refetch on reconnect). */
  query?: Partial<QueryRules>;
  /** Makes the pay dialog's client ids (default `crypto.randomUUID`). */
  newClientId?: () => string;
}

export interface ProjectBillingContext {
  client: ActCaller;
  key: string;
  timeZone: string;
  may: BillingPermissions;
  /** The ledger's number filter is offered (`account_list`). */
  mayListAccounts: boolean;
  fetchPage: FetchPage<LedgerEntry, LedgerPayload>;
  now: () => Date;
  liveRefreshMs: number;
  query: QueryRules;
  newClientId: (() => string) | undefined;
  /** The balance, threshold and prices; kept while they are asked again, changed live. */
  billing: ProjectBilling | null;
  /** Why the balance could not be loaded (state `failed`). */
  error: FlowError | null;
  /** Failed tries of the balance's request under way (SPEC.md: one retry). */
  failures: number;
  /** The ledger's filters as chosen; the table follows them while the dates are not reversed. */
  filters: LedgerFilters;
  /** The dates the table follows: the last from / to that were not reversed. */
  appliedRange: Pick<LedgerFilters, 'from' | 'to'>;
  /** The numbers the ledger can be filtered by (null: the filter is not offered). */
  accounts: WhatsAppAccount[] | null;
  /** The spend chart's range as chosen, and the one shown (the last that fits). */
  spendChosen: DayRange;
  spendRange: DayRange;
  spend: SpendDay[] | null;
  spendError: FlowError | null;
  spendFailures: number;
  /** The statement's month (`yyyy-mm`, the project's time zone). */
  month: string;
  statement: BillingStatement | null;
  statementError: FlowError | null;
  statementFailures: number;
  /** A live change came while the ledger waited: ask again when the wait is over. */
  liveStale: boolean;
  /** A live change fell in the statement's month: ask for it again with the ledger. */
  statementStale: boolean;
}

export type ProjectBillingEvent =
  /** The balance failed to load: try again. */
  | { type: 'billing.retry' }
  /** The connection is back after a drop: ask again for everything shown. */
  | { type: 'billing.resync' }
  /** Live (`billing.updated`): the balance changed, with the entry that changed it (none for a threshold). */
  | { type: 'billing.updated'; billing: ProjectBilling; entry?: LedgerEntry }
  /** Live (`saldo.updated`): the member's saldo changed (the pay dialog shows it). */
  | { type: 'billing.saldoUpdated'; saldo: Saldo }
  /** Sent by the `liveTimer` delay: the wait after a live change is over. */
  | { type: 'billing.liveSettled' }
  /** Raised with a live refresh: the statement's month changed. */
  | { type: 'billing.statementChanged' }
  /** One ledger filter's new value (`null` clears it); dates as `yyyy-mm-dd`. */
  | { type: 'billing.filter'; filter: LedgerFilter; value: string | null }
  | { type: 'billing.resetFilters' }
  /** "Ekspor CSV" of the ledger, with its filters. */
  | { type: 'billing.exportLedger' }
  /** The spend chart's range (`yyyy-mm-dd`); a reversed or too long one shows, and is not asked for. */
  | { type: 'billing.spendRange'; from: string; to: string }
  /** The spend chart's last `days` days, today included. */
  | { type: 'billing.spendLast'; days: number }
  | { type: 'billing.retrySpend' }
  /** The statement's month (`yyyy-mm`). */
  | { type: 'billing.month'; month: string }
  | { type: 'billing.retryStatement' }
  /** "Ekspor CSV" of the statement's month. */
  | { type: 'billing.exportStatement' }
  /** "Bayar" (`project.billing.pay`): the pay dialog. */
  | { type: 'billing.pay' }
  /** The low-balance threshold's dialog (`project.billing.pay`). */
  | { type: 'billing.editThreshold' };

export type ProjectBillingTag = 'exporting' | 'busy';

/** What the screen is told: toasts, and a CSV to save as a download. */
export type ProjectBillingEmitted =
  | { type: 'billing.paid'; amount: number; balance: number }
  | { type: 'billing.thresholdSaved'; threshold: number | null }
  | { type: 'billing.exported'; file: BillingExport }
  | { type: 'billing.exportFailed'; message: string };
