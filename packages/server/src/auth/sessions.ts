import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
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

/** Opens a session and answers its bearer token (only its hash is stored). */
export async function createSession(
  db: Executor,
  userId: string,
  now: Date,
  ttlDays: number,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlDays * DAY_MS),
  });
  return token;
}

/** The live (not revoked, not expired) session whose token hashes to `tokenHash`, with its user. */
export async function findSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ caller: Caller; expiresAt: Date } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row === undefined
    ? null
    : { caller: { sessionId: row.sessionId, user: row.user }, expiresAt: row.expiresAt };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
