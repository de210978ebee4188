/**
 * The broadcast results' rules, apart from their statecharts (broadcastsMachine.ts for the table,
 * broadcastDetailMachine.ts for one broadcast): what each status lets a member do, a broadcast's
 * progress as parts of its recipients, how a live `broadcast.updated` changes the table's page,
 * and how the detail page reads the template's values and the audience. The screens only show
 * what these answer.
 */
import { templateVariableNames } from '@sapa/sdk';
import type {
  BroadcastDetail,
  BroadcastFilter,
  BroadcastStatus,
  BroadcastSummary,
  BroadcastValue,
  BroadcastValues,
} from '@sapa/sdk';
import type { BroadcastPermissions } from './broadcastAccess.ts';
import type { TablePatch } from './tableMachine.ts';

/** The controls of a broadcast's page, each one act (`broadcast_<control>`). */
export const broadcastControls = ['pause', 'resume', 'cancel', 'retry', 'delete'] as const;
export type BroadcastControl = (typeof broadcastControls)[number];

/**
 * Which controls each status takes (the server answers `conflict` to the others): a scheduled
 * broadcast may be cancelled or deleted (and edited); a sending one paused or cancelled, never
 * deleted; a paused one resumed, cancelled or deleted; a finished one deleted; failed recipients
 * with transient errors may be tried again once it has started and until it is cancelled (a
 * paused one sends them when resumed).
 */
const controlsOf: Record<BroadcastStatus, readonly BroadcastControl[]> = {
  scheduled: ['cancel', 'delete'],
  sending: ['pause', 'cancel', 'retry'],
  paused: ['resume', 'cancel', 'retry', 'delete'],
  done: ['retry', 'delete'],
  cancelled: ['delete'],
};

/** The permission each control needs: deleting `hapus`, the rest `edit`. */
function permitted(control: BroadcastControl, may: Pick<BroadcastPermissions, 'edit' | 'remove'>): boolean {
  return control === 'delete' ? may.remove : may.edit;
}

/**
 * Whether `control` may be used on `broadcast` by a member who `may`: its status takes it, the
 * member holds its permission, and a retry has failed recipients to try again.
 */
export function mayControl(
  broadcast: Pick<BroadcastDetail, 'status' | 'retryable'>,
  control: BroadcastControl,
  may: Pick<BroadcastPermissions, 'edit' | 'remove'>,
): boolean {
  if (!controlsOf[broadcast.status].includes(control) || !permitted(control, may)) return false;
  return control !== 'retry' || broadcast.retryable > 0;
}

/** Whether a broadcast can still be changed ("Ubah"): only before it starts, with `crm.broadcast.edit`. */
export function mayEditBroadcast(
  broadcast: Pick<BroadcastSummary, 'status'>,
  may: Pick<BroadcastPermissions, 'edit'>,
): boolean {
  return broadcast.status === 'scheduled' && may.edit;
}

/** Controls that ask first: cancelling cannot be undone, nor can deleting. */
export function confirmsFirst(control: BroadcastControl): boolean {
  return control === 'cancel' || control === 'delete';
}

/** A broadcast's progress as parts of its recipients (the progress bar, the counts). */
export interface BroadcastProgress {
  /**
   * Recipients in all; before a filter audience is resolved (0), the estimate's count (a broadcast
   * cancelled before it started has none).
   */
  total: number;
  /** `total` is the estimate's count, not the resolved audience. */
  estimated: boolean;
  /** Sent, delivered or read. */
  reached: number;
  failed: number;
  cancelled: number;
  /** Reached or failed: those with an outcome from WhatsApp. */
  processed: number;
  /** Queued or being sent. */
  waiting: number;
  /** Not sent yet, so not charged if it is cancelled: the queued (every one of the estimate before it starts). */
  unsent: number;
  /** Each part as a share of `total`, 0 to 1 (0 when there is nobody). */
  reachedShare: number;
  failedShare: number;
  cancelledShare: number;
}

export function broadcastProgress(
  broadcast: Pick<BroadcastSummary, 'status' | 'total' | 'estimated' | 'counts'>,
): BroadcastProgress {
  const { counts } = broadcast;
  const estimated = broadcast.total === 0 && broadcast.estimated > 0 && broadcast.status !== 'cancelled';
  const total = estimated ? broadcast.estimated : broadcast.total;
  const reached = counts.sent + counts.delivered + counts.read;
  const share = (part: number) => (total > 0 ? Math.min(1, part / total) : 0);
  return {
    total,
    estimated,
    reached,
    failed: counts.failed,
    cancelled: counts.cancelled,
    processed: reached + counts.failed,
    waiting: counts.queued + counts.sending,
    unsent: estimated ? total : counts.queued,
    reachedShare: share(reached),
    failedShare: share(counts.failed),
    cancelledShare: share(counts.cancelled),
  };
}

/**
 * What the broadcast would cost in all: its recipients (or the estimate's count) at its price;
 * null once cancelled (what it cost is what was charged).
 */
export function broadcastCostEstimateOf(
  broadcast: Pick<BroadcastSummary, 'status' | 'total' | 'estimated' | 'perRecipient'>,
): number | null {
  if (broadcast.status === 'cancelled') return null;
  return (broadcast.total > 0 ? broadcast.total : broadcast.estimated) * broadcast.perRecipient;
}

/** The table's filters: a status, and the search (on the broadcast's name). */
export interface BroadcastListFilter {
  status: BroadcastStatus | null;
  search: string;
}

/** Whether a broadcast belongs in the table filtered by `filter` (the server's rule for `broadcast_list`). */
export function broadcastMatches(
  broadcast: Pick<BroadcastSummary, 'status' | 'name'>,
  filter: BroadcastListFilter,
): boolean {
  if (filter.status !== null && broadcast.status !== filter.status) return false;
  const search = filter.search.trim().toLocaleLowerCase();
  return search === '' || broadcast.name.toLocaleLowerCase().includes(search);
}

/**
 * The table's change for a live `broadcast.updated`: a broadcast shown is replaced in place (it
 * stays under a status filter it no longer matches, until the page is asked again); one not shown
 * that is newer than the first row (just created) goes first on the first page when it matches
 * the filters, pushing the last row to the next page. Others are on pages not shown.
 */
export function broadcastUpdatedPatch(
  broadcast: BroadcastSummary,
  filter: BroadcastListFilter,
): TablePatch<BroadcastSummary> {
  return (rows, where) => {
    if (rows.some((row) => row.id === broadcast.id))
      return rows.map((row) => (row.id === broadcast.id ? broadcast : row));
    if (where.pageIndex !== 0 || !broadcastMatches(broadcast, filter)) return [...rows];
    const first = rows[0];
    if (first !== undefined && broadcast.createdAt < first.createdAt) return [...rows];
    return [broadcast, ...rows].slice(0, where.pageSize);
  };
}

/** The table's change for a live `broadcast.deleted`: the row goes. */
export function broadcastDeletedPatch(broadcastId: string): TablePatch<BroadcastSummary> {
  return (rows) => rows.filter((row) => row.id !== broadcastId);
}

/** A broadcast's page after a live `broadcast.updated`: its progress, status and times. */
export function withSummary(detail: BroadcastDetail, summary: BroadcastSummary): BroadcastDetail {
  return { ...detail, ...summary };
}

/**
 * Whether a live change may have changed what only `broadcast_get` answers (how many failed
 * recipients may be tried again): its status or its failures moved.
 */
export function changesRetryable(detail: BroadcastDetail, summary: BroadcastSummary): boolean {
  return detail.status !== summary.status || detail.counts.failed !== summary.counts.failed;
}

/** A piece of the template's body as the detail page shows it: text, or a variable with its value. */
export type BroadcastBodyPart =
  { kind: 'text'; text: string } | { kind: 'value'; name: string; value: BroadcastValue | null };

/**
 * The body split at its variables (`{{1}}`, `{{first_name}}`), each with where its value comes
 * from (`values.body`, in order of first appearance; null when the broadcast has none for it).
 */
export function broadcastBodyParts(body: string, values: Pick<BroadcastValues, 'body'>): BroadcastBodyPart[] {
  const names = templateVariableNames(body);
  const parts: BroadcastBodyPart[] = [];
  let text = '';
  for (const piece of body.split(/(\{\{[^{}]*\}\})/)) {
    const name = piece.startsWith('{{') ? piece.slice(2, -2) : null;
    const slot = name === null ? -1 : names.indexOf(name);
    if (name === null || slot === -1) {
      text += piece;
      continue;
    }
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'value', name, value: values.body[slot] ?? null });
  }
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}

/** The names a filter audience's ids stand for, as far as the member may list them. */
export interface AudienceNames {
  labels: ReadonlyArray<{ id: string; name: string }> | null;
  stages: ReadonlyArray<{ id: string; name: string }> | null;
  divisions: ReadonlyArray<{ id: string; name: string }> | null;
  accounts: ReadonlyArray<{ id: string; name: string; displayPhone: string }> | null;
}

/** One condition of a filter audience, with what it reads (a name for an id, a day, the search). */
export interface AudienceCondition {
  filter: keyof BroadcastFilter;
  value: string;
}

/** The conditions of a filter audience, in the customers table's order; none: every customer. */
export function audienceConditions(
  filter: BroadcastFilter,
  names: AudienceNames | null,
): AudienceCondition[] {
  const nameOf = (list: ReadonlyArray<{ id: string; name: string }> | null | undefined, id: string) =>
    list?.find((item) => item.id === id)?.name ?? '…';
  const conditions: AudienceCondition[] = [];
  if (filter.labelId !== undefined)
    conditions.push({ filter: 'labelId', value: nameOf(names?.labels, filter.labelId) });
  if (filter.stageId !== undefined)
    conditions.push({ filter: 'stageId', value: nameOf(names?.stages, filter.stageId) });
  if (filter.divisionId !== undefined)
    conditions.push({ filter: 'divisionId', value: nameOf(names?.divisions, filter.divisionId) });
  if (filter.accountId !== undefined) {
    const account = names?.accounts?.find((item) => item.id === filter.accountId);
    conditions.push({
      filter: 'accountId',
      value: account === undefined ? '…' : `${account.name} (${account.displayPhone})`,
    });
  }
  if (filter.from !== undefined) conditions.push({ filter: 'from', value: filter.from });
  if (filter.to !== undefined) conditions.push({ filter: 'to', value: filter.to });
  if (filter.search !== undefined && filter.search.trim() !== '')
    conditions.push({ filter: 'search', value: filter.search.trim() });
  return conditions;
}

/** Whether a filter audience names labels, stages, divisions or numbers (their names are then loaded). */
export function audienceNeedsNames(audience: BroadcastDetail['audience']): boolean {
  if (audience.kind !== 'filter') return false;
  const { labelId, stageId, divisionId, accountId } = audience.filter;
  return [labelId, stageId, divisionId, accountId].some((id) => id !== undefined);
}
