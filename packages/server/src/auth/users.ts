import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from '../db/schema.ts';
import type { User } from '../sdk.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, phone: row.phone, createdAt: row.createdAt.toISOString() };
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
