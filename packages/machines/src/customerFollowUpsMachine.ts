/**
 * A customer's follow-up sequences in the chat's customer panel (issue 18): their runs as the
 * server lists them (`follow_up_list`: pending first, soonest due, then the last that ended), and
 * cancelling a pending one (`follow_up_cancel`) where the server says the viewer may
 * (`FollowUpRunView.cancellable`: `crm.autofu.edit`, or the conversation's agent).
 *
 * - `loading` / `failed` (retry): the first answer.
 * - `ready.list`: fetched again when the runs change (`followUps.changed` for this customer: a
 *   step went, a reply stopped one, someone cancelled) or the socket comes back
 *   (`followUps.resync`); news while a fetch is on its way asks again (that answer may be older).
 * - `ready.cancel`: one cancel at a time (`cancelling` names the run); the answer replaces the run
 *   shown; a failure stays until the next cancel or `customerFollowUps.dismiss`. A cancel asked
 *   while another runs, or of a run not cancellable, changes nothing (the panel disables those
 *   buttons).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { FollowUpRunView } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerFollowUpsInput {
  client: ActCaller;
  key: string;
  customerId: string;
}

export interface CustomerFollowUpsContext {
  client: ActCaller;
  key: string;
  customerId: string;
  /** The runs as last answered (empty before the first answer). */
  runs: FollowUpRunView[];
  /** Why the first load failed (state `failed`). */
  error: FlowError | null;
  /** The run being cancelled (`ready.cancel.saving`), and why the last cancel failed. */
  cancelling: string | null;
  cancelError: FlowError | null;
}

/** What the inbox's router feeds the panel (`follow_up.changed`, a reconnect). */
export type FollowUpFeedEvent =
  { type: 'followUps.changed'; customerId: string } | { type: 'followUps.resync' };

export type CustomerFollowUpsEvent =
  | { type: 'customerFollowUps.retry' }
  | { type: 'customerFollowUps.cancel'; runId: string }
  | { type: 'customerFollowUps.dismiss' }
  | FollowUpFeedEvent;

export type CustomerFollowUpsTag = 'loading' | 'ready' | 'cancelling';

type Context = CustomerFollowUpsContext;
type Base = { client: ActCaller; key: string; customerId: string };

/** `follow_up_list`: the customer's runs. */
export const loadFollowUps = fromPromise<FollowUpRunView[], Base>(async ({ input, signal }) => {
  const { client, key, customerId } = input;
  return (await client.act('follow_up_list', { key, customerId }, { signal })).data;
});

/** `follow_up_cancel`: the run, cancelled. */
export const cancelFollowUp = fromPromise<FollowUpRunView, { client: ActCaller; key: string; runId: string }>(
  async ({ input, signal }) => {
    const { client, key, runId } = input;
    return (await client.act('follow_up_cancel', { key, runId }, { signal })).data;
  },
);

const base = (context: Context): Base => ({
  client: context.client,
  key: context.key,
  customerId: context.customerId,
});

/** The runs with `run` as answered: pending ones first, then `run` (ended now), then the rest. */
function withRun(runs: readonly FollowUpRunView[], run: FollowUpRunView): FollowUpRunView[] {
  const others = runs.filter((item) => item.id !== run.id);
  const pending = others.filter((item) => item.state === 'pending');
  const ended = others.filter((item) => item.state !== 'pending');
  return [...pending, run, ...ended];
}

export const customerFollowUpsMachine = setup({
  types: {} as {
    context: CustomerFollowUpsContext;
    events: CustomerFollowUpsEvent;
    input: CustomerFollowUpsInput;
    tags: CustomerFollowUpsTag;
    children: { load: 'loadFollowUps'; refresh: 'loadFollowUps'; cancel: 'cancelFollowUp' };
  },
  actors: { loadFollowUps, cancelFollowUp },
  guards: {
    isThisCustomer: ({ context }, params: { customerId: string }) => params.customerId === context.customerId,
    /** A pending run shown here that the server said the viewer may cancel. */
    mayCancel: ({ context }, params: { runId: string }) =>
      context.runs.some((run) => run.id === params.runId && run.cancellable),
  },
  actions: {
    keep: assign((_, params: { runs: FollowUpRunView[] }) => ({ runs: params.runs, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    startCancel: assign((_, params: { runId: string }) => ({ cancelling: params.runId, cancelError: null })),
    cancelled: assign(({ context }, params: { run: FollowUpRunView }) => ({
      runs: withRun(context.runs, params.run),
      cancelling: null,
    })),
    showCancelError: assign((_, params: { error: unknown }) => ({
      cancelError: toFlowError(params.error),
      cancelling: null,
    })),
    dismiss: assign({ cancelError: null }),
  },
}).createMachine({
  id: 'customerFollowUps',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    runs: [],
    error: null,
    cancelling: null,
    cancelError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadFollowUps',
        input: ({ context }) => base(context),
        onDone: {
          target: 'ready',
          actions: { type: 'keep', params: ({ event }) => ({ runs: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => event } },
      },
      on: {
        // The answer on its way may be older than this change: ask again.
        'followUps.changed': {
          guard: { type: 'isThisCustomer', params: ({ event }) => event },
          target: 'loading',
          reenter: true,
        },
      },
    },
    failed: {
      on: { 'customerFollowUps.retry': 'loading', 'followUps.resync': 'loading' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        list: {
          initial: 'idle',
          on: {
            'followUps.changed': {
              guard: { type: 'isThisCustomer', params: ({ event }) => event },
              target: '.refreshing',
              reenter: true,
            },
            'followUps.resync': { target: '.refreshing', reenter: true },
          },
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'loadFollowUps',
                input: ({ context }) => base(context),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keep', params: ({ event }) => ({ runs: event.output }) },
                },
                // The runs shown stay until the next change.
                onError: { target: 'idle' },
              },
            },
          },
        },
        cancel: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'customerFollowUps.cancel': {
                  guard: { type: 'mayCancel', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startCancel', params: ({ event }) => event },
                },
                'customerFollowUps.dismiss': { actions: 'dismiss' },
              },
            },
            saving: {
              tags: ['cancelling'],
              invoke: {
                id: 'cancel',
                src: 'cancelFollowUp',
                input: ({ context }) => ({
                  client: context.client,
                  key: context.key,
                  runId: context.cancelling ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'cancelled', params: ({ event }) => ({ run: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'showCancelError', params: ({ event }) => event },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type CustomerFollowUpsSnapshot = SnapshotFrom<typeof customerFollowUpsMachine>;

export type CustomerFollowUpsStatus = 'loading' | 'failed' | 'ready';

export function selectFollowUpsStatus(snapshot: CustomerFollowUpsSnapshot): CustomerFollowUpsStatus {
  if (snapshot.matches('failed')) return 'failed';
  return snapshot.hasTag('ready') ? 'ready' : 'loading';
}

/** The pending runs, soonest due first (what the panel lists). */
export function selectPendingFollowUps(snapshot: CustomerFollowUpsSnapshot): FollowUpRunView[] {
  return snapshot.context.runs.filter((run) => run.state === 'pending');
}
