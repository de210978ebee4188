/**
 * Storage of a project's WhatsApp accounts, and the check a new number passes first: Meta must
 * answer it to the token given. Acts reach it through src/acts/handlers/accounts.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  GraphClient,
  isGraphApiError,
  isGraphRequestError,
  isRateLimitCode,
} from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import { waAccounts } from '../db/schema.ts';
import type { AccountRow } from '../db/schema.ts';
import { normalizePhone } from '../sdk.ts';
import type { AccountStatus } from '../sdk.ts';

/** Graph's "access token invalid or expired" and its older "AuthException". */
const TOKEN_REFUSED: ReadonlySet<number> = new Set([190, 0, 102]);

/**
 * What Meta says of a number and a token: the number as Meta shows it (E.164, `null` if it could
 * not be read as a phone) and its verified business name; or why not: the token is refused
 * (`token`), the id is no phone number this token may read (`number`: unknown, another business's,
 * or another kind of object), or Meta could not be asked (`unreachable`: network, time-out, 5xx,
 * rate limit).
 */
export type NumberCheck =
  | { ok: true; displayPhone: string | null; verifiedName: string }
  | { ok: false; reason: 'token' | 'number' | 'unreachable' };

/** `GET /{phone-number-id}?fields=display_phone_number,verified_name,…` with the number's token. */
export async function verifyNumber(
  whatsapp: Pick<Config['whatsapp'], 'graphBaseUrl' | 'apiVersion'>,
  phoneNumberId: string,
  accessToken: string,
): Promise<NumberCheck> {
  const client = new GraphClient({
    accessToken,
    baseUrl: whatsapp.graphBaseUrl,
    apiVersion: whatsapp.apiVersion,
    timeoutMs: 10_000,
  });
  try {
    const found = await client.getPhoneNumber(phoneNumberId);
    if (found.id !== phoneNumberId) return { ok: false, reason: 'number' };
    return {
      ok: true,
      displayPhone: normalizePhone(found.displayPhoneNumber),
      verifiedName: found.verifiedName.trim(),
    };
  } catch (error) {
    if (isGraphApiError(error)) {
      if (error.code !== undefined && TOKEN_REFUSED.has(error.code)) return { ok: false, reason: 'token' };
      if (error.status >= 500 || error.status === 429 || isRateLimitCode(error.code)) {
        return { ok: false, reason: 'unreachable' };
      }
      return { ok: false, reason: 'number' };
    }
    if (isGraphRequestError(error)) {
      return { ok: false, reason: error.reason === 'invalid_response' ? 'number' : 'unreachable' };
    }
    throw error;
  }
}

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
    /** The business name Meta verified (`verifyNumber`); none for a number Sapa did not ask Meta about. */
    verifiedName?: string | null;
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
      verifiedName: fields.verifiedName ?? null,
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
