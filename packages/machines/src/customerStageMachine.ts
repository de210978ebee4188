/**
 * The stage of the open conversation's customer (the chat's customer panel): where they are and
 * how they got there (`customer_stage_get`, newest move first), and, with `crm.chat.add_stage`
 * (`canChange`), a choice among the project's stages (`stage_list { all: true }`) that moves them
 * (`customer_stage_set`). Once loaded, three regions:
 *
 * - `history`: fetched again when someone else moves the customer (`stage.moved`: the stage
 *   shows at once, the history with who did it follows) or the socket comes back;
 * - `options`: the project's stages for the choice (failed: retry);
 * - `change`: one move at a time; the server answers the stage and history, which replace
 *   those shown. A failure stays until the next change or `customerStage.dismiss`.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { CustomerStage, Stage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { loadCustomerStage, loadStageOptions, setCustomerStage } from './stageActors.ts';
import type { StageFeedEvent, StageRef } from './stageActors.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerStageInput {
  client: ActCaller;
  key: string;
  customerId: string;
  /** Whether the viewer may change it (`crm.chat.add_stage`); the server decides again. */
  canChange: boolean;
}

export interface CustomerStageContext {
  client: ActCaller;
  key: string;
  customerId: string;
  canChange: boolean;
  /** The customer's stage and history as last answered (null before the first answer). */
  current: CustomerStage | null;
  /** Why the first load failed (state `failed`). */
  error: FlowError | null;
  /** The project's stages, in board order. */
  options: Stage[];
  optionsError: FlowError | null;
  /** The stage asked for (`change.saving`), and why the last change failed. */
  target: string | null;
  changeError: FlowError | null;
}

export type CustomerStageEvent =
  | { type: 'customerStage.retry' }
  | { type: 'customerStage.retryOptions' }
  /** Moves the customer to a stage of the project (`null`: out of every stage). */
  | { type: 'customerStage.set'; stageId: string | null }
  /** Forgets the last change's failure. */
  | { type: 'customerStage.dismiss' }
  | StageFeedEvent;

export type CustomerStageTag = 'loading' | 'error' | 'ready' | 'changing';

type Context = CustomerStageContext;

function stageIdOf(context: Context): string | null {
  return context.current?.stage?.id ?? null;
}

function base(context: Context) {
  return { client: context.client, key: context.key, customerId: context.customerId };
}

export const customerStageMachine = setup({
  types: {} as {
    context: CustomerStageContext;
    events: CustomerStageEvent;
    input: CustomerStageInput;
    tags: CustomerStageTag;
    children: {
      load: 'loadCustomerStage';
      refresh: 'loadCustomerStage';
      options: 'loadStageOptions';
      change: 'setCustomerStage';
    };
  },
  actors: { loadCustomerStage, loadStageOptions, setCustomerStage },
  guards: {
    /** Someone moved this customer somewhere other than the stage shown. */
    movedElsewhere: ({ context }, params: { customerId: string; stage: StageRef | null }) =>
      params.customerId === context.customerId && (params.stage?.id ?? null) !== stageIdOf(context),
    isThisCustomer: ({ context }, params: { customerId: string }) => params.customerId === context.customerId,
    /** A stage of the project (or none), other than the one shown, by a viewer who may. */
    mayChange: ({ context }, params: { stageId: string | null }) =>
      context.canChange &&
      params.stageId !== stageIdOf(context) &&
      (params.stageId === null || context.options.some((stage) => stage.id === params.stageId)),
  },
  actions: {
    keep: assign((_, params: { current: CustomerStage }) => ({ current: params.current, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    takeLiveStage: assign(({ context }, params: { stage: StageRef | null }) => ({
      current: context.current && { ...context.current, stage: params.stage },
    })),
    keepOptions: assign((_, params: { options: Stage[] }) => ({
      options: params.options,
      optionsError: null,
    })),
    showOptionsError: assign((_, params: { error: unknown }) => ({
      optionsError: toFlowError(params.error),
    })),
    startChange: assign((_, params: { stageId: string | null }) => ({
      target: params.stageId,
      changeError: null,
    })),
    changed: assign((_, params: { current: CustomerStage }) => ({ current: params.current, target: null })),
    showChangeError: assign((_, params: { error: unknown }) => ({
      changeError: toFlowError(params.error),
      target: null,
    })),
    dismiss: assign({ changeError: null }),
  },
}).createMachine({
  id: 'customerStage',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    canChange: input.canChange,
    current: null,
    error: null,
    options: [],
    optionsError: null,
    target: null,
    changeError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadCustomerStage',
        input: ({ context }) => base(context),
        onDone: {
          target: 'ready',
          actions: { type: 'keep', params: ({ event }) => ({ current: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // The answer on its way may be older than this move: ask again.
        'stage.moved': {
          guard: { type: 'isThisCustomer', params: ({ event }) => event },
          target: 'loading',
          reenter: true,
        },
      },
    },
    failed: { tags: ['error'], on: { 'customerStage.retry': 'loading', 'stage.resync': 'loading' } },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      states: {
        // On the region, not on `ready`: a transition of a parallel state would restart every region.
        history: {
          initial: 'idle',
          on: {
            'stage.moved': {
              guard: { type: 'movedElsewhere', params: ({ event }) => event },
              target: '.refreshing',
              actions: { type: 'takeLiveStage', params: ({ event }) => event },
            },
            'stage.resync': '.refreshing',
          },
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'loadCustomerStage',
                input: ({ context }) => base(context),
                onDone: {
                  target: 'idle',
                  actions: { type: 'keep', params: ({ event }) => ({ current: event.output }) },
                },
                // The stage shown is right; its history stays as it was until the next move.
                onError: { target: 'idle' },
              },
            },
          },
        },
        options: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'options',
                src: 'loadStageOptions',
                input: ({ context }) => ({ client: context.client, key: context.key }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showOptionsError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: {},
            failed: { on: { 'customerStage.retryOptions': 'loading' } },
          },
        },
        change: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'customerStage.set': {
                  guard: { type: 'mayChange', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'startChange', params: ({ event }) => event },
                },
                'customerStage.dismiss': { actions: 'dismiss' },
              },
            },
            saving: {
              tags: ['changing'],
              invoke: {
                id: 'change',
                src: 'setCustomerStage',
                input: ({ context }) => ({ ...base(context), stageId: context.target }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'changed', params: ({ event }) => ({ current: event.output }) },
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

export type CustomerStageSnapshot = SnapshotFrom<typeof customerStageMachine>;
export type CustomerStageStatus = 'loading' | 'failed' | 'ready';

export function selectCustomerStageStatus(snapshot: CustomerStageSnapshot): CustomerStageStatus {
  if (snapshot.hasTag('error')) return 'failed';
  return snapshot.hasTag('loading') ? 'loading' : 'ready';
}

export function selectCustomerStage(snapshot: CustomerStageSnapshot): CustomerStage | null {
  return snapshot.context.current;
}

export function selectStageOptions(snapshot: CustomerStageSnapshot): Stage[] {
  return snapshot.context.options;
}
