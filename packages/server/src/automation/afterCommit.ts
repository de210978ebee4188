/**
 * What follows a rule's transaction once it committed, for the timers and the label and stage
 * events (timers.ts, events.ts; the message job has its own in engine.ts and calls
 * `sendNotices`): `message.new` for each send with the billing change, `conversation.updated`
 * (`conversation.removed` to an agent it was taken from who sees it no more), and the `notify` actions' notes. A note is
 * sent after the commit, so a crash between the two loses it (the rule does not act twice).
 */
import type { Db } from '../db/openDatabase.ts';
import type { ConversationRow } from '../db/schema.ts';
import { announce, conversationRemoved, conversationUpdated, messageNew } from '../inbox/announce.ts';
import { membersAmong } from '../crm/divisions.ts';
import type { Announcement } from '../inbox/announce.ts';
import { conversationWithCustomer } from '../inbox/conversations.ts';
import { customerStage } from '../crm/stages.ts';
import { automationThreadMessages } from '../inbox/messages.ts';
import { publishBillingChanges } from '../billing/announce.ts';
import { notify } from '../notifications/notify.ts';
import type { AutomationDeps } from './engine.ts';
import type { Carried } from './carryOut.ts';
import { followUpChanged } from './followUps.ts';

/** Sends the notes of a rule's `notify` actions (never throws: `notify` logs its failures). */
export async function sendNotices(
  deps: Pick<AutomationDeps, 'db' | 'publisher' | 'now' | 'log'>,
  carried: Carried,
): Promise<void> {
  for (const notice of carried.notices ?? []) await notify(deps, notice, deps.log);
}

/**
 * `conversation.removed` for each agent the conversation was taken from (`assign_agent`) who
 * sees it no more (not its agent, not in its division).
 */
export async function removedFrom(
  db: Db,
  key: string,
  conversation: Pick<ConversationRow, 'id' | 'assignedUserId' | 'divisionId'>,
  carried: Carried,
): Promise<Announcement[]> {
  const { assignedUserId, divisionId } = conversation;
  const lost = [...new Set(carried.unassigned ?? [])].filter((userId) => userId !== assignedUserId);
  if (lost.length === 0) return [];
  const stillInDivision = divisionId === null ? new Set<string>() : await membersAmong(db, divisionId, lost);
  return lost
    .filter((userId) => !stillInDivision.has(userId))
    .map((userId) => conversationRemoved(key, userId, conversation.id));
}

/** Announces what a committed rule changed in the conversation `conversationId` of project `key`. */
export async function announceCarried(
  deps: AutomationDeps,
  key: string,
  conversationId: string,
  carried: Carried,
  now: Date,
): Promise<void> {
  await sendNotices(deps, carried);
  if (!carried.changed) return;
  const db: Db = deps.db;
  const found = await conversationWithCustomer(db, conversationId);
  if (found === null) return;
  const sent = await automationThreadMessages(db, carried.sent, { links: deps.links, now });
  const announcements: Announcement[] = sent.map((message) =>
    messageNew(key, found.conversation, found.customer, message),
  );
  announcements.push(conversationUpdated(key, found, now));
  announcements.push(...(await removedFrom(db, key, found.conversation, carried)));
  // A rule's stage move stopped or started follow-ups: the customer panel reloads them.
  if (carried.followUpsChanged === true) announcements.push(followUpChanged(key, found.conversation));
  announce(deps.publisher, announcements);
  // A rule's stage move: the board and the customer panel follow it, as they do a member's.
  if (carried.stageMoved === true) {
    const { stage } = await customerStage(db, found.customer.id);
    deps.publisher.toProject(key, 'customer.stage', { key, customerId: found.customer.id, stage });
  }
  if (carried.sent.length > 0) {
    deps.kick();
    await publishBillingChanges(
      { db, publisher: deps.publisher, now: deps.now, prices: deps.prices, log: deps.log },
      carried.charges,
    );
  }
}
