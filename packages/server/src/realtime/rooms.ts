/**
 * The socket.io rooms of the real-time layer. Every socket joins its user's room and, per project,
 * the project's room plus at most one chat room decided by its permissions there:
 *
 * - `chat:<key>:all:full` / `chat:<key>:all:masked`: members holding `crm.chat.show_all_chat`,
 *   with or without `crm.chat.show_user_contact_detail`;
 * - `chat:<key>:own:<userId>:full` / `…:masked`: members with `crm.chat.view` but not
 *   `show_all_chat`, who see only conversations assigned to them, and with it
 *   `chat:<key>:div:<divisionId>:full` / `…:masked` for each division they belong to (its
 *   conversations);
 * - none: members without `crm.chat.view`.
 *
 * Members holding `project.billing.view` also join `billing:<key>:full` (or `…:masked`, without
 * `crm.chat.show_user_contact_detail`): the project's balance and its ledger entries. Members
 * holding `crm.broadcast.view` join `broadcasts:<key>`: the project's broadcasts and their
 * progress (no phones in them, so one room). Members who may view a kind of automation rule
 * (`automationPermission(kind, 'view')`) join `automation:<key>:<kind>`: that kind's rules.
 */
import { automationKindsAllowed, automationRuleKinds, can } from '../sdk.ts';
import type { AutomationRuleKind, PermissionKey } from '../sdk.ts';
import type { Audience } from './Publisher.ts';

export function userRoom(userId: string): `user:${string}` {
  return `user:${userId}`;
}

/** Every socket of one session (told `session.ended` and disconnected when it is signed out). */
export function sessionRoom(sessionId: string): `session:${string}` {
  return `session:${sessionId}`;
}

export function projectRoom(key: string): `project:${string}` {
  return `project:${key}`;
}

type Detail = 'full' | 'masked';

function allRoom(key: string, detail: Detail): string {
  return `chat:${key}:all:${detail}`;
}

function ownRoom(key: string, userId: string, detail: Detail): string {
  return `chat:${key}:own:${userId}:${detail}`;
}

function divisionRoom(key: string, divisionId: string, detail: Detail): string {
  return `chat:${key}:div:${divisionId}:${detail}`;
}

function billingRoom(key: string, detail: Detail): string {
  return `billing:${key}:${detail}`;
}

export function broadcastRoom(key: string): `broadcasts:${string}` {
  return `broadcasts:${key}`;
}

export function automationRoom(key: string, kind: AutomationRuleKind): `automation:${string}` {
  return `automation:${key}:${kind}`;
}

/** Both rooms of a division (left when it is deleted). */
export function divisionRooms(key: string, divisionId: string): string[] {
  return [divisionRoom(key, divisionId, 'full'), divisionRoom(key, divisionId, 'masked')];
}

/** The rooms a member's sockets belong to in one project, given the divisions they belong to there. */
export function memberRooms(
  userId: string,
  key: string,
  permissions: readonly PermissionKey[],
  divisionIds: readonly string[] = [],
): string[] {
  const detail: Detail = can(permissions, 'crm.chat.show_user_contact_detail') ? 'full' : 'masked';
  const rooms: string[] = [
    projectRoom(key),
    ...(can(permissions, 'project.billing.view') ? [billingRoom(key, detail)] : []),
    ...(can(permissions, 'crm.broadcast.view') ? [broadcastRoom(key)] : []),
    ...automationKindsAllowed(permissions, 'view').map((kind) => automationRoom(key, kind)),
  ];
  if (!can(permissions, 'crm.chat.view')) return rooms;
  if (can(permissions, 'crm.chat.show_all_chat')) return [...rooms, allRoom(key, detail)];
  return [
    ...rooms,
    ownRoom(key, userId, detail),
    ...divisionIds.map((divisionId) => divisionRoom(key, divisionId, detail)),
  ];
}

/**
 * Every room a member could hold in a project whose divisions are `divisionIds` (left all at once
 * when their membership changes).
 */
export function possibleMemberRooms(
  userId: string,
  key: string,
  divisionIds: readonly string[] = [],
): string[] {
  return [
    projectRoom(key),
    billingRoom(key, 'full'),
    billingRoom(key, 'masked'),
    broadcastRoom(key),
    ...automationRuleKinds.map((kind) => automationRoom(key, kind)),
    allRoom(key, 'full'),
    allRoom(key, 'masked'),
    ownRoom(key, userId, 'full'),
    ownRoom(key, userId, 'masked'),
    ...divisionIds.flatMap((divisionId) => divisionRooms(key, divisionId)),
  ];
}

/**
 * Where one publication goes: the rooms that get the full payload and those that get the masked
 * one (empty when the audience does not tell viewers apart).
 */
export function audienceRooms(audience: Audience): { full: string[]; masked: string[] } {
  if ('project' in audience) return { full: [projectRoom(audience.project)], masked: [] };
  if ('user' in audience) return { full: [userRoom(audience.user)], masked: [] };
  if ('billing' in audience) {
    return {
      full: [billingRoom(audience.billing, 'full')],
      masked: [billingRoom(audience.billing, 'masked')],
    };
  }
  if ('broadcasts' in audience) return { full: [broadcastRoom(audience.broadcasts)], masked: [] };
  if ('automation' in audience) {
    return { full: [automationRoom(audience.automation, audience.kind)], masked: [] };
  }
  if ('limitedMember' in audience) {
    const { limitedMember: key, userId } = audience;
    return { full: [ownRoom(key, userId, 'full')], masked: [ownRoom(key, userId, 'masked')] };
  }
  const { conversation: key, assignedUserId, divisionId } = audience;
  const limited = (detail: Detail) => [
    ...(assignedUserId === null ? [] : [ownRoom(key, assignedUserId, detail)]),
    ...(divisionId === null ? [] : [divisionRoom(key, divisionId, detail)]),
  ];
  return {
    full: [allRoom(key, 'full'), ...limited('full')],
    masked: [allRoom(key, 'masked'), ...limited('masked')],
  };
}
