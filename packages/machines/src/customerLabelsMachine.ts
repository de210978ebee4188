/**
 * The labels of the open conversation's customer (the chat's customer panel): loaded with
 * `customer_label_list` when the conversation opens. With `crm.chat.add_label` the agent opens a
 * picker of the project's labels (`label_list { all: true }`, searched here as they type) to
 * attach one, and detaches one from its chip (`customer_label_set`). Once ready, two regions:
 *
 * - `picker`: closed, or open (loading the project's labels, failed with retry, picking);
 * - `change`: one attach or detach at a time; the server answers the customer's labels, which
 *   replace those shown. A failure stays until the next change or `customerLabels.dismiss`.
 *
 * Picking a label attaches it and closes the picker. With `crm.label.add` too (`canCreate`), a
 * search that matches no label is offered as a new label (`selectCreatableLabel`):
 * `customerLabels.create` closes the picker, creates it (`label_create`, state
 * `ready.change.creating`, a colour of the palette) and attaches it (`saving`). The states are
 * choiceRegions.ts' `firstLoad`, then its `pickerRegion` and `changeRegion` (with `creating`).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { RECORD_NAME_MAX } from '@sapa/sdk';
import type { Label } from '@sapa/sdk';
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
import {
  labelPalette,
  labelPermissions,
  loadCustomerLabels,
  loadLabelOptions,
  saveLabel,
  setCustomerLabel,
} from './labelActors.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerLabelsInput {
  client: ActCaller;
  key: string;
  customerId: string;
  /** The member may create labels (`labelPermissions(…).add`): the picker offers its search as one. */
  canCreate?: boolean;
}

/**
 * Whether a member may create a label from the chat's picker (the machine's `canCreate`): they
 * attach labels (`crm.chat.add_label`) and may add one (`crm.label.add`).
 */
export function mayCreateCustomerLabels(permissions: readonly string[]): boolean {
  const may = labelPermissions(permissions);
  return may.attach && may.add;
}

/** A label being made from the picker's search, before it is attached. */
export interface LabelCreation {
  name: string;
  color: string;
}

/**
 * `options`: the project's labels for the picker (loaded each time it opens), `search` its
 * search; `change`: the attach or detach in flight, or the last one tried (with `changeError`).
 */
export interface CustomerLabelsContext
  extends PickerContext<Label>, ChangeContext<{ labelId: string; attached: boolean }> {
  client: ActCaller;
  key: string;
  customerId: string;
  /** The customer's labels, by name (as the server answers them). */
  labels: Label[];
  canCreate: boolean;
  /** The label `label_create` is making (state `ready.change.creating`), or the last one tried. */
  creating: LabelCreation | null;
  /** Why the customer's labels could not be loaded (state `failed`). */
  error: FlowError | null;
}

export type CustomerLabelsEvent =
  | { type: 'customerLabels.retry' }
  | { type: 'customerLabels.attach'; labelId: string }
  | { type: 'customerLabels.detach'; labelId: string }
  /** Creates a label named as the picker's search and attaches it (`selectCreatableLabel`). */
  | { type: 'customerLabels.create' }
  /** Forgets the last change's failure. */
  | { type: 'customerLabels.dismiss' }
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'picker.search'; text: string }
  | { type: 'picker.retry' };

export type CustomerLabelsTag = 'loading' | 'error' | 'ready' | 'changing';

type Context = CustomerLabelsContext;

function carries(context: Context, labelId: string): boolean {
  return context.labels.some((label) => label.id === labelId);
}

/** A label of the project the customer does not carry yet. */
function attachable(context: Context, labelId: string): boolean {
  return !carries(context, labelId) && context.options.some((label) => label.id === labelId);
}

/**
 * The name the picker's search would create: trimmed, with single spaces, 1 to
 * `RECORD_NAME_MAX` characters, when the picker offers no label for it and no label of the
 * project is named so (any case); `null` otherwise or without `canCreate`. (Offered only when
 * nothing matches, so typing and Enter still picks a label that does.)
 */
export function creatableName(context: Context): string | null {
  if (!context.canCreate) return null;
  const name = context.search.trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > RECORD_NAME_MAX) return null;
  const carried = context.labels.map((label) => label.id);
  if (offeredOptions(context, carried).length > 0) return null;
  const lower = name.toLowerCase();
  return context.options.some((label) => label.name.toLowerCase() === lower) ? null : name;
}

function base(context: Context) {
  return { client: context.client, key: context.key };
}

/**
 * The change region with `creating`: `customerLabels.create` (its `creatable` guard) makes the
 * label with `label_create` (invoked as `create`), then attaches it in `saving`; a refusal
 * (a name taken meanwhile) shows as the change's failure.
 */
function withCreating<Region extends { states: { idle: { on: object } } }>(region: Region) {
  return {
    ...region,
    states: {
      ...region.states,
      idle: {
        ...region.states.idle,
        on: {
          ...region.states.idle.on,
          'customerLabels.create': { guard: 'creatable', target: 'creating', actions: 'startCreate' },
        },
      },
      creating: {
        tags: ['changing'],
        invoke: {
          id: 'create',
          src: 'saveLabel',
          input: ({ context }: { context: Context }) => ({
            ...base(context),
            id: null,
            draft: context.creating ?? { name: '', color: labelPalette[0] },
          }),
          onDone: {
            target: 'saving',
            actions: {
              type: 'attachCreated',
              params: ({ event }: { event: { output: Label } }) => ({ label: event.output }),
            },
          },
          onError: {
            target: 'idle',
            actions: {
              type: 'showChangeError',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
          },
        },
      },
    },
  } as const;
}

const labelIdOf = ({ event }: { event: { labelId: string } }) => ({ labelId: event.labelId });
/** The change an attach (`true`) or a detach asks for. */
const labelChange =
  (attached: boolean) =>
  ({ event }: { event: { labelId: string } }) => ({ labelId: event.labelId, attached });

export const customerLabelsMachine = setup({
  types: {} as {
    context: CustomerLabelsContext;
    events: CustomerLabelsEvent;
    input: CustomerLabelsInput;
    children: {
      labels: 'loadCustomerLabels';
      options: 'loadLabelOptions';
      change: 'setCustomerLabel';
      create: 'saveLabel';
    };
    tags: CustomerLabelsTag;
  },
  actors: { loadCustomerLabels, loadLabelOptions, setCustomerLabel, saveLabel },
  guards: {
    isAttachable: ({ context }, params: { labelId: string }) => attachable(context, params.labelId),
    isCarried: ({ context }, params: { labelId: string }) => carries(context, params.labelId),
    pickable: ({ context, event }) =>
      event.type === 'customerLabels.attach' && attachable(context, event.labelId),
    creatable: ({ context }) => creatableName(context) !== null,
  },
  actions: {
    ...pickerActions<Context, CustomerLabelsEvent>(),
    ...changeActions<Context, CustomerLabelsEvent>(),
    keep: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    changed: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, change: null })),
    // A colour of the palette, in turn as the project's labels grow.
    startCreate: assign(({ context }) => ({
      creating: {
        name: creatableName(context) ?? '',
        color: labelPalette[context.options.length % labelPalette.length] ?? labelPalette[0],
      },
      change: null,
      changeError: null,
    })),
    // Made: one of the project's labels now, attached next.
    attachCreated: assign(({ context }, params: { label: Label }) => ({
      options: [...context.options, params.label],
      creating: null,
      change: { labelId: params.label.id, attached: true },
    })),
  },
}).createMachine({
  id: 'customerLabels',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    labels: [],
    canCreate: input.canCreate ?? false,
    creating: null,
    error: null,
    ...pickerContext(),
    change: null,
    changeError: null,
  }),
  initial: 'loading',
  states: {
    ...firstLoad({
      id: 'labels',
      src: 'loadCustomerLabels',
      input: ({ context }: { context: Context }) => ({ ...base(context), customerId: context.customerId }),
      keep: (labels: Label[]) => ({ labels }),
      retry: 'customerLabels.retry',
    }),
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        picker: pickerRegion({
          id: 'customerLabels',
          prefix: 'picker',
          src: 'loadLabelOptions',
          input: ({ context }: { context: Context }) => base(context),
          pick: 'customerLabels.attach',
          create: 'customerLabels.create',
        }),
        change: withCreating(
          changeRegion({
            starts: {
              'customerLabels.attach': {
                guard: { type: 'isAttachable', params: labelIdOf },
                target: 'saving',
                actions: { type: 'startChange', params: labelChange(true) },
              },
              'customerLabels.detach': {
                guard: { type: 'isCarried', params: labelIdOf },
                target: 'saving',
                actions: { type: 'startChange', params: labelChange(false) },
              },
            },
            dismiss: 'customerLabels.dismiss',
            src: 'setCustomerLabel',
            input: ({ context }: { context: Context }) => ({
              ...base(context),
              customerId: context.customerId,
              labelId: context.change?.labelId ?? '',
              attached: context.change?.attached ?? false,
            }),
            changed: (labels: Label[]) => ({ labels }),
          }),
        ),
      },
    },
  },
});

export type CustomerLabelsSnapshot = SnapshotFrom<typeof customerLabelsMachine>;
export type CustomerLabelsStatus = LoadStatus;
export type LabelPickerStatus = PickerStatus;

export function selectCustomerLabelsStatus(snapshot: CustomerLabelsSnapshot): CustomerLabelsStatus {
  return loadStatus(snapshot);
}

export function selectCustomerLabels(snapshot: CustomerLabelsSnapshot): Label[] {
  return snapshot.context.labels;
}

export function selectPickerStatus(snapshot: CustomerLabelsSnapshot): LabelPickerStatus {
  return pickerStatus(snapshot);
}

/** What the picker offers: the project's labels the customer does not carry, matching the search. */
export function selectPickableLabels(snapshot: CustomerLabelsSnapshot): Label[] {
  const { context } = snapshot;
  return offeredOptions(
    context,
    context.labels.map((label) => label.id),
  );
}

/**
 * The label the open picker offers to create (its search, tidied), or `null`: none to offer
 * (not `canCreate`, an empty search, a name the project has, the picker not picking).
 */
export function selectCreatableLabel(snapshot: CustomerLabelsSnapshot): string | null {
  if (pickerStatus(snapshot) !== 'picking') return null;
  return creatableName(snapshot.context);
}
