/** Quick replies of a project (`/crm/quick-reply/{key}` and the composer's `/` list). */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { media, quickReplies } from '../db/schema.ts';
import type { MediaRow, QuickReplyRow } from '../db/schema.ts';
import type { MediaService } from '../media/mediaService.ts';
import type { QuickReply } from '../sdk.ts';
import { likePattern } from './labels.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const QUICK_REPLY_PAGE_SIZE = 10;
/** The most quick replies `quick_reply_list { all: true }` answers. */
export const QUICK_REPLIES_ALL_LIMIT = 1000;

function toQuickReply(row: QuickReplyRow, file: MediaRow | null, files: MediaService, now: Date): QuickReply {
  return {
    id: row.id,
    shortcut: row.shortcut,
    text: row.text,
    media: file === null ? null : files.toMediaFile(file, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listQuickReplies(
  db: Db,
  files: MediaService,
  projectId: string,
  options: { page: number; search: string; all: boolean; now: Date },
): Promise<{ data: QuickReply[]; total_page: number }> {
  const conditions: SQL[] = [eq(quickReplies.projectId, projectId)];
  for (const word of options.search.split(/\s+/).filter(Boolean)) {
    const pattern = likePattern(word);
    const either = or(ilike(quickReplies.shortcut, pattern), ilike(quickReplies.text, pattern));
    if (either !== undefined) conditions.push(either);
  }
  const where = and(...conditions);
  const size = options.all ? QUICK_REPLIES_ALL_LIMIT : QUICK_REPLY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ reply: quickReplies, file: media })
      .from(quickReplies)
      .leftJoin(media, eq(media.id, quickReplies.mediaId))
      .where(where)
      .orderBy(asc(quickReplies.shortcut))
      .limit(size)
      .offset(options.all ? 0 : options.page * size),
    db.select({ n: count() }).from(quickReplies).where(where),
  ]);
  return {
    data: rows.map((row) => toQuickReply(row.reply, row.file, files, options.now)),
    total_page: options.all ? (rows.length > 0 ? 1 : 0) : Math.ceil((total?.n ?? 0) / size),
  };
}

export async function findQuickReply(
  db: Db,
  files: MediaService,
  projectId: string,
  id: string,
  now: Date,
): Promise<QuickReply | null> {
  const [row] = await db
    .select({ reply: quickReplies, file: media })
    .from(quickReplies)
    .leftJoin(media, eq(media.id, quickReplies.mediaId))
    .where(and(eq(quickReplies.projectId, projectId), eq(quickReplies.id, id)))
    .limit(1);
  return row === undefined ? null : toQuickReply(row.reply, row.file, files, now);
}

/** The new quick reply's id, or `null` when the project has the shortcut already. */
export async function createQuickReply(
  db: Db,
  reply: { projectId: string; shortcut: string; text: string; mediaId: string | null; now: Date },
): Promise<string | null> {
  const [row] = await db
    .insert(quickReplies)
    .values({
      id: randomUUID(),
      projectId: reply.projectId,
      shortcut: reply.shortcut,
      text: reply.text,
      mediaId: reply.mediaId,
      createdAt: reply.now,
      updatedAt: reply.now,
    })
    .onConflictDoNothing()
    .returning({ id: quickReplies.id });
  return row?.id ?? null;
}

/** Whether the quick reply exists in the project; `'taken'` when another one has the shortcut. */
export async function updateQuickReply(
  db: Db,
  projectId: string,
  id: string,
  change: {
    shortcut?: string | undefined;
    text?: string | undefined;
    mediaId?: string | null | undefined;
    now: Date;
  },
): Promise<boolean | 'taken'> {
  const set: Partial<QuickReplyRow> = { updatedAt: change.now };
  if (change.shortcut !== undefined) set.shortcut = change.shortcut;
  if (change.text !== undefined) set.text = change.text;
  if (change.mediaId !== undefined) set.mediaId = change.mediaId;
  try {
    const rows = await db
      .update(quickReplies)
      .set(set)
      .where(and(eq(quickReplies.projectId, projectId), eq(quickReplies.id, id)))
      .returning({ id: quickReplies.id });
    return rows.length > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function deleteQuickReply(db: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.projectId, projectId), eq(quickReplies.id, id)))
    .returning({ id: quickReplies.id });
  return rows.length > 0;
}
