/**
 * The project area's network work and rules, apart from their statecharts (membersMachine.ts for
 * `/project/user/{key}`, permissionEditorMachine.ts, invitesMachine.ts, invitePageMachine.ts,
 * projectSettingsMachine.ts): what a member may do there, the tables' payloads, the acts, where a
 * new member lands.
 */
import { fromPromise } from 'xstate';
import {
  can,
  mayDeleteProject,
  mayEditPermissions,
  mayLeaveProject,
  mayRemoveMember,
  mayTransferOwnership,
} from '@sapa/sdk';
import type { ActAccess, ActingMember, ActName, ActPayload, Invite, ProjectMember } from '@sapa/sdk';
import { mayCall } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';

/** The access of the project area's acts, as the contract declares it (a test keeps them equal). */
export const teamActAccess = {
  member_list: { permission: 'project.user.view' },
  member_permissions_set: { permission: 'project.user.set_permission' },
  member_remove: { permission: 'project.user.hapus' },
  invite_list: { anyOf: ['project.user.view', 'project.user.create_invite'] },
  invite_create: { permission: 'project.user.create_invite' },
  invite_revoke: { permission: 'project.user.create_invite' },
  project_settings_get: { permission: 'project.edit' },
  project_update: { permission: 'project.edit' },
  project_delete: 'owner',
  project_transfer: 'owner',
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface MemberPermissions {
  /** The menu entry (`project.user.menu`). */
  menu: boolean;
  /** The members table (`project.user.view`). */
  view: boolean;
  /** The invites tab (`invite_list`). */
  viewInvites: boolean;
  createInvite: boolean;
  /** The permission editor (`project.user.set_permission`). */
  setPermissions: boolean;
  /** Removing members (`project.user.hapus`). */
  remove: boolean;
}

export function memberPermissions(permissions: readonly string[]): MemberPermissions {
  return {
    menu: can(permissions, 'project.user.menu'),
    view: mayCall(permissions, teamActAccess.member_list),
    viewInvites: mayCall(permissions, teamActAccess.invite_list),
    createInvite: mayCall(permissions, teamActAccess.invite_create),
    setPermissions: mayCall(permissions, teamActAccess.member_permissions_set),
    remove: mayCall(permissions, teamActAccess.member_remove),
  };
}

/** What the viewer may do on one row of the members table (the SDK's rules of ownership). */
export interface MemberRowActions {
  /** The permission editor: not on the owner, unless the owner is the viewer. */
  edit: boolean;
  /** Removing them: `project.user.hapus`, and never the owner. */
  remove: boolean;
  /** Handing the project over to them: the owner, to another member. */
  transfer: boolean;
}

export function memberRowActions(viewer: ActingMember, member: ProjectMember): MemberRowActions {
  return {
    edit: mayEditPermissions(viewer, member),
    remove: mayRemoveMember(viewer, member),
    transfer: mayTransferOwnership(viewer, member),
  };
}

/** The settings screen (`project.edit`). */
export function settingsPermissions(permissions: readonly string[]): { view: boolean } {
  return { view: mayCall(permissions, teamActAccess.project_settings_get) };
}

/**
 * What the owner alone may do with the project: delete it and hand it over (to a member: see
 * `memberRowActions`); everyone else may leave it.
 */
export function projectOwnership(viewer: Pick<ActingMember, 'role'>): {
  delete: boolean;
  transfer: boolean;
  leave: boolean;
} {
  return {
    delete: mayDeleteProject(viewer),
    transfer: mayCall([], teamActAccess.project_transfer, viewer.role === 'owner'),
    leave: mayLeaveProject(viewer),
  };
}

/** What the members table sends to `member_list` besides the page. */
export type MemberTablePayload = ActPayload<'member_list'>;
/** What the invites table sends to `invite_list` besides the page. */
export type InviteTablePayload = ActPayload<'invite_list'>;

/** The members table's payload for an applied search ('' for none): 10 a page, by name. */
export function memberTablePayload(key: string, search: string): MemberTablePayload {
  return search === '' ? { act: 'member_list', key } : { act: 'member_list', key, search };
}

export function inviteTablePayload(key: string): InviteTablePayload {
  return { act: 'invite_list', key };
}

/** The absolute link a new member opens: `{origin}/invite/{code}`. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/invite/${encodeURIComponent(code)}`;
}

/** member_remove; answers the member removed. */
export const removeMember = fromPromise<
  ProjectMember,
  { client: ActCaller; key: string; member: ProjectMember }
>(async ({ input, signal }) => {
  await input.client.act('member_remove', { key: input.key, userId: input.member.userId }, { signal });
  return input.member;
});

/** project_transfer; answers the new owner. */
export const transferOwnership = fromPromise<
  ProjectMember,
  { client: ActCaller; key: string; member: ProjectMember }
>(
  async ({ input, signal }) =>
    (await input.client.act('project_transfer', { key: input.key, userId: input.member.userId }, { signal }))
      .data,
);

/** member_permissions_set; answers the member as saved. */
export const saveMemberPermissions = fromPromise<
  ProjectMember,
  { client: ActCaller; key: string; userId: string; permissions: string[] }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('member_permissions_set', fields, { signal })).data;
});

/** invite_revoke; answers the invite as it is now. */
export const revokeInvite = fromPromise<Invite, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('invite_revoke', { key: input.key, id: input.id }, { signal })).data,
);

/**
 * The first screen of a project a member may open, in the sidebar's order (the chat first);
 * the home page when none.
 */
export function projectLanding(key: string, permissions: readonly string[]): string {
  const k = encodeURIComponent(key);
  const screens: [Parameters<typeof can>[1], string][] = [
    ['crm.chat.view', `/crm/chat/${k}`],
    ['crm.customer.view', `/crm/customer/${k}`],
    ['crm.label.view', `/crm/label/${k}`],
    ['crm.stage.view', `/crm/stage/${k}`],
    ['crm.divisi.view', `/crm/divisi/${k}`],
    ['crm.quick_replay.view', `/crm/quick-reply/${k}`],
    ['crm.gallery.view', `/crm/gallery/${k}`],
    ['project.account.view', `/project/account/${k}`],
    ['project.user.view', `/project/user/${k}`],
    ['project.edit', `/project/setting/${k}`],
  ];
  return screens.find(([permission]) => can(permissions, permission))?.[1] ?? '/';
}
