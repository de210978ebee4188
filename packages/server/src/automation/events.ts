/**
 * The `automation.event` job (issue 18): a label was put on a customer or the customer entered a
 * stage, by a member or by a rule (eventQueue.ts queues it in the change's transaction). The
 * customer's latest conversation is judged against the project's auto-reply, auto-division and
 * auto-stage rules with the event's trigger, each kind's first rule that fires acting (as a
 * message's do). The event carries its cause, so a rule never reacts to its own label or stage
 * and a chain of rules stops at `AUTOMATION_CHAIN_MAX` (`evaluateRule`, logged `chain_limit`); a
 * rule's own label or stage queues the next event one step deeper (carryOut.ts). Each rule acts
 * once per event: its activity line is keyed `<kind>:<eventId>:<ruleId>`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, conversations } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import { evaluateRule, inRuleOrder, skipLogged } from '../sdk.ts';
import type { AutomationEvent, AutomationRuleKind, AutomationTrigger } from '../sdk.ts';
import { announceCarried } from './afterCommit.ts';
import { contextOf, conversationState } from './conversationState.ts';
import type { AutomationDeps } from './engine.ts';
import { AUTOMATION_EVENT_JOB } from './eventQueue.ts';
import { fireOnce, logSkipOnce } from './fireOnce.ts';
import { ruleOf } from './rules.ts';

export { AUTOMATION_EVENT_JOB };

const EVENT_KINDS = [
  'auto_reply',
  'auto_division',
  'auto_stage',
] as const satisfies readonly AutomationRuleKind[];

const payloadSchema = z.object({
  eventId: z.string().uuid(),
  kind: z.enum(['label_added', 'stage_entered']),
  customerId: z.string().uuid(),
  targetId: z.string().uuid(),
  cause: z.discriminatedUnion('by', [
    z.object({ by: z.literal('agent') }),
    z.object({ by: z.literal('automation'), ruleId: z.string().uuid(), depth: z.number().int().min(0) }),
  ]),
});

/** The customer's conversation the event acts in: their latest. */
async function latestConversation(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.customerId, customerId))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the rule's trigger waits for this event: `evaluateRule` answers the chain limit before
 * it looks at the trigger, and only rules the event was for get a line.
 */
function waitsFor(trigger: AutomationTrigger, event: z.output<typeof payloadSchema>): boolean {
  if (trigger.kind === 'label_added' && event.kind === 'label_added') {
    return trigger.labelId === null || trigger.labelId === event.targetId;
  }
  if (trigger.kind === 'stage_entered' && event.kind === 'stage_entered') {
    return trigger.stageId === null || trigger.stageId === event.targetId;
  }
  return false;
}

export function automationEventJob(deps: AutomationDeps): JobHandler {
  return {
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) {
        deps.log.warn({ jobId: job.id }, 'automation event job with a bad payload');
        return;
      }
      const payload = parsed.data;
      const { db } = deps;
      const conversationId = await latestConversation(db, payload.customerId);
      if (conversationId === null) return;
      let state = await conversationState(db, conversationId);
      if (state === null || state.accountDeleted) return;
      const rows = await db
        .select()
        .from(automationRules)
        .where(
          and(
            eq(automationRules.projectId, state.project.id),
            eq(automationRules.enabled, true),
            inArray(automationRules.kind, [...EVENT_KINDS]),
          ),
        );
      const rules = rows.map(ruleOf);
      const event: AutomationEvent =
        payload.kind === 'label_added'
          ? { kind: 'label_added', labelId: payload.targetId, cause: payload.cause }
          : { kind: 'stage_entered', stageId: payload.targetId, cause: payload.cause };
      const depth = payload.cause.by === 'automation' ? payload.cause.depth : 0;
      const now = deps.now();
      for (const kind of EVENT_KINDS) {
        for (const rule of inRuleOrder(rules.filter((item) => item.kind === kind))) {
          const activity = { event: payload.kind, eventKey: `${payload.kind}:${payload.eventId}:${rule.id}` };
          try {
            const outcome = evaluateRule(rule, contextOf(state, event, now));
            if (!outcome.fires) {
              if (skipLogged(outcome.reason, 'event') && waitsFor(rule.trigger, payload)) {
                await logSkipOnce(db, state, rule, activity, outcome.reason, now);
              }
              continue;
            }
            const carried = await fireOnce(deps, {
              state,
              rule,
              event: activity,
              actions: outcome.actions,
              keyword: outcome.keyword,
              depth,
              now,
            });
            if (carried !== null) {
              await announceCarried(deps, state.project.key, conversationId, carried, now);
            }
            break;
          } catch (error) {
            deps.log.warn(
              { err: error, ruleId: rule.id, eventId: payload.eventId },
              'automation rule failed',
            );
            await logSkipOnce(db, state, rule, activity, 'error', now).catch((logError: unknown) =>
              deps.log.warn({ err: logError, ruleId: rule.id }, 'logging an automation error failed'),
            );
          }
        }
        // A later kind sees what an earlier one did (a division set, a label added).
        state = (await conversationState(db, conversationId)) ?? state;
      }
    },
  };
}
