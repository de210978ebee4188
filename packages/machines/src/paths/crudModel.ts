/**
 * What the CRM tables' test models share (divisions, stages, quick replies, labels: machines with
 * a debounced search, debouncedSearch.ts, and a dialog region, crudDialog.ts): the search pause
 * that never ends by itself, the driver that answers a save, the events tried in the search and
 * the dialog, and how the dialog's state and events read in words.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { FlowError } from '../actError.ts';
import type { ActName } from '../sdk.ts';
import { networkError } from './fixtures.ts';
import type { StepDriver } from './models.ts';

/** Answers the pending create or update (whichever the save called) with the event's outcome. */
export function settleSave(create: ActName, update: ActName): StepDriver {
  return ({ world, event }) => {
    const name = world.client.pending().some((call) => call.name === update) ? update : create;
    world.client.settle(
      name,
      event.type.startsWith('xstate.error.') ? { error: event['error'] } : { data: event['output'] },
    );
  };
}

/** `dialog.form.saving` for `{ dialog: { form: 'saving' } }` (one branch of each level). */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${key}.${statePath(child)}`;
}

/** The dialog's context (crudDialog.ts), as the models read it. */
export interface CrudView<Row> {
  search: string;
  searchText: string;
  editing: Row | null;
  fieldErrors: Record<string, { key: string } | { message: string }>;
  saveError: FlowError | null;
  deleteTarget: Row | null;
  deleteError: FlowError | null;
}

/** The parts of a serialized state that say where the search and the dialog are (besides the draft). */
export function serializedCrud<Row>(c: CrudView<Row>, nameOf: (row: Row) => string) {
  return {
    search: [c.search, c.searchText],
    editing: c.editing === null ? null : nameOf(c.editing),
    errors: Object.entries(c.fieldErrors).map(
      ([field, error]) => `${field}:${'key' in error ? error.key : 'server'}`,
    ),
    saveError: c.saveError?.reason ?? null,
    del: [c.deleteTarget === null ? null : nameOf(c.deleteTarget), c.deleteError?.reason ?? null],
  };
}

/** The search region's events: settle or clear a pending search, type `text`, or clear an applied one. */
export function searchEvents(snapshot: AnyMachineSnapshot, prefix: string, text: string): AnyEventObject[] {
  if (snapshot.matches({ search: 'debouncing' }))
    return [{ type: `${prefix}.searchSettled` }, { type: `${prefix}.search`, text: '' }];
  return (snapshot.context as { search: string }).search === ''
    ? [{ type: `${prefix}.search`, text }]
    : [{ type: `${prefix}.search`, text: '  ' }];
}

/** A save's outcomes: `saved` kept, the field error `taken`, the server not reached. */
export function saveOutcomes(saved: unknown, taken: unknown): AnyEventObject[] {
  return [
    { type: 'xstate.done.actor.save', output: saved },
    { type: 'xstate.error.actor.save', error: taken },
    { type: 'xstate.error.actor.save', error: networkError },
  ];
}

/**
 * The dialog region's events: the form's (`form`), the delete's (confirm or call off; done, or
 * `refused`), or, closed, `closed` (add, edit, delete a row...).
 */
export function dialogEvents(
  snapshot: AnyMachineSnapshot,
  prefix: string,
  events: { form: () => AnyEventObject[]; refused: unknown; closed: AnyEventObject[] },
): AnyEventObject[] {
  if (snapshot.matches({ dialog: 'form' })) return events.form();
  if (snapshot.matches({ dialog: 'confirmingDelete' }))
    return [{ type: `${prefix}.confirmDelete` }, { type: `${prefix}.cancel` }];
  if (snapshot.matches({ dialog: 'deleting' })) {
    const target = (snapshot.context as { deleteTarget: { id: string } | null }).deleteTarget;
    return [
      { type: 'xstate.done.actor.remove', output: { id: target?.id ?? '' } },
      { type: 'xstate.error.actor.remove', error: events.refused },
    ];
  }
  return events.closed;
}

/**
 * An invoke's outcome in words (`the save succeeds`, `the delete fails (...)`), naming the actor
 * with `what` (by invoke id); undefined for any other event.
 */
export function describeSettled(event: AnyEventObject, what: Record<string, string>): string | undefined {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] === undefined) return undefined;
  const actor = what[settled[2]] ?? settled[2];
  if (settled[1] === 'done') return `${actor} succeeds`;
  const error = event['error'] as { reason?: string; message: string };
  return `${actor} fails (${error.reason === undefined ? 'network down' : error.message})`;
}

/**
 * The table's events that carry a row or text, in words (`<who> edits Penjualan`): the search,
 * edit and delete of a row (named by `nameOf`), and the name and colour of a name-and-colour
 * form; undefined for any other event.
 */
export function describeTableEvent(
  event: AnyEventObject,
  words: { prefix: string; who: string; rowKey: string; nameOf: (row: never) => string },
): string | undefined {
  const { prefix, who } = words;
  const value = String(event['value'] ?? event['text'] ?? '');
  const row = event[words.rowKey] as never;
  const name = row === undefined ? '?' : words.nameOf(row);
  switch (event.type) {
    case `${prefix}.search`:
      return value.trim() === '' ? `${who} clears the search` : `${who} types "${value}" in the search`;
    case `${prefix}.edit`:
      return `${who} edits ${name}`;
    case `${prefix}.delete`:
      return `${who} asks to delete ${name}`;
    case `${prefix}.name`:
      return `${who} types the name "${value}"`;
    case `${prefix}.color`:
      return `${who} picks the colour "${value}"`;
    default:
      return undefined;
  }
}

/** The notes of a state on the search and the dialog (`form` describes the open form's draft). */
export function crudNotes<Row>(
  snapshot: AnyMachineSnapshot,
  c: CrudView<Row>,
  words: { nameOf: (row: Row) => string; form: () => string },
): string[] {
  return [
    c.search === '' ? '' : `search "${c.search}"`,
    c.editing === null ? '' : `editing ${words.nameOf(c.editing)}`,
    snapshot.matches({ dialog: 'form' }) ? words.form() : '',
    Object.keys(c.fieldErrors).length > 0 ? `errors on ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.saveError ? `save failed: "${c.saveError.message}"` : '',
    c.deleteTarget === null ? '' : `deleting ${words.nameOf(c.deleteTarget)}`,
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
  ];
}

/** What a name-and-colour form's events try (stages, divisions). */
export interface NameColorFormWalk {
  /** The record the server answers for a save of the form as it stands, and its "name taken". */
  saved: unknown;
  taken: unknown;
  /** The form's check (its errors by field). */
  check: (draft: { name: string; color: string }) => object;
  /** The name an edit types; the name (with spaces around) and colours a new record gets. */
  editName: string;
  newName: string;
  /** The palette's first colour (a new form's), a `#RRGGBB` typed over it, and not a colour. */
  firstColor: string;
  otherColor: string;
}

/**
 * A name-and-colour form's events: while it saves, the save's outcomes; else cancel, save
 * (while valid, or before any error shows), and the field changes that lead from an empty new
 * form (or an edited one) to a valid one, through a colour that is not `#rrggbb`.
 */
export function nameColorFormEvents(
  snapshot: AnyMachineSnapshot,
  prefix: string,
  walk: NameColorFormWalk,
): AnyEventObject[] {
  if (snapshot.matches({ dialog: { form: 'saving' } })) return saveOutcomes(walk.saved, walk.taken);
  const c = snapshot.context as CrudView<unknown> & { draft: { name: string; color: string } };
  const out: AnyEventObject[] = [{ type: `${prefix}.cancel` }];
  const valid = Object.keys(walk.check(c.draft)).length === 0;
  if (valid || Object.keys(c.fieldErrors).length === 0) out.push({ type: `${prefix}.save` });
  if (c.editing !== null) {
    if (c.draft.name !== walk.editName) out.push({ type: `${prefix}.name`, value: walk.editName });
    return out;
  }
  if (c.draft.name === '') out.push({ type: `${prefix}.name`, value: walk.newName });
  if (c.draft.color === walk.firstColor) out.push({ type: `${prefix}.color`, value: walk.otherColor });
  if (c.draft.color === walk.otherColor) out.push({ type: `${prefix}.color`, value: 'ungu' });
  return out;
}
