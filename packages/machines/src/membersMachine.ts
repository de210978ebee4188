/**
 * The project's members (`/project/user/{key}`, tab "Anggota"). The members are a paginated
 * table: the machine runs it as its child `table` (tableMachine over `member_list`, 10 a page by
 * name) and tells it what to ask for. Two regions run side by side:
 *
 * - `search` (debouncedSearch.ts): after a pause in the typing the table gets its new payload;
 * - `dialog`: at most one of the permission editor of a member (the child `editor`, a
 *   permissionEditorMachine; saved, it is announced as `members.permissionsSaved`), a removal
 *   (confirm, then `member_remove`; a refusal such as `owner_protected` stays shown for a retry;
 *   done, `members.removed`) and handing the project over to a member (the owner only: confirm,
 *   then `project_transfer`; a refusal stays shown; done, `members.transferred`). After a save, a
 *   removal or a handover the table fetches its page again. Who may do which, per row, is
 *   `memberRowActions` (the SDK's rules); the screen offers only those.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ProjectMember } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import type { SearchContext } from './debouncedSearch.ts';
import { memberTablePayload, removeMember, transferOwnership } from './membersActors.ts';
import type { MemberTablePayload } from './membersActors.ts';
import { permissionEditorMachine } from './permissionEditorMachine.ts';
import type { ActCaller } from './sdk.ts';
import { createTableMachine } from './tableMachine.ts';
import type { FetchPage } from './tableMachine.ts';
import { delay } from './delay.ts';

export interface MembersInput {
  client: ActCaller;
  key: string;
  /** Where the table's pages come from (the web: `fetchActPage(client)`). */
  fetchPage: FetchPage<ProjectMember, MemberTablePayload>;
  /** The viewer's own keys in the project (the editor greys out what they could not grant). */
  editor: readonly string[];
  /** Quiet time after the last keystroke before a search runs. Default 300. */
  searchDebounceMs?: number;
}

export interface MembersContext extends SearchContext {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<ProjectMember, MemberTablePayload>;
  editor: readonly string[];
  /** The member whose permissions are open, or who is asked to be removed or to take the project. */
  target: ProjectMember | null;
  /** Why the last removal failed. */
  removeError: FlowError | null;
  /** Why the last handover failed. */
  transferError: FlowError | null;
}

export type MembersEvent =
  | { type: 'members.search'; text: string }
  | { type: 'members.searchSettled' }
  /** Opens the permission editor of a member (`project.user.set_permission`). */
  | { type: 'members.editPermissions'; member: ProjectMember }
  /** Asks to remove a member (`project.user.hapus`). */
  | { type: 'members.remove'; member: ProjectMember }
  | { type: 'members.confirmRemove' }
  /** Asks to hand the project over to a member (the owner only). */
  | { type: 'members.transfer'; member: ProjectMember }
  | { type: 'members.confirmTransfer' }
  /** The open dialog closes (not while it saves, removes or hands over). */
  | { type: 'members.cancel' }
  /** The viewer's own keys changed (live): the editor follows from its next opening. */
  | { type: 'members.editorChanged'; permissions: readonly string[] };

export type MembersTag = 'editing' | 'confirming' | 'removing' | 'handingOver' | 'transferring' | 'busy';

export type MembersEmitted =
  | { type: 'members.permissionsSaved'; member: ProjectMember }
  | { type: 'members.removed'; member: ProjectMember }
  | { type: 'members.transferred'; member: ProjectMember };

export const memberTableMachine = createTableMachine<ProjectMember, MemberTablePayload>();

export const membersMachine = setup({
  types: {} as {
    context: MembersContext;
    events: MembersEvent;
    input: MembersInput;
    emitted: MembersEmitted;
    tags: MembersTag;
    children: {
      table: 'memberTable';
      pause: 'delay';
      editor: 'permissionEditor';
      remove: 'removeMember';
      transfer: 'transferOwnership';
    };
  },
  actors: {
    memberTable: memberTableMachine,
    delay,
    permissionEditor: permissionEditorMachine,
    removeMember,
    transferOwnership,
  },
  guards: { ...searchGuards },
  actions: {
    ...searchActions<MembersContext, MembersEvent>(),
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: memberTablePayload(context.key, context.search),
    })),
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    setTarget: assign((_, params: { member: ProjectMember }) => ({
      target: params.member,
      removeError: null,
      transferError: null,
    })),
    close: assign({ target: null, removeError: null, transferError: null }),
    showRemoveError: assign((_, params: { error: unknown }) => ({ removeError: toFlowError(params.error) })),
    showTransferError: assign((_, params: { error: unknown }) => ({
      transferError: toFlowError(params.error),
    })),
    setEditor: assign((_, params: { permissions: readonly string[] }) => ({ editor: params.permissions })),
    announceSaved: emit((_, params: { member: ProjectMember }) => ({
      type: 'members.permissionsSaved' as const,
      member: params.member,
    })),
    announceRemoved: emit((_, params: { member: ProjectMember }) => ({
      type: 'members.removed' as const,
      member: params.member,
    })),
    announceTransferred: emit((_, params: { member: ProjectMember }) => ({
      type: 'members.transferred' as const,
      member: params.member,
    })),
  },
}).createMachine({
  id: 'members',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    fetchPage: input.fetchPage,
    editor: input.editor,
    target: null,
    removeError: null,
    transferError: null,
    ...searchContext(input.searchDebounceMs),
  }),
  invoke: {
    id: 'table',
    src: 'memberTable',
    input: ({ context }) => ({
      fetchPage: context.fetchPage,
      payload: memberTablePayload(context.key, context.search),
    }),
  },
  on: {
    'members.editorChanged': { actions: { type: 'setEditor', params: ({ event }) => event } },
  },
  type: 'parallel',
  states: {
    search: searchRegion('members', ['queryTable']),
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'members.editPermissions': {
              target: 'editing',
              actions: { type: 'setTarget', params: ({ event }) => event },
            },
            'members.remove': {
              target: 'confirmingRemove',
              actions: { type: 'setTarget', params: ({ event }) => event },
            },
            'members.transfer': {
              target: 'confirmingTransfer',
              actions: { type: 'setTarget', params: ({ event }) => event },
            },
          },
        },
        editing: {
          tags: ['editing'],
          invoke: {
            id: 'editor',
            src: 'permissionEditor',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              // Set by `setTarget` on the way in.
              member: context.target as ProjectMember,
              editor: context.editor,
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceSaved', params: ({ event }) => ({ member: event.output }) },
                'close',
                'refreshTable',
              ],
            },
          },
          on: { 'members.cancel': { target: 'closed', actions: 'close' } },
        },
        confirmingRemove: {
          tags: ['confirming'],
          on: {
            'members.confirmRemove': 'removing',
            'members.cancel': { target: 'closed', actions: 'close' },
          },
        },
        removing: {
          tags: ['confirming', 'removing', 'busy'],
          invoke: {
            id: 'remove',
            src: 'removeMember',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              member: context.target as ProjectMember,
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceRemoved', params: ({ event }) => ({ member: event.output }) },
                'close',
                'refreshTable',
              ],
            },
            onError: {
              target: 'confirmingRemove',
              actions: { type: 'showRemoveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingTransfer: {
          tags: ['handingOver'],
          on: {
            'members.confirmTransfer': 'transferring',
            'members.cancel': { target: 'closed', actions: 'close' },
          },
        },
        transferring: {
          tags: ['handingOver', 'transferring', 'busy'],
          invoke: {
            id: 'transfer',
            src: 'transferOwnership',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              member: context.target as ProjectMember,
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceTransferred', params: ({ event }) => ({ member: event.output }) },
                'close',
                'refreshTable',
              ],
            },
            onError: {
              target: 'confirmingTransfer',
              actions: { type: 'showTransferError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type MembersSnapshot = SnapshotFrom<typeof membersMachine>;

export type MembersDialog = 'closed' | 'editor' | 'remove' | 'transfer';

export function selectMembersDialog(snapshot: MembersSnapshot): MembersDialog {
  if (snapshot.hasTag('editing')) return 'editor';
  if (snapshot.hasTag('confirming')) return 'remove';
  if (snapshot.hasTag('handingOver')) return 'transfer';
  return 'closed';
}

export function selectMemberTable(snapshot: MembersSnapshot) {
  return snapshot.children.table;
}

/** The open permission editor (a permissionEditorMachine), while its dialog shows. */
export function selectPermissionEditor(snapshot: MembersSnapshot) {
  return snapshot.children.editor;
}
