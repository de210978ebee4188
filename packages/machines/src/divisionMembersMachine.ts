/**
 * The members of one division (the members dialog of `/crm/divisi/{key}`): loaded with
 * `division_member_list`. With `crm.divisi.add_user` (`canChange`) the owner opens a picker of the
 * project's members who are not in it yet (`division_member_options`, searched here as they type)
 * to add one, and removes one from its row (`division_member_set`). Once ready, two regions:
 *
 * - `picker`: closed, or open (loading the options, failed with retry, picking);
 * - `change`: one add or remove at a time; the server answers the division's members, which
 *   replace those shown. A failure stays until the next change or `divisionMembers.dismiss`.
 *
 * Picking a member adds them and closes the picker. The states are choiceRegions.ts'
 * `firstLoad`, then its `pickerRegion` and `changeRegion`.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ChatAgent, Division, DivisionMember } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  changeActions,
  changeRegion,
  firstLoad,
  pickerActions,
  pickerContext,
  pickerRegion,
} from './choiceRegions.ts';
import type { ChangeContext, PickerContext } from './choiceRegions.ts';
import { loadStatus, offeredOptions, pickerStatus } from './choiceSelectors.ts';
import type { LoadStatus, PickerStatus } from './choiceSelectors.ts';
import { loadDivisionMembers, loadMemberOptions, setDivisionMember } from './divisionActors.ts';
import type { ActCaller } from './sdk.ts';

export interface DivisionMembersInput {
  client: ActCaller;
  key: string;
  division: Division;
  /** Whether the viewer may add and remove members (`crm.divisi.add_user`); the server decides again. */
  canChange: boolean;
}

/**
 * `options`: the project's members not in the division, for the picker (loaded each time it
 * opens), `search` its search; `change`: the add or remove in flight, or the last one tried.
 */
export interface DivisionMembersContext
  extends PickerContext<ChatAgent>, ChangeContext<{ userId: string; member: boolean }> {
  client: ActCaller;
  key: string;
  division: Division;
  canChange: boolean;
  /** The division's members, by name (as the server answers them). */
  members: DivisionMember[];
  /** Why the members could not be loaded (state `failed`). */
  error: FlowError | null;
}

export type DivisionMembersEvent =
  | { type: 'divisionMembers.retry' }
  | { type: 'divisionMembers.add'; userId: string }
  | { type: 'divisionMembers.remove'; userId: string }
  /** Forgets the last change's failure. */
  | { type: 'divisionMembers.dismiss' }
  | { type: 'memberPicker.open' }
  | { type: 'memberPicker.close' }
  | { type: 'memberPicker.search'; text: string }
  | { type: 'memberPicker.retry' };

export type DivisionMembersTag = 'loading' | 'error' | 'ready' | 'changing';

type Context = DivisionMembersContext;

function isMember(context: Context, userId: string): boolean {
  return context.members.some((member) => member.userId === userId);
}

/** One of the picker's options, not a member yet. */
function addable(context: Context, userId: string): boolean {
  return !isMember(context, userId) && context.options.some((option) => option.id === userId);
}

function base(context: Context) {
  return { client: context.client, key: context.key, divisionId: context.division.id };
}

const userIdOf = ({ event }: { event: { userId: string } }) => ({ userId: event.userId });
/** The change an add (`true`) or a remove asks for. */
const memberChange =
  (member: boolean) =>
  ({ event }: { event: { userId: string } }) => ({ userId: event.userId, member });

export const divisionMembersMachine = setup({
  types: {} as {
    context: DivisionMembersContext;
    events: DivisionMembersEvent;
    input: DivisionMembersInput;
    children: { members: 'loadDivisionMembers'; options: 'loadMemberOptions'; change: 'setDivisionMember' };
    tags: DivisionMembersTag;
  },
  actors: { loadDivisionMembers, loadMemberOptions, setDivisionMember },
  guards: {
    canChange: ({ context }) => context.canChange,
    isAddable: ({ context }, params: { userId: string }) =>
      context.canChange && addable(context, params.userId),
    isRemovable: ({ context }, params: { userId: string }) =>
      context.canChange && isMember(context, params.userId),
    pickable: ({ context, event }) => event.type === 'divisionMembers.add' && addable(context, event.userId),
  },
  actions: {
    ...pickerActions<Context, DivisionMembersEvent>(),
    ...changeActions<Context, DivisionMembersEvent>(),
    keep: assign((_, params: { members: DivisionMember[] }) => ({ members: params.members, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    changed: assign((_, params: { members: DivisionMember[] }) => ({
      members: params.members,
      change: null,
    })),
  },
}).createMachine({
  id: 'divisionMembers',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    division: input.division,
    canChange: input.canChange,
    members: [],
    error: null,
    ...pickerContext(),
    change: null,
    changeError: null,
  }),
  initial: 'loading',
  states: {
    ...firstLoad({
      id: 'members',
      src: 'loadDivisionMembers',
      input: ({ context }: { context: Context }) => base(context),
      keep: (members: DivisionMember[]) => ({ members }),
      retry: 'divisionMembers.retry',
    }),
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        picker: pickerRegion({
          id: 'divisionMembers',
          prefix: 'memberPicker',
          src: 'loadMemberOptions',
          input: ({ context }: { context: Context }) => base(context),
          pick: 'divisionMembers.add',
          opens: 'canChange',
        }),
        change: changeRegion({
          starts: {
            'divisionMembers.add': {
              guard: { type: 'isAddable', params: userIdOf },
              target: 'saving',
              actions: { type: 'startChange', params: memberChange(true) },
            },
            'divisionMembers.remove': {
              guard: { type: 'isRemovable', params: userIdOf },
              target: 'saving',
              actions: { type: 'startChange', params: memberChange(false) },
            },
          },
          dismiss: 'divisionMembers.dismiss',
          src: 'setDivisionMember',
          input: ({ context }: { context: Context }) => ({
            ...base(context),
            userId: context.change?.userId ?? '',
            member: context.change?.member ?? false,
          }),
          changed: (members: DivisionMember[]) => ({ members }),
        }),
      },
    },
  },
});

export type DivisionMembersSnapshot = SnapshotFrom<typeof divisionMembersMachine>;
export type DivisionMembersStatus = LoadStatus;
export type MemberPickerStatus = PickerStatus;

export function selectDivisionMembersStatus(snapshot: DivisionMembersSnapshot): DivisionMembersStatus {
  return loadStatus(snapshot);
}

export function selectDivisionMembers(snapshot: DivisionMembersSnapshot): DivisionMember[] {
  return snapshot.context.members;
}

export function selectMemberPickerStatus(snapshot: DivisionMembersSnapshot): MemberPickerStatus {
  return pickerStatus(snapshot);
}

/** What the picker offers: the project's members not in the division, matching the search. */
export function selectAddableMembers(snapshot: DivisionMembersSnapshot): ChatAgent[] {
  const { context } = snapshot;
  return offeredOptions(
    context,
    context.members.map((member) => member.userId),
  );
}
