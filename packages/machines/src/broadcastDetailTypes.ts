/** The broadcast detail machine's input, context, events and what it announces (broadcastDetailMachine.ts). */
import type { BroadcastDetail, BroadcastRecipient, BroadcastSummary, RecipientState } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { BroadcastPermissions } from './broadcastAccess.ts';
import type { BroadcastExport, RecipientFilters, RecipientsPayload } from './broadcastActors.ts';
import type { AudienceNames, BroadcastControl } from './broadcastRules.ts';
import type { SearchContext } from './debouncedSearch.ts';
import type { QueryRules } from './queryRules.ts';
import type { ActCaller } from './sdk.ts';
import type { FetchPage } from './tableMachine.ts';

export interface BroadcastDetailInput {
  client: ActCaller;
  key: string;
  /** The broadcast's id (`/crm/broadcast/{key}/{id}`). */
  id: string;
  /** The viewer's permission keys in the project: the controls need `crm.broadcast.edit` / `hapus`. */
  permissions: readonly string[];
  /** Where the recipients' pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<BroadcastRecipient, RecipientsPayload>;
  /**
   * How long after a live change the recipients (and the broadcast's retry count) wait before
   * they are asked for again: progress arrives about once a second while it sends. Default 1000.
   */
  liveRefreshMs?: number;
  /** Quiet time after the last keystroke before the recipients' search applies (default 300 ms). */
  searchDebounceMs?: number;
  /** Overrides of SPEC.md's query rules (one retry, refetch on reconnect). */
  query?: Partial<QueryRules>;
}

export interface BroadcastDetailContext extends SearchContext {
  client: ActCaller;
  key: string;
  id: string;
  permissions: readonly string[];
  may: BroadcastPermissions;
  fetchPage: FetchPage<BroadcastRecipient, RecipientsPayload>;
  liveRefreshMs: number;
  query: QueryRules;
  /** The broadcast; kept while it is asked again, its progress changed live. */
  detail: BroadcastDetail | null;
  /** Why it could not be loaded (state `failed`). */
  error: FlowError | null;
  /** Failed tries of the request under way (SPEC.md: one retry). */
  failures: number;
  /** The last live change that came while the broadcast loaded: newer than the answer. */
  liveSince: BroadcastSummary | null;
  /** The names of a filter audience's labels, stages, divisions and numbers (null: not loaded). */
  names: AudienceNames | null;
  /** The recipients table's filters (and the search, from `SearchContext`). */
  filters: RecipientFilters;
  /** The control being confirmed or run, or the last one that failed (with `controlError`). */
  control: BroadcastControl | null;
  controlError: FlowError | null;
  /** A live change came while the recipients waited: ask again when the wait is over. */
  liveStale: boolean;
  /** A live change may have changed how many recipients can be tried again: ask for the broadcast too. */
  detailStale: boolean;
}

export type BroadcastDetailEvent =
  /** The broadcast failed to load: try again. */
  | { type: 'broadcast.retry' }
  /** The connection is back after a drop: ask again for the broadcast and its recipients. */
  | { type: 'broadcast.resync' }
  /** Live (`broadcast.updated` of this broadcast): its progress, status, times and cost. */
  | { type: 'broadcast.updated'; broadcast: BroadcastSummary }
  /** Live (`broadcast.deleted` of this broadcast). */
  | { type: 'broadcast.deleted' }
  /** Sent by the `liveTimer` delay: the wait after a live change is over. */
  | { type: 'broadcast.liveSettled' }
  /** Raised: the broadcast's retry count may be stale; ask for it again. */
  | { type: 'broadcast.reload' }
  /** Raised: a filter audience names labels, stages, divisions or numbers: load their names. */
  | { type: 'broadcast.loadNames' }
  /** "Jeda", "Lanjutkan", "Batalkan", "Coba lagi", "Hapus"; cancelling and deleting ask first. */
  | { type: 'broadcast.control'; control: BroadcastControl }
  | { type: 'broadcast.confirm' }
  | { type: 'broadcast.dismiss' }
  /** Forgets the last control's failure. */
  | { type: 'broadcast.dismissError' }
  /** The recipients' state filter (`null` clears it). */
  | { type: 'broadcast.state'; state: RecipientState | null }
  /** Only those who replied (true), who did not (false), or everyone (null). */
  | { type: 'broadcast.replied'; replied: boolean | null }
  /** The recipients' search box; it applies after a pause. */
  | { type: 'broadcast.search'; text: string }
  | { type: 'broadcast.searchSettled' }
  | { type: 'broadcast.resetFilters' }
  /** "Ekspor CSV" of the recipients (of the state filtered by, if any). */
  | { type: 'broadcast.export' };

export type BroadcastDetailTag = 'exporting' | 'busy';

/** What the screen is told: toasts, the way back after a delete, and a CSV to save. */
export type BroadcastDetailEmitted =
  | { type: 'broadcast.controlled'; control: BroadcastControl }
  | { type: 'broadcast.controlFailed'; control: BroadcastControl; message: string }
  /** The member deleted it: back to the broadcasts. */
  | { type: 'broadcast.removed'; name: string }
  | { type: 'broadcast.exported'; file: BroadcastExport }
  | { type: 'broadcast.exportFailed'; message: string };
