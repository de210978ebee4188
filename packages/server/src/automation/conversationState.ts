/**
 * A conversation as the rules judge it when no message set them off (a timer came due, a label or
 * stage changed): the conversation, its customer and project, the customer's labels and stage,
 * the project's time zone and working hours, whether the 24-hour window is open and whether the
 * number is gone. `contextOf` turns it into an `AutomationContext` for an event.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import {
  automationFired,
  conversations,
  customerLabels,
  customerStages,
  customers,
  projects,
  waAccounts,
} from '../db/schema.ts';
import { projectSettings } from '../team/settings.ts';
import { CUSTOMER_SERVICE_WINDOW_MS } from '../sdk.ts';
import type { AdSource, AutomationContext, AutomationEvent } from '../sdk.ts';

export async function conversationState(db: Db, conversationId: string) {
  const [found] = await db
    .select({ conversation: conversations, customer: customers, project: projects })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .innerJoin(projects, eq(projects.id, conversations.projectId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (found === undefined) return null;
  const { conversation, customer, project } = found;
  const [labelRows, stageRows, firedRows, settings, account] = await Promise.all([
    db
      .select({ id: customerLabels.labelId })
      .from(customerLabels)
      .where(eq(customerLabels.customerId, customer.id)),
    db
      .select({ id: customerStages.stageId })
      .from(customerStages)
      .where(eq(customerStages.customerId, customer.id)),
    db.select().from(automationFired).where(eq(automationFired.conversationId, conversation.id)),
    projectSettings(db, project),
    db
      .select({ deletedAt: waAccounts.deletedAt })
      .from(waAccounts)
      .where(eq(waAccounts.id, conversation.accountId))
      .limit(1),
  ]);
  return {
    conversation,
    customer,
    project,
    settings,
    labelIds: labelRows.map((row) => row.id),
    stageId: stageRows[0]?.id ?? null,
    lastFiredAt: Object.fromEntries(firedRows.map((row) => [row.ruleId, row.lastFiredAt])),
    accountDeleted: account[0]?.deletedAt != null,
  };
}

export type ConversationState = NonNullable<Awaited<ReturnType<typeof conversationState>>>;

/** A click-to-WhatsApp referral as an ad source (tracked links are not attributed yet). */
export function adSourceOf(referral: { sourceId?: string | undefined } | null | undefined): AdSource | null {
  if (referral === null || referral === undefined) return null;
  return { kind: 'ad', adId: referral.sourceId ?? null };
}

/** The context `evaluateRule` judges `event` in, at `now`. */
export function contextOf(state: ConversationState, event: AutomationEvent, now: Date): AutomationContext {
  const { conversation } = state;
  return {
    event,
    now,
    conversation: {
      accountId: conversation.accountId,
      labelIds: state.labelIds,
      stageId: state.stageId,
      divisionId: conversation.divisionId,
      adSource: adSourceOf(conversation.referral),
      windowOpen:
        conversation.lastInboundAt !== null &&
        conversation.lastInboundAt.getTime() > now.getTime() - CUSTOMER_SERVICE_WINDOW_MS,
    },
    project: { timeZone: state.settings.timeZone, workingHours: state.settings.workingHours },
    lastFiredAt: state.lastFiredAt,
  };
}
