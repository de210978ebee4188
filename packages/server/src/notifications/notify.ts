/**
 * Notifications (`/notification`, the header's bell): stored per user, pushed live as
 * `notification.new`. Other modules call `notify` after their transaction commits.
 * docs/profile-and-notifications.md describes the kinds and who gets them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../acts/context.ts';
import { queryRows } from '../db/queryRows.ts';
import { can } from '../sdk.ts';
import type { NotificationKind } from '../sdk.ts';
import type { Announcement } from '../inbox/announce.ts';
import { listMembers } from '../projects/projects.ts';
import { notificationsByIds, unreadCounts } from './store.ts';

export interface NotifyInput {
  /** Who gets it (each their own row). Leave the actor out: nobody is told of what they did. */
  userIds: readonly string[];
  kind: NotificationKind;
  projectId: string;
  /** The customer, the new member or the WhatsApp number's name (see `Notification.subject`). */
  subject: string;
  actorName?: string | null;
  conversationId?: string | null;
}

/** What notifying needs: the database, the clock and the publisher (`Services` has them). */
export type NotifyDeps = Pick<Services, 'db' | 'publisher' | 'now'>;

type Log = Pick<FastifyBaseLogger, 'warn'>;

const fallbackLog: Log = {
  warn: (object: unknown, message?: string) => console.warn(message ?? 'notify failed', object),
} as Log;

/**
 * Stores one notification per user (only those still members of the project) and pushes each live
 * with the user's new unread count. Never throws: a failure is logged and the producer carries on.
 */
export async function notify(
  services: NotifyDeps,
  input: NotifyInput,
  log: Log = fallbackLog,
): Promise<void> {
  try {
    const userIds = [...new Set(input.userIds)];
    if (userIds.length === 0) return;
    const rows = userIds.map((userId) => ({
      id: randomUUID(),
      user_id: userId,
      project_id: input.projectId,
      kind: input.kind,
      subject: input.subject,
      actor_name: input.actorName ?? null,
      conversation_id: input.conversationId ?? null,
    }));
    const inserted = await queryRows<{ id: string; user_id: string }>(
      services.db,
      sql`insert into notifications (id, user_id, project_id, kind, subject, actor_name, conversation_id, created_at)
        select r.id, r.user_id, r.project_id, r.kind, r.subject, r.actor_name, r.conversation_id, ${services.now()}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id uuid, user_id uuid, project_id uuid, kind notification_kind, subject text,
          actor_name text, conversation_id uuid)
        where exists (select 1 from project_members m where m.project_id = r.project_id and m.user_id = r.user_id)
        returning id, user_id`,
    );
    await push(services, inserted);
  } catch (error) {
    log.warn({ err: error, kind: input.kind }, 'storing a notification failed');
  }
}

/** Pushes `notification.new` with each user's unread count for stored (or refreshed) rows. */
async function push(services: NotifyDeps, stored: readonly { id: string; user_id: string }[]): Promise<void> {
  if (stored.length === 0) return;
  const [byId, counts] = await Promise.all([
    notificationsByIds(
      services.db,
      stored.map((row) => row.id),
    ),
    unreadCounts(services.db, [...new Set(stored.map((row) => row.user_id))]),
  ]);
  for (const row of stored) {
    const notification = byId.get(row.id);
    if (notification === undefined) continue;
    services.publisher.toUser(row.user_id, 'notification.new', {
      notification,
      unread: counts.get(row.user_id) ?? 0,
    });
  }
}

/**
 * A WhatsApp number went disconnected or logged out: tells the members who watch numbers or chat
 * (`project.account.view` or `crm.chat.view`), but not `exceptUserId` (who logged it out).
 */
export async function notifyAccountDisconnected(
  services: NotifyDeps,
  account: { projectId: string; name: string },
  exceptUserId: string | null,
  log: Log = fallbackLog,
): Promise<void> {
  try {
    const members = await listMembers(services.db, account.projectId);
    const userIds = members
      .filter(
        (member) =>
          member.userId !== exceptUserId &&
          (can(member.permissions, 'project.account.view') || can(member.permissions, 'crm.chat.view')),
      )
      .map((member) => member.userId);
    await notify(
      services,
      { userIds, kind: 'account_disconnected', projectId: account.projectId, subject: account.name },
      log,
    );
  } catch (error) {
    log.warn({ err: error }, 'notifying a disconnected account failed');
  }
}

/**
 * Customers wrote on conversations assigned to someone (from the inbox's `message.new`
 * announcements of one webhook batch): each assignee gets one unread `customer_waiting` per
 * conversation. An unread one already there is moved to now and counts the new messages instead of
 * adding another, so a burst of messages costs one statement and yields one notification. Each
 * stored or refreshed one is pushed (`notification.new` replaces the app's copy of a refreshed one).
 */
export async function notifyCustomersWaiting(
  services: NotifyDeps,
  announcements: readonly Announcement[],
  log: Log = fallbackLog,
): Promise<void> {
  try {
    const waiting = new Map<
      string,
      { id: string; key: string; user_id: string; conversation_id: string; subject: string; count: number }
    >();
    for (const item of announcements) {
      if (item.event !== 'message.new' || !('conversation' in item.audience)) continue;
      const assignee = item.audience.assignedUserId;
      const payload = item.payload as {
        key: string;
        conversationId: string;
        customerName: string;
        message: { direction: string };
      };
      if (assignee === null || payload.message.direction !== 'in') continue;
      const id = `${assignee}:${payload.conversationId}`;
      waiting.set(id, {
        id: randomUUID(),
        key: payload.key,
        user_id: assignee,
        conversation_id: payload.conversationId,
        subject: payload.customerName,
        count: (waiting.get(id)?.count ?? 0) + 1,
      });
    }
    if (waiting.size === 0) return;
    const stored = await queryRows<{ id: string; user_id: string }>(
      services.db,
      sql`insert into notifications (id, user_id, project_id, kind, subject, conversation_id, count, created_at)
        select r.id, r.user_id, p.id, 'customer_waiting', r.subject, r.conversation_id, r.count, ${services.now()}
        from jsonb_to_recordset(${JSON.stringify([...waiting.values()])}::jsonb) as r(
          id uuid, key text, user_id uuid, conversation_id uuid, subject text, count integer)
        join projects p on p.key = r.key
        where exists (select 1 from project_members m where m.project_id = p.id and m.user_id = r.user_id)
        on conflict (user_id, conversation_id) where kind = 'customer_waiting' and read_at is null
        do update set created_at = excluded.created_at, subject = excluded.subject,
          count = notifications.count + excluded.count
        returning id, user_id`,
    );
    await push(services, stored);
  } catch (error) {
    log.warn({ err: error }, 'notifying waiting customers failed');
  }
}

/**
 * The conversation was answered (`userId` null: by anyone, for every member) or opened by
 * `userId`: marks its unread `customer_waiting` read and tells each member's tabs their new
 * unread count (`notification.count`). Never throws.
 */
export async function clearCustomerWaiting(
  services: NotifyDeps,
  conversationId: string,
  userId: string | null,
  log: Log = fallbackLog,
): Promise<void> {
  try {
    const forUser = userId === null ? sql`true` : sql`user_id = ${userId}`;
    const cleared = await queryRows<{ user_id: string }>(
      services.db,
      sql`update notifications set read_at = ${services.now()}
        where kind = 'customer_waiting' and conversation_id = ${conversationId} and read_at is null
          and ${forUser}
        returning user_id`,
    );
    if (cleared.length === 0) return;
    const counts = await unreadCounts(services.db, [...new Set(cleared.map((row) => row.user_id))]);
    for (const [user, unread] of counts) services.publisher.toUser(user, 'notification.count', { unread });
  } catch (error) {
    log.warn({ err: error }, 'clearing waiting-customer notifications failed');
  }
}
