/**
 * How a notification reads and where it leads (`/notification`). The sentence is a catalogue key
 * per kind with its values; the web translates it. Conversation kinds open the conversation, an
 * accepted invite the project's members, a disconnected number the project's accounts.
 */
import type { Notification, NotificationKind } from '@sapa/sdk';

/** The catalogue key of each kind's sentence (`{actor}`, `{subject}`, `{project}`). */
export const notificationTextKeys = {
  conversation_assigned: 'notification.kind.conversation_assigned',
  customer_waiting: 'notification.kind.customer_waiting',
  invite_accepted: 'notification.kind.invite_accepted',
  account_disconnected: 'notification.kind.account_disconnected',
} as const satisfies Record<NotificationKind, string>;

export type NotificationTextKey = (typeof notificationTextKeys)[NotificationKind];

export interface NotificationText {
  key: NotificationTextKey;
  params: { actor: string; subject: string; project: string };
}

/** The sentence of a notification: its kind's key and the names to put in it. */
export function notificationText(notification: Notification): NotificationText {
  return {
    key: notificationTextKeys[notification.kind],
    params: {
      actor: notification.actorName ?? '',
      subject: notification.subject,
      project: notification.projectName,
    },
  };
}

/** The screen a notification opens. */
export type NotificationTarget =
  /** The inbox, with the conversation open when the notification names one. */
  | { screen: 'chat'; key: string; conversationId: string | null }
  | { screen: 'members'; key: string }
  | { screen: 'accounts'; key: string };

export function notificationTarget(notification: Notification): NotificationTarget {
  const { key, conversationId } = notification;
  switch (notification.kind) {
    case 'conversation_assigned':
    case 'customer_waiting':
      // The inbox opens a conversation by its id as well as by its customer's phone.
      return { screen: 'chat', key, conversationId };
    case 'invite_accepted':
      return { screen: 'members', key };
    case 'account_disconnected':
      return { screen: 'accounts', key };
  }
}
