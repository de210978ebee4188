/**
 * How a notification reads and where it leads (`/notification`). The sentence is a catalogue key
 * per kind with its values; the web translates it. Conversation kinds open the conversation, an
 * accepted invite the project's members, a disconnected number the project's accounts, a low
 * balance the project's billing.
 */
import type { Notification, NotificationKind } from '@sapa/sdk';

/** The catalogue key of each kind's sentence (`{actor}`, `{subject}`, `{project}`, `{count}`). */
export const notificationTextKeys = {
  conversation_assigned: 'notification.kind.conversation_assigned',
  customer_waiting: 'notification.kind.customer_waiting',
  invite_accepted: 'notification.kind.invite_accepted',
  account_disconnected: 'notification.kind.account_disconnected',
  low_balance: 'notification.kind.low_balance',
  automation_note: 'notification.kind.automation_note',
} as const satisfies Record<NotificationKind, string>;

/** A collapsed `customer_waiting` standing for several messages says how many (`{count}`). */
const WAITING_MANY = 'notification.kind.customer_waiting_many';

export type NotificationTextKey = (typeof notificationTextKeys)[NotificationKind] | typeof WAITING_MANY;

export interface NotificationText {
  key: NotificationTextKey;
  params: { actor: string; subject: string; project: string; count: number };
}

/** The sentence of a notification: its kind's key and the names (and count) to put in it. */
export function notificationText(notification: Notification): NotificationText {
  const many = notification.kind === 'customer_waiting' && notification.count > 1;
  return {
    key: many ? WAITING_MANY : notificationTextKeys[notification.kind],
    params: {
      actor: notification.actorName ?? '',
      subject: notification.subject,
      project: notification.projectName,
      count: notification.count,
    },
  };
}

/** The screen a notification opens. */
export type NotificationTarget =
  /** The inbox, with the conversation open when the notification names one. */
  | { screen: 'chat'; key: string; conversationId: string | null }
  | { screen: 'members'; key: string }
  | { screen: 'accounts'; key: string }
  | { screen: 'billing'; key: string };

export function notificationTarget(notification: Notification): NotificationTarget {
  const { key, conversationId } = notification;
  switch (notification.kind) {
    case 'conversation_assigned':
    case 'customer_waiting':
    case 'automation_note':
      // The inbox opens a conversation by its id as well as by its customer's phone.
      return { screen: 'chat', key, conversationId };
    case 'invite_accepted':
      return { screen: 'members', key };
    case 'account_disconnected':
      return { screen: 'accounts', key };
    case 'low_balance':
      return { screen: 'billing', key };
  }
}
