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
 * Picking a label attaches it and closes the picker.
 */
import { and, assign, setup, stateIn } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Label } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { loadCustomerLabels, loadLabelOptions, matchLabels, setCustomerLabel } from './labelActors.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerLabelsInput {
  client: ActCaller;
  key: string;
  customerId: string;
}

export interface CustomerLabelsContext {
  client: ActCaller;
  key: string;
  customerId: string;
  /** The customer's labels, by name (as the server answers them). */
  labels: Label[];
  /** Why the customer's labels could not be loaded (state `failed`). */
  error: FlowError | null;
  /** The project's labels, for the picker (loaded each time it opens). */
  options: Label[];
  /** Why the project's labels could not be loaded (`picker.open.failed`). */
  optionsError: FlowError | null;
  /** The picker's search, as typed. */
  search: string;
  /** The attach or detach in flight, or the last one tried (with `changeError`). */
  change: { labelId: string; attached: boolean } | null;
  changeError: FlowError | null;
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
function pickable(context: Context, labelId: string): boolean {
  return !carries(context, labelId) && context.options.some((label) => label.id === labelId);
}

function base(context: Context) {
  return { client: context.client, key: context.key };
}

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
    isPickable: ({ context }, params: { labelId: string }) => pickable(context, params.labelId),
    isCarried: ({ context }, params: { labelId: string }) => carries(context, params.labelId),
    attachable: ({ context, event }) =>
      event.type === 'customerLabels.attach' && pickable(context, event.labelId),
  },
  actions: {
    keepLabels: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    openPicker: assign({ search: '', optionsError: null }),
    keepOptions: assign((_, params: { labels: Label[] }) => ({ options: params.labels, optionsError: null })),
    showOptionsError: assign((_, params: { error: unknown }) => ({
      optionsError: toFlowError(params.error),
    })),
    typeSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    startChange: assign((_, params: { labelId: string; attached: boolean }) => ({
      change: { labelId: params.labelId, attached: params.attached },
      changeError: null,
    })),
    changed: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, change: null })),
    showChangeError: assign((_, params: { error: unknown }) => ({ changeError: toFlowError(params.error) })),
    dismiss: assign({ change: null, changeError: null }),
  },
}).createMachine({
  id: 'customerLabels',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    labels: [],
    error: null,
    options: [],
    optionsError: null,
    search: '',
    change: null,
    changeError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'labels',
        src: 'loadCustomerLabels',
        input: ({ context }) => ({ ...base(context), customerId: context.customerId }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepLabels', params: ({ event }) => ({ labels: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { tags: ['error'], on: { 'customerLabels.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        picker: {
          initial: 'closed',
          states: {
            closed: { on: { 'picker.open': { target: 'open', actions: 'openPicker' } } },
            open: {
              initial: 'loading',
              on: {
                'picker.close': 'closed',
                'picker.search': { actions: { type: 'typeSearch', params: ({ event }) => event } },
              },
              states: {
                loading: {
                  invoke: {
                    id: 'options',
                    src: 'loadLabelOptions',
                    input: ({ context }) => base(context),
                    onDone: {
                      target: 'picking',
                      actions: { type: 'keepOptions', params: ({ event }) => ({ labels: event.output }) },
                    },
                    onError: {
                      target: 'failed',
                      actions: { type: 'showOptionsError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                failed: { on: { 'picker.retry': 'loading' } },
                picking: {
                  on: {
                    // Closes once the attach is taken (not while another change runs).
                    'customerLabels.attach': {
                      guard: and(['attachable', stateIn('#customerLabels.ready.change.idle')]),
                      target: '#customerLabels.ready.picker.closed',
                    },
                  },
                },
              },
            },
          },
        },
        change: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'customerLabels.attach': {
                  guard: { type: 'isPickable', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startChange', params: ({ event }) => ({ ...event, attached: true }) },
                },
                'customerLabels.detach': {
                  guard: { type: 'isCarried', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startChange', params: ({ event }) => ({ ...event, attached: false }) },
                },
                'customerLabels.dismiss': { actions: 'dismiss' },
              },
            },
            saving: {
              tags: ['changing'],
              invoke: {
                id: 'change',
                src: 'setCustomerLabel',
                input: ({ context }) => ({
                  ...base(context),
                  customerId: context.customerId,
                  labelId: context.change?.labelId ?? '',
                  attached: context.change?.attached ?? false,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'changed', params: ({ event }) => ({ labels: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showChangeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type CustomerLabelsSnapshot = SnapshotFrom<typeof customerLabelsMachine>;
export type CustomerLabelsStatus = 'loading' | 'failed' | 'ready';
export type LabelPickerStatus = 'closed' | 'loading' | 'failed' | 'picking';

export function selectCustomerLabelsStatus(snapshot: CustomerLabelsSnapshot): CustomerLabelsStatus {
  if (snapshot.hasTag('error')) return 'failed';
  return snapshot.hasTag('loading') ? 'loading' : 'ready';
}

export function selectCustomerLabels(snapshot: CustomerLabelsSnapshot): Label[] {
  return snapshot.context.labels;
}

export function selectPickerStatus(snapshot: CustomerLabelsSnapshot): LabelPickerStatus {
  for (const status of ['loading', 'failed', 'picking'] as const)
    if (snapshot.matches({ ready: { picker: { open: status } } })) return status;
  return 'closed';
}

/** What the picker offers: the project's labels the customer does not carry, matching the search. */
const pickableCache = new WeakMap<CustomerLabelsContext, Label[]>();

export function selectPickableLabels(snapshot: CustomerLabelsSnapshot): Label[] {
  const { context } = snapshot;
  const cached = pickableCache.get(context);
  if (cached !== undefined) return cached;
  const carried = new Set(context.labels.map((label) => label.id));
  const pickable = matchLabels(
    context.options.filter((label) => !carried.has(label.id)),
    context.search,
  );
  pickableCache.set(context, pickable);
  return pickable;
}
