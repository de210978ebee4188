/** Storage of a project's WhatsApp accounts. Acts reach it through src/acts/handlers/accounts.ts. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { waAccounts } from '../db/schema.ts';
import type { AccountRow } from '../db/schema.ts';
import type { AccountStatus } from '../sdk.ts';

export async function listAccounts(db: Db, projectId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(waAccounts)
    .where(eq(waAccounts.projectId, projectId))
    .orderBy(asc(waAccounts.createdAt), asc(waAccounts.id));
}

/** The new account, or `null` when its phone number id is already taken (by any project). */
export async function createAccount(
  db: Db,
  fields: {
    projectId: string;
    name: string;
    phoneNumberId: string;
    displayPhone: string;
    accessToken: string;
    now: Date;
  },
): Promise<AccountRow | null> {
  const [row] = await db
    .insert(waAccounts)
    .values({
      id: randomUUID(),
      projectId: fields.projectId,
      name: fields.name,
      phoneNumberId: fields.phoneNumberId,
      displayPhone: fields.displayPhone,
      accessToken: fields.accessToken,
      status: 'connected',
      createdAt: fields.now,
      updatedAt: fields.now,
    })
    .onConflictDoNothing({ target: waAccounts.phoneNumberId })
    .returning();
  return row ?? null;
}

/** An account of the project, or `null`. */
export async function findAccount(db: Db, projectId: string, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(waAccounts)
    .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, id)))
    .limit(1);
  return row ?? null;
}

/** Changes an account of the project; `null` when the project has no such account. */
export async function updateAccount(
  db: Db,
  projectId: string,
  id: string,
  changes: { name?: string; status?: AccountStatus; accessToken?: string },
  now: Date,
): Promise<AccountRow | null> {
  const [row] = await db
    .update(waAccounts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, id)))
    .returning();
  return row ?? null;
}
