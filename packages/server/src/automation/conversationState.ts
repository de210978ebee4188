/**
 * A conversation as the rules judge it when no message set them off (a timer came due, a label or
 * stage changed): the conversation, its customer and project, the customer's labels and stage,
 * the project's time zone and working hours, whether the 24-hour window is open and whether the
 * number is gone. `contextOf` turns it into an `AutomationContext` for an event.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { conversations, customers, projects } from '../db/schema.ts';
import { projectSettings } from '../team/settings.ts';
import type { ProjectSettings } from '../sdk.ts';
import type { ConversationRow, CustomerRow, ProjectRow } from '../db/schema.ts';
import { CUSTOMER_SERVICE_WINDOW_MS } from '../sdk.ts';
import type { AdSource, AutomationContext, AutomationEvent } from '../sdk.ts';

export async function conversationState(db: Db, conversationId: string): Promise<ConversationState | null> {
  return (await conversationStates(db, [conversationId])).get(conversationId) ?? null;
}

/**
 * The states of `conversationIds` (those that exist), in one statement however many they are
 * (two when a project has a default division: `projectSettings`): the engine judges a batch of
 * messages on them. The customer's labels and stage, the conversation's quiet periods and whether
 * its number is gone come as subqueries of the conversation's row.
 */
export async function conversationStates(
  db: Db,
  conversationIds: readonly string[],
): Promise<Map<string, ConversationState>> {
  const ids = [...new Set(conversationIds)];
  if (ids.length === 0) return new Map<string, ConversationState>();
  const found = await db
    .select({
      conversation: conversations,
      customer: customers,
      project: projects,
      labelIds: sql<string[]>`coalesce((
        SELECT json_agg(label.label_id) FROM customer_labels label
        WHERE label.customer_id = ${customers.id}), '[]'::json)`,
      stageId: sql<string | null>`(
        SELECT stage.stage_id FROM customer_stages stage WHERE stage.customer_id = ${customers.id} LIMIT 1)`,
      fired: sql<{ ruleId: string; at: string }[]>`coalesce((
        SELECT json_agg(json_build_object('ruleId', fired.rule_id, 'at', fired.last_fired_at))
        FROM automation_fired fired WHERE fired.conversation_id = ${conversations.id}), '[]'::json)`,
      accountDeleted: sql<boolean>`exists (
        SELECT 1 FROM wa_accounts account
        WHERE account.id = ${conversations.accountId} AND account.deleted_at IS NOT NULL)`,
    })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .innerJoin(projects, eq(projects.id, conversations.projectId))
    .where(inArray(conversations.id, ids));
  if (found.length === 0) return new Map<string, ConversationState>();
  const projectRows = [...new Map(found.map((row) => [row.project.id, row.project])).values()];
  const settingsOf = new Map(
    await Promise.all(
      projectRows.map(async (project) => [project.id, await projectSettings(db, project)] as const),
    ),
  );
  const states = new Map<string, ConversationState>();
  for (const { conversation, customer, project, labelIds, stageId, fired, accountDeleted } of found) {
    const projectSettingsRow = settingsOf.get(project.id);
    if (projectSettingsRow === undefined) continue;
    states.set(conversation.id, {
      conversation,
      customer,
      project,
      settings: projectSettingsRow,
      labelIds,
      stageId,
      lastFiredAt: Object.fromEntries(fired.map((row) => [row.ruleId, new Date(row.at)])),
      accountDeleted,
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
