/**
 * Broadcasts as the contract shows them (issue 17): a broadcast's summary with its progress
 * (`BroadcastSummary`: recipients per state in one grouped query, replies, what it cost so far),
 * its detail (`BroadcastDetail`), the project's list a page at a time, and its recipients a page
 * at a time or all of them for the CSV, each phone masked for callers without
 * `crm.chat.show_user_contact_detail` (as the inbox and billing mask them).
 *
 * What a broadcast cost is read from the ledger: the charges less the refunds of its recipients'
 * messages. The engine's charges carry the broadcast's id; a refund that a status webhook made
 * names only its message, so both are found through the recipients' messages (by the ledger's
 * message index, never a scan of the whole ledger).
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { broadcastRecipients, broadcasts, ledgerEntries, projects, users, waAccounts } from '../db/schema.ts';
import type { BroadcastRecipientRow } from '../db/schema.ts';
import { likePattern } from '../crm/labels.ts';
import { phoneSearchCondition } from '../crm/phoneSearch.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import { BROADCAST_DEFAULT_RATE, recipientStates } from '../sdk.ts';
import type {
  BroadcastDetail,
  BroadcastFailureReason,
  BroadcastRecipient,
  BroadcastStatus,
  BroadcastSummary,
  RecipientState,
  TemplateCategory,
} from '../sdk.ts';
import { readAudienceCsv } from './csvPhones.ts';

/** Broadcasts and recipients a page holds. */
export const BROADCAST_PAGE_SIZE = 10;

/** Whose view recipients are built for: phones in full, or masked. */
export interface RecipientView {
  seesContactDetail: boolean;
}

/** The columns of a summary (the audience, values and template content are left out). */
const summaryColumns = {
  id: broadcasts.id,
  projectId: broadcasts.projectId,
  projectKey: projects.key,
  name: broadcasts.name,
  status: broadcasts.status,
  pauseReason: broadcasts.pauseReason,
  accountId: broadcasts.accountId,
  accountName: waAccounts.name,
  accountPhone: waAccounts.displayPhone,
  templateId: broadcasts.templateId,
  templateName: sql<string>`${broadcasts.template}->>'name'`,
  templateLanguage: sql<string>`${broadcasts.template}->>'language'`,
  category: broadcasts.category,
  scheduledAt: broadcasts.scheduledAt,
  startedAt: broadcasts.startedAt,
  finishedAt: broadcasts.finishedAt,
  createdAt: broadcasts.createdAt,
  createdBy: broadcasts.createdBy,
  creatorName: users.name,
  total: broadcasts.total,
  estimated: broadcasts.estimated,
  perRecipient: broadcasts.perRecipient,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(broadcasts)
    .innerJoin(projects, eq(projects.id, broadcasts.projectId))
    .innerJoin(waAccounts, eq(waAccounts.id, broadcasts.accountId))
    .leftJoin(users, eq(users.id, broadcasts.createdBy));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['where']>>[number];

const zeroCounts = (): Record<RecipientState, number> =>
  Object.fromEntries(recipientStates.map((state) => [state, 0])) as Record<RecipientState, number>;

const isState = (value: string): value is RecipientState =>
  (recipientStates as readonly string[]).includes(value);

interface Progress {
  counts: Record<RecipientState, number>;
  replied: number;
  charged: number;
}

/** Recipients per state, replies and cost so far of each broadcast of `ids`. */
async function progressOf(db: Db, ids: readonly string[]): Promise<Map<string, Progress>> {
  const progress = new Map<string, Progress>(
    ids.map((id) => [id, { counts: zeroCounts(), replied: 0, charged: 0 }]),
  );
  if (ids.length === 0) return progress;
  const [states, costs] = await Promise.all([
    db
      .select({
        broadcastId: broadcastRecipients.broadcastId,
        state: broadcastRecipients.state,
        recipients: count(),
        replied: count(broadcastRecipients.repliedAt),
      })
      .from(broadcastRecipients)
      .where(inArray(broadcastRecipients.broadcastId, [...ids]))
      .groupBy(broadcastRecipients.broadcastId, broadcastRecipients.state),
    db
      .select({
        broadcastId: broadcastRecipients.broadcastId,
        charged: sql<string | number>`coalesce(-sum(${ledgerEntries.amount}), 0)`,
      })
      .from(broadcastRecipients)
      .innerJoin(ledgerEntries, eq(ledgerEntries.messageId, broadcastRecipients.messageId))
      .where(
        and(
          inArray(broadcastRecipients.broadcastId, [...ids]),
          isNotNull(broadcastRecipients.messageId),
          inArray(ledgerEntries.kind, ['charge', 'refund']),
        ),
      )
      .groupBy(broadcastRecipients.broadcastId),
  ]);
  for (const row of states) {
    const item = progress.get(row.broadcastId);
    if (item === undefined || !isState(row.state)) continue;
    item.counts[row.state] += Number(row.recipients);
    item.replied += Number(row.replied);
  }
  for (const row of costs) {
    const item = progress.get(row.broadcastId);
    if (item !== undefined) item.charged = Number(row.charged);
  }
  return progress;
}

function toSummary(row: SummaryRow, progress: Progress | undefined): BroadcastSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status as BroadcastStatus,
    pauseReason: row.pauseReason,
    account: { id: row.accountId, name: row.accountName, phone: row.accountPhone },
    template: {
      id: row.templateId,
      name: row.templateName,
      language: row.templateLanguage,
      category: row.category as TemplateCategory,
    },
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy === null ? null : { id: row.createdBy, name: row.creatorName ?? '' },
    total: row.total,
    estimated: row.estimated,
    counts: progress?.counts ?? zeroCounts(),
    replied: progress?.replied ?? 0,
    charged: progress?.charged ?? 0,
    perRecipient: row.perRecipient,
  };
}

/** Summaries of the rows, in their order. */
async function summariesOf(db: Db, rows: readonly SummaryRow[]): Promise<BroadcastSummary[]> {
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, progress.get(row.id)));
}

/** A broadcast with its progress now, or `null` when there is none with this id. */
export async function broadcastSummary(db: Db, id: string): Promise<BroadcastSummary | null> {
  const [row] = await selectSummaries(db).where(eq(broadcasts.id, id)).limit(1);
  if (row === undefined) return null;
  const [summary] = await summariesOf(db, [row]);
  return summary ?? null;
}

/**
 * A broadcast's summary with the key of its project (what `broadcast.updated` is addressed by),
 * or `null` when there is none with this id.
 */
export async function broadcastSummaryWithKey(
  db: Db,
  id: string,
): Promise<{ key: string; summary: BroadcastSummary } | null> {
  const [row] = await selectSummaries(db).where(eq(broadcasts.id, id)).limit(1);
  if (row === undefined) return null;
  const [summary] = await summariesOf(db, [row]);
  return summary === undefined ? null : { key: row.projectKey, summary };
}

/** A broadcast of the project with what it sends and to whom, or `null` (none, or another project's). */
export async function broadcastDetail(
  db: Db,
  projectId: string,
  id: string,
): Promise<BroadcastDetail | null> {
  const [row] = await selectSummaries(db)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.projectId, projectId)))
    .limit(1);
  if (row === undefined) return null;
  const [[summary], [extra], [retry]] = await Promise.all([
    summariesOf(db, [row]),
    db
      .select({
        values: broadcasts.values,
        audience: broadcasts.audience,
        body: sql<string>`${broadcasts.template}->'content'->>'body'`,
        rate: waAccounts.broadcastRate,
      })
      .from(broadcasts)
      .innerJoin(waAccounts, eq(waAccounts.id, broadcasts.accountId))
      .where(eq(broadcasts.id, id)),
    db
      .select({ recipients: count() })
      .from(broadcastRecipients)
      .where(
        and(
          eq(broadcastRecipients.broadcastId, id),
          eq(broadcastRecipients.state, 'failed'),
          eq(broadcastRecipients.transient, true),
        ),
      ),
  ]);
  if (summary === undefined || extra === undefined) return null;
  const { audience } = extra;
  return {
    ...summary,
    values: extra.values,
    audience:
      audience.kind === 'filter'
        ? { kind: 'filter', filter: audience.filter }
        : {
            kind: 'csv',
            filename: audience.filename,
            rows: readAudienceCsv(audience.csv, { isOptedOut: () => false }).rows.length,
          },
    body: extra.body,
    rate: extra.rate ?? BROADCAST_DEFAULT_RATE,
    retryable: Number(retry?.recipients ?? 0),
  };
}

export interface BroadcastListFilter {
  page?: number | undefined;
  status?: BroadcastStatus | undefined;
  search?: string | undefined;
}

/** One page of the project's broadcasts, newest first, with their progress. */
export async function listBroadcasts(
  db: Db,
  projectId: string,
  filter: BroadcastListFilter,
): Promise<{ data: BroadcastSummary[]; total_page: number }> {
  const search = filter.search?.trim() ?? '';
  const where = and(
    eq(broadcasts.projectId, projectId),
    filter.status === undefined ? undefined : eq(broadcasts.status, filter.status),
    search === '' ? undefined : sql`lower(${broadcasts.name}) like ${likePattern(search.toLowerCase())}`,
  );
  const page = filter.page ?? 0;
  const [total] = await db.select({ rows: count() }).from(broadcasts).where(where);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(BROADCAST_PAGE_SIZE)
    .offset(page * BROADCAST_PAGE_SIZE);
  return {
    data: await summariesOf(db, rows),
    total_page: Math.ceil(Number(total?.rows ?? 0) / BROADCAST_PAGE_SIZE),
  };
}

export interface RecipientFilter {
  page?: number | undefined;
  state?: RecipientState | undefined;
  /** Only those who replied (true) or did not (false). */
  replied?: boolean | undefined;
  /** Words of the name; digits of the phone for callers who see phones. */
  search?: string | undefined;
}

/** The recipients of `broadcastId` that `filter` keeps (its page aside), as `view` may search them. */
function recipientWhere(broadcastId: string, filter: RecipientFilter, view: RecipientView): SQL | undefined {
  const search = filter.search?.trim() ?? '';
  return and(
    eq(broadcastRecipients.broadcastId, broadcastId),
    filter.state === undefined ? undefined : eq(broadcastRecipients.state, filter.state),
    filter.replied === undefined
      ? undefined
      : filter.replied
        ? isNotNull(broadcastRecipients.repliedAt)
        : isNull(broadcastRecipients.repliedAt),
    search === ''
      ? undefined
      : or(
          sql`lower(${broadcastRecipients.name}) like ${likePattern(search.toLowerCase())}`,
          // Masked callers cannot search by number: the answer would reveal the hidden digits.
          view.seesContactDetail ? phoneSearchCondition(broadcastRecipients.phone, search) : undefined,
        ),
  );
}

export function toBroadcastRecipient(row: BroadcastRecipientRow, view: RecipientView): BroadcastRecipient {
  return {
    id: row.id,
    customerId: row.customerId,
    conversationId: row.conversationId,
    name: row.name,
    phone: view.seesContactDetail ? row.phone : maskPhone(row.phone),
    state: row.state,
    error: row.error,
    reason: row.reason as BroadcastFailureReason | null,
    transient: row.transient,
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** One page of a broadcast's recipients in send order, as `view` sees them. */
export async function recipientPage(
  db: Db,
  broadcastId: string,
  filter: RecipientFilter,
  view: RecipientView,
): Promise<{ data: BroadcastRecipient[]; total_page: number }> {
  const where = recipientWhere(broadcastId, filter, view);
  const page = filter.page ?? 0;
  const [total] = await db.select({ rows: count() }).from(broadcastRecipients).where(where);
  const rows = await db
    .select()
    .from(broadcastRecipients)
    .where(where)
    .orderBy(asc(broadcastRecipients.seq))
    .limit(BROADCAST_PAGE_SIZE)
    .offset(page * BROADCAST_PAGE_SIZE);
  return {
    data: rows.map((row) => toBroadcastRecipient(row, view)),
    total_page: Math.ceil(Number(total?.rows ?? 0) / BROADCAST_PAGE_SIZE),
  };
}

/** Rows read at a time by `recipientRows`. */
const CHUNK = 5_000;

/**
 * Every recipient of a broadcast in send order (of one state, when given), at most `limit`, as
 * `view` sees them: the CSV export. Read a chunk at a time after the last seq read.
 */
export async function recipientRows(
  db: Db,
  broadcastId: string,
  state: RecipientState | undefined,
  view: RecipientView,
  limit: number,
): Promise<BroadcastRecipient[]> {
  const result: BroadcastRecipient[] = [];
  let after = -1;
  while (result.length < limit) {
    const rows = await db
      .select()
      .from(broadcastRecipients)
      .where(
        and(
          eq(broadcastRecipients.broadcastId, broadcastId),
          gt(broadcastRecipients.seq, after),
          state === undefined ? undefined : eq(broadcastRecipients.state, state),
        ),
      )
      .orderBy(asc(broadcastRecipients.seq))
      .limit(Math.min(CHUNK, limit - result.length));
    for (const row of rows) result.push(toBroadcastRecipient(row, view));
    const last = rows.at(-1);
    if (last === undefined || rows.length < CHUNK) break;
    after = last.seq;
  }
  return result;
}
