/** Sample notifications and sessions for the personal pages' model paths. */
import type { Notification, UserSession } from '@sapa/sdk';

export function notification(id: string, read: boolean): Notification {
  return {
    id,
    kind: 'conversation_assigned',
    key: 'k1abcdefgh',
    projectName: 'Toko Sapa',
    subject: `Pelanggan ${id}`,
    actorName: 'Sari',
    conversationId: `c-${id}`,
    count: 1,
    read,
    createdAt: '2025-01-01T00:00:00Z',
  };
}

/** Page 0: one unread, one read; the second page holds the other unread one. */
export const firstPage = {
  items: [notification('a', false), notification('b', true)],
  totalPage: 2,
  unread: 2,
};
export const secondPage = { items: [notification('c', false)], totalPage: 2 };
/** A notification that arrives over the socket. */
export const arrived = notification('z', false);

export function userSession(id: string, current: boolean): UserSession {
  return {
    id,
    current,
    createdAt: '2025-01-01T00:00:00Z',
    lastSeenAt: '2025-01-02T00:00:00Z',
    expiresAt: '2025-02-01T00:00:00Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
    ip: '127.0.0.1',
  };
}

export const thisDevice = userSession('s-this', true);
export const otherDevice = userSession('s-other', false);
