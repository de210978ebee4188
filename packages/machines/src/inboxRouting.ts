/**
 * The one real-time connection feeding the inbox actors (DESIGN.md "Real-time"): socket events
 * go to the conversation lists, open conversations and accounts screens attached for their
 * project, and the connection machine's `resync` tells each of them to fetch what it missed.
 *
 * - `message.new` -> the list's `list.messageArrived`, the open thread's `thread.received`
 *   (and `thread.markRead` for a customer's message while the agent is reading), and the
 *   inbound listeners (desktop notifications);
 * - `message.updated` -> the open thread's `thread.statusChanged`;
 * - `conversation.updated` -> the list's `list.conversationUpdated` and the open
 *   conversation's `conversation.updated`;
 * - `conversation.removed` -> the list's `list.conversationRemoved`, and the open conversation
 *   closes (`onRemoved`);
 * - `account.status` -> the accounts' `accounts.statusChanged`; `account.updated` ->
 *   `accounts.updated`; `account.deleted` -> `accounts.deleted`, and `conversation.resync` to the
 *   project's open conversations (one of that number turns read-only);
 * - `template.updated` -> the templates tabs' `templates.updated`; `template.deleted` ->
 *   `templates.deleted`;
 * - `customer.stage` -> the stage screens' `stage.moved` (the board, the customer panel);
 * - `follow_up.changed` -> the customer panels' `followUps.changed`;
 * - `resync` -> `list.resync`, `thread.resync`, `conversation.resync`, `accounts.resync`,
 *   `templates.resync`, `stage.resync`, `followUps.resync`.
 *
 * Every `attach*` and `onInbound` answers its own cleanup; `stop()` withdraws the router from
 * the connection. No React, no XState: anything with `send` can be attached.
 */
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@sapa/sdk';
import type { AccountsEvent } from './accountsMachine.ts';
import type { ConversationEvent } from './conversationMachine.ts';
import type { ConversationListEvent } from './conversationListMachine.ts';
import type { StageFeedEvent } from './stageActors.ts';
import type { FollowUpFeedEvent } from './customerFollowUpsMachine.ts';
import type { TemplatesEvent } from './templatesMachine.ts';
import type { ThreadEvent } from './threadMachine.ts';

/** The SDK's realtime object, as far as routing needs it. */
export interface InboxEventSource {
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
}

/** The connection actor, as far as routing needs it (`actor.on('resync', ...)`). */
export interface ResyncSource {
  on(type: 'resync', handler: () => void): { unsubscribe(): void };
}

export interface Target<E> {
  send(event: E): void;
}

/** An open conversation: its thread (once it has one), its summary and what closes it. */
export interface OpenConversation {
  conversationId: string;
  thread: Target<ThreadEvent> | null;
  conversation: Target<ConversationEvent> | null;
  /** The viewer may no longer see it (`conversation.removed`): close it. */
  onRemoved(): void;
}

export type InboundMessage = ServerEventPayload<'message.new'>;

export interface InboxRouterOptions {
  /** Whether the agent is looking at the screen; a customer's message is then read at once. */
  isReading?: () => boolean;
}

export interface InboxRouter {
  attachList(key: string, list: Target<ConversationListEvent>): () => void;
  attachConversation(key: string, open: OpenConversation): () => void;
  attachAccounts(key: string, accounts: Target<AccountsEvent>): () => void;
  /** A Templates tab of the project (templatesMachine): its WABA's templates, live. */
  attachTemplates(key: string, templates: Target<TemplatesEvent>): () => void;
  /** The project's customer moves between stages (the board, the chat's customer panel). */
  attachStages(key: string, target: Target<StageFeedEvent>): () => void;
  /** A customer panel's follow-ups (customerFollowUpsMachine): their runs changed. */
  attachFollowUps(key: string, target: Target<FollowUpFeedEvent>): () => void;
  /** Called for every customer's message, of any project (desktop notifications). */
  onInbound(listener: (event: InboundMessage) => void): () => void;
  /** Stops listening to the socket and the connection. */
  stop(): void;
}

interface Attached<T> {
  key: string;
  target: T;
}

/** A set whose `add` answers the function that removes the entry again (once). */
function registry<T>() {
  const entries = new Set<T>();
  return {
    entries,
    add(entry: T): () => void {
      entries.add(entry);
      return () => {
        entries.delete(entry);
      };
    },
  };
}

export function createInboxRouter(
  source: InboxEventSource,
  connection: ResyncSource,
  options: InboxRouterOptions = {},
): InboxRouter {
  const isReading = options.isReading ?? (() => true);
  const lists = registry<Attached<Target<ConversationListEvent>>>();
  const conversations = registry<Attached<OpenConversation>>();
  const accounts = registry<Attached<Target<AccountsEvent>>>();
  const templateTargets = registry<Attached<Target<TemplatesEvent>>>();
  const stageTargets = registry<Attached<Target<StageFeedEvent>>>();
  const followUpTargets = registry<Attached<Target<FollowUpFeedEvent>>>();
  const inbound = registry<(event: InboundMessage) => void>();

  const listsOf = (key: string) => [...lists.entries].filter((entry) => entry.key === key);
  const openOf = (key: string, conversationId: string) =>
    [...conversations.entries]
      .filter((entry) => entry.key === key && entry.target.conversationId === conversationId)
      .map((entry) => entry.target);

  const offs = [
    source.on('message.new', (event) => {
      for (const { target } of listsOf(event.key))
        target.send({ type: 'list.messageArrived', conversationId: event.conversationId });
      for (const open of openOf(event.key, event.conversationId)) {
        open.thread?.send({ type: 'thread.received', message: event.message });
        if (event.message.direction === 'in' && isReading()) open.thread?.send({ type: 'thread.markRead' });
      }
      if (event.message.direction === 'in') for (const listener of [...inbound.entries]) listener(event);
    }),
    source.on('message.updated', (event) => {
      for (const open of openOf(event.key, event.conversationId))
        open.thread?.send({
          type: 'thread.statusChanged',
          messageId: event.messageId,
          clientId: event.clientId,
          status: event.status,
          error: event.error,
        });
    }),
    source.on('conversation.updated', (event) => {
      for (const { target } of listsOf(event.key))
        target.send({ type: 'list.conversationUpdated', conversation: event.conversation });
      for (const open of openOf(event.key, event.conversation.id))
        open.conversation?.send({ type: 'conversation.updated', conversation: event.conversation });
    }),
    source.on('conversation.removed', (event) => {
      for (const { target } of listsOf(event.key))
        target.send({ type: 'list.conversationRemoved', conversationId: event.conversationId });
      for (const open of openOf(event.key, event.conversationId)) open.onRemoved();
    }),
    source.on('customer.stage', (event) => {
      for (const { key, target } of [...stageTargets.entries])
        if (key === event.key)
          target.send({ type: 'stage.moved', customerId: event.customerId, stage: event.stage });
    }),
    source.on('follow_up.changed', (event) => {
      for (const { key, target } of [...followUpTargets.entries])
        if (key === event.key) target.send({ type: 'followUps.changed', customerId: event.customerId });
    }),
    source.on('account.status', (event) => {
      for (const { key, target } of [...accounts.entries])
        if (key === event.key)
          target.send({ type: 'accounts.statusChanged', accountId: event.accountId, status: event.status });
    }),
    source.on('account.updated', (event) => {
      for (const { key, target } of [...accounts.entries])
        if (key === event.key) target.send({ type: 'accounts.updated', account: event.account });
    }),
    source.on('account.deleted', (event) => {
      for (const { key, target } of [...accounts.entries])
        if (key === event.key) target.send({ type: 'accounts.deleted', accountId: event.accountId });
      // An open conversation of that number turns read-only: its summary is read again
      // (`accountDeleted`); those of the project's other numbers merely refresh.
      for (const { key, target } of [...conversations.entries])
        if (key === event.key) target.conversation?.send({ type: 'conversation.resync' });
    }),
    source.on('template.updated', (event) => {
      for (const { key, target } of [...templateTargets.entries])
        if (key === event.key) target.send({ type: 'templates.updated', template: event.template });
    }),
    source.on('template.deleted', (event) => {
      for (const { key, target } of [...templateTargets.entries])
        if (key === event.key) target.send({ type: 'templates.deleted', templateId: event.templateId });
    }),
  ];
  const resync = connection.on('resync', () => {
    for (const { target } of [...lists.entries]) target.send({ type: 'list.resync' });
    for (const { target } of [...conversations.entries]) {
      target.thread?.send({ type: 'thread.resync' });
      target.conversation?.send({ type: 'conversation.resync' });
    }
    for (const { target } of [...accounts.entries]) target.send({ type: 'accounts.resync' });
    for (const { target } of [...templateTargets.entries]) target.send({ type: 'templates.resync' });
    for (const { target } of [...stageTargets.entries]) target.send({ type: 'stage.resync' });
    for (const { target } of [...followUpTargets.entries]) target.send({ type: 'followUps.resync' });
  });

  return {
    attachList: (key, list) => lists.add({ key, target: list }),
    attachConversation: (key, open) => conversations.add({ key, target: open }),
    attachAccounts: (key, target) => accounts.add({ key, target }),
    attachTemplates: (key, target) => templateTargets.add({ key, target }),
    attachStages: (key, target) => stageTargets.add({ key, target }),
    attachFollowUps: (key, target) => followUpTargets.add({ key, target }),
    onInbound: (listener) => inbound.add(listener),
    stop() {
      for (const off of offs) off();
      resync.unsubscribe();
    },
  };
}
