/**
 * A conversation as the rules judge it when no message set them off (a timer came due, a label or
 * stage changed): the conversation, its customer and project, the customer's labels and stage,
 * the project's time zone and working hours, whether the 24-hour window is open and whether the
 * number is gone. `contextOf` turns it into an `AutomationContext` for an event.
 */
import { eq, inArray } from 'drizzle-orm';
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
import type { ProjectSettings } from '../sdk.ts';
import type { ConversationRow, CustomerRow, ProjectRow } from '../db/schema.ts';
import { CUSTOMER_SERVICE_WINDOW_MS } from '../sdk.ts';
import type { AdSource, AutomationContext, AutomationEvent } from '../sdk.ts';

export async function conversationState(db: Db, conversationId: string): Promise<ConversationState | null> {
  return (await conversationStates(db, [conversationId])).get(conversationId) ?? null;
}

/**
 * The states of `conversationIds` (those that exist), in a fixed handful of statements however
 * many they are: the engine judges a batch of messages on them.
 */
export async function conversationStates(
  db: Db,
  conversationIds: readonly string[],
): Promise<Map<string, ConversationState>> {
  const ids = [...new Set(conversationIds)];
  if (ids.length === 0) return new Map<string, ConversationState>();
  const found = await db
    .select({ conversation: conversations, customer: customers, project: projects })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .innerJoin(projects, eq(projects.id, conversations.projectId))
    .where(inArray(conversations.id, ids));
  if (found.length === 0) return new Map<string, ConversationState>();
  const customerIds = [...new Set(found.map((row) => row.customer.id))];
  const accountIds = [...new Set(found.map((row) => row.conversation.accountId))];
  const projectRows = [...new Map(found.map((row) => [row.project.id, row.project])).values()];
  const [labelRows, stageRows, firedRows, settings, accounts] = await Promise.all([
    db
      .select({ customerId: customerLabels.customerId, id: customerLabels.labelId })
      .from(customerLabels)
      .where(inArray(customerLabels.customerId, customerIds)),
    db
      .select({ customerId: customerStages.customerId, id: customerStages.stageId })
      .from(customerStages)
      .where(inArray(customerStages.customerId, customerIds)),
    db
      .select()
      .from(automationFired)
      .where(
        inArray(
          automationFired.conversationId,
          found.map((row) => row.conversation.id),
        ),
      ),
    Promise.all(
      projectRows.map(async (project) => [project.id, await projectSettings(db, project)] as const),
    ),
    db
      .select({ id: waAccounts.id, deletedAt: waAccounts.deletedAt })
      .from(waAccounts)
      .where(inArray(waAccounts.id, accountIds)),
  ]);
  const settingsOf = new Map(settings);
  const deleted = new Set(accounts.filter((row) => row.deletedAt !== null).map((row) => row.id));
  const states = new Map<string, ConversationState>();
  for (const { conversation, customer, project } of found) {
    const projectSettingsRow = settingsOf.get(project.id);
    if (projectSettingsRow === undefined) continue;
    states.set(conversation.id, {
      conversation,
      customer,
      project,
      settings: projectSettingsRow,
      labelIds: labelRows.filter((row) => row.customerId === customer.id).map((row) => row.id),
      stageId: stageRows.find((row) => row.customerId === customer.id)?.id ?? null,
      lastFiredAt: Object.fromEntries(
        firedRows
          .filter((row) => row.conversationId === conversation.id)
          .map((row) => [row.ruleId, row.lastFiredAt]),
      ),
      accountDeleted: deleted.has(conversation.accountId),
    });
  }
  return states;
}

/** A conversation as the rules judge it (`conversationStates`). */
export interface ConversationState {
  conversation: ConversationRow;
  customer: CustomerRow;
  project: ProjectRow;
  settings: ProjectSettings;
  labelIds: string[];
  stageId: string | null;
  lastFiredAt: Record<string, Date>;
  accountDeleted: boolean;
}

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
