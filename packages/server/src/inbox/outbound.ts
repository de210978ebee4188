/**
 * The `whatsapp.send` job: sends a stored outbound message through the Graph API with its
 * account's token (a stored file is uploaded to Meta first, once per number, and sent by id; a
 * template goes with the `components` of the template and values its payload keeps), stores the
 * returned wamid (status `sent`), or marks it `failed` with Meta's code and title (a template's
 * 132000, 132001, 132012 … included). A number deleted meanwhile fails it.
 * Network failures and rate limits retry with backoff (see JobRunner). A token Meta refuses
 * (401, code 190) marks the account `disconnected` until someone gives it a new token.
 *
 * Sends whose outcome is unknown: the Cloud API has no idempotency key, so every send carries the
 * message's own id in `biz_opaque_callback_data`, and the job records each request in its payload
 * (`attemptAt`) before making it. A run that finds a request recorded but the message still
 * pending (the process died before storing the answer, or the answer was lost) does not send
 * again at once: a status webhook naming the message proves it went out (`receiveStatus` adopts
 * its wamid), so the job waits `sendGraceMs` for one from the time it first looked
 * (`awaitingSince`), and sends again only when none came.
 */
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  GraphClient,
  isGraphApiError,
  isGraphRequestError,
  neverReachedServer,
  templateMessage,
  withCallbackData,
} from '../channels/whatsapp/index.ts';
import type { MediaSource, SendMessageBody } from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import { openToken } from '../security/tokenBox.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { conversations, customers, media, messages, waAccounts } from '../db/schema.ts';
import type { AccountRow, JobRow, MediaRow, MessageRow } from '../db/schema.ts';
import type { JobHandler, JobResult } from '../jobs/JobRunner.ts';
import type { MediaFiles } from '../media/MediaFiles.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { notifyAccountDisconnected } from '../notifications/notify.ts';
import { billingAnnouncements } from '../billing/announce.ts';
import { refundMessage } from '../billing/charges.ts';
import { ACCOUNT_DELETED_ERROR } from './accounts.ts';
import { announce } from './announce.ts';
import { statusAnnouncements } from './inbound.ts';
import { sendBody } from './messageContent.ts';
import { messageFromJson } from './rowsFromJson.ts';
import { openFreeEntryPoint } from './messages.ts';
import { sendComponents, templateJobSchema } from './templateSends.ts';
import type { TemplateJob } from './templateSends.ts';

const payloadSchema = z.object({
  messageId: z.uuid(),
  /** When the latest request went to the Graph API whose answer was never stored. */
  attemptAt: z.iso.datetime().optional(),
  /** Since when a run has been waiting for a status webhook about that request. */
  awaitingSince: z.iso.datetime().optional(),
  /** A template message: the template and values its Graph body is built from. */
  template: templateJobSchema.optional(),
});
type SendPayload = z.output<typeof payloadSchema>;
const quoted = alias(messages, 'quoted');

/** Meta keeps an uploaded media id for 30 days; a cached one older than this is uploaded again. */
const UPLOAD_REUSE_MS = 25 * 86_400_000;

export interface SendDeps {
  db: Db;
  config: Config;
  now: () => Date;
  publisher: Publisher;
  files: MediaFiles;
  /**
   * The process's webhook intake (`DeliveryWorker.behind`): while it is behind, a send whose
   * outcome is unknown waits on (`awaitStatus`). Default: never behind.
   */
  webhooks?: { behind(): Promise<boolean> };
}

export type Outcome = { wamid: string } | { error: { code: number; title: string } };

/**
 * Stores the outcome of a send on a still-pending message and announces it after commit. A message
 * that went out may open Meta's free entry point (`openFreeEntryPoint`); one that failed for good
 * gets its charge back in the same transaction (`refund:<messageId>`, once). `alongside` runs in
 * that transaction once the message moved, before the refund (a broadcast's recipient follows its
 * message there).
 */
export async function settle(
  deps: Pick<SendDeps, 'db' | 'config' | 'now' | 'publisher'>,
  messageId: string,
  outcome: Outcome,
  alongside?: (tx: Db, message: MessageRow) => Promise<void>,
): Promise<void> {
  const prices = deps.config.billing.prices;
  const announcements = await deps.db.transaction(async (tx) => {
    const change =
      'wamid' in outcome
        ? sql`wamid = ${outcome.wamid}, status = 'sent'`
        : sql`status = 'failed', error = ${JSON.stringify(outcome.error)}::jsonb`;
    const [row] = await queryRows<{
      message: Record<string, unknown>;
      last_seq: number;
      assigned_user_id: string | null;
      division_id: string | null;
      key: string;
      conversation_id: string;
    }>(
      tx,
      sql`
      update messages m set ${change}
      from conversations c join projects p on p.id = c.project_id
      where m.id = ${messageId} and m.status = 'pending' and c.id = m.conversation_id
      returning to_jsonb(m) as message, c.last_seq, c.assigned_user_id, c.division_id, p.key, c.id as conversation_id`,
    );
    if (row === undefined) return [];
    if ('wamid' in outcome) await openFreeEntryPoint(tx, row.conversation_id, deps.now());
    await alongside?.(tx, messageFromJson(row.message));
    const announcements = await statusAnnouncements(tx, row.key, row, deps.now());
    // The wallet is locked last, as a send locks its conversation before its wallet.
    const refund = 'wamid' in outcome ? null : await refundMessage(tx, messageId, 'send_failed', deps.now());
    return [
      ...announcements,
      ...(await billingAnnouncements(tx, refund === null ? [] : [refund], prices, deps.now())),
    ];
  });
  announce(deps.publisher, announcements);
}

export function failureOf(error: unknown): { code: number; title: string } {
  if (isGraphApiError(error)) return { code: error.code ?? error.status, title: error.message };
  return { code: 0, title: error instanceof Error ? error.message : 'Send failed' };
}

/** Meta refused the number's token: expired, revoked or wrong. */
export function isTokenRefused(error: unknown): boolean {
  return isGraphApiError(error) && (error.code === 190 || error.status === 401);
}

/** Moves an account to `status` (unless it is there already, or logged out) and tells the project. */
export async function setAccountStatus(
  deps: Pick<SendDeps, 'db' | 'now' | 'publisher'>,
  account: AccountRow,
  status: 'connected' | 'disconnected',
) {
  const [updated] = await queryRows<{ key: string }>(
    deps.db,
    sql`
    update wa_accounts a set status = ${status}::account_status, updated_at = ${deps.now()}
    from projects p
    where a.id = ${account.id} and p.id = a.project_id
      and a.status not in ('logged_out', ${status}::account_status)
    returning p.key`,
  );
  const key = updated?.key;
  if (key === undefined) return;
  deps.publisher.toProject(key, 'account.status', { key, accountId: account.id, status });
  if (status === 'disconnected') await notifyAccountDisconnected(deps, account, null);
}

/** The stored file as Meta knows it for this number: uploaded now, or an upload still fresh. */
export async function uploadedMedia(
  deps: Pick<SendDeps, 'db' | 'now' | 'files'>,
  client: GraphClient,
  account: AccountRow,
  file: MediaRow,
) {
  const known = file.waUploads[account.phoneNumberId];
  const now = deps.now();
  if (known !== undefined && now.getTime() - Date.parse(known.at) < UPLOAD_REUSE_MS) return known.id;
  const bytes = await readFile(deps.files.pathOf(file.id));
  const { mediaId } = await client.uploadMedia(account.phoneNumberId, bytes, file.mimeType, file.filename);
  await deps.db
    .update(media)
    .set({
      waUploads: sql`${media.waUploads} || ${JSON.stringify({ [account.phoneNumberId]: { id: mediaId, at: now.toISOString() } })}::jsonb`,
    })
    .where(eq(media.id, file.id));
  return mediaId;
}

/**
 * The Graph body of a stored message to `to`: a template from the job's template and values (its
 * header's file as `source`, a document with its name), anything else from the message's own
 * fields.
 */
export function bodyOf(
  message: MessageRow,
  template: TemplateJob | undefined,
  to: string,
  replyTo: string | null,
  source: MediaSource | null,
): SendMessageBody {
  if (message.type !== 'template') return sendBody(message, to, replyTo, source);
  if (template === undefined) throw new Error('a template message without its template');
  const media =
    source === null
      ? null
      : { ...source, ...(message.filename === null ? {} : { filename: message.filename }) };
  const components = sendComponents(template, media);
  return templateMessage({
    to,
    ...(replyTo === null ? {} : { replyTo }),
    name: template.name,
    languageCode: template.language,
    ...(components.length === 0 ? {} : { components }),
  });
}

/** The Graph API client of a number: its own token, its base URL when it has one. */
export function accountClient(config: Config, account: AccountRow): GraphClient {
  return new GraphClient({
    accessToken: openToken(config.whatsapp.tokenKey, account.accessToken),
    baseUrl: account.graphBaseUrl ?? config.whatsapp.graphBaseUrl,
    apiVersion: config.whatsapp.apiVersion,
  });
}

/** Whether a failed send cannot have gone out: Meta answered with an error, or was never reached. */
export function nothingWentOut(error: unknown): boolean {
  if (isGraphApiError(error)) return error.status < 500;
  return isGraphRequestError(error) && neverReachedServer(error);
}

/**
 * A run that finds an earlier request's outcome unknown: `null` once the grace period for a status
 * webhook naming the message has passed without one (send again), else when to look again. The
 * grace starts again while the process is `behind` on webhooks (one of them may name it).
 */
function awaitStatus(payload: SendPayload, now: Date, graceMs: number, behind: boolean): JobResult | null {
  if (payload.attemptAt === undefined) return null;
  // Status webhooks still to be read may settle it: the grace starts again once they are.
  const since = payload.awaitingSince === undefined || behind ? now : new Date(payload.awaitingSince);
  const until = new Date(since.getTime() + graceMs);
  if (now.getTime() >= until.getTime()) return null;
  return { deferUntil: until, payload: { ...payload, awaitingSince: since.toISOString() } };
}

export function sendJobHandler(deps: SendDeps): JobHandler {
  const payloadOf = (job: JobRow): SendPayload | null => {
    const parsed = payloadSchema.safeParse(job.payload);
    return parsed.success ? parsed.data : null;
  };
  return {
    async run(job, run) {
      const payload = payloadOf(job);
      if (payload === null) return;
      const { messageId } = payload;
      const [found] = await deps.db
        .select({
          message: messages,
          account: waAccounts,
          customerPhone: customers.phone,
          quotedWamid: quoted.wamid,
          file: media,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(waAccounts, eq(waAccounts.id, conversations.accountId))
        .innerJoin(customers, eq(customers.id, conversations.customerId))
        .leftJoin(quoted, eq(quoted.id, messages.replyTo))
        .leftJoin(media, eq(media.id, messages.mediaFileId))
        .where(eq(messages.id, messageId))
        .limit(1);
      // Sent (its answer stored, or a status webhook adopted it), failed, or gone: nothing to do.
      if (found === undefined || found.message.status !== 'pending') return;
      const behind = payload.attemptAt !== undefined && (await deps.webhooks?.behind()) === true;
      const waiting = awaitStatus(payload, deps.now(), deps.config.whatsapp.sendGraceMs, behind);
      if (waiting !== null) return waiting;
      const { account } = found;
      if (account.deletedAt !== null) {
        await settle(deps, messageId, { error: ACCOUNT_DELETED_ERROR });
        return;
      }
      if (account.status === 'logged_out') {
        await settle(deps, messageId, { error: { code: 0, title: 'Account logged out' } });
        return;
      }
      if (found.message.type === 'template' && payload.template === undefined) {
        await settle(deps, messageId, { error: { code: 0, title: 'Template not available' } });
        return;
      }
      if (found.message.mediaFileId !== null && found.file?.status !== 'stored') {
        await settle(deps, messageId, { error: { code: 0, title: 'File not available' } });
        return;
      }
      // What every saved payload keeps: a template message's template and values.
      const kept = payload.template === undefined ? {} : { template: payload.template };
      const client = accountClient(deps.config, account);
      let wamid: string;
      try {
        const source: MediaSource | null =
          found.file === null ? null : { id: await uploadedMedia(deps, client, account, found.file) };
        const body = withCallbackData(
          bodyOf(found.message, payload.template, found.customerPhone, found.quotedWamid ?? null, source),
          messageId,
        );
        // Recorded before the request: whoever runs this job next knows its outcome may be unknown.
        if (!(await run.save({ messageId, ...kept, attemptAt: deps.now().toISOString() }))) return;
        wamid = (await client.sendMessage(account.phoneNumberId, body)).wamid;
      } catch (error) {
        if (isTokenRefused(error)) await setAccountStatus(deps, account, 'disconnected');
        // Meta refused this message: final. Rate limits and network trouble: try again later.
        if (isGraphApiError(error) && !error.isRateLimit && error.status < 500) {
          await settle(deps, messageId, { error: failureOf(error) });
          return;
        }
        // Nothing went out, so the next try need not wait for a status; otherwise it must.
        if (nothingWentOut(error)) await run.save({ messageId, ...kept });
        throw error;
      }
      if (account.status === 'disconnected') await setAccountStatus(deps, account, 'connected');
      await settle(deps, messageId, { wamid });
    },
    async giveUp(job, error) {
      const payload = payloadOf(job);
      if (payload !== null) await settle(deps, payload.messageId, { error: failureOf(error) });
    },
  };
}
