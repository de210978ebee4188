/**
 * What a member may do in a project's screens, from their permissions (`project_get`). The server
 * decides every act; the screens only hide what would be refused. The acts' access rules are
 * repeated here as data (a test keeps them equal to the contract's `acts`), so the web app does
 * not bundle the contract's schemas to read them.
 */
import { accessAllows, can } from '@sapa/sdk';
import type { ActAccess, ActName } from '@sapa/sdk';

/** The access of the acts the inbox and accounts screens offer, as `acts` declares it. */
export const screenActAccess = {
  conversation_list: { permission: 'crm.chat.view' },
  message_send: { permission: 'crm.chat.send' },
  conversation_read: { permission: 'crm.chat.send' },
  conversation_assign: { permission: 'crm.chat.assign' },
  customer_rename: { permission: 'crm.chat.rename_client' },
  account_list: { anyOf: ['crm.chat.view', 'project.account.view', 'crm.broadcast.add'] },
  account_create: { anyOf: ['crm.chat.add_account', 'project.account.add'] },
  account_update: { anyOf: ['crm.chat.edit_account', 'project.account.edit'] },
  account_logout: { permission: 'crm.chat.logout_account' },
  account_refresh: { anyOf: ['crm.chat.edit_account', 'project.account.edit'] },
  account_delete: { permission: 'project.account.hapus' },
  template_sync: { permission: 'project.account.view' },
  template_create: { permission: 'project.account.add' },
  template_delete: { permission: 'project.account.hapus' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export type ScreenAct = keyof typeof screenActAccess;

/**
 * Whether a member holding `permissions` passes an act's access rule (the SDK's `accessAllows`,
 * as the server decides); `owner`: whether they own the project (`Project.role`).
 */
export function mayCall(permissions: readonly string[], access: ActAccess, owner = false): boolean {
  return accessAllows(access, { permissions, owner });
}

export interface ChatPermissions {
  /** The inbox itself (`crm.chat.view`): reading conversations. */
  view: boolean;
  /**
   * Replying (`crm.chat.send`): the composer, its attachments and quick replies, replying to a
   * message, sending a gallery file, and marking a conversation read for the team.
   */
  send: boolean;
  /** Assigning a conversation to a member (`crm.chat.assign`). */
  assign: boolean;
  /** Rename customers (`crm.chat.rename_client`). */
  rename: boolean;
  /**
   * Phones in full (`crm.chat.show_user_contact_detail`): decides the receiver form of chat
   * routes (phone digits, else the conversation id).
   */
  seesContactDetail: boolean;
}

export function chatPermissions(permissions: readonly string[]): ChatPermissions {
  return {
    view: mayCall(permissions, screenActAccess.conversation_list),
    send: mayCall(permissions, screenActAccess.message_send),
    assign: mayCall(permissions, screenActAccess.conversation_assign),
    rename: mayCall(permissions, screenActAccess.customer_rename),
    seesContactDetail: can(permissions, 'crm.chat.show_user_contact_detail'),
  };
}

export interface AccountPermissions {
  /** The accounts screen and the numbers' names (`account_list`). */
  view: boolean;
  add: boolean;
  /** Rename and new access token (`account_update`). */
  edit: boolean;
  logout: boolean;
  /** Read a number from Meta again (`account_refresh`). */
  refresh: boolean;
  /** Delete a number (`account_delete`, `project.account.hapus`). */
  remove: boolean;
  /** The Templates tab: the list and syncing it with Meta (`template_sync`). */
  templates: boolean;
  /** Write and submit a template (`template_create`). */
  createTemplate: boolean;
  /** Delete a template (`template_delete`). */
  deleteTemplate: boolean;
}

export function accountPermissions(permissions: readonly string[]): AccountPermissions {
  return {
    view: mayCall(permissions, screenActAccess.account_list),
    add: mayCall(permissions, screenActAccess.account_create),
    edit: mayCall(permissions, screenActAccess.account_update),
    logout: mayCall(permissions, screenActAccess.account_logout),
    refresh: mayCall(permissions, screenActAccess.account_refresh),
    remove: mayCall(permissions, screenActAccess.account_delete),
    templates: mayCall(permissions, screenActAccess.template_sync),
    createTemplate: mayCall(permissions, screenActAccess.template_create),
    deleteTemplate: mayCall(permissions, screenActAccess.template_delete),
  };
}
