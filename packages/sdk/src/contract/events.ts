/**
 * The real-time events the server pushes over socket.io (DESIGN.md "Real-time"). Every event
 * that concerns a conversation carries its per-conversation `seq`, so a client that missed some
 * can ask for what came after the last `seq` it saw (`message_list` with `afterSeq`).
 */
import type {
  AccountStatus,
  ConversationSummary,
  MessageStatus,
  ThreadMessage,
  WhatsAppAccount,
} from './chatTypes.ts';
import type { MessagePricing } from './templateTypes.ts';
import type { Stage } from './crmTypes.ts';
import type { MessageTemplate } from './templateTypes.ts';
import type { Notification } from './teamTypes.ts';
import type { LedgerEntry, ProjectBilling, Saldo, Topup } from './billingTypes.ts';
import type { PermissionKey } from '../permissions/tree.ts';
import type { BroadcastSummary } from './broadcastTypes.ts';
import type { AutomationRuleView } from './automationActs.ts';
import type { AutomationRuleKind } from './automationTypes.ts';

export interface ServerToClientEvents {
  /** A message was stored in a conversation (inbound from a customer, or sent by an agent). */
  'message.new': (event: {
    key: string;
    conversationId: string;
    seq: number;
    /** The customer's name as agents call them (for notifications). */
    customerName: string;
    message: ThreadMessage;
  }) => void;
  /** A message's delivery status changed (sent, delivered, read, failed). */
  'message.updated': (event: {
    key: string;
    conversationId: string;
    messageId: string;
    clientId: string | null;
    status: MessageStatus;
    error: { code: number; title: string } | null;
    /** What Meta bills it as, once a status webhook said (absent: unchanged). */
    pricing?: MessagePricing | null;
  }) => void;
  /** A conversation's summary changed: last message, unread count, assignment. */
  'conversation.updated': (event: { key: string; conversation: ConversationSummary }) => void;
  /**
   * The receiver may no longer see a conversation (it was assigned to someone else): drop it
   * from the list and close it if open.
   */
  'conversation.removed': (event: { key: string; conversationId: string }) => void;
  /** A WhatsApp account connected, disconnected or was logged out. */
  'account.status': (event: { key: string; accountId: string; status: AccountStatus }) => void;
  /** A number's facts changed (verified name, quality rating, messaging tier, status): the accounts screen. */
  'account.updated': (event: { key: string; account: WhatsAppAccount }) => void;
  /** A number was deleted from the project (`account_delete`). */
  'account.deleted': (event: { key: string; accountId: string }) => void;
  /**
   * A project's balance changed (a transfer in, a charge, a refund, a threshold set): sent to the
   * members who hold `project.billing.view`, with the entry that changed it (absent for a threshold).
   */
  'billing.updated': (event: { key: string; billing: ProjectBilling; entry?: LedgerEntry }) => void;
  /** The user's saldo changed, or one of their top-ups did (sent to that user only). */
  'saldo.updated': (event: { saldo: Saldo; entry?: LedgerEntry; topup?: Topup }) => void;
  /**
   * A broadcast was created, changed, or made progress (at most about once a second while it
   * sends): to the project's members who hold `crm.broadcast.view`.
   */
  'broadcast.updated': (event: { key: string; broadcast: BroadcastSummary }) => void;
  /** A broadcast was deleted (`broadcast_delete`). */
  'broadcast.deleted': (event: { key: string; broadcastId: string }) => void;
  /**
   * An automation rule was created, changed, switched on or off, or moved in its kind's order:
   * to the project's members who may view that kind (`automationPermission(kind, 'view')`).
   */
  'automation.rule.updated': (event: { key: string; rule: AutomationRuleView }) => void;
  /** An automation rule was deleted (`automation_rule_delete`), to the same members. */
  'automation.rule.deleted': (event: { key: string; kind: AutomationRuleKind; ruleId: string }) => void;
  /**
   * A customer's follow-up runs changed in a conversation (a run started, a step went out, a run
   * stopped, was cancelled or finished): to the members who may see that conversation; the
   * customer panel asks `follow_up_list` again.
   */
  'follow_up.changed': (event: { key: string; customerId: string; conversationId: string }) => void;
  /** A template was created, synced, or its status or category changed (Meta's webhooks). */
  'template.updated': (event: { key: string; template: MessageTemplate }) => void;
  /** A template was deleted (here, or at Meta and found by a sync). */
  'template.deleted': (event: { key: string; accountId: string; templateId: string }) => void;
  /** A customer moved to another stage (the board, the chat's customer panel). */
  'customer.stage': (event: {
    key: string;
    customerId: string;
    stage: Pick<Stage, 'id' | 'name' | 'color'> | null;
  }) => void;
  /**
   * To the member: their permissions in a project changed (the permission editor), or their role
   * did (the project was handed over: `project_transfer`). Menus and buttons follow at once; the
   * server already refuses what was taken away. `role`: their role now (this server always sends it).
   */
  'project.permissions': (event: {
    key: string;
    permissions: PermissionKey[];
    role?: 'owner' | 'member';
  }) => void;
  /**
   * To the member: they are no longer in a project (`removed` by a member, `left` from another
   * tab, or the project was `deleted`). Their sockets have left its rooms; screens of the project
   * close.
   */
  'project.removed': (event: { key: string; reason: 'removed' | 'left' | 'deleted' }) => void;
  /** To every member: the project's name or time zone changed (project settings). */
  'project.updated': (event: { key: string; name: string; timeZone: string }) => void;
  /** To the user: a new notification, and how many are unread now (the bell). */
  'notification.new': (event: { notification: Notification; unread: number }) => void;
  /** To the user: notifications were read (in another tab, say); how many are unread now. */
  'notification.count': (event: { unread: number }) => void;
  /**
   * To one session's sockets: it was signed out (from the profile's session list, a password
   * change or a reset). The sockets are then disconnected; the app signs out.
   */
  'session.ended': (event: Record<string, never>) => void;
}

/** The client sends nothing but its handshake today; catch-up goes through acts. */
export type ClientToServerEvents = Record<string, never>;

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
