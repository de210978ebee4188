import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from '../db/schema.ts';
import type { User } from '../sdk.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

/** Where a user's current picture is served (`src/media/avatarRoutes.ts`). */
export function avatarUrl(userId: string, version: string | null): string | null {
  return version === null ? null : `/avatar/${userId}/${version}`;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    avatarUrl: avatarUrl(row.id, row.avatarVersion),
    language: row.language,
    theme: row.theme,
  };
}

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Creates a user; `undefined` when the phone is already taken. */
export async function createUser(
  db: Executor,
  fields: { name: string; phone: string; passwordHash: string; now: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: fields.name,
      phone: fields.phone,
      passwordHash: fields.passwordHash,
      passwordChangedAt: fields.now,
      createdAt: fields.now,
    })
    .onConflictDoNothing({ target: users.phone })
    .returning();
  return row;
}

export async function setPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
}

/** Changes what the profile edits directly; answers the updated row. */
export async function updateProfile(
  db: Executor,
  userId: string,
  changes: Partial<Pick<UserRow, 'name' | 'language' | 'theme' | 'avatarVersion' | 'phone'>>,
): Promise<UserRow | undefined> {
  if (Object.keys(changes).length === 0) return findUserById(db, userId);
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}
