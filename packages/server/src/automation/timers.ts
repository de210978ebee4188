/**
 * The `automation.timer` job (issue 18): a timer of `automation_timers` came due (timerStore.ts
 * starts and clears them). The job acts only while the timer's row still names it (`job_id`): a
 * timer cleared (the agent replied, the customer wrote) or restarted leaves its old job nothing
 * to do. A due `no_agent_reply` or `no_customer_reply` timer is judged with `evaluateRule` on its
 * trigger's event at the job's time (the conversation as it is then: conditions, window, quiet
 * period), after checking that no reply came meanwhile; it fires once, its activity line keyed
 * `timer:<timerId>` and the row deleted in the same transaction. A due `reassign` timer takes the
 * conversation from an agent who has not replied to the next one of the rule's pool
 * (assignAgent.ts, the agent left out), logged as `no_agent_reply`.
 */
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, automationTimers, messages } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import { addDelay, evaluateRule, skipLogged } from '../sdk.ts';
import type { AutomationRule } from '../sdk.ts';
import { announceCarried } from './afterCommit.ts';
import { assignAgent, assignedNotice } from './assignAgent.ts';
import { contextOf, conversationState } from './conversationState.ts';
import type { ConversationState } from './conversationState.ts';
import type { AutomationDeps } from './engine.ts';
import { fireOnce, logSkipOnce } from './fireOnce.ts';
import { ruleOf } from './rules.ts';
import { AUTOMATION_TIMER_JOB, startTimer } from './timerStore.ts';

export { AUTOMATION_TIMER_JOB };

type AutomationTimerRow = typeof automationTimers.$inferSelect;

const payloadSchema = z.object({ timerId: z.string().uuid() });

/** Deletes the timer while it still names `jobId`; false when it was replaced or cleared meanwhile. */
async function dropTimer(db: Db, timerId: string, jobId: string): Promise<boolean> {
  const deleted = await db
    .delete(automationTimers)
    .where(and(eq(automationTimers.id, timerId), eq(automationTimers.jobId, jobId)))
    .returning({ id: automationTimers.id });
  return deleted.length > 0;
}

/** Whether the wait is over: an agent answered (`no_agent_reply`) or the customer wrote since. */
async function answered(db: Db, timer: AutomationTimerRow): Promise<boolean> {
  const since = and(eq(messages.conversationId, timer.conversationId), gt(messages.createdAt, timer.since));
  const reply =
    timer.kind === 'no_customer_reply'
      ? and(since, eq(messages.direction, 'in'))
      : and(
          since,
          eq(messages.direction, 'out'),
          isNotNull(messages.senderUserId),
          isNull(messages.automationRuleId),
        );
  const rows = await db.select({ id: messages.id }).from(messages).where(reply).limit(1);
  return rows.length > 0;
}

export function automationTimerJob(deps: AutomationDeps): JobHandler {
  return {
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) {
        deps.log.warn({ jobId: job.id }, 'automation timer job with a bad payload');
        return;
      }
      const { db } = deps;
      const [timer] = await db
        .select()
        .from(automationTimers)
        .where(eq(automationTimers.id, parsed.data.timerId))
        .limit(1);
      // Cleared, fired, or restarted with another job: this one is stale.
      if (timer === undefined || timer.jobId !== job.id) return;
      const now = deps.now();
      if (now.getTime() < timer.dueAt.getTime()) return { deferUntil: timer.dueAt, payload: parsed.data };
      const [ruleRow] = await db
        .select()
        .from(automationRules)
        .where(eq(automationRules.id, timer.ruleId))
        .limit(1);
      const state = await conversationState(db, timer.conversationId);
      if (ruleRow === undefined || state === null || state.accountDeleted) {
        await dropTimer(db, timer.id, job.id);
        return;
      }
      const rule = ruleOf(ruleRow);
      if (timer.kind === 'reassign') {
        await reassign(deps, timer, job.id, rule, state, now);
        return;
      }
      if (await answered(db, timer)) {
        await dropTimer(db, timer.id, job.id);
        return;
      }
      await fireTimer(deps, timer, job.id, rule, state, now);
    },
  };
}

async function fireTimer(
  deps: AutomationDeps,
  timer: AutomationTimerRow,
  jobId: string,
  rule: AutomationRule,
  state: ConversationState,
  now: Date,
): Promise<void> {
  const kind = timer.kind === 'no_customer_reply' ? 'no_customer_reply' : 'no_agent_reply';
  const event = { event: kind, eventKey: `timer:${timer.id}` } as const;
  const outcome = evaluateRule(rule, contextOf(state, { kind, since: timer.since }, now));
  if (!outcome.fires) {
    if (outcome.reason === 'not_due' && rule.trigger.kind === kind) {
      // The rule's delay grew since the timer started: wait the rest of it.
      const dueAt = addDelay(timer.since, rule.trigger.after, state.settings.timeZone);
      await deps.db.transaction(async (tx) => {
        await startTimer(tx, { ...timer, kind, dueAt, userId: null, now }, true);
      });
      return;
    }
    await deps.db.transaction(async (tx) => {
      if (!(await dropTimer(tx, timer.id, jobId))) return;
      if (skipLogged(outcome.reason, 'timer')) await logSkipOnce(tx, state, rule, event, outcome.reason, now);
    });
    return;
  }
  const carried = await fireOnce(deps, {
    state,
    rule,
    event,
    actions: outcome.actions,
    keyword: outcome.keyword,
    depth: 0,
    now,
    before: (tx) => dropTimer(tx, timer.id, jobId),
  });
  if (carried !== null) {
    await announceCarried(deps, state.project.key, state.conversation.id, carried, now);
  }
}

/** Takes the conversation from an agent who has not replied to the next one of the rule's pool. */
async function reassign(
  deps: AutomationDeps,
  timer: AutomationTimerRow,
  jobId: string,
  rule: AutomationRule,
  state: ConversationState,
  now: Date,
): Promise<void> {
  const action =
    rule.kind === 'follow_up' ? undefined : rule.actions.find((item) => item.kind === 'assign_agent');
  // Switched off, changed, or the conversation went to someone else meanwhile: nothing to take.
  if (
    !rule.enabled ||
    action === undefined ||
    action.kind !== 'assign_agent' ||
    timer.userId === null ||
    state.conversation.assignedUserId !== timer.userId
  ) {
    await dropTimer(deps.db, timer.id, jobId);
    return;
  }
  const from = timer.userId;
  const carried = await fireOnce(deps, {
    state,
    rule,
    event: { event: 'no_agent_reply', eventKey: `timer:${timer.id}` },
    actions: [],
    keyword: null,
    depth: 0,
    now,
    before: (tx) => dropTimer(tx, timer.id, jobId),
    carry: async (tx, target, done) => {
      const assigned = await assignAgent(tx, target, action, { exclude: from });
      const to = assigned.userId;
      const moved = to !== null && to !== assigned.from;
      done.results.push({
        kind: 'assign_agent',
        status: moved ? 'done' : 'failed',
        reason: moved ? null : 'no_agent',
        targetId: to,
      });
      if (moved) {
        done.changed = true;
        if (assigned.from !== null) done.unassigned = [assigned.from];
        done.notices = [await assignedNotice(tx, target, to)];
      }
    },
  });
  if (carried !== null) {
    await announceCarried(deps, state.project.key, state.conversation.id, carried, now);
  }
}
