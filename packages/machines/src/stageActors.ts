/**
 * Stages' network work and rules, apart from their statecharts (stagesMachine.ts for the table
 * of `/crm/stage/{key}`, boardMachine.ts for its pipeline board, customerStageMachine.ts for the
 * chat's customer panel): what a member may do with stages, the form's checks, the table's
 * payload, moving a stage up or down, the acts, and the live feed of customer moves.
 */
import { fromPromise } from 'xstate';
import { can, RECORD_NAME_MAX } from '@sapa/sdk';
import type { ActAccess, ActName, CustomerStage, Stage, StageColumn } from '@sapa/sdk';
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

/** The access of the stage acts, as the contract declares it (a test keeps them equal). */
export const stageActAccess = {
  stage_list: { anyOf: ['crm.stage.view', 'crm.chat.view'] },
  stage_create: { permission: 'crm.stage.add' },
  stage_update: { permission: 'crm.stage.edit' },
  stage_delete: { permission: 'crm.stage.hapus' },
  stage_board: { permission: 'crm.stage.view' },
  customer_stage_get: { anyOf: ['crm.chat.view', 'crm.stage.view'] },
  customer_stage_set: { anyOf: ['crm.chat.add_stage', 'crm.stage.edit'] },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface StagePermissions {
  /** The menu entry (`crm.stage.menu`). */
  menu: boolean;
  /** The screen: its table and its board (`crm.stage.view`). */
  view: boolean;
  add: boolean;
  /** Renaming, recolouring and reordering stages, and moving cards on the board (`crm.stage.edit`). */
  edit: boolean;
  /** Deleting (`crm.stage.hapus`). */
  remove: boolean;
  /** A customer's stage and history in the chat (`customer_stage_get`). */
  seeOnCustomer: boolean;
  /** Changing a customer's stage from the chat (`crm.chat.add_stage`). */
  setOnCustomer: boolean;
}

export function stagePermissions(permissions: readonly string[]): StagePermissions {
  return {
    menu: can(permissions, 'crm.stage.menu'),
    view: can(permissions, 'crm.stage.view'),
    add: mayCall(permissions, stageActAccess.stage_create),
    edit: mayCall(permissions, stageActAccess.stage_update),
    remove: mayCall(permissions, stageActAccess.stage_delete),
    seeOnCustomer: mayCall(permissions, stageActAccess.customer_stage_get),
    setOnCustomer: can(permissions, 'crm.chat.add_stage'),
  };
}

/** The colours the form offers (any other `#rrggbb` can be typed). */
export const stagePalette = [
  '#64748b',
  '#1e88e5',
  '#00897b',
  '#43a047',
  '#f9a825',
  '#fb8c00',
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
] as const;

export type StageField = NameColorField;

/** The stage form's own message keys, beside the shared `validation.*` ones. */
export type StageErrorKey = ValidationKey | 'stages.form.nameMax' | 'stages.form.colorRule';
/** A field's error: a catalogue key (client check) or the server's message to show as is. */
export type StageFieldError = NameColorFieldError<StageErrorKey>;
export type StageFieldErrors = NameColorFieldErrors<StageErrorKey>;

/** What the form holds, as typed. */
export type StageDraft = NameColorDraft;

/** The form's errors (none: it may be saved): a name of 1 to `RECORD_NAME_MAX` after trimming, a `#rrggbb` colour. */
export function checkStage(draft: StageDraft): StageFieldErrors {
  return checkNameColor(draft, {
    nameMax: RECORD_NAME_MAX,
    tooLong: 'stages.form.nameMax',
    notAColor: 'stages.form.colorRule',
  });
}

/** The form as it is sent: the name trimmed, the colour lowercased. */
export const cleanStage = cleanNameColor;

/** The table's payload for a search ('' for none): `stage_list`, 10 a page in board order. */
export interface StageListPayload {
  act: 'stage_list';
  key: string;
  search?: string;
}

export function stageListPayload(key: string, search: string): StageListPayload {
  return search === '' ? { act: 'stage_list', key } : { act: 'stage_list', key, search };
}

/** Where the table's page sits among all the stages, to tell whether a row may move down. */
export interface StagePageSpot {
  rows: readonly Pick<Stage, 'id' | 'position'>[];
  pageIndex: number;
  totalPage: number;
}

/** Whether a stage of the table may move up (not the first of the board) or down (not the last). */
export function stageMoves(
  stage: Pick<Stage, 'id' | 'position'>,
  spot: StagePageSpot,
): { up: boolean; down: boolean } {
  const lastPage = spot.pageIndex >= spot.totalPage - 1;
  const lastRow = spot.rows[spot.rows.length - 1]?.id === stage.id;
  return { up: stage.position > 0, down: !(lastPage && lastRow) };
}

/** stage_create (`editing` null) or stage_update of its name and colour; answers the stage. */
export const saveStage = fromPromise<
  Stage,
  { client: ActCaller; key: string; editing: Stage | null; draft: StageDraft }
>(async ({ input, signal }) => {
  const { client, key, editing } = input;
  const draft = cleanStage(input.draft);
  if (editing === null) return (await client.act('stage_create', { key, ...draft }, { signal })).data;
  return (await client.act('stage_update', { key, id: editing.id, ...draft }, { signal })).data;
});

/** stage_delete; answers the id. */
export const deleteStage = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('stage_delete', { key: input.key, id: input.id }, { signal })).data,
);

/** stage_update with a new place on the board; answers the stage. */
export const reorderStage = fromPromise<
  Stage,
  { client: ActCaller; key: string; id: string; position: number }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('stage_update', fields, { signal })).data;
});

/** stage_board: the columns and their first cards. */
export const loadBoard = fromPromise<
  StageColumn[],
  { client: ActCaller; key: string; limit: number; search: string }
>(async ({ input, signal }) => {
  const { client, key, limit, search } = input;
  return (await client.act('stage_board', { key, limit, ...(search === '' ? {} : { search }) }, { signal }))
    .data;
});

/** customer_stage_set: moves a customer (`null`: out of every stage); answers where they are now. */
export const setCustomerStage = fromPromise<
  CustomerStage,
  { client: ActCaller; key: string; customerId: string; stageId: string | null }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('customer_stage_set', fields, { signal })).data;
});

/** customer_stage_get: a customer's stage and moves, newest first. */
export const loadCustomerStage = fromPromise<
  CustomerStage,
  { client: ActCaller; key: string; customerId: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'customer_stage_get',
        { key: input.key, customerId: input.customerId },
        { signal },
      )
    ).data,
);

/** stage_list `{ all: true }`: every stage in board order (the chat's picker and filter). */
export const loadStageOptions = fromPromise<Stage[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('stage_list', { key: input.key, all: true }, { signal })).data,
);

/**
 * The inbox's stage filter options: the stages, or `null` when they could not be loaded (the
 * filter then stays disabled; a failure never reaches React as an actor error).
 */
export const loadStageFilterOptions = fromPromise<Stage[] | null, { client: ActCaller; key: string }>(
  async ({ input, signal }) => {
    try {
      return (await input.client.act('stage_list', { key: input.key, all: true }, { signal })).data;
    } catch {
      return null;
    }
  },
);

/** A stage as a move names it. */
export type StageRef = Pick<Stage, 'id' | 'name' | 'color'>;

/**
 * What the real-time connection tells the stage screens (inboxRouting's `attachStages`): a
 * customer moved (`customer.stage`, anyone's move, ours included), or the socket came back and
 * what was missed should be fetched again.
 */
export type StageFeedEvent =
  { type: 'stage.moved'; customerId: string; stage: StageRef | null } | { type: 'stage.resync' };
