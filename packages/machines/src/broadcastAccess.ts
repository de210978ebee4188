/**
 * What a member may do with a project's broadcasts (`/crm/broadcast/{key}`, SPEC.md section 6:
 * `crm.broadcast` is a standard set). The broadcast acts' access is repeated here as data (a test
 * keeps it equal to the contract's `acts`), so the screens do not bundle the contract to read it.
 */
import { can } from '@sapa/sdk';
import type { ActAccess, ActName } from '@sapa/sdk';
import { mayCall } from './projectAccess.ts';

/** The access of the broadcast acts, as the contract declares it. */
export const broadcastActAccess = {
  broadcast_list: { permission: 'crm.broadcast.view' },
  broadcast_get: { permission: 'crm.broadcast.view' },
  broadcast_recipients: { permission: 'crm.broadcast.view' },
  broadcast_export: { permission: 'crm.broadcast.view' },
  broadcast_preview: { permission: 'crm.broadcast.add' },
  broadcast_create: { permission: 'crm.broadcast.add' },
  broadcast_update: { permission: 'crm.broadcast.edit' },
  broadcast_pause: { permission: 'crm.broadcast.edit' },
  broadcast_resume: { permission: 'crm.broadcast.edit' },
  broadcast_cancel: { permission: 'crm.broadcast.edit' },
  broadcast_retry: { permission: 'crm.broadcast.edit' },
  broadcast_delete: { permission: 'crm.broadcast.hapus' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

/**
 * `template_list`'s access as the contract declares it: the empty broadcasts table says whether
 * the project has an approved template only to a member who may list them.
 */
export const templateListAccess = {
  anyOf: ['project.account.view', 'crm.chat.send', 'crm.broadcast.add'],
} as const satisfies ActAccess;

export interface BroadcastPermissions {
  /** The menu entry and the route (`crm.broadcast.menu`). */
  menu: boolean;
  /** The broadcasts table, a broadcast's results and their CSV (`crm.broadcast.view`). */
  view: boolean;
  /** "Broadcast baru": the composer (`crm.broadcast.add`). */
  add: boolean;
  /** Change a scheduled broadcast; pause, resume, cancel, retry (`crm.broadcast.edit`). */
  edit: boolean;
  /** Delete a broadcast that is not sending (`crm.broadcast.hapus`). */
  remove: boolean;
}

export function broadcastPermissions(permissions: readonly string[]): BroadcastPermissions {
  return {
    menu: can(permissions, 'crm.broadcast.menu'),
    view: mayCall(permissions, broadcastActAccess.broadcast_list),
    add: mayCall(permissions, broadcastActAccess.broadcast_create),
    edit: mayCall(permissions, broadcastActAccess.broadcast_pause),
    remove: mayCall(permissions, broadcastActAccess.broadcast_delete),
  };
}
