/**
 * What the test models of a pick list share (a customer's labels, a division's members: a first
 * load, a searchable picker that adds, a remove on each item, one change at a time;
 * choiceRegions.ts): the events tried in each state, the short walk to a pick, and how the
 * events and states read in words.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { FlowError } from '../actError.ts';
import { networkError } from './fixtures.ts';

/** What a model's walk tries, for the state at hand. */
export interface PickListWalk {
  /** The machine's events' prefix (`customerLabels`) and its picker's (`picker`). */
  prefix: string;
  picker: string;
  /** The first load's invoke id and what it answers. */
  load: { id: string; output: unknown };
  /** What the picker's options load answers. */
  options: unknown;
  /** The pick tried in the picker, and the search typed there. */
  pick: AnyEventObject;
  search: string;
  /** The remove tried while the picker is closed (null: nothing to remove now). */
  remove: AnyEventObject | null;
  /** What the server answers for the change in flight, and its refusal. */
  changed: unknown;
  refused: unknown;
}

interface PickListView {
  search: string;
  changeError: FlowError | null;
}

/** The picker's events: the options arrive or fail, a retry, a pick, the search typed or cleared. */
export function pickerEvents(snapshot: AnyMachineSnapshot, walk: PickListWalk): AnyEventObject[] {
  const { picker } = walk;
  const at = (state: string) => snapshot.matches({ ready: { picker: { open: state } } });
  if (at('loading'))
    return [
      { type: 'xstate.done.actor.options', output: walk.options },
      { type: 'xstate.error.actor.options', error: networkError },
      { type: `${picker}.close` },
    ];
  if (at('failed')) return [{ type: `${picker}.retry` }, { type: `${picker}.close` }];
  if (at('picking'))
    return [
      walk.pick,
      (snapshot.context as PickListView).search === ''
        ? { type: `${picker}.search`, text: walk.search }
        : { type: `${picker}.search`, text: '' },
      { type: `${picker}.close` },
    ];
  return [{ type: `${picker}.open` }];
}

/**
 * The events of each state: the first load (done, failed, retried), the change's outcome, the
 * dismiss of its failure; once ready, the picker's and, while it is closed, the remove.
 */
export function pickListEvents(snapshot: AnyMachineSnapshot, walk: PickListWalk): AnyEventObject[] {
  const { prefix } = walk;
  if (snapshot.matches('loading'))
    return [
      { type: `xstate.done.actor.${walk.load.id}`, output: walk.load.output },
      { type: `xstate.error.actor.${walk.load.id}`, error: networkError },
    ];
  if (snapshot.matches('failed')) return [{ type: `${prefix}.retry` }];
  if (snapshot.matches({ ready: { change: 'saving' } }))
    return [
      { type: 'xstate.done.actor.change', output: walk.changed },
      { type: 'xstate.error.actor.change', error: walk.refused },
    ];
  if ((snapshot.context as PickListView).changeError !== null) return [{ type: `${prefix}.dismiss` }];
  const pickerClosed = snapshot.matches({ ready: { picker: 'closed' } });
  return [...pickerEvents(snapshot, walk), ...(pickerClosed && walk.remove ? [walk.remove] : [])];
}

/** The short walk to a pick taken: loaded, the picker opened, its options loaded, the pick, its answer. */
export function pickListSimpleEvents(snapshot: AnyMachineSnapshot, walk: PickListWalk): AnyEventObject[] {
  if (snapshot.matches('loading'))
    return [{ type: `xstate.done.actor.${walk.load.id}`, output: walk.load.output }];
  if (snapshot.matches({ ready: { change: 'saving' } }))
    return [{ type: 'xstate.done.actor.change', output: walk.changed }];
  const steps = [`${walk.picker}.open`, 'xstate.done.actor.options', walk.pick.type];
  return pickerEvents(snapshot, walk).filter((event) => steps.includes(event.type));
}

/** The names of a list, as the words of a path show them. */
export const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(' ');

export interface PickListWords {
  /** Who acts (`the agent`). */
  who: string;
  /** The loads' names by invoke id (`options: "the project's labels"`). */
  loads: Record<string, string>;
  /** The pick and remove events, the key of the id they carry, and the name of an id. */
  pick: string;
  remove: string;
  idKey: string;
  nameOf: (id: unknown) => string;
  /** The picker's search event. */
  search: string;
  /** Every other event, in words. */
  plain: Record<string, string>;
}

/** An event of a pick list in words. */
export function describePickListEvent(event: AnyEventObject, words: PickListWords): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = words.loads[settled[2]] ?? settled[2];
    if (settled[1] === 'error') {
      const error = event['error'] as { reason?: string; message: string };
      return `${what} fail (${error.reason === undefined ? 'network down' : error.message})`;
    }
    return `${what} arrive: ${names(event['output'] as { name: string }[]) || 'none'}`;
  }
  switch (event.type) {
    case words.pick:
      return `${words.who} picks ${words.nameOf(event[words.idKey])}`;
    case words.remove:
      return `${words.who} removes ${words.nameOf(event[words.idKey])}`;
    case words.search:
      return String(event['text']) === ''
        ? `${words.who} clears the search`
        : `${words.who} types "${String(event['text'])}"`;
    default:
      return words.plain[event.type] ?? event.type;
  }
}

/** A pick list's state in words: where it is, what it `shows`, the search, and the failure shown. */
export function describePickListState(snapshot: AnyMachineSnapshot, shows: string): string {
  const c = snapshot.context as PickListView & { error: FlowError | null; optionsError: FlowError | null };
  const failure = c.error ?? c.optionsError ?? c.changeError;
  const search = c.search === '' ? '' : `, search "${c.search}"`;
  return `${JSON.stringify(snapshot.value)} ${shows}${search}${failure === null ? '' : `, shows "${failure.message}"`}`;
}
