/**
 * The statechart pieces shared by the machines that choose things for one record: a searchable
 * picker that adds, with a remove on each item (a customer's labels, customerLabelsMachine; a
 * division's members, divisionMembersMachine), and a select among the project's records (a
 * customer's stage, customerStageMachine; a conversation's division,
 * conversationDivisionMachine). The pieces:
 *
 * - `firstLoad`: the states `loading` (tag `loading`; the load actor, invoked as `id`: done ->
 *   `ready` with the machine's `keep` action, failed -> `failed` with `showError`) and `failed`
 *   (tag `error`; `retry` loads again);
 * - `optionsRegion`: the project's records to choose from, `loading` -> `ready`, or `failed`
 *   until `retry` (the actor invoked as `options`; actions `keepOptions`, `showOptionsError`);
 * - `pickerRegion` (placed as `ready.picker`): `closed`, or `open` > `loading` the options,
 *   `failed` with a retry, `picking`; `<prefix>.search` types into `search`, and a pick the
 *   machine takes (its `pickable` guard, while `ready.change` is idle) closes the picker, as
 *   does its optional `create` event (its `creatable` guard);
 * - `changeRegion`: one change at a time: `idle` (the machine's own events start one,
 *   `dismiss` forgets the last failure) or `saving` (tag `changing`; the actor invoked as
 *   `change`: done, `changed` with what the server answered; failed, `showChangeError`).
 *
 * Use: spread `optionActions` (or `pickerActions`) into `setup`'s actions, and `optionsContext()`
 * (or `pickerContext()`) into the context; a pick list adds `changeActions` (its change kept in
 * `change` until dismissed). The machine writes its own `keep` and `changed` (and, for a select,
 * `startChange`, `showChangeError`, `dismiss`), which say what is shown and what a change is.
 * Their selectors are in choiceSelectors.ts.
 */
import { and, assign, stateIn } from 'xstate';
import type { EventObject } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { on } from './transitions.ts';

/** The project's records to choose from, and why they could not be loaded. */
export interface OptionsContext<Option> {
  options: Option[];
  optionsError: FlowError | null;
}

/** The options, and the picker's search as typed. */
export interface PickerContext<Option> extends OptionsContext<Option> {
  search: string;
}

export function optionsContext(): OptionsContext<never> {
  return { options: [], optionsError: null };
}

export function pickerContext(): PickerContext<never> {
  return { ...optionsContext(), search: '' };
}

type AnyOptionsContext = OptionsContext<unknown>;

/** The options' actions: keep what was loaded (params `{ options }`), or say why not. */
export function optionActions<Context extends AnyOptionsContext, Event extends EventObject>() {
  return {
    keepOptions: assign<Context, Event, { options: Context['options'] }, Event, never>(
      (_, params) => ({ options: params.options, optionsError: null }) as Partial<Context>,
    ),
    showOptionsError: assign<Context, Event, { error: unknown }, Event, never>(
      (_, params) => ({ optionsError: toFlowError(params.error) }) as Partial<Context>,
    ),
  };
}

/** A pick list's change: the add or remove in flight, or the last one tried (with `changeError`). */
export interface ChangeContext<Change> {
  change: Change | null;
  changeError: FlowError | null;
}

/**
 * A pick list's change actions: `startChange` (params: the change), `showChangeError` (the
 * change stays, as the one that failed), `dismiss` (forgets both).
 */
export function changeActions<Context extends ChangeContext<unknown>, Event extends EventObject>() {
  return {
    startChange: assign<Context, Event, NonNullable<Context['change']>, Event, never>(
      (_, params) => ({ change: params, changeError: null }) as Partial<Context>,
    ),
    showChangeError: assign<Context, Event, { error: unknown }, Event, never>(
      (_, params) => ({ changeError: toFlowError(params.error) }) as Partial<Context>,
    ),
    dismiss: assign<Context, Event, undefined, Event, never>(
      () => ({ change: null, changeError: null }) as Partial<Context>,
    ),
  };
}

/** The picker's actions: the options', plus opening it afresh and typing its search. */
export function pickerActions<Context extends PickerContext<unknown>, Event extends EventObject>() {
  return {
    ...optionActions<Context, Event>(),
    openPicker: assign<Context, Event, undefined, Event, never>(
      () => ({ search: '', optionsError: null }) as Partial<Context>,
    ),
    typeSearch: assign<Context, Event, { text: string }, Event, never>(
      (_, params) => ({ search: params.text }) as Partial<Context>,
    ),
  };
}

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const textOf = ({ event }: { event: { text: string } }) => ({ text: event.text });
const optionsOf = <Options>({ event }: { event: { output: Options } }) => ({ options: event.output });

/** What an invoke answered, as the params of the machine's action. */
function outputAs<Output, Params>(map: (output: Output) => Params) {
  return ({ event }: { event: { output: Output } }) => map(event.output);
}

/** The state that loads the options (the actor invoked as `options`), then goes to `done`. */
function loadingOptions<Src extends string, Input extends (args: never) => unknown, Done extends string>(
  src: Src,
  input: Input,
  done: Done,
) {
  return {
    invoke: {
      id: 'options' as const,
      src,
      input,
      onDone: {
        target: done,
        actions: {
          type: 'keepOptions' as const,
          params: optionsOf,
        },
      },
      onError: { target: 'failed' as const, actions: { type: 'showOptionsError' as const, params: errorOf } },
    },
  };
}

/**
 * The first load of what the machine shows (`loading`, `failed`): the actor `src` invoked as
 * `id`; its output goes to the machine's `keep` action as `keep(output)`.
 */
export function firstLoad<
  Id extends string,
  Src extends string,
  Input extends (args: never) => unknown,
  Output,
  Params,
  Retry extends string,
>(options: { id: Id; src: Src; input: Input; keep: (output: Output) => Params; retry: Retry }) {
  return {
    loading: {
      tags: ['loading' as const],
      invoke: {
        id: options.id,
        src: options.src,
        input: options.input,
        onDone: {
          target: 'ready' as const,
          actions: { type: 'keep' as const, params: outputAs(options.keep) },
        },
        onError: { target: 'failed' as const, actions: { type: 'showError' as const, params: errorOf } },
      },
    },
    failed: { tags: ['error' as const], on: on(options.retry, 'loading' as const) },
  };
}

/** The project's records to choose from, loaded once (a failure offers `retry`). */
export function optionsRegion<
  Src extends string,
  Input extends (args: never) => unknown,
  Retry extends string,
>(src: Src, input: Input, retry: Retry) {
  return {
    initial: 'loading' as const,
    states: {
      loading: loadingOptions(src, input, 'ready' as const),
      ready: {},
      failed: { on: on(retry, 'loading' as const) },
    },
  };
}

export interface PickerRegion<
  Prefix extends string,
  Src extends string,
  Input extends (args: never) => unknown,
  Pick extends string,
  Opens extends string,
  Create extends string = never,
> {
  /** The machine's id (the region is `#<id>.ready.picker`, beside `#<id>.ready.change`). */
  id: string;
  /** The picker's events' prefix: `<prefix>.open`, `.close`, `.search`, `.retry`. */
  prefix: Prefix;
  /** The options' actor and its input. */
  src: Src;
  input: Input;
  /** The event that picks an option: taken (the machine's `pickable` guard), it closes the picker. */
  pick: Pick;
  /** A guard that must pass for the picker to open (none: it always opens). */
  opens?: Opens;
  /**
   * An event that makes a new option from the search (a label created from the chat): taken (the
   * machine's `creatable` guard), it closes the picker like a pick.
   */
  create?: Create;
}

/** The searchable picker (place it as the region `picker` of the machine's parallel `ready`). */
export function pickerRegion<
  Prefix extends string,
  Src extends string,
  Input extends (args: never) => unknown,
  Pick extends string,
  Opens extends string = never,
  Create extends string = never,
>(options: PickerRegion<Prefix, Src, Input, Pick, Opens, Create>) {
  const { id, prefix, pick, opens, create } = options;
  const whenIdle = (guard: 'pickable' | 'creatable') => ({
    guard: and([guard, stateIn(`#${id}.ready.change.idle`)]),
    target: `#${id}.ready.picker.closed` as const,
  });
  const open = { target: 'open' as const, actions: 'openPicker' as const };
  return {
    initial: 'closed' as const,
    states: {
      closed: { on: on(`${prefix}.open` as const, opens === undefined ? open : { ...open, guard: opens }) },
      open: {
        initial: 'loading' as const,
        on: {
          ...on(`${prefix}.close` as const, 'closed' as const),
          ...on(`${prefix}.search` as const, { actions: { type: 'typeSearch' as const, params: textOf } }),
        },
        states: {
          loading: loadingOptions(options.src, options.input, 'picking' as const),
          failed: { on: on(`${prefix}.retry` as const, 'loading' as const) },
          picking: {
            // Closes once the pick (or the creation) is taken (not while another change runs).
            on: {
              ...on(pick, whenIdle('pickable')),
              ...(create === undefined ? ({} as Record<Create, never>) : on(create, whenIdle('creatable'))),
            },
          },
        },
      },
    },
  };
}

/**
 * One change at a time: `starts` are the idle state's own transitions (each to `saving`, with
 * the machine's `startChange`); what the actor answers goes to `changed` as `changed(output)`.
 */
export function changeRegion<
  const Starts extends object,
  Dismiss extends string,
  Src extends string,
  Input extends (args: never) => unknown,
  Output,
  Params,
>(options: {
  starts: Starts;
  dismiss: Dismiss;
  src: Src;
  input: Input;
  changed: (output: Output) => Params;
}) {
  return {
    initial: 'idle' as const,
    states: {
      idle: { on: { ...options.starts, ...on(options.dismiss, { actions: 'dismiss' as const }) } },
      saving: {
        tags: ['changing' as const],
        invoke: {
          id: 'change' as const,
          src: options.src,
          input: options.input,
          onDone: {
            target: 'idle' as const,
            actions: { type: 'changed' as const, params: outputAs(options.changed) },
          },
          onError: {
            target: 'idle' as const,
            actions: { type: 'showChangeError' as const, params: errorOf },
          },
        },
      },
    },
  };
}
