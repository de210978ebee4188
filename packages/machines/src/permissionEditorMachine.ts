/**
 * The permission editor of one member (`/project/user/{key}`, "Ubah izin"): the whole tree of
 * SPEC.md section 6 as ticks, started from the member's saved keys.
 *
 * - `permissions.toggle` ticks or unticks a key. Ticking only a key the editing member may grant
 *   (`mayGrant`: never on themselves, only keys they hold; the owner anything on themselves) or
 *   one the member holds already (keeping a key is not granting it). Unticking is allowed except
 *   the keys the owner always keeps, on the owner's own editor (`mayTakeAway`). Nobody else opens
 *   the owner's editor (`memberRowActions`).
 * - `permissions.template` starts again from a role template: its keys, less those the editor
 *   could not tick, plus those they could not untick (so a template never asks for what may not
 *   be saved).
 * - A key whose parent `menu` is off stays as ticked but is greyed out (`selectKeyState`): it has
 *   no effect until the menu is on again.
 * - `permissions.save` sends `member_permissions_set`; the server decides again and its refusals
 *   (`owner_protected`, `owner_keys`, `self_escalation`, `grant_beyond_own`,
 *   `last_permission_holder`) come back as `problem`, any other failure as `error`. Saved, the machine stops with the member as saved (its output).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import {
  allPermissionKeys,
  can,
  mayGrant,
  mayTakeAway,
  permissionTree,
  requiredMenus,
  templatePermissions,
  matchingTemplate,
} from '@sapa/sdk';
import type { GrantProblem, PermissionKey, ProjectMember, RoleTemplate } from '@sapa/sdk';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { saveMemberPermissions } from './membersActors.ts';
import type { ActCaller } from './sdk.ts';

export interface PermissionEditorInput {
  client: ActCaller;
  key: string;
  /** The member edited, with their saved keys. */
  member: ProjectMember;
  /** The editing member's own keys in the project. */
  editor: readonly string[];
}

export interface PermissionEditorContext {
  client: ActCaller;
  key: string;
  member: ProjectMember;
  editor: readonly string[];
  /** The keys ticked now, in tree order. */
  selected: PermissionKey[];
  /** Why the server refused the last save, by the editor's rules. */
  problem: GrantProblem | null;
  /** Why the last save failed otherwise. */
  error: FlowError | null;
}

export type PermissionEditorEvent =
  | { type: 'permissions.toggle'; permission: PermissionKey; on: boolean }
  | { type: 'permissions.template'; template: RoleTemplate }
  | { type: 'permissions.save' };

export type PermissionEditorTag = 'saving' | 'busy';

const problems: readonly GrantProblem[] = [
  'owner_protected',
  'owner_keys',
  'self_escalation',
  'grant_beyond_own',
  'last_permission_holder',
];

function inTreeOrder(keys: ReadonlySet<string>): PermissionKey[] {
  return allPermissionKeys.filter((key) => keys.has(key));
}

/** Whether the editor may tick `key` on for the member (granting it, or keeping one they hold). */
export function mayTick(context: Pick<PermissionEditorContext, 'editor' | 'member'>, key: PermissionKey) {
  return context.member.permissions.includes(key) || mayGrant(context.editor, key, context.member);
}

/** Whether the editor may untick `key`: any key, but the owner keeps `ownerKeys`. */
export function mayUntick(context: Pick<PermissionEditorContext, 'member'>, key: PermissionKey) {
  return mayTakeAway(key, context.member);
}

/** A template's keys the editor could tick for the member, and the keys they could not untick. */
export function templateSelection(
  context: Pick<PermissionEditorContext, 'editor' | 'member'>,
  template: RoleTemplate,
): PermissionKey[] {
  const kept = context.member.permissions.filter((key) => !mayUntick(context, key));
  const keys = templatePermissions(template).filter((key) => mayTick(context, key));
  return inTreeOrder(new Set([...keys, ...kept]));
}

export const permissionEditorMachine = setup({
  types: {} as {
    context: PermissionEditorContext;
    events: PermissionEditorEvent;
    input: PermissionEditorInput;
    output: ProjectMember;
    tags: PermissionEditorTag;
    children: { save: 'saveMemberPermissions' };
  },
  actors: { saveMemberPermissions },
  guards: {
    mayToggle: ({ context }, params: { permission: PermissionKey; on: boolean }) =>
      params.on ? mayTick(context, params.permission) : mayUntick(context, params.permission),
  },
  actions: {
    toggle: assign(({ context }, params: { permission: PermissionKey; on: boolean }) => {
      const keys = new Set<string>(context.selected);
      if (params.on) keys.add(params.permission);
      else keys.delete(params.permission);
      return { selected: inTreeOrder(keys), problem: null, error: null };
    }),
    fromTemplate: assign(({ context }, params: { template: RoleTemplate }) => ({
      selected: templateSelection(context, params.template),
      problem: null,
      error: null,
    })),
    clearFailure: assign({ problem: null, error: null }),
    keepMember: assign((_, params: { member: ProjectMember }) => ({ member: params.member })),
    showFailure: assign((_, params: { error: unknown }) => {
      const reason = reasonOf(params.error);
      const problem = problems.find((known) => known === reason) ?? null;
      return { problem, error: problem === null ? toFlowError(params.error) : null };
    }),
  },
}).createMachine({
  id: 'permissionEditor',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    member: input.member,
    editor: input.editor,
    selected: inTreeOrder(new Set(input.member.permissions)),
    problem: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'permissions.toggle': {
          guard: { type: 'mayToggle', params: ({ event }) => event },
          actions: { type: 'toggle', params: ({ event }) => event },
        },
        'permissions.template': { actions: { type: 'fromTemplate', params: ({ event }) => event } },
        'permissions.save': { target: 'saving', actions: 'clearFailure' },
      },
    },
    saving: {
      tags: ['saving', 'busy'],
      invoke: {
        id: 'save',
        src: 'saveMemberPermissions',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          userId: context.member.userId,
          permissions: [...context.selected],
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'keepMember', params: ({ event }) => ({ member: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => context.member,
});

export type PermissionEditorSnapshot = SnapshotFrom<typeof permissionEditorMachine>;

/** How one key shows: ticked, whether it can be changed, and why not. */
export interface PermissionKeyState {
  checked: boolean;
  /** Greyed out: its parent menu is off, or it cannot be ticked (or unticked) by this editor. */
  disabled: boolean;
  /**
   * `menuOff`: a menu above it is off (the first such menu is `menu`); `notGrantable`: see
   * mayTick; `ownerKeeps`: the owner's own key they always keep (see mayUntick).
   */
  reason: 'menuOff' | 'notGrantable' | 'ownerKeeps' | null;
  /** The first menu above it that is off. */
  menu: PermissionKey | null;
}

export function keyState(
  context: Pick<PermissionEditorContext, 'editor' | 'member' | 'selected'>,
  key: PermissionKey,
): PermissionKeyState {
  const selected = new Set<string>(context.selected);
  const checked = selected.has(key);
  const menu = requiredMenus(key).find((menuKey) => menuKey !== key && !selected.has(menuKey)) ?? null;
  if (menu !== null) return { checked, disabled: true, reason: 'menuOff', menu };
  if (!checked && !mayTick(context, key))
    return { checked, disabled: true, reason: 'notGrantable', menu: null };
  if (checked && !mayUntick(context, key))
    return { checked, disabled: true, reason: 'ownerKeeps', menu: null };
  return { checked, disabled: false, reason: null, menu: null };
}

export function selectKeyState(snapshot: PermissionEditorSnapshot, key: PermissionKey): PermissionKeyState {
  return keyState(snapshot.context, key);
}

export function selectSelectedPermissions(snapshot: PermissionEditorSnapshot): PermissionKey[] {
  return snapshot.context.selected;
}

/** The template the ticks equal now, or `null` for a custom set. */
export function selectMatchingTemplate(snapshot: PermissionEditorSnapshot): RoleTemplate | null {
  return matchingTemplate(snapshot.context.selected);
}

/** The keys that take effect (ticked with every menu above them on). */
export function selectEffectivePermissions(snapshot: PermissionEditorSnapshot): PermissionKey[] {
  const selected = snapshot.context.selected;
  return selected.filter((key) => can(selected, key));
}

/** One node of the tree as the editor shows it: its path (`crm.chat`), its keys, its children. */
export interface PermissionNode {
  path: string;
  keys: PermissionKey[];
  children: PermissionNode[];
}

/** The permission tree of SPEC.md section 6, top nodes first, in tree order. */
export const permissionNodes: readonly PermissionNode[] = Object.entries(permissionTree).map(
  ([top, node]) => ({
    path: top,
    keys: node.keys.map((key) => `${top}.${key}` as PermissionKey),
    children: Object.entries(node.children as Record<string, readonly string[]>).map(([child, keys]) => ({
      path: `${top}.${child}`,
      keys: keys.map((key) => `${top}.${child}.${key}` as PermissionKey),
      children: [],
    })),
  }),
);
