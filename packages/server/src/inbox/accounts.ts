/**
 * Storage of a project's WhatsApp accounts, and the check a number passes first: Meta must answer
 * it to the token given, and list it among the numbers of the WhatsApp Business Account (WABA)
 * given. Acts reach it through src/acts/handlers/accounts.ts.
 *
 * A deleted number (`account_delete`) keeps its row, `deleted_at` set, so its conversations stay
 * readable; it leaves every list and lookup here, and its phone number id may be added again.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  GraphClient,
  isGraphApiError,
  isGraphRequestError,
  isRateLimitCode,
} from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import { openToken } from '../security/tokenBox.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { waAccounts } from '../db/schema.ts';
import type { AccountRow } from '../db/schema.ts';
import { normalizePhone } from '../sdk.ts';
import type { Announcement } from './announce.ts';
import { statusAnnouncements } from './inbound.ts';
import { SEND_JOB } from './messages.ts';
import type { AccountStatus } from '../sdk.ts';

/** Graph's "access token invalid or expired" and its older "AuthException". */
const TOKEN_REFUSED: ReadonlySet<number> = new Set([190, 0, 102]);

/** Where a number's Graph API calls go: the server's settings, or the account's own (the demo's). */
export type GraphSettings = Pick<Config['whatsapp'], 'graphBaseUrl' | 'apiVersion' | 'tokenKey'>;

/** A Graph API client for a stored number: its token, and its own base URL when it has one. */
export function graphClientOf(
  whatsapp: GraphSettings,
  account: Pick<AccountRow, 'accessToken' | 'graphBaseUrl'>,
  timeoutMs = 15_000,
): GraphClient {
  return new GraphClient({
    // Stored sealed (src/security/tokenBox.ts); a token just typed is passed as it is.
    accessToken: openToken(whatsapp.tokenKey, account.accessToken),
    baseUrl: account.graphBaseUrl ?? whatsapp.graphBaseUrl,
    apiVersion: whatsapp.apiVersion,
    timeoutMs,
  });
}

/** A number as Meta answered it: E.164 display number (`null` if unreadable), names, quality, tier. */
export interface NumberFacts {
  displayPhone: string | null;
  verifiedName: string;
  /** Meta's rating as sent (`GREEN`, `YELLOW`, `RED`, `UNKNOWN`, …); `UNKNOWN` when absent. */
  qualityRating: string;
  /** `TIER_250` …; `null` when Meta did not say. */
  messagingLimit: string | null;
}

/**
 * What Meta says of a number and a token, or why not: the token is refused (`token`), the id is no
 * phone number this token may read (`number`: unknown, another business's, or another kind of
 * object), the number is not one of the WABA's (`waba`: an unknown WABA, one the token may not
 * read, or another business's), or Meta could not be asked (`unreachable`: network, time-out,
 * 5xx, rate limit).
 */
export type NumberCheck =
  ({ ok: true } & NumberFacts) | { ok: false; reason: 'token' | 'number' | 'waba' | 'unreachable' };

type Refusal = Extract<NumberCheck, { ok: false }>;

/** A Graph failure as a refusal: `otherwise` for what Meta answered about the object asked. */
function refusalOf(error: unknown, otherwise: 'number' | 'waba'): Refusal {
  if (isGraphApiError(error)) {
    if (error.code !== undefined && TOKEN_REFUSED.has(error.code)) return { ok: false, reason: 'token' };
    if (error.status >= 500 || error.status === 429 || isRateLimitCode(error.code)) {
      return { ok: false, reason: 'unreachable' };
    }
    return { ok: false, reason: otherwise };
  }
  if (isGraphRequestError(error)) {
    return { ok: false, reason: error.reason === 'invalid_response' ? otherwise : 'unreachable' };
  }
  throw error;
}

/** `GET /{phone-number-id}?fields=display_phone_number,verified_name,quality_rating,…` with the number's token. */
export async function readNumber(client: GraphClient, phoneNumberId: string): Promise<NumberCheck> {
  try {
    const found = await client.getPhoneNumber(phoneNumberId);
    if (found.id !== phoneNumberId) return { ok: false, reason: 'number' };
    return {
      ok: true,
      displayPhone: normalizePhone(found.displayPhoneNumber),
      verifiedName: found.verifiedName.trim(),
      qualityRating: found.qualityRating ?? 'UNKNOWN',
      messagingLimit: found.messagingLimit ?? null,
    };
  } catch (error) {
    return refusalOf(error, 'number');
  }
}

/**
 * The check `account_create` makes: `GET /{phone-number-id}?fields=…` (the number, to this token),
 * then `GET /{waba-id}/phone_numbers` (the number must be one of the WABA's).
 */
export async function verifyNumber(
  whatsapp: GraphSettings,
  number: {
    phoneNumberId: string;
    /** `null`: a number stored without one (only the number is read). */
    wabaId: string | null;
    accessToken: string;
    /** A stored number's own Graph API (the demo's). */
    graphBaseUrl?: string | null;
  },
): Promise<NumberCheck> {
  const client = graphClientOf(
    whatsapp,
    { accessToken: number.accessToken, graphBaseUrl: number.graphBaseUrl ?? null },
    10_000,
  );
  const found = await readNumber(client, number.phoneNumberId);
  if (!found.ok || number.wabaId === null) return found;
  try {
    const numbers = await client.listWabaPhoneNumbers(number.wabaId);
    if (!numbers.some((listed) => listed.id === number.phoneNumberId)) return { ok: false, reason: 'waba' };
  } catch (error) {
    return refusalOf(error, 'waba');
  }
  return found;
}

/** The project's numbers that are not deleted, oldest first. */
export async function listAccounts(db: Db, projectId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(waAccounts)
    .where(and(eq(waAccounts.projectId, projectId), isNull(waAccounts.deletedAt)))
    .orderBy(asc(waAccounts.createdAt), asc(waAccounts.id));
}

/** The new account, or `null` when its phone number id is already taken by a live number (of any project). */
export async function createAccount(
  db: Db,
  fields: {
    projectId: string;
    name: string;
    phoneNumberId: string;
    displayPhone: string;
    /** The business name Meta verified (`verifyNumber`); none for a number Sapa did not ask Meta about. */
    verifiedName?: string | null;
    /** The WABA Meta listed the number in; none for a number Sapa did not ask Meta about. */
    wabaId?: string | null;
    qualityRating?: string;
    messagingLimit?: string | null;
    /** When Meta was asked; none for a number Sapa did not ask Meta about. */
    checkedAt?: Date | null;
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
      wabaId: fields.wabaId ?? null,
      displayPhone: fields.displayPhone,
      verifiedName: fields.verifiedName ?? null,
      qualityRating: fields.qualityRating ?? 'UNKNOWN',
      messagingLimit: fields.messagingLimit ?? null,
      checkedAt: fields.checkedAt ?? null,
      accessToken: fields.accessToken,
      status: 'connected',
      createdAt: fields.now,
      updatedAt: fields.now,
    })
    // The phone number id is unique among live numbers only (a deleted one may be added again).
    .onConflictDoNothing({ target: waAccounts.phoneNumberId, where: sql`deleted_at is null` })
    .returning();
  return row ?? null;
}

/** A live (not deleted) account of the project, or `null`. */
export async function findAccount(db: Db, projectId: string, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(waAccounts)
    .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, id), isNull(waAccounts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Changes a live account of the project; `null` when the project has no such account. */
export async function updateAccount(
  db: Db,
  projectId: string,
  id: string,
  changes: {
    name?: string;
    status?: AccountStatus;
    accessToken?: string;
    verifiedName?: string | null;
    displayPhone?: string;
    qualityRating?: string;
    messagingLimit?: string | null;
    checkedAt?: Date;
    wabaId?: string;
    /** Broadcast messages a second; `null`: Meta's default. */
    broadcastRate?: number | null;
  },
  now: Date,
): Promise<AccountRow | null> {
  const [row] = await db
    .update(waAccounts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, id), isNull(waAccounts.deletedAt)))
    .returning();
  return row ?? null;
}

/** The error a send of a deleted number ends with (the UI reads `error.account_deleted` for it). */
export const ACCOUNT_DELETED_ERROR = { code: 0, title: 'Account deleted' } as const;

/**
 * Deletes a live account of project `key` (`deleted_at`), in one transaction with what hangs on
 * it: its pending outbound messages end `failed` (announced as `message.updated`, and
 * `conversation.updated` where one was the newest) and their `whatsapp.send` jobs are closed; the
 * templates read through it pass to another live number of its WABA in the project, if any.
 * `null` when the project has no such live account. Publish the announcements after it returns.
 */
export async function deleteAccount(
  db: Db,
  project: { id: string; key: string },
  id: string,
  now: Date,
): Promise<{ account: AccountRow; announcements: Announcement[] } | null> {
  const projectId = project.id;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(waAccounts)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(waAccounts.projectId, projectId), eq(waAccounts.id, id), isNull(waAccounts.deletedAt)))
      .returning();
    if (account === undefined) return null;
    const abandoned = await queryRows<{
      id: string;
      message: Record<string, unknown>;
      last_seq: number;
      assigned_user_id: string | null;
      division_id: string | null;
    }>(
      tx,
      sql`
      update messages m set status = 'failed', error = ${JSON.stringify(ACCOUNT_DELETED_ERROR)}::jsonb
      from conversations c
      where c.account_id = ${id} and m.conversation_id = c.id
        and m.direction = 'out' and m.status = 'pending'
      returning m.id, to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id`,
    );
    if (abandoned.length > 0) {
      const ids = abandoned.map((row) => row.id);
      await tx.execute(sql`
        update jobs set done_at = ${now}, locked_until = null, claim_id = null, last_error = 'account deleted'
        where kind = ${SEND_JOB} and done_at is null
          and payload->>'messageId' in (${sql.join(
            ids.map((messageId) => sql`${messageId}`),
            sql`, `,
          )})`);
    }
    // Its WABA's templates stay with the project's other numbers of that WABA, if it has any.
    await tx.execute(sql`
      update wa_templates t set account_id = other.id
      from (
        select a.id from wa_accounts a
        where a.project_id = ${projectId} and a.waba_id = ${account.wabaId} and a.deleted_at is null
        order by a.created_at, a.id limit 1
      ) other
      where t.account_id = ${id}`);
    const announcements: Announcement[] = [];
    for (const moved of abandoned)
      announcements.push(...(await statusAnnouncements(tx, project.key, moved, now)));
    return { account, announcements };
  });
}
