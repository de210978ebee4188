/**
 * Queuing a label or stage event for the rules (issue 18): a label put on a customer, a customer
 * moved into a stage, by a member or by a rule's action. The `automation.event` job is written in
 * the transaction of the change, only when the project has a rule switched on with that trigger
 * (one probe of the project's rules in the same statement), so a project without such rules pays
 * nothing more. The job is handled by `events.ts`; its payload's `eventId` keys what it does.
 * Kept apart from the handler so the CRM's acts can import it without the engine.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import type { EventCause } from '../sdk.ts';

/** The job kind. */
export const AUTOMATION_EVENT_JOB = 'automation.event';

/** What an `automation.event` job carries. */
export interface AutomationEventPayload {
  /** Unique per event: the activity lines are keyed `<kind>:<eventId>:<ruleId>`. */
  eventId: string;
  kind: 'label_added' | 'stage_entered';
  customerId: string;
  /** The label added or the stage entered. */
  targetId: string;
  cause: EventCause;
}

/**
 * Queues the event's job in `tx` when the customer's project has an enabled rule with the
 * event's trigger. `customerId` names the project (the customer's), so callers need no more.
 */
export async function queueAutomationEvent(
  tx: Db,
  event: Omit<AutomationEventPayload, 'eventId'>,
  now: Date,
): Promise<void> {
  const payload = { ...event, eventId: randomUUID() } satisfies AutomationEventPayload;
  await tx.execute(sql`insert into jobs (id, kind, payload, run_at, created_at)
    select gen_random_uuid(), ${AUTOMATION_EVENT_JOB}, ${JSON.stringify(payload)}::jsonb,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from customers c
    where c.id = ${event.customerId}::uuid and exists (
      select 1 from automation_rules r
      where r.project_id = c.project_id and r.enabled and r.trigger->>'kind' = ${event.kind}
        and r.kind in ('auto_reply', 'auto_division', 'auto_stage'))`);
}
