/**
 * The project's labels for a filter (the inbox's label filter): `label_list { all: true }` once,
 * again on `labelOptions.retry` after a failure or `labelOptions.refresh` once loaded (the labels
 * changed). A failure leaves the labels last loaded (none at first): the filter still offers all.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Label } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { loadLabelOptions } from './labelActors.ts';
import type { ActCaller } from './sdk.ts';

export interface LabelOptionsInput {
  client: ActCaller;
  key: string;
}

export interface LabelOptionsContext {
  client: ActCaller;
  key: string;
  /** The project's labels, by name (the last ones loaded). */
  labels: Label[];
  error: FlowError | null;
}

export type LabelOptionsEvent = { type: 'labelOptions.retry' } | { type: 'labelOptions.refresh' };

export const labelOptionsMachine = setup({
  types: {} as {
    context: LabelOptionsContext;
    events: LabelOptionsEvent;
    input: LabelOptionsInput;
    children: { options: 'loadLabelOptions' };
  },
  actors: { loadLabelOptions },
  actions: {
    keepLabels: assign((_, params: { labels: Label[] }) => ({ labels: params.labels, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
  },
}).createMachine({
  id: 'labelOptions',
  context: ({ input }) => ({ client: input.client, key: input.key, labels: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'options',
        src: 'loadLabelOptions',
        input: ({ context }) => ({ client: context.client, key: context.key }),
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
    ready: { on: { 'labelOptions.refresh': 'loading' } },
    failed: { on: { 'labelOptions.retry': 'loading' } },
  },
});

export type LabelOptionsSnapshot = SnapshotFrom<typeof labelOptionsMachine>;
export type LabelOptionsStatus = 'loading' | 'ready' | 'failed';

export function selectLabelOptionsStatus(snapshot: LabelOptionsSnapshot): LabelOptionsStatus {
  if (snapshot.matches('failed')) return 'failed';
  return snapshot.matches('loading') ? 'loading' : 'ready';
}

export function selectLabelOptions(snapshot: LabelOptionsSnapshot): Label[] {
  return snapshot.context.labels;
}
