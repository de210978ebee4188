import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { sessions, users } from '../db/schema.ts';
import type { UserRow } from '../db/schema.ts';
import { newToken, sha256 } from '../security/secrets.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export interface Caller {
  sessionId: string;
  user: UserRow;
}

const DAY_MS = 86_400_000;
/** `last_seen_at` is refreshed at most this often, on a token lookup that missed the cache. */
export const LAST_SEEN_EVERY_MS = 60_000;

/** Where a sign-in came from, kept for the profile's session list. */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string | null;
}

/** Opens a session and answers its bearer token (only its hash is stored). */
export async function createSession(
  db: Executor,
  userId: string,
  now: Date,
  ttlDays: number,
  origin: SessionOrigin = { userAgent: null, ip: null },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlDays * DAY_MS),
    userAgent: origin.userAgent === null ? null : origin.userAgent.slice(0, 512),
    ip: origin.ip,
    lastSeenAt: now,
  });
  return token;
}

/**
 * The live (not revoked, not expired) session whose token hashes to `tokenHash`, with its user.
 * Refreshes the session's `last_seen_at` when it is more than a minute old (so at most one write
 * a minute per session, and none on calls answered from the session cache).
 */
export async function findSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ caller: Caller; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      user: users,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (row === undefined) return null;
  if (row.lastSeenAt === null || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return { caller: { sessionId: row.sessionId, user: row.user }, expiresAt: row.expiresAt };
}

async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes one session of `userId`; `false` when it is not theirs or no longer live. */
export async function revokeOwnSession(
  db: Executor,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Revokes every live session of the user (but `exceptSessionId`); answers the revoked ids. */
export async function revokeAllSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptSessionId: string | null = null,
): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === null ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/** The user's live sessions, most recently used first. */
export async function listSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sql<Date>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`.mapWith(
        (value: string | Date) => (value instanceof Date ? value : new Date(value)),
      ),
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
}
