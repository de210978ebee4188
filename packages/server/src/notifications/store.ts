/**
 * The notifications table as the acts read it: a user sees only notifications of projects they are
 * still a member of (removal hides them; leaving and coming back shows them again).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { NOTIFICATION_PAGE_SIZE } from '../sdk.ts';
import type { Notification, NotificationKind } from '../sdk.ts';

interface NotificationJoinedRow {
  id: string;
  kind: NotificationKind;
  key: string;
  project_name: string;
  subject: string;
  actor_name: string | null;
  conversation_id: string | null;
  count: number | string;
  read_at: string | Date | null;
  created_at: string | Date;
}

/** A list of uuids as one bound parameter. */
const uuidList = (ids: readonly string[]) =>
  sql`select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid`;

const iso = (value: string | Date): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function toNotification(row: NotificationJoinedRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    projectName: row.project_name,
    subject: row.subject,
    actorName: row.actor_name,
    conversationId: row.conversation_id,
    count: Number(row.count),
    read: row.read_at !== null,
    createdAt: iso(row.created_at),
  };
}

/** The visible notifications of `userId` matching `where` (on alias `n`). */
const visible = (userId: string, where: SQL = sql`true`) => sql`
  from notifications n
  join project_members m on m.project_id = n.project_id and m.user_id = n.user_id
  join projects p on p.id = n.project_id
  where n.user_id = ${userId} and ${where}`;

const columns = sql`n.id, n.kind, p.key, p.name as project_name, n.subject, n.actor_name,
  n.conversation_id, n.count, n.read_at, n.created_at`;

/** One page (from 0), unread first, then newest first; and the number of pages. */
/** Where "load more" goes on from: the last notification held, as it was when it arrived. */
export interface NotificationCursor {
  read: boolean;
  createdAt: string;
  id: string;
}

/**
 * Rows after `cursor` in the list's order (unread first, then newest, then id): with the same
 * read state and older (or as old with a smaller id), or read when the cursor was unread.
 */
function afterCursor(cursor: NotificationCursor): SQL {
  const olderInGroup = sql`(n.created_at, n.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  return cursor.read
    ? sql`n.read_at is not null and ${olderInGroup}`
    : sql`(n.read_at is not null or ${olderInGroup})`;
}

export async function listNotifications(
  db: Db,
  userId: string,
  options: { page: number; unreadOnly: boolean; after?: NotificationCursor | undefined },
): Promise<{ data: Notification[]; total_page: number }> {
  const where = options.unreadOnly ? sql`n.read_at is null` : sql`true`;
  const rowsWhere = options.after === undefined ? where : sql`${where} and ${afterCursor(options.after)}`;
  const offset = options.after === undefined ? options.page * NOTIFICATION_PAGE_SIZE : 0;
  const [rows, [counted]] = await Promise.all([
    queryRows<NotificationJoinedRow>(
      db,
      sql`select ${columns} ${visible(userId, rowsWhere)}
        order by (n.read_at is null) desc, n.created_at desc, n.id desc
        limit ${NOTIFICATION_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ total: number | string }>(db, sql`select count(*) as total ${visible(userId, where)}`),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    data: rows.map(toNotification),
    total_page: Math.max(1, Math.ceil(total / NOTIFICATION_PAGE_SIZE)),
  };
}

/** The given notifications (by id) as their users see them. */
export async function notificationsByIds(db: Db, ids: readonly string[]): Promise<Map<string, Notification>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<NotificationJoinedRow & { user_id: string }>(
    db,
    sql`select ${columns} from notifications n join projects p on p.id = n.project_id
      where n.id in (${uuidList(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, toNotification(row)]));
}

/** How many visible notifications of each user are unread. */
export async function unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; unread: number | string }>(
    db,
    sql`select n.user_id, count(*) as unread
      from notifications n
      join project_members m on m.project_id = n.project_id and m.user_id = n.user_id
      where n.user_id in (${uuidList(userIds)}) and n.read_at is null
      group by n.user_id`,
  );
  const counts = new Map(userIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.user_id, Number(row.unread));
  return counts;
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** Marks one of the user's visible notifications read; `false` when there is no such one. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications n set read_at = coalesce(n.read_at, ${now})
      where n.id = ${id} and n.user_id = ${userId}
        and exists (select 1 from project_members m where m.project_id = n.project_id and m.user_id = n.user_id)
      returning n.id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = ${now} where user_id = ${userId} and read_at is null`,
  );
}
