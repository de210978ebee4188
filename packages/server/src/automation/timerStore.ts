/**
 * The rows of `automation_timers` (migration 0020) and their jobs: one timer per rule,
 * conversation and kind, each with one `automation.timer` job on the durable job table, due at
 * its time and queued in the transaction that writes the row, its id on the row (`job_id`). A
 * restarted timer gets a new id and a new job; the old job then finds no row naming it and ends
 * (timers.ts). Starting and clearing happen where the events are stored:
 *
 * - a customer's message (the `automation.message` job): clears the conversation's
 *   `no_customer_reply` timers and starts each `no_agent_reply` rule's timer, unless one is running
 *   (the delay counts from the first unanswered message);
 * - an outbound message (`storeOutbound`'s transaction): an agent's reply (a sender, no rule)
 *   clears `no_agent_reply` and `reassign`; any outbound message (an agent's or automation's)
 *   starts each `no_customer_reply` rule's timer afresh (the delay counts from the last one);
 * - an assignment with `reassignAfterMinutes` starts a `reassign` timer (assignAgent.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { automationTimers } from '../db/schema.ts';
import type { AutomationTimerKind } from '../db/schema.ts';
import { enqueueJob } from '../jobs/jobQueue.ts';
import { addDelay } from '../sdk.ts';
import type { AutomationRule, AutomationTrigger } from '../sdk.ts';
import type { SQL } from 'drizzle-orm';

/** The job kind of a timer. */
export const AUTOMATION_TIMER_JOB = 'automation.timer';

/** The first-policy kinds whose rules may wait on a no-reply trigger (`ruleVocabulary`). */
const TIMER_RULE_KINDS = ['auto_reply', 'auto_division', 'auto_stage'] as const;

export interface NewTimer {
  projectId: string;
  ruleId: string;
  conversationId: string;
  kind: AutomationTimerKind;
  since: Date;
  dueAt: Date;
  userId: string | null;
  now: Date;
}

/**
 * Starts a timer in `tx` with its job. `replace`: a running one of the same rule, conversation
 * and kind is replaced (a new id and job; its job goes stale); otherwise it is kept as it is.
 * Answers the timer's id, or null when one was kept.
 */
export async function startTimer(tx: Db, timer: NewTimer, replace: boolean): Promise<string | null> {
  const id = randomUUID();
  const conflict = replace
    ? sql`do update set id = excluded.id, since = excluded.since, due_at = excluded.due_at,
        user_id = excluded.user_id, job_id = null, created_at = excluded.created_at`
    : sql`do nothing`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into automation_timers (id, project_id, rule_id, conversation_id, kind, since, due_at, user_id, created_at)
      values (${id}::uuid, ${timer.projectId}::uuid, ${timer.ruleId}::uuid, ${timer.conversationId}::uuid,
        ${timer.kind}, ${timer.since.toISOString()}::timestamptz, ${timer.dueAt.toISOString()}::timestamptz,
        ${timer.userId}::uuid, ${timer.now.toISOString()}::timestamptz)
      on conflict (rule_id, conversation_id, kind) ${conflict}
      returning id`,
  );
  if (rows.length === 0) return null;
  const jobId = await enqueueJob(tx, {
    kind: AUTOMATION_TIMER_JOB,
    payload: { timerId: id },
    runAt: timer.dueAt,
    now: timer.now,
  });
  await tx.update(automationTimers).set({ jobId }).where(eq(automationTimers.id, id));
  return id;
}

type NoReplyTrigger = Extract<AutomationTrigger, { kind: 'no_agent_reply' | 'no_customer_reply' }>;

function delayOf(trigger: AutomationTrigger, kind: NoReplyTrigger['kind']): NoReplyTrigger['after'] | null {
  return trigger.kind === kind ? trigger.after : null;
}

/**
 * The `no_customer_reply` timers a batch of customer messages answers, cleared in one statement
 * once the batch is judged: per conversation, those started up to its latest message.
 */
export class AnsweredTimers {
  readonly #latest = new Map<string, Date>();

  add(conversationId: string, at: Date): void {
    const was = this.#latest.get(conversationId);
    if (was === undefined || at > was) this.#latest.set(conversationId, at);
  }

  async clear(db: Db): Promise<void> {
    if (this.#latest.size === 0) return;
    const answered = [...this.#latest];
    this.#latest.clear();
    await db
      .delete(automationTimers)
      .where(
        and(
          eq(automationTimers.kind, 'no_customer_reply'),
          or(
            ...answered.map(([conversationId, at]) =>
              and(eq(automationTimers.conversationId, conversationId), lte(automationTimers.since, at)),
            ),
          ),
        ),
      );
  }
}

/**
 * A customer's message of `at` (from the `automation.message` job, with the project's enabled
 * rules): clears the `no_customer_reply` timers it answers and starts the `no_agent_reply` ones.
 * When no rule waits for an agent, the clearing is only noted in `batch` (its `clear` does it for
 * every message of the batch at once). Idempotent: a re-run finds the timers started (and keeps
 * them).
 */
export async function customerWroteTimers(
  db: Db,
  input: {
    projectId: string;
    conversationId: string;
    rules: readonly AutomationRule[];
    at: Date;
    timeZone: string;
    now: Date;
  },
  batch?: AnsweredTimers,
): Promise<void> {
  const waiting = input.rules.filter(
    (rule) =>
      rule.enabled &&
      (TIMER_RULE_KINDS as readonly string[]).includes(rule.kind) &&
      rule.trigger.kind === 'no_agent_reply',
  );
  const answered = (tx: Db) =>
    tx
      .delete(automationTimers)
      .where(
        and(
          eq(automationTimers.conversationId, input.conversationId),
          eq(automationTimers.kind, 'no_customer_reply'),
          lte(automationTimers.since, input.at),
        ),
      );
  // No rule waits for an agent: the one statement, without a transaction around it (or the batch's).
  if (waiting.length === 0) {
    if (batch === undefined) await answered(db);
    else batch.add(input.conversationId, input.at);
    return;
  }
  await db.transaction(async (tx) => {
    await answered(tx);
    for (const rule of waiting) {
      const after = delayOf(rule.trigger, 'no_agent_reply');
      if (after === null) continue;
      await startTimer(
        tx,
        {
          projectId: input.projectId,
          ruleId: rule.id,
          conversationId: input.conversationId,
          kind: 'no_agent_reply',
          since: input.at,
          dueAt: addDelay(input.at, after, input.timeZone),
          userId: null,
          now: input.now,
        },
        false,
      );
    }
  });
}

/**
 * An outbound message stored in `tx` (`storeOutbound`): an agent's reply (a sender and no rule)
 * clears the conversation's `no_agent_reply` and `reassign` timers; any outbound message starts
 * the project's `no_customer_reply` rules' timers afresh from its time.
 */
export async function outboundTimers(
  tx: Db,
  message: {
    conversationId: string;
    senderUserId: string | null;
    automationRuleId?: string | null | undefined;
    createdAt: Date;
  },
): Promise<void> {
  if (message.senderUserId !== null && (message.automationRuleId ?? null) === null) {
    await tx
      .delete(automationTimers)
      .where(
        and(
          eq(automationTimers.conversationId, message.conversationId),
          inArray(automationTimers.kind, ['no_agent_reply', 'reassign']),
        ),
      );
  }
  const rules = await noCustomerReplyRules(
    tx,
    sql`(select project_id from conversations where id = ${message.conversationId}::uuid)`,
  );
  await startNoCustomerReply(tx, rules, [message]);
}

/**
 * A broadcast's messages stored in `tx` (recipientSend.ts): each starts the project's
 * `no_customer_reply` rules' timers from its time, as any outbound message does (one read of the
 * rules for the batch; nothing more when the project has none).
 */
export async function broadcastTimers(
  tx: Db,
  projectId: string,
  sent: readonly { conversationId: string; createdAt: Date }[],
): Promise<void> {
  if (sent.length === 0) return;
  const rules = await noCustomerReplyRules(tx, sql`${projectId}::uuid`);
  await startNoCustomerReply(tx, rules, sent);
}

interface NoCustomerReplyRule {
  id: string;
  project_id: string;
  trigger: AutomationTrigger;
  time_zone: string;
}

/** The enabled rules of the project `project` (an SQL uuid) waiting for a customer's reply. */
async function noCustomerReplyRules(tx: Db, project: SQL): Promise<NoCustomerReplyRule[]> {
  return queryRows<NoCustomerReplyRule>(
    tx,
    sql`select r.id, r.project_id, r.trigger, p.time_zone
      from automation_rules r join projects p on p.id = r.project_id
      where r.project_id = ${project} and r.enabled
        and r.kind in ('auto_reply', 'auto_division', 'auto_stage')
        and r.trigger->>'kind' = 'no_customer_reply'`,
  );
}

/** Starts (afresh) each rule's `no_customer_reply` timer for each of `sent`, from its time. */
async function startNoCustomerReply(
  tx: Db,
  rules: readonly NoCustomerReplyRule[],
  sent: readonly { conversationId: string; createdAt: Date }[],
): Promise<void> {
  for (const rule of rules) {
    const after = delayOf(rule.trigger, 'no_customer_reply');
    if (after === null) continue;
    for (const message of sent) {
      await startTimer(
        tx,
        {
          projectId: rule.project_id,
          ruleId: rule.id,
          conversationId: message.conversationId,
          kind: 'no_customer_reply',
          since: message.createdAt,
          dueAt: addDelay(message.createdAt, after, rule.time_zone),
          userId: null,
          now: message.createdAt,
        },
        true,
      );
    }
  }
}
