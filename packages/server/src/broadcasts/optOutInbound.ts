/**
 * Customers opting out of broadcasts by writing (issue 17). A customer's message that is one of
 * its project's opt-out words (`isOptOutMessage`: a text, or the text of a button they tapped)
 * marks them opted out (`via: 'message'`) in the transaction that stores the message; when the
 * project answers opt-outs, the answer (the project's text, or the catalogue's in Indonesian) is
 * queued once, as a free-form reply through the normal outbound path (`storeOutbound`: inside the
 * 24-hour window, so charged as SERVICE at the configured prices). A customer who had opted out
 * already is not answered again, and nothing they write later opts them back in: only an agent
 * does (`customer_opt_out`).
 *
 * The words come with the message's route (`AccountRoutes`, remembered for a couple of seconds),
 * so a message that is no opt-out costs nothing here: the inbox's hot path stays one statement.
 * They are read again in the transaction before anything is marked.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { InboundMessageContent } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { customers, projects } from '../db/schema.ts';
import type { CustomerRow } from '../db/schema.ts';
import { billingAnnouncements } from '../billing/announce.ts';
import { conversationUpdated, messageNew } from '../inbox/announce.ts';
import type { Announcement } from '../inbox/announce.ts';
import { divisionTag } from '../inbox/conversations.ts';
import type { Arriving, Received } from '../inbox/inbound.ts';
import { OutboundRefused, SEND_JOB, storeOutbound } from '../inbox/messages.ts';
import { conversationFromJson, customerFromJson } from '../inbox/rowsFromJson.ts';
import { toThreadMessage } from '../inbox/views.ts';
import type { MessageView } from '../inbox/views.ts';
import { isOptOutMessage, optOutWordsOf } from '../sdk.ts';
import type { PriceRow } from '../sdk.ts';
import { defaultOptOutReply } from './optOutSettings.ts';

/** What storing inbound messages needs besides the thread's view: the prices an answer is charged at. */
export interface InboundView extends MessageView {
  /** The configured price table (`config.billing.prices`); none: answers cost nothing. */
  prices?: readonly PriceRow[] | undefined;
}

/** What a customer's message says in words: a text, or the label of a button they tapped. */
function wordsOf(message: InboundMessageContent): string | null {
  switch (message.type) {
    case 'text':
      return message.body;
    case 'button':
      return message.text;
    case 'button_reply':
    case 'list_reply':
      return message.title;
    default:
      return null;
  }
}

/** Whether the message opts its customer out, by its project's words as routed. */
export function isOptOut(item: Arriving): boolean {
  const words = wordsOf(item.event.message);
  return words !== null && isOptOutMessage(words, optOutWordsOf(item.routed.optOutWords));
}

/** What an opt-out added to its message's announcements: the answer's, and whether its send was queued. */
export interface OptOutAnswer {
  announcements: Announcement[];
  queuedSend: boolean;
}

type Stored = Record<string, unknown>;

interface ProjectOptOut {
  id: string;
  optOutWords: string[] | null;
  optOutReply: string | null;
  optOutReplyEnabled: boolean;
}

/**
 * Marks the opt-outs among messages just stored, inside the transaction that stored them: each
 * arriving message beside what `sapa_receive_messages` answered for it (`null` for a duplicate).
 * The stored customer rows are brought up to date in place (so the message's announcements show
 * the customer opted out); answers, per opting-out message, what its answer adds.
 */
export async function receiveOptOuts(
  tx: Db,
  items: readonly Arriving[],
  results: readonly (Stored | null)[],
  view: InboundView,
): Promise<Map<Arriving, OptOutAnswer>> {
  const answers = new Map<Arriving, OptOutAnswer>();
  const found = items.flatMap((item, index) => {
    const stored = results[index];
    return stored !== null && stored !== undefined && isOptOut(item) ? [{ item, stored }] : [];
  });
  if (found.length === 0) return answers;
  const projectIds = [...new Set(found.map(({ item }) => item.routed.account.projectId))];
  const settings = new Map(
    (
      await tx
        .select({
          id: projects.id,
          optOutWords: projects.optOutWords,
          optOutReply: projects.optOutReply,
          optOutReplyEnabled: projects.optOutReplyEnabled,
        })
        .from(projects)
        .where(inArray(projects.id, projectIds))
    ).map((row): [string, ProjectOptOut] => [row.id, row]),
  );
  for (const { item, stored } of found) {
    const project = settings.get(item.routed.account.projectId);
    const words = wordsOf(item.event.message);
    // The words as they are now: they may have changed since the route was remembered.
    if (project === undefined || words === null) continue;
    if (!isOptOutMessage(words, optOutWordsOf(project.optOutWords))) continue;
    const customer = customerFromJson(stored['customer'] as Stored);
    const [marked] = await tx
      .update(customers)
      .set({ optedOutAt: view.now, optedOutVia: 'message' })
      .where(and(eq(customers.id, customer.id), isNull(customers.optedOutAt)))
      .returning();
    // Opted out already: nothing changes, and they are not answered again.
    if (marked === undefined) continue;
    for (const other of results) {
      const row = other?.['customer'] as Stored | undefined;
      if (row?.['id'] === marked.id) {
        row['opted_out_at'] = view.now.toISOString();
        row['opted_out_via'] = 'message';
      }
    }
    if (!project.optOutReplyEnabled) continue;
    const answer = await answerOptOut(tx, item, stored, marked, project, view);
    if (answer !== null) answers.set(item, answer);
  }
  return answers;
}

/**
 * Queues the answer to an opt-out in its conversation, with its announcements; `null` when it
 * cannot be sent (the window closed meanwhile: the message came late; the number was deleted; the
 * balance cannot pay for it): the opt-out stands all the same.
 */
async function answerOptOut(
  tx: Db,
  item: Arriving,
  stored: Stored,
  customer: CustomerRow,
  project: ProjectOptOut,
  view: InboundView,
): Promise<OptOutAnswer | null> {
  const conversationId = conversationFromJson(stored['conversation'] as Stored).id;
  const prices = view.prices ?? [];
  let sent: Awaited<ReturnType<typeof storeOutbound>>;
  try {
    sent = await storeOutbound(
      tx,
      conversationId,
      {
        type: 'text',
        caption: project.optOutReply ?? defaultOptOutReply(),
        url: null,
        mediaId: null,
        filename: null,
        name: null,
        phone: null,
        mediaFileId: null,
        clientId: randomUUID(),
        replyTo: null,
        senderUserId: null,
        createdAt: view.now,
      },
      {},
      prices,
    );
  } catch (error) {
    if (error instanceof OutboundRefused) return null;
    throw error;
  }
  const conversation = sent.conversation;
  if (conversation === null) return null;
  const key = item.routed.projectKey;
  return {
    announcements: [
      messageNew(key, conversation, customer, toThreadMessage(sent.message, null, view)),
      conversationUpdated(
        key,
        {
          conversation,
          customer,
          division: await divisionTag(tx, conversation.divisionId),
          accountDeleted: item.routed.account.deletedAt !== null,
        },
        view.now,
      ),
      ...(await billingAnnouncements(tx, sent.charge === null ? [] : [sent.charge], prices, view.now)),
    ],
    queuedSend: true,
  };
}

/** Each message's announcements followed by its opt-out answer's (the job runner told of the send). */
export function withOptOutAnswers(
  items: readonly Arriving[],
  received: readonly Received[],
  answers: ReadonlyMap<Arriving, OptOutAnswer>,
): Received[] {
  if (answers.size === 0) return [...received];
  return received.map((entry, index) => {
    const item = items[index];
    const answer = item === undefined ? undefined : answers.get(item);
    if (answer === undefined) return entry;
    return {
      announcements: [...entry.announcements, ...answer.announcements],
      queuedKinds: answer.queuedSend ? [...entry.queuedKinds, SEND_JOB] : entry.queuedKinds,
    };
  });
}
