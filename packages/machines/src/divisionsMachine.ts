/**
 * The project's divisions (`/crm/divisi/{key}`). The divisions themselves are a paginated table:
 * the machine runs it as its child `table` (tableMachine over `division_list`, 10 a page by name)
 * and tells it what to ask for. Two regions run side by side:
 *
 * - `search` (debouncedSearch.ts): after a pause in the typing (the `delay` actor) the table
 *   gets its new payload;
 * - `dialog` (crudDialog.ts, plus the members): at most one of the form (a new division, or one
 *   being edited: name and colour, checked here, saved with `division_create` /
 *   `division_update`; the server's field errors, such as a name another division has, land
 *   beside their fields), the delete (confirm, then `division_delete`; a refusal stays shown for
 *   a retry), and a division's members (the child `members`, a divisionMembersMachine). What is saved or deleted is announced
 *   (`divisions.saved`, `divisions.deleted`); after each of those, and when the members close
 *   (their count may have changed), the table fetches its page again.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Division } from '@sapa/sdk';
import { closedDialog, crudDialogActions, crudDialogGuards, crudDialogRegion } from './crudDialog.ts';
import { nameColorFields, nameColorSaveInput, nameColorServerErrors } from './nameColorForm.ts';
import { searchActions, searchContext, searchGuards, searchRegion } from './debouncedSearch.ts';
import {
  checkDivision,
  deleteDivision,
  divisionPalette,
  divisionTablePayload,
  saveDivision,
} from './divisionActors.ts';
import type { DivisionDraft, DivisionTablePayload } from './divisionActors.ts';
import { divisionMembersMachine } from './divisionMembersMachine.ts';
import type {
  DivisionsContext,
  DivisionsEmitted,
  DivisionsEvent,
  DivisionsInput,
  DivisionsTag,
} from './divisionsTypes.ts';
import { createTableMachine } from './tableMachine.ts';
import { delay } from './delay.ts';

export type { DivisionsContext, DivisionsEmitted, DivisionsEvent, DivisionsInput, DivisionsTag };

type Context = DivisionsContext;

export function emptyDivisionDraft(): DivisionDraft {
  return { name: '', color: divisionPalette[0] };
}

function payload(context: Context): DivisionTablePayload {
  return divisionTablePayload(context.key, context.search);
}

export const divisionTableMachine = createTableMachine<Division, DivisionTablePayload>();

/** The form and the delete (crudDialog.ts); the members join this region as one more dialog. */
const crud = crudDialogRegion({
  id: 'divisions',
  prefix: 'divisions',
  rowKey: 'division',
  fields: nameColorFields('divisions'),
  submit: 'divisions.save',
  save: { src: 'saveDivision', input: nameColorSaveInput },
  remove: 'deleteDivision',
  then: ['refreshTable'],
});

export const divisionsMachine = setup({
  types: {} as {
    context: DivisionsContext;
    events: DivisionsEvent;
    input: DivisionsInput;
    emitted: DivisionsEmitted;
    tags: DivisionsTag;
    children: {
      table: 'divisionTable';
      pause: 'delay';
      save: 'saveDivision';
      remove: 'deleteDivision';
      members: 'divisionMembers';
    };
  },
  actors: {
    divisionTable: divisionTableMachine,
    delay,
    saveDivision,
    deleteDivision,
    divisionMembers: divisionMembersMachine,
  },
  guards: { ...searchGuards, ...crudDialogGuards(checkDivision) },
  actions: {
    ...searchActions<Context, DivisionsEvent>(),
    ...crudDialogActions<Context, DivisionsEvent>({
      empty: emptyDivisionDraft,
      draftOf: (division) => ({ name: division.name, color: division.color }),
      check: checkDivision,
      serverErrors: nameColorServerErrors,
    }),
    queryTable: sendTo('table', ({ context }) => ({
      type: 'table.payload' as const,
      payload: payload(context),
    })),
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    announceSaved: emit(({ context }, params: { row: Division }) => ({
      type: 'divisions.saved' as const,
      division: params.row,
      created: context.editing === null,
    })),
    announceDeleted: emit(({ context }, params: { id: string }) => ({
      type: 'divisions.deleted' as const,
      id: params.id,
      name: context.deleteTarget?.name ?? '',
    })),
    openMembers: assign((_, params: { division: Division }) => ({ membersOf: params.division })),
    closeMembers: assign({ membersOf: null }),
  },
}).createMachine({
  id: 'divisions',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    fetchPage: input.fetchPage,
    canManageMembers: input.canManageMembers ?? false,
    ...searchContext(input.searchDebounceMs),
    ...closedDialog(emptyDivisionDraft()),
    membersOf: null,
  }),
  invoke: {
    id: 'table',
    src: 'divisionTable',
    input: ({ context }) => ({ fetchPage: context.fetchPage, payload: payload(context) }),
  },
  type: 'parallel',
  states: {
    // The divisions shown so far stay until the search runs.
    search: searchRegion('divisions', ['queryTable']),
    dialog: {
      ...crud,
      states: {
        ...crud.states,
        closed: {
          on: {
            ...crud.states.closed.on,
            'divisions.members': {
              target: 'members',
              actions: { type: 'openMembers', params: ({ event }) => event },
            },
          },
        },
        members: {
          tags: ['members'],
          invoke: {
            id: 'members',
            src: 'divisionMembers',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              // Set by `openMembers` on the way in.
              division: context.membersOf as Division,
              canChange: context.canManageMembers,
            }),
          },
          // Their count may have changed: the table fetches its page again.
          on: { 'divisions.cancel': { target: 'closed', actions: ['closeMembers', 'refreshTable'] } },
        },
      },
    },
  },
});

export type DivisionsSnapshot = SnapshotFrom<typeof divisionsMachine>;

/** Which dialog shows: none, the form, the delete confirmation, or a division's members. */
export type DivisionsDialog = 'closed' | 'form' | 'delete' | 'members';

export function selectDivisionsDialog(snapshot: DivisionsSnapshot): DivisionsDialog {
  if (snapshot.hasTag('form')) return 'form';
  if (snapshot.hasTag('confirming')) return 'delete';
  if (snapshot.hasTag('members')) return 'members';
  return 'closed';
}

/** The divisions table (the child the DataTable shows); undefined only once the machine stopped. */
export function selectDivisionTable(snapshot: DivisionsSnapshot) {
  return snapshot.children.table;
}

/** The open division's members (a divisionMembersMachine), while the members dialog shows. */
export function selectDivisionMembersActor(snapshot: DivisionsSnapshot) {
  return snapshot.children.members;
}

/** The search as typed (the table follows it after the pause). */
export function selectDivisionSearch(snapshot: DivisionsSnapshot): string {
  return snapshot.context.searchText;
}
