/**
 * The dialog region shared by the CRM tables' machines (labels, stages, quick replies): at most
 * one dialog over the table, the form of a record (a new one, or one being edited) or a delete to
 * confirm. The region is
 *
 * - `closed`: `<prefix>.add` opens the form empty, `<prefix>.edit` on a row, `<prefix>.delete`
 *   asks to delete a row;
 * - `form` (tag `form`) > `filling`: the machine's own field events; the submit event checks the
 *   draft (`draftValid`): valid, it saves, else each field gets its error; `<prefix>.cancel`
 *   closes;
 * - `form` > `saving` (tags `saving`, `busy`): the save actor (invoked as `save`); done, the
 *   record is announced (`announceSaved`, the machine's, with `{ row }`) and the form closes;
 *   failed, the server's field errors land on their fields, anything else in `saveError`;
 * - `confirmingDelete` (tag `confirming`): `<prefix>.confirmDelete` deletes, `<prefix>.cancel`
 *   calls it off;
 * - `deleting` (tags `confirming`, `deleting`, `busy`): the delete actor (invoked as `remove`,
 *   input `{ client, key, id }`); done, announced (`announceDeleted`, the machine's, with the
 *   actor's output), failed, back to confirm with `deleteError`.
 *
 * Use: spread `closedDialog(emptyDraft())` into the context, `crudDialogActions<Context, Event>(rules)`
 * and `crudDialogGuards(check)` into `setup` (plus the machine's `announceSaved` and
 * `announceDeleted`), and place `crudDialogRegion({...})` as the parallel region `dialog`.
 */
import { assign } from 'xstate';
import type { EventObject } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import { on } from './transitions.ts';

export interface CrudDialogContext<Row, Draft, Errors extends object> {
  /** The row the form edits (`null`: a new one). */
  editing: Row | null;
  /** What the form holds, as typed. */
  draft: Draft;
  /** The form's field errors (its checks or the server's), each until its field changes. */
  fieldErrors: Errors;
  /** Why the last save failed, when it was not a field's fault. */
  saveError: FlowError | null;
  /** The row asked to be deleted, and why that last failed. */
  deleteTarget: Row | null;
  deleteError: FlowError | null;
}

/** The context of a closed dialog (the form's draft ready for a new record). */
export function closedDialog<Draft>(draft: Draft) {
  return {
    editing: null,
    draft,
    fieldErrors: {},
    saveError: null,
    deleteTarget: null,
    deleteError: null,
  } as const;
}

/** A machine's own form rules, which the region's actions follow. */
export interface CrudRules<Row, Draft, Errors extends object> {
  /** A new record's draft. */
  empty(): Draft;
  /** The draft of a row to edit. */
  draftOf(row: Row): Draft;
  /** The draft's errors by field (none: it may be saved). */
  check(draft: Draft): Errors;
  /** The server's field errors of a failed save (an empty object for none). */
  serverErrors(error: unknown): Errors;
}

type AnyCrudContext = CrudDialogContext<unknown, unknown, object>;
type RowOf<Context extends AnyCrudContext> = NonNullable<Context['editing']>;
type Rules<Context extends AnyCrudContext> = CrudRules<
  RowOf<Context>,
  Context['draft'],
  Context['fieldErrors']
>;

function without<Errors extends object>(errors: Errors, field: PropertyKey): Errors {
  const { [field as keyof Errors]: _gone, ...rest } = errors;
  return rest as Errors;
}

/** The region's guard: the draft has no errors. */
export function crudDialogGuards<Draft>(check: (draft: Draft) => object) {
  return {
    draftValid: ({ context }: { context: { draft: Draft } }) =>
      Object.keys(check(context.draft)).length === 0,
  };
}

/**
 * The region's actions for a machine whose context is `Context`, plus `editDraft` for its field
 * events: params `{ patch, field }` change the draft and drop `field`'s error.
 */
export function crudDialogActions<Context extends AnyCrudContext, Event extends EventObject>(
  rules: Rules<Context>,
) {
  type Row = RowOf<Context>;
  type Draft = Context['draft'];
  const closed = () => closedDialog(rules.empty()) as unknown as Partial<Context>;
  return {
    openNew: assign<Context, Event, undefined, Event, never>(closed),
    openEdit: assign<Context, Event, { row: Row }, Event, never>(
      (_, params) =>
        ({ ...closedDialog(rules.draftOf(params.row)), editing: params.row }) as unknown as Partial<Context>,
    ),
    editDraft: assign<Context, Event, { patch: Partial<Draft>; field: PropertyKey }, Event, never>(
      ({ context }, params) =>
        ({
          draft: { ...(context.draft as object), ...params.patch },
          fieldErrors: without(context.fieldErrors, params.field),
        }) as Partial<Context>,
    ),
    showCheckErrors: assign<Context, Event, undefined, Event, never>(
      ({ context }) => ({ fieldErrors: rules.check(context.draft), saveError: null }) as Partial<Context>,
    ),
    startSave: assign<Context, Event, undefined, Event, never>(
      () => ({ fieldErrors: {}, saveError: null }) as Partial<Context>,
    ),
    showSaveError: assign<Context, Event, { error: unknown }, Event, never>((_, params) => {
      const fields = rules.serverErrors(params.error);
      return {
        fieldErrors: fields,
        saveError: Object.keys(fields).length > 0 ? null : toFlowError(params.error),
      } as Partial<Context>;
    }),
    askDelete: assign<Context, Event, { row: Row }, Event, never>(
      (_, params) => ({ ...closed(), deleteTarget: params.row }) as Partial<Context>,
    ),
    showDeleteError: assign<Context, Event, { error: unknown }, Event, never>(
      (_, params) => ({ deleteError: toFlowError(params.error) }) as Partial<Context>,
    ),
    close: assign<Context, Event, undefined, Event, never>(closed),
  };
}

/** The row an `edit` or `delete` event carries, under its machine's name for it. */
function rowOf<Key extends string>(key: Key) {
  return <Row>({ event }: { event: Record<Key, Row> }) => ({ row: event[key] });
}

const savedRow = <Row>({ event }: { event: { output: Row } }) => ({ row: event.output });
const outputOf = <Output>({ event }: { event: { output: Output } }) => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export interface CrudDialogRegion<
  Prefix extends string,
  RowKey extends string,
  Submit extends string,
  Save extends string,
  SaveInput extends (args: never) => unknown,
  Remove extends string,
  Then extends string,
> {
  /** The machine's id (`#<id>.dialog.closed` is the region's `closed`). */
  id: string;
  /** The events' prefix (`labels` for `labels.add`, ...). */
  prefix: Prefix;
  /** Where `<prefix>.edit` and `<prefix>.delete` carry the row (`label`, `stage`, `reply`). */
  rowKey: RowKey;
  /** The form's field events, in `filling` (each usually `editDraft`). */
  fields: object;
  /** The event that saves the form (`labels.submit`, `stages.save`). */
  submit: Submit;
  /** The save actor's src and its input (`({ context }: { context: Context }) => ...`). */
  save: { src: Save; input: SaveInput };
  /** The delete actor's src (input `{ client, key, id }`). */
  remove: Remove;
  /** The machine's own actions after a save or a delete went through (a table refresh). */
  then?: readonly Then[];
}

/** The region's states and transitions (place it as the machine's parallel region `dialog`). */
export function crudDialogRegion<
  Prefix extends string,
  RowKey extends string,
  Submit extends string,
  Save extends string,
  SaveInput extends (args: never) => unknown,
  Remove extends string,
  Fields extends object,
  Then extends string = never,
>(options: CrudDialogRegion<Prefix, RowKey, Submit, Save, SaveInput, Remove, Then> & { fields: Fields }) {
  const { id, prefix, rowKey, fields, submit, save, remove, then = [] } = options;
  const closedTarget = `#${id}.dialog.closed`;
  return {
    initial: 'closed' as const,
    states: {
      closed: {
        on: {
          ...on(`${prefix}.add` as const, { target: 'form', actions: 'openNew' as const }),
          ...on(`${prefix}.edit` as const, {
            target: 'form',
            actions: { type: 'openEdit' as const, params: rowOf(rowKey) },
          }),
          ...on(`${prefix}.delete` as const, {
            target: 'confirmingDelete',
            actions: { type: 'askDelete' as const, params: rowOf(rowKey) },
          }),
        },
      },
      form: {
        tags: ['form' as const],
        initial: 'filling' as const,
        states: {
          filling: {
            on: {
              ...fields,
              ...on(submit, [
                { guard: 'draftValid' as const, target: 'saving', actions: 'startSave' as const },
                { actions: 'showCheckErrors' as const },
              ]),
              ...on(`${prefix}.cancel` as const, { target: closedTarget, actions: 'close' as const }),
            },
          },
          saving: {
            tags: ['saving' as const, 'busy' as const],
            invoke: {
              id: 'save' as const,
              src: save.src,
              input: save.input,
              onDone: {
                target: closedTarget,
                actions: [{ type: 'announceSaved' as const, params: savedRow }, 'close' as const, ...then],
              },
              onError: { target: 'filling', actions: { type: 'showSaveError' as const, params: errorOf } },
            },
          },
        },
      },
      confirmingDelete: {
        tags: ['confirming' as const],
        on: {
          ...on(`${prefix}.confirmDelete` as const, 'deleting'),
          ...on(`${prefix}.cancel` as const, { target: 'closed', actions: 'close' as const }),
        },
      },
      deleting: {
        tags: ['confirming' as const, 'deleting' as const, 'busy' as const],
        invoke: {
          id: 'remove' as const,
          src: remove,
          input: deleteInput,
          onDone: {
            target: 'closed',
            actions: [{ type: 'announceDeleted' as const, params: outputOf }, 'close' as const, ...then],
          },
          onError: {
            target: 'confirmingDelete',
            actions: { type: 'showDeleteError' as const, params: errorOf },
          },
        },
      },
    },
  };
}

/** The delete actor's input: the row asked to be deleted. */
function deleteInput({
  context,
}: {
  context: { client: ActCaller; key: string; deleteTarget: { id: string } | null };
}) {
  return { client: context.client, key: context.key, id: context.deleteTarget?.id ?? '' };
}

/** The table's tags of the region, for a machine's `tags` type. */
export type CrudDialogTag = 'form' | 'saving' | 'busy' | 'confirming' | 'deleting';

/**
 * A field event of the form: its payload changes the draft (`patch`) and drops `field`'s error.
 *
 *   'stages.name': editDraft('name', ({ value }: { value: string }) => ({ name: value })),
 */
export function editDraft<Event, Patch, Field extends string>(field: Field, patch: (event: Event) => Patch) {
  return {
    actions: {
      type: 'editDraft' as const,
      params: ({ event }: { event: Event }) => ({ patch: patch(event), field }),
    },
  };
}
