/**
 * The `whatsapp.send` job: sends a stored outbound message through the Graph API with its
 * account's token, stores the returned wamid (status `sent`), or marks it `failed` with Meta's
 * code and title. Network failures and rate limits retry with backoff (see JobRunner).
 */
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { GraphClient, isGraphApiError } from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import { conversations, customers, messages, projects, waAccounts } from '../db/schema.ts';
import type { JobRow } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { announce } from './announce.ts';
import { statusAnnouncements } from './inbound.ts';
import { sendBody } from './messageContent.ts';
import { lockConversation } from './messages.ts';

const payloadSchema = z.object({ messageId: z.uuid() });
const quoted = alias(messages, 'quoted');

export interface SendDeps {
  db: Db;
  config: Config;
  now: () => Date;
  publisher: Publisher;
}

type Outcome = { wamid: string } | { error: { code: number; title: string } };

/** Stores the outcome of a send on a still-pending message and announces it after commit. */
async function settle(deps: SendDeps, messageId: string, outcome: Outcome): Promise<void> {
  const announcements = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ conversationId: messages.conversationId, key: projects.key })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(projects, eq(projects.id, conversations.projectId))
      .where(eq(messages.id, messageId))
      .limit(1);
    if (row === undefined) return [];
    const conversation = await lockConversation(tx, row.conversationId);
    if (conversation === null) return [];
    const [updated] = await tx
      .update(messages)
      .set(
        'wamid' in outcome
          ? { wamid: outcome.wamid, status: 'sent' }
          : { status: 'failed', error: outcome.error },
      )
      .where(and(eq(messages.id, messageId), eq(messages.status, 'pending')))
      .returning();
    if (updated === undefined) return [];
    return statusAnnouncements(tx, row.key, conversation.lastSeq, updated, deps.now());
  });
  announce(deps.publisher, announcements);
}

function failureOf(error: unknown): { code: number; title: string } {
  if (isGraphApiError(error)) return { code: error.code ?? error.status, title: error.message };
  return { code: 0, title: error instanceof Error ? error.message : 'Send failed' };
}

export function sendJobHandler(deps: SendDeps): JobHandler {
  const messageIdOf = (job: JobRow): string | null => {
    const parsed = payloadSchema.safeParse(job.payload);
    return parsed.success ? parsed.data.messageId : null;
  };
  return {
    async run(job) {
      const messageId = messageIdOf(job);
      if (messageId === null) return;
      const [found] = await deps.db
        .select({
          message: messages,
          account: waAccounts,
          customerPhone: customers.phone,
          quotedWamid: quoted.wamid,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(waAccounts, eq(waAccounts.id, conversations.accountId))
        .innerJoin(customers, eq(customers.id, conversations.customerId))
        .leftJoin(quoted, eq(quoted.id, messages.replyTo))
        .where(eq(messages.id, messageId))
        .limit(1);
      if (found === undefined || found.message.status !== 'pending') return;
      if (found.account.status === 'logged_out') {
        await settle(deps, messageId, { error: { code: 0, title: 'Account logged out' } });
        return;
      }
      const client = new GraphClient({
        accessToken: found.account.accessToken,
        baseUrl: deps.config.whatsapp.graphBaseUrl,
        apiVersion: deps.config.whatsapp.apiVersion,
      });
      let wamid: string;
      try {
        const body = sendBody(found.message, found.customerPhone, found.quotedWamid ?? null);
        wamid = (await client.sendMessage(found.account.phoneNumberId, body)).wamid;
      } catch (error) {
        // Meta refused this message: final. Rate limits and network trouble: try again later.
        if (isGraphApiError(error) && !error.isRateLimit && error.status < 500) {
          await settle(deps, messageId, { error: failureOf(error) });
          return;
        }
        throw error;
      }
      await settle(deps, messageId, { wamid });
    },
    async giveUp(job, error) {
      const messageId = messageIdOf(job);
      if (messageId !== null) await settle(deps, messageId, { error: failureOf(error) });
    },
  };
}
