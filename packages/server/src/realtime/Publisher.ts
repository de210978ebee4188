/**
 * How the rest of the server announces what happened, without knowing about sockets: handlers,
 * the delivery worker and jobs publish after their transaction commits; the real-time layer
 * (socket.io, fanned out through Redis when configured) subscribes and delivers to rooms.
 *
 * Conversation events go only to members who may see that conversation: those holding
 * `crm.chat.show_all_chat`, its assignee, and the members of its division. A member without
 * `crm.chat.show_user_contact_detail` receives the `masked` payload (phones masked) where one is
 * given.
 */
import type { AutomationRuleKind, PermissionKey, ServerEventName, ServerEventPayload } from '../sdk.ts';

export type Audience =
  /** Every member of the project (by key). */
  | { project: string }
  /** One user, in every project. */
  | { user: string }
  /** The members of project `conversation` (a key) who may see a conversation assigned as given. */
  | { conversation: string; assignedUserId: string | null; divisionId: string | null }
  /**
   * One member of project `limitedMember` (a key), if they see only their own and their
   * divisions' conversations.
   */
  | { limitedMember: string; userId: string }
  /** The members of project `billing` (a key) holding `project.billing.view`. */
  | { billing: string }
  /** The members of project `broadcasts` (a key) holding `crm.broadcast.view`. */
  | { broadcasts: string }
  /** The members of project `automation` (a key) who may view `kind`'s rules (`automationPermission`). */
  | { automation: string; kind: AutomationRuleKind };

export interface Published<E extends ServerEventName = ServerEventName> {
  audience: Audience;
  event: E;
  payload: ServerEventPayload<E>;
  /** What members without `crm.chat.show_user_contact_detail` receive instead, when it differs. */
  masked?: ServerEventPayload<E>;
}

/**
 * A user's membership of a project changed: joined or re-permissioned (`permissions`), or left
 * (`null`); or they joined or left a division there.
 */
export interface MembershipChange {
  userId: string;
  key: string;
  permissions: readonly PermissionKey[] | null;
  /** The divisions they belong to in the project now; left out, the real-time layer looks them up. */
  divisionIds?: readonly string[];
}

export interface Publisher {
  publish<E extends ServerEventName>(published: Published<E>): void;
  toProject<E extends ServerEventName>(key: string, event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** The real-time layer listens here; returns the function that stops listening. */
  subscribe(listener: (published: Published) => void): () => void;
  /**
   * A membership changed (a project created, a member invited, permissions edited, a member
   * removed, a division joined or left): the user's open sockets move to the rooms their
   * permissions and divisions allow. Resolves once they have (publish what they should hear after).
   */
  membershipChanged(change: MembershipChange): Promise<void>;
  subscribeMembership(listener: (change: MembershipChange) => void | Promise<void>): () => void;
  /** A division was deleted: every socket leaves its rooms at once. */
  divisionClosed(key: string, divisionId: string): void;
  subscribeDivisionClosed(listener: (key: string, divisionId: string) => void): () => void;
  /**
   * Sessions were signed out (logout, the profile's session list, a password change or reset): their
   * sockets get `session.ended` and are disconnected.
   */
  sessionsEnded(sessionIds: readonly string[]): void;
  subscribeSessionsEnded(listener: (sessionIds: readonly string[]) => void): () => void;
}

export function createPublisher(): Publisher {
  const listeners = new Set<(published: Published) => void>();
  const membershipListeners = new Set<(change: MembershipChange) => void | Promise<void>>();
  const divisionListeners = new Set<(key: string, divisionId: string) => void>();
  const sessionListeners = new Set<(sessionIds: readonly string[]) => void>();
  const publish = (published: Published) => {
    for (const listener of listeners) listener(published);
  };
  return {
    publish: (published) => publish(published as Published),
    toProject: (key, event, payload) => publish({ audience: { project: key }, event, payload } as Published),
    toUser: (user, event, payload) => publish({ audience: { user }, event, payload } as Published),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async membershipChanged(change) {
      await Promise.all([...membershipListeners].map((listener) => listener(change)));
    },
    subscribeMembership(listener) {
      membershipListeners.add(listener);
      return () => membershipListeners.delete(listener);
    },
    divisionClosed(key, divisionId) {
      for (const listener of divisionListeners) listener(key, divisionId);
    },
    subscribeDivisionClosed(listener) {
      divisionListeners.add(listener);
      return () => divisionListeners.delete(listener);
    },
    sessionsEnded(sessionIds) {
      if (sessionIds.length === 0) return;
      for (const listener of sessionListeners) listener(sessionIds);
    },
    subscribeSessionsEnded(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
  };
}
