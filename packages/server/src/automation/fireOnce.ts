/**
 * Firing a rule once for an event that is not a message (a timer, a label or stage change): its
 * activity line is inserted first under its unique `event_key`, then the actions are carried out
 * and the line gets their results, all in one transaction. No line back: the event was handled
 * already (a job run twice, two processes), and nothing happens. An auto-reply claims its quiet
 * period as the message job does. Skips are logged the same way.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { automationActivity } from '../db/schema.ts';
import type {
  AutomationAction,
  AutomationActivityEvent,
  AutomationActivityReason,
  AutomationRule,
} from '../sdk.ts';
import type { ConversationState } from './conversationState.ts';
import { carryOut } from './carryOut.ts';
import type { Carried, Target } from './carryOut.ts';
import { claimQuietPeriod } from './engine.ts';
import type { AutomationDeps } from './engine.ts';

export interface ActivityEvent {
  event: AutomationActivityEvent;
  eventKey: string;
  messageId?: string | null;
}

function line(state: ConversationState, rule: AutomationRule, event: ActivityEvent, now: Date) {
  return {
    id: randomUUID(),
    projectId: state.project.id,
    ruleId: rule.id,
    ruleName: rule.name,
    kind: rule.kind,
    customerId: state.customer.id,
    conversationId: state.conversation.id,
    messageId: event.messageId ?? null,
    event: event.event,
    eventKey: event.eventKey,
    at: now,
  };
}

/** Logs that `rule` was looked at for the event and did not fire (once per event key). */
export async function logSkipOnce(
  db: Db,
  state: ConversationState,
  rule: AutomationRule,
  event: ActivityEvent,
  reason: AutomationActivityReason,
  now: Date,
): Promise<void> {
  await db
    .insert(automationActivity)
    .values({ ...line(state, rule, event, now), outcome: 'skipped', reason })
    .onConflictDoNothing({ target: automationActivity.eventKey });
}

/**
 * Fires `rule` with `actions` once per event key; `before` runs first in the same transaction
 * (a timer deletes its row). Answers what was carried out, or null when handled before.
 */
export async function fireOnce(
  deps: Pick<AutomationDeps, 'db' | 'prices'>,
  input: {
    state: ConversationState;
    rule: AutomationRule;
    event: ActivityEvent;
    actions: readonly AutomationAction[];
    keyword: string | null;
    depth: number;
    now: Date;
    /** Runs first; false: the event is stale (a timer replaced meanwhile), nothing is done. */
    before?: (tx: Db) => Promise<boolean>;
    /** Instead of the rule's actions (a reassignment carries out its own). */
    carry?: (tx: Db, target: Target, carried: Carried) => Promise<void>;
  },
): Promise<Carried | null> {
  try {
    return await fireInTransaction(deps, input);
  } catch (error) {
    if (error instanceof StaleEvent) return null;
    throw error;
  }
}

/** Rolls a firing back: the event it was for is no longer wanted. */
class StaleEvent extends Error {}

async function fireInTransaction(
  deps: Pick<AutomationDeps, 'db' | 'prices'>,
  input: Parameters<typeof fireOnce>[1],
): Promise<Carried | null> {
  const { state, rule, event, now } = input;
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(automationActivity)
      .values({ ...line(state, rule, event, now), outcome: 'fired', keyword: input.keyword })
      .onConflictDoNothing({ target: automationActivity.eventKey })
      .returning({ id: automationActivity.id });
    if (claimed === undefined) return null;
    if (input.before !== undefined && !(await input.before(tx))) throw new StaleEvent('stale');
    // An auto-reply keeps its quiet period whatever set it off (engine.ts claims it the same way).
    if (rule.kind === 'auto_reply' && !(await claimQuietPeriod(tx, rule, state.conversation.id, now))) {
      await tx
        .update(automationActivity)
        .set({ outcome: 'skipped', reason: 'quiet_period' })
        .where(eq(automationActivity.id, claimed.id));
      return null;
    }
    const target: Target = {
      projectId: state.project.id,
      ruleId: rule.id,
      eventKey: event.eventKey,
      conversation: state.conversation,
      customer: state.customer,
      now,
      prices: deps.prices,
      depth: input.depth,
    };
    let carried: Carried;
    if (input.carry === undefined) {
      carried = await carryOut(tx, target, input.actions);
    } else {
      carried = { results: [], sent: [], charges: [], changed: false };
      await input.carry(tx, target, carried);
    }
    await tx
      .update(automationActivity)
      .set({ actions: carried.results })
      .where(eq(automationActivity.id, claimed.id));
    return carried;
  });
}
