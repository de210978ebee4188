/**
 * Divisions' network work and rules, apart from their statecharts (divisionsMachine.ts for the
 * table of `/crm/divisi/{key}`, divisionMembersMachine.ts for a division's members,
 * conversationDivisionMachine.ts for the chat's division picker): what a member may do with
 * divisions, the form's checks, the table's payload, the acts, and the inbox filter's options.
 */
import { fromPromise } from 'xstate';
import { can, RECORD_NAME_MAX } from '@sapa/sdk';
import type {
  ActAccess,
  ActName,
  ActPayload,
  ChatAgent,
  ConversationSummary,
  Division,
  DivisionMember,
} from '@sapa/sdk';
import { mayCall } from './projectAccess.ts';
import { checkNameColor, cleanNameColor } from './nameColorForm.ts';
import type {
  NameColorDraft,
  NameColorField,
  NameColorFieldError,
  NameColorFieldErrors,
} from './nameColorForm.ts';
import type { ActCaller } from './sdk.ts';
import type { ValidationKey } from './validation.ts';

/** The access of the division acts, as the contract declares it (a test keeps them equal). */
export const divisionActAccess = {
  division_list: { anyOf: ['crm.divisi.view', 'crm.chat.view'] },
  division_create: { permission: 'crm.divisi.add' },
  division_update: { permission: 'crm.divisi.edit' },
  division_delete: { permission: 'crm.divisi.hapus' },
  division_member_list: { permission: 'crm.divisi.view' },
  division_member_options: { permission: 'crm.divisi.add_user' },
  division_member_set: { permission: 'crm.divisi.add_user' },
  conversation_division_set: { permission: 'crm.chat.add_divisi' },
  conversation_division_clear: { permission: 'crm.chat.delete_divisi' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface DivisionPermissions {
  /** The menu entry (`crm.divisi.menu`). */
  menu: boolean;
  /** The screen, and a division's members (`crm.divisi.view`). */
  view: boolean;
  add: boolean;
  edit: boolean;
  /** Deleting (`crm.divisi.hapus`). */
  remove: boolean;
  /** Adding and removing a division's members (`crm.divisi.add_user`). */
  manageMembers: boolean;
  /** Putting a conversation in a division from the chat (`crm.chat.add_divisi`). */
  setOnConversation: boolean;
  /** Taking a conversation out of its division from the chat (`crm.chat.delete_divisi`). */
  clearOnConversation: boolean;
}

export function divisionPermissions(permissions: readonly string[]): DivisionPermissions {
  return {
    menu: can(permissions, 'crm.divisi.menu'),
    view: can(permissions, 'crm.divisi.view'),
    add: mayCall(permissions, divisionActAccess.division_create),
    edit: mayCall(permissions, divisionActAccess.division_update),
    remove: mayCall(permissions, divisionActAccess.division_delete),
    manageMembers: mayCall(permissions, divisionActAccess.division_member_set),
    setOnConversation: mayCall(permissions, divisionActAccess.conversation_division_set),
    clearOnConversation: mayCall(permissions, divisionActAccess.conversation_division_clear),
  };
}

/** The colours the form offers (any other `#rrggbb` can be typed). */
export const divisionPalette = [
  '#1e88e5',
  '#00897b',
  '#43a047',
  '#f9a825',
  '#fb8c00',
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
  '#64748b',
] as const;

export type DivisionField = NameColorField;

/** The division form's own message keys, beside the shared `validation.*` ones. */
export type DivisionErrorKey = ValidationKey | 'divisions.form.nameMax';
/** A field's error: a catalogue key (client check) or the server's message to show as is. */
export type DivisionFieldError = NameColorFieldError<DivisionErrorKey>;
export type DivisionFieldErrors = NameColorFieldErrors<DivisionErrorKey>;

/** What the form holds, as typed. */
export type DivisionDraft = NameColorDraft;

/** The form's errors (none: it may be saved): a name of 1 to `RECORD_NAME_MAX` after trimming, a `#rrggbb` colour. */
export function checkDivision(draft: DivisionDraft): DivisionFieldErrors {
  return checkNameColor(draft, {
    nameMax: RECORD_NAME_MAX,
    tooLong: 'divisions.form.nameMax',
    notAColor: 'validation.color',
  });
}

/** The form as it is sent: the name trimmed, the colour lowercased. */
export const cleanDivision = cleanNameColor;

/** What the divisions table sends to `division_list` besides the page. */
export type DivisionTablePayload = ActPayload<'division_list'>;

/** The table's payload for an applied search ('' for none): 10 a page, by name. */
export function divisionTablePayload(key: string, search: string): DivisionTablePayload {
  return search === '' ? { act: 'division_list', key } : { act: 'division_list', key, search };
}

/** The people whose name holds every word of `search` (any case); all of them for '' (choiceSelectors.ts). */
export { matchNames } from './choiceSelectors.ts';

/** division_create (`editing` null) or division_update of its name and colour; answers the division. */
export const saveDivision = fromPromise<
  Division,
  { client: ActCaller; key: string; editing: Division | null; draft: DivisionDraft }
>(async ({ input, signal }) => {
  const { client, key, editing } = input;
  const draft = cleanDivision(input.draft);
  if (editing === null) return (await client.act('division_create', { key, ...draft }, { signal })).data;
  return (await client.act('division_update', { key, id: editing.id, ...draft }, { signal })).data;
});

/** division_delete; answers the id. */
export const deleteDivision = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('division_delete', { key: input.key, id: input.id }, { signal })).data,
);

/** division_member_list: a division's members, by name. */
export const loadDivisionMembers = fromPromise<
  DivisionMember[],
  { client: ActCaller; key: string; divisionId: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'division_member_list',
        { key: input.key, divisionId: input.divisionId },
        { signal },
      )
    ).data,
);

/** division_member_options: the project's members not in the division yet, by name. */
export const loadMemberOptions = fromPromise<
  ChatAgent[],
  { client: ActCaller; key: string; divisionId: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'division_member_options',
        { key: input.key, divisionId: input.divisionId },
        { signal },
      )
    ).data,
);

/** division_member_set: adds (`member`) or removes one member; answers the division's members. */
export const setDivisionMember = fromPromise<
  DivisionMember[],
  { client: ActCaller; key: string; divisionId: string; userId: string; member: boolean }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('division_member_set', fields, { signal })).data;
});

/** division_list `{ all: true }`: every division of the project, by name (the chat's picker). */
export const loadDivisionOptions = fromPromise<Division[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('division_list', { key: input.key, all: true }, { signal })).data,
);

/**
 * The inbox's division filter options: the divisions, or `null` when they could not be loaded
 * (the filter then stays disabled; a failure never reaches React as an actor error).
 */
export const loadDivisionFilterOptions = fromPromise<Division[] | null, { client: ActCaller; key: string }>(
  async ({ input, signal }) => {
    try {
      return (await input.client.act('division_list', { key: input.key, all: true }, { signal })).data;
    } catch {
      return null;
    }
  },
);

/**
 * conversation_division_set (a division's id) or conversation_division_clear (`null`); answers
 * the conversation's summary.
 */
export const setConversationDivision = fromPromise<
  ConversationSummary,
  { client: ActCaller; key: string; conversationId: string; divisionId: string | null }
>(async ({ input, signal }) => {
  const { client, key, conversationId, divisionId } = input;
  if (divisionId === null)
    return (await client.act('conversation_division_clear', { key, conversationId }, { signal })).data;
  return (await client.act('conversation_division_set', { key, conversationId, divisionId }, { signal }))
    .data;
});

/** conversation_find by the conversation's id: its summary as it is now (after a reconnection). */
export const refreshConversation = fromPromise<
  ConversationSummary,
  { client: ActCaller; key: string; conversationId: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'conversation_find',
        { key: input.key, receiver: input.conversationId },
        { signal },
      )
    ).data,
);
