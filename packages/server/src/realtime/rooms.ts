/**
 * The socket.io rooms of the real-time layer. Every socket joins its user's room and, per project,
 * the project's room plus at most one chat room decided by its permissions there:
 *
 * - `chat:<key>:all:full` / `chat:<key>:all:masked`: members holding `crm.chat.show_all_chat`,
 *   with or without `crm.chat.show_user_contact_detail`;
 * - `chat:<key>:own:<userId>:full` / `…:masked`: members with `crm.chat.view` but not
 *   `show_all_chat`, who see only conversations assigned to them;
 * - none: members without `crm.chat.view`.
 */
import { can } from '../sdk.ts';
import type { PermissionKey } from '../sdk.ts';
import type { Audience } from './Publisher.ts';

export function userRoom(userId: string): `user:${string}` {
  return `user:${userId}`;
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

/** The rooms a member's sockets belong to in one project. */
export function memberRooms(userId: string, key: string, permissions: readonly PermissionKey[]): string[] {
  const rooms: string[] = [projectRoom(key)];
  if (!can(permissions, 'crm.chat.view')) return rooms;
  const detail: Detail = can(permissions, 'crm.chat.show_user_contact_detail') ? 'full' : 'masked';
  rooms.push(
    can(permissions, 'crm.chat.show_all_chat') ? allRoom(key, detail) : ownRoom(key, userId, detail),
  );
  return rooms;
}

/** Every room a member could hold in a project (left all at once when their membership changes). */
export function possibleMemberRooms(userId: string, key: string): string[] {
  return [
    projectRoom(key),
    allRoom(key, 'full'),
    allRoom(key, 'masked'),
    ownRoom(key, userId, 'full'),
    ownRoom(key, userId, 'masked'),
  ];
}

/**
 * Where one publication goes: the rooms that get the full payload and those that get the masked
 * one (empty when the audience does not tell viewers apart).
 */
export function audienceRooms(audience: Audience): { full: string[]; masked: string[] } {
  if ('project' in audience) return { full: [projectRoom(audience.project)], masked: [] };
  if ('user' in audience) return { full: [userRoom(audience.user)], masked: [] };
  if ('limitedMember' in audience) {
    const { limitedMember: key, userId } = audience;
    return { full: [ownRoom(key, userId, 'full')], masked: [ownRoom(key, userId, 'masked')] };
  }
  const { conversation: key, assignedUserId } = audience;
  const assigned = (detail: Detail) =>
    assignedUserId === null ? [] : [ownRoom(key, assignedUserId, detail)];
  return {
    full: [allRoom(key, 'full'), ...assigned('full')],
    masked: [allRoom(key, 'masked'), ...assigned('masked')],
  };
}
