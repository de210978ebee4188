/**
 * The automation engine's first slice (issue 18): a customer's message set against the project's
 * auto-reply, auto-division and auto-stage rules, off the message path. Storing an inbound message
 * queues one `automation.message` job in the same statement, only when the project has such a
 * rule switched on (`sapa_receive_messages`, migration 0021); this job's handler judges the rules
 * with the SDK's `evaluateRule` and carries out, per kind, the first that fires.
 *
 * Exactly once: a rule acts in one transaction with its activity line, whose `event_key`
 * (`message:<messageId>:<ruleId>`) is unique, so a job run twice, or by two processes, acts once;
 * an auto-reply also claims its quiet period on `automation_fired` with one upsert that moves only
 * forward (no row back: another process answered). Sends carry a client id derived from the event
 * key. A rule whose trigger matched but which did not fire gets a `skipped` line with its reason;
 * a rule that throws is logged and skipped (`error`), and the next ones still run.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import {
  automationActivity,
  automationRules,
  conversations,
  customerLabels,
  customerStages,
  messages,
} from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import type { MediaLinks } from '../media/mediaLinks.ts';
import { evaluateRule, inRuleOrder, skipLogged } from '../sdk.ts';
import type {
  AutomationActivityReason,
  AutomationEvent,
  AutomationRule,
  AutomationRuleKind,
  PriceRow,
} from '../sdk.ts';
import { carryOut } from './carryOut.ts';
import type { Carried } from './carryOut.ts';
import { ruleOf } from './rules.ts';
import { adSourceOf, contextOf, conversationState } from './conversationState.ts';
import { announceCarried } from './afterCommit.ts';
import { customerWroteTimers } from './timerStore.ts';
import { followUpsOnMessage } from './followUps.ts';

/** The job kind; `sapa_receive_messages` (migration 0021) names it too. */
export const AUTOMATION_MESSAGE_JOB = 'automation.message';

/** The kinds this slice runs, in the order `rulesToApply` applies them. */
const MESSAGE_KINDS = [
  'auto_reply',
  'auto_division',
  'auto_stage',
] as const satisfies readonly AutomationRuleKind[];

const payloadSchema = z.object({
  messageId: z.string().uuid(),
  newCustomer: z.boolean(),
  referral: z.object({ sourceId: z.string().optional() }).passthrough().nullable().optional(),
});

export interface AutomationDeps {
  db: Db;
  now: () => Date;
  publisher: Publisher;
  links: MediaLinks;
  prices: readonly PriceRow[];
  log: FastifyBaseLogger;
  /** Wakes the job runner after a send was queued. */
  kick: () => void;
}

/** Everything a message's rules are judged on, or null when the message is gone or not a customer's. */
async function load(db: Db, payload: z.output<typeof payloadSchema>, now: Date) {
  const [message] = await db.select().from(messages).where(eq(messages.id, payload.messageId)).limit(1);
  if (message === undefined || message.direction !== 'in') return null;
  const [state, rows] = await Promise.all([
    conversationState(db, message.conversationId),
    db
      .select()
      .from(automationRules)
      .where(
        and(
          inArray(
            automationRules.projectId,
            db
              .select({ projectId: conversations.projectId })
              .from(conversations)
              .where(eq(conversations.id, message.conversationId)),
          ),
          eq(automationRules.enabled, true),
        ),
      ),
  ]);
  if (state === null) return null;
  const event: AutomationEvent = {
    kind: 'message',
    author: 'customer',
    text: message.caption,
    newCustomer: payload.newCustomer,
    adSource: adSourceOf(payload.referral),
    // Set by `markBroadcastReplies` in the transaction that stored the message.
    broadcastId: message.broadcastId,
  };
  return { ...state, message, rules: rows.map(ruleOf), context: contextOf(state, event, now) };
}

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

/** One activity line's fields, for the rule and the message. */
function line(loaded: Loaded, rule: AutomationRule, now: Date) {
  return {
    id: randomUUID(),
    projectId: loaded.project.id,
    ruleId: rule.id,
    ruleName: rule.name,
    kind: rule.kind,
    customerId: loaded.customer.id,
    conversationId: loaded.conversation.id,
    messageId: loaded.message.id,
    event: 'message' as const,
    eventKey: `message:${loaded.message.id}:${rule.id}`,
    at: now,
  };
}

/** Records a skip (once per event and rule). */
async function logSkip(
  db: Db,
  loaded: Loaded,
  rule: AutomationRule,
  reason: AutomationActivityReason,
  now: Date,
) {
  await db
    .insert(automationActivity)
    .values({ ...line(loaded, rule, now), outcome: 'skipped', reason })
    .onConflictDoNothing({ target: automationActivity.eventKey });
}

/**
 * Claims an auto-reply's quiet period in `tx`: moves `last_fired_at` to `now` only when the quiet
 * period has passed since the last firing; false when another firing holds it.
 */
export async function claimQuietPeriod(
  tx: Db,
  rule: AutomationRule,
  conversationId: string,
  now: Date,
): Promise<boolean> {
  const quiet = rule.kind === 'auto_reply' ? rule.quietPeriodMinutes : 0;
  const since = new Date(now.getTime() - quiet * 60_000).toISOString();
  const rows = await queryRows(
    tx,
    sql`insert into automation_fired (rule_id, conversation_id, last_fired_at)
      values (${rule.id}::uuid, ${conversationId}::uuid, ${now.toISOString()}::timestamptz)
      on conflict (rule_id, conversation_id) do update set last_fired_at = excluded.last_fired_at
      where automation_fired.last_fired_at <= ${since}::timestamptz
      returning rule_id`,
  );
  return rows.length > 0;
}

/**
 * Fires one rule: its activity line claimed first (no line back: this event was handled already,
 * answered as `handled`), then its quiet period, then its actions, all in one transaction.
 */
async function fire(
  deps: AutomationDeps,
  loaded: Loaded,
  rule: AutomationRule,
  actions: Parameters<typeof carryOut>[2],
  keyword: string | null,
  now: Date,
): Promise<{
  outcome: 'fired' | 'quiet_period' | 'handled' | 'skipped_before';
  carried: Carried | null;
}> {
  return deps.db.transaction(async (tx) => {
    const entry = line(loaded, rule, now);
    const [claimed] = await tx
      .insert(automationActivity)
      .values({ ...entry, outcome: 'fired', keyword })
      .onConflictDoNothing({ target: automationActivity.eventKey })
      .returning({ id: automationActivity.id });
    if (claimed === undefined) {
      // Handled before (a re-run, another process): a rule that fired then ends its kind's turn;
      // one skipped then (an error, its quiet period) leaves it to the next rule, as it did.
      const [earlier] = await tx
        .select({ outcome: automationActivity.outcome })
        .from(automationActivity)
        .where(eq(automationActivity.eventKey, entry.eventKey))
        .limit(1);
      const outcome = earlier?.outcome === 'skipped' ? 'skipped_before' : 'handled';
      return { outcome, carried: null };
    }
    if (rule.kind === 'auto_reply' && !(await claimQuietPeriod(tx, rule, loaded.conversation.id, now))) {
      await tx
        .update(automationActivity)
        .set({ outcome: 'skipped', reason: 'quiet_period' })
        .where(eq(automationActivity.id, claimed.id));
      return { outcome: 'quiet_period', carried: null };
    }
    const carried = await carryOut(
      tx,
      {
        projectId: loaded.project.id,
        ruleId: rule.id,
        eventKey: entry.eventKey,
        conversation: loaded.conversation,
        customer: loaded.customer,
        now,
        prices: deps.prices,
      },
      actions,
    );
    await tx
      .update(automationActivity)
      .set({ actions: carried.results })
      .where(eq(automationActivity.id, claimed.id));
    return { outcome: 'fired', carried };
  });
}

/**
 * Runs one kind's rules in order: the first that fires acts; skips worth it are logged. True when
 * a rule acted (or failed partway), so what the next kind sees may have changed.
 */
async function runKind(
  deps: AutomationDeps,
  loaded: Loaded,
  kind: AutomationRuleKind,
  now: Date,
): Promise<boolean> {
  let changed = false;
  const rules = inRuleOrder(loaded.rules.filter((rule) => rule.kind === kind));
  for (const rule of rules) {
    try {
      const outcome = evaluateRule(rule, loaded.context);
      if (!outcome.fires) {
        if (skipLogged(outcome.reason, 'event')) await logSkip(deps.db, loaded, rule, outcome.reason, now);
        continue;
      }
      const fired = await fire(deps, loaded, rule, outcome.actions, outcome.keyword, now);
      if (fired.outcome === 'quiet_period' || fired.outcome === 'skipped_before') continue;
      if (fired.carried !== null)
        await announceCarried(deps, loaded.project.key, loaded.conversation.id, fired.carried, now);
      return true;
    } catch (error) {
      changed = true;
      deps.log.warn({ err: error, ruleId: rule.id, messageId: loaded.message.id }, 'automation rule failed');
      await logSkip(deps.db, loaded, rule, 'error', now).catch((logError: unknown) =>
        deps.log.warn({ err: logError, ruleId: rule.id }, 'logging an automation error failed'),
      );
    }
  }
  return changed;
}

/** The handler of `automation.message` jobs. */
export function automationMessageJob(deps: AutomationDeps): JobHandler {
  return {
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) {
        deps.log.warn({ jobId: job.id }, 'automation job with a bad payload');
        return;
      }
      const now = deps.now();
      const loaded = await load(deps.db, parsed.data, now);
      if (loaded === null || loaded.accountDeleted) return;
      for (const kind of MESSAGE_KINDS) {
        // A later kind (and the follow-ups) sees what an earlier one did: a division, labels, a stage.
        if (await runKind(deps, loaded, kind, now)) await refresh(deps.db, loaded);
      }
      // No-reply timers (timerStore.ts): the message answers `no_customer_reply`, starts `no_agent_reply`.
      await customerWroteTimers(deps.db, {
        projectId: loaded.project.id,
        conversationId: loaded.conversation.id,
        rules: loaded.rules,
        at: loaded.message.createdAt,
        timeZone: loaded.context.project.timeZone,
        now,
      });
      // Follow-up sequences (src/automation/followUps.ts), after the other kinds: the message
      // stops the conversation's runs and starts those of the follow-up rules it fires.
      await followUpsOnMessage(deps, loaded, now);
    },
  };
}

/** Brings the loaded conversation's division, labels and stage up to date after a kind acted. */
async function refresh(db: Db, loaded: Loaded): Promise<void> {
  const [[conversation], labelRows, [stage]] = await Promise.all([
    db.select().from(conversations).where(eq(conversations.id, loaded.conversation.id)).limit(1),
    db
      .select({ id: customerLabels.labelId })
      .from(customerLabels)
      .where(eq(customerLabels.customerId, loaded.customer.id)),
    db
      .select({ id: customerStages.stageId })
      .from(customerStages)
      .where(eq(customerStages.customerId, loaded.customer.id)),
  ]);
  if (conversation === undefined) return;
  loaded.conversation = conversation;
  loaded.context = {
    ...loaded.context,
    conversation: {
      ...loaded.context.conversation,
      divisionId: conversation.divisionId,
      labelIds: labelRows.map((row) => row.id),
      stageId: stage?.id ?? null,
    },
  };
}
