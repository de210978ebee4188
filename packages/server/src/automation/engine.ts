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
 * a rule that throws is logged and skipped (`error`), and the next ones still run. The lines of
 * what does not act (skips, firings that change nothing) are written together once the batch is
 * judged (batchLines.ts).
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
import type { JobRow, MessageRow } from '../db/schema.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import type { MediaLinks } from '../media/mediaLinks.ts';
import { changesNothing, evaluateRule, inRuleOrder, skipLogged } from '../sdk.ts';
import type {
  AutomationActivityOutcome,
  AutomationContext,
  AutomationEvent,
  AutomationRule,
  AutomationRuleKind,
  PriceRow,
} from '../sdk.ts';
import { carryOut, unchangedResults } from './carryOut.ts';
import type { Carried } from './carryOut.ts';
import { ruleOf } from './rules.ts';
import { adSourceOf, contextOf, conversationStates } from './conversationState.ts';
import type { ConversationState } from './conversationState.ts';
import { announceCarried } from './afterCommit.ts';
import { BatchLines } from './batchLines.ts';
import { AnsweredTimers, customerWroteTimers } from './timerStore.ts';
import { followUpsOnMessage, RepliedRuns } from './followUps.ts';

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
  /**
   * Resolves when the inbox has no webhook waiting to be stored (at most `ENGINE_YIELD_MS` later):
   * the engine waits for it before each message it judges. None: it never waits.
   */
  inboxIdle?: () => Promise<void>;
}

/** The longest the engine waits for the inbox before judging a message anyway (it is never starved). */
export const ENGINE_YIELD_MS = 250;

type Payload = z.output<typeof payloadSchema>;

/** A customer's message with everything its rules are judged on. */
type Loaded = ConversationState & {
  message: MessageRow;
  /** The project's enabled rules, of every kind. */
  rules: AutomationRule[];
  context: AutomationContext;
};

function eventOf(message: MessageRow, payload: Payload): AutomationEvent {
  return {
    kind: 'message',
    author: 'customer',
    text: message.caption,
    newCustomer: payload.newCustomer,
    adSource: adSourceOf(payload.referral),
    // Set by the statement that stored the message (`sapa_receive_messages`, migration 0029).
    broadcastId: message.broadcastId,
  };
}

/**
 * The customers' messages of `payloads` (those still there), oldest first, with their
 * conversations' states, their projects' enabled rules and the activity lines they have already
 * (a re-run: their outcomes by event key): three statements for the whole batch (a fourth for a
 * project with a default division).
 */
async function loadBatch(db: Db, payloads: readonly Payload[]) {
  const rows = await db
    .select({
      message: messages,
      // Named in full: drizzle leaves a one-table select's columns unqualified, and the subquery's
      // own `id` would shadow the message's. (Migration 0032 indexes the lines by message.)
      earlier: sql<Record<string, AutomationActivityOutcome> | null>`(
        SELECT json_object_agg(line.event_key, line.outcome)
        FROM automation_activity line WHERE line.message_id = messages.id)`,
    })
    .from(messages)
    .where(
      inArray(
        messages.id,
        payloads.map((payload) => payload.messageId),
      ),
    );
  const earlier = new Map<string, AutomationActivityOutcome>();
  for (const row of rows)
    for (const [eventKey, outcome] of Object.entries(row.earlier ?? {})) earlier.set(eventKey, outcome);
  const inbound = rows
    .map((row) => row.message)
    .filter((message) => message.direction === 'in')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  const states = await conversationStates(
    db,
    inbound.map((message) => message.conversationId),
  );
  const projectIds = [...new Set([...states.values()].map((state) => state.project.id))];
  const ruleRows =
    projectIds.length === 0
      ? []
      : await db
          .select()
          .from(automationRules)
          .where(and(inArray(automationRules.projectId, projectIds), eq(automationRules.enabled, true)));
  const rulesOf = new Map<string, AutomationRule[]>();
  for (const row of ruleRows)
    rulesOf.set(row.projectId, [...(rulesOf.get(row.projectId) ?? []), ruleOf(row)]);
  return { inbound, states, rulesOf, lines: new BatchLines(earlier) };
}

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

/** Records a rule that failed (once per event and rule), at once: the batch may not get to its end. */
async function logError(db: Db, loaded: Loaded, rule: AutomationRule, now: Date) {
  await db
    .insert(automationActivity)
    .values({ ...line(loaded, rule, now), outcome: 'skipped', reason: 'error' })
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
 * Records the firing of a rule whose actions change nothing (`changesNothing`: the conversation
 * has the division, stage and labels they set already): its activity line, with every action
 * done, goes with the batch's (`BatchLines`). No statement of its own, no lock, nothing announced.
 * Answered as `fire` answers it: an event with a line already was handled (`handled`), or skipped
 * (`skipped_before`). The conversation is as the batch read it; an agent who moved it since then
 * is not overruled.
 */
function fireUnchanged(
  lines: BatchLines,
  loaded: Loaded,
  rule: AutomationRule,
  actions: Parameters<typeof carryOut>[2],
  keyword: string | null,
  now: Date,
): 'fired' | 'handled' | 'skipped_before' {
  const entry = line(loaded, rule, now);
  const earlier = lines.outcomeOf(entry.eventKey);
  if (earlier === 'skipped') return 'skipped_before';
  if (earlier === 'fired') return 'handled';
  lines.add({ ...entry, outcome: 'fired', keyword, actions: unchangedResults(actions) });
  return 'fired';
}

/**
 * Runs one kind's rules in order: the first that fires acts; skips worth it are logged. True when
 * what the next kind sees may have changed: a rule changed something, acted in an earlier run, or
 * failed partway.
 */
async function runKind(
  deps: AutomationDeps,
  lines: BatchLines,
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
        if (skipLogged(outcome.reason, 'event'))
          lines.add({ ...line(loaded, rule, now), outcome: 'skipped', reason: outcome.reason });
        continue;
      }
      if (changesNothing(outcome.actions, loaded.context.conversation)) {
        const settled = fireUnchanged(lines, loaded, rule, outcome.actions, outcome.keyword, now);
        // As after `fire`: one skipped before leaves the turn to the next rule; else it is over.
        if (settled === 'skipped_before') continue;
        return settled === 'handled';
      }
      const fired = await fire(deps, loaded, rule, outcome.actions, outcome.keyword, now);
      if (fired.outcome === 'quiet_period' || fired.outcome === 'skipped_before') continue;
      // Its quiet period runs from now for the conversation's later messages of the batch.
      if (fired.outcome === 'fired' && rule.kind === 'auto_reply')
        loaded.context = {
          ...loaded.context,
          lastFiredAt: { ...loaded.context.lastFiredAt, [rule.id]: now },
        };
      if (fired.carried !== null)
        await announceCarried(deps, loaded.project.key, loaded.conversation.id, fired.carried, now);
      // The next kind needs a fresh look only when this one changed something (or acted in an
      // earlier run, which left no record of what).
      return fired.carried === null || fired.carried.changed;
    } catch (error) {
      changed = true;
      deps.log.warn({ err: error, ruleId: rule.id, messageId: loaded.message.id }, 'automation rule failed');
      await logError(deps.db, loaded, rule, now).catch((logError: unknown) =>
        deps.log.warn({ err: logError, ruleId: rule.id }, 'logging an automation error failed'),
      );
    }
  }
  return changed;
}

/**
 * Resolves on the event loop's next turn. PGlite answers a statement without giving the loop a
 * turn (its promises settle as microtasks), so a batch judged statement after statement would
 * hold the loop for its whole length (seconds at 200 messages/s): no webhook could even be read,
 * let alone stored first, and clients' connections time out. A turn before each message lets the
 * sockets be read; `inboxIdle` then waits for what arrived to be stored.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Judges a batch of customers' messages, oldest first: each against its project's rules of every
 * kind (a later message of a conversation sees what an earlier one's rules did), then the
 * no-reply timers and the follow-ups. What only clears or stops (the timers a message answers,
 * the runs it stops) is done for the whole batch at the end, in one statement each.
 */
async function judgeMessages(deps: AutomationDeps, payloads: readonly Payload[]): Promise<void> {
  if (payloads.length === 0) return;
  const now = deps.now();
  const { inbound, states, rulesOf, lines } = await loadBatch(deps.db, payloads);
  const payloadOf = new Map(payloads.map((payload) => [payload.messageId, payload]));
  const answered = new AnsweredTimers();
  const replied = new RepliedRuns();
  for (const message of inbound) {
    // The inbox first: a webhook waiting to be stored goes before this message's rules.
    if (deps.inboxIdle !== undefined) {
      await nextTurn();
      await deps.inboxIdle();
    }
    const state = states.get(message.conversationId);
    const payload = payloadOf.get(message.id);
    if (state === undefined || payload === undefined || state.accountDeleted) continue;
    const loaded: Loaded = {
      ...state,
      message,
      rules: rulesOf.get(state.project.id) ?? [],
      context: contextOf(state, eventOf(message, payload), now),
    };
    for (const kind of MESSAGE_KINDS) {
      // A later kind (and the follow-ups) sees what an earlier one did: a division, labels, a stage.
      if (await runKind(deps, lines, loaded, kind, now)) await refresh(deps.db, loaded);
    }
    // No-reply timers (timerStore.ts): the message answers `no_customer_reply`, starts `no_agent_reply`.
    await customerWroteTimers(
      deps.db,
      {
        projectId: loaded.project.id,
        conversationId: loaded.conversation.id,
        rules: loaded.rules,
        at: loaded.message.createdAt,
        timeZone: loaded.context.project.timeZone,
        now,
      },
      answered,
    );
    // Follow-up sequences (src/automation/followUps.ts), after the other kinds: the message
    // stops the conversation's runs and starts those of the follow-up rules it fires.
    await followUpsOnMessage(deps, loaded, now, replied);
    // The conversation's next message in the batch is judged on what this one left.
    states.set(message.conversationId, {
      ...state,
      conversation: loaded.conversation,
      labelIds: [...loaded.context.conversation.labelIds],
      stageId: loaded.context.conversation.stageId,
      lastFiredAt: { ...loaded.context.lastFiredAt },
    });
  }
  await lines.write(deps.db);
  await answered.clear(deps.db);
  await replied.stop(deps, now);
}

/** The handler of `automation.message` jobs: one alone, or those claimed together as one batch. */
export function automationMessageJob(deps: AutomationDeps): JobHandler {
  const payloadsOf = (jobs: readonly JobRow[]) =>
    jobs.flatMap((job) => {
      const parsed = payloadSchema.safeParse(job.payload);
      if (parsed.success) return [parsed.data];
      deps.log.warn({ jobId: job.id }, 'automation job with a bad payload');
      return [];
    });
  return {
    run: (job) => judgeMessages(deps, payloadsOf([job])),
    runMany: (jobs) => judgeMessages(deps, payloadsOf(jobs)),
  };
}

/**
 * Brings the loaded conversation's division, labels and stage up to date after a kind acted: the
 * conversation with its customer's labels and stage, in one statement.
 */
async function refresh(db: Db, loaded: Loaded): Promise<void> {
  const customerId = loaded.customer.id;
  const [found] = await db
    .select({
      conversation: conversations,
      labelIds: sql<string[]>`coalesce((
        SELECT json_agg(${customerLabels.labelId}) FROM ${customerLabels}
        WHERE ${customerLabels.customerId} = ${customerId}), '[]'::json)`,
      stageId: sql<string | null>`(
        SELECT ${customerStages.stageId} FROM ${customerStages}
        WHERE ${customerStages.customerId} = ${customerId} LIMIT 1)`,
    })
    .from(conversations)
    .where(eq(conversations.id, loaded.conversation.id))
    .limit(1);
  if (found === undefined) return;
  loaded.conversation = found.conversation;
  loaded.context = {
    ...loaded.context,
    conversation: {
      ...loaded.context.conversation,
      divisionId: found.conversation.divisionId,
      labelIds: found.labelIds,
      stageId: found.stageId,
    },
  };
}
