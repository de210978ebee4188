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
 * Picking a label attaches it and closes the picker. The states are choiceRegions.ts'
 * `firstLoad`, then its `pickerRegion` and `changeRegion`.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
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
import { loadCustomerLabels, loadLabelOptions, setCustomerLabel } from './labelActors.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerLabelsInput {
  client: ActCaller;
  key: string;
  customerId: string;
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
  /** Why the customer's labels could not be loaded (state `failed`). */
  error: FlowError | null;
}

export type CustomerLabelsEvent =
  | { type: 'customerLabels.retry' }
  | { type: 'customerLabels.attach'; labelId: string }
  | { type: 'customerLabels.detach'; labelId: string }
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

function base(context: Context) {
  return { client: context.client, key: context.key };
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
    children: { labels: 'loadCustomerLabels'; options: 'loadLabelOptions'; change: 'setCustomerLabel' };
    tags: CustomerLabelsTag;
  },
  actors: { loadCustomerLabels, loadLabelOptions, setCustomerLabel },
  guards: {
    isAttachable: ({ context }, params: { labelId: string }) => attachable(context, params.labelId),
    isCarried: ({ context }, params: { labelId: string }) => carries(context, params.labelId),
    pickable: ({ context, event }) =>
      event.type === 'customerLabels.attach' && attachable(context, event.labelId),
  },
  actions: {
    ...pickerActions<Context, CustomerLabelsEvent>(),
    ...changeActions<Context, CustomerLabelsEvent>(),
    keep: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    changed: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, change: null })),
  },
}).createMachine({
  id: 'customerLabels',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    labels: [],
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
        }),
        change: changeRegion({
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
