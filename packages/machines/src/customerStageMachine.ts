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
 *
 * `options` and `change` are choiceRegions.ts' `optionsRegion` and `changeRegion`.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { CustomerStage, Stage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { changeRegion, firstLoad, optionActions, optionsContext, optionsRegion } from './choiceRegions.ts';
import type { OptionsContext } from './choiceRegions.ts';
import { loadStatus } from './choiceSelectors.ts';
import type { LoadStatus } from './choiceSelectors.ts';
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

/** `options`: the project's stages, in board order. */
export interface CustomerStageContext extends OptionsContext<Stage> {
  client: ActCaller;
  key: string;
  customerId: string;
  canChange: boolean;
  /** The customer's stage and history as last answered (null before the first answer). */
  current: CustomerStage | null;
  /** Why the first load failed (state `failed`). */
  error: FlowError | null;
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

const stageIdOfEvent = ({ event }: { event: { stageId: string | null } }) => ({ stageId: event.stageId });

/** The first load of the customer's stage (`loading`, `failed`). */
const load = firstLoad({
  id: 'load',
  src: 'loadCustomerStage',
  input: ({ context }: { context: Context }) => base(context),
  keep: (current: CustomerStage) => ({ current }),
  retry: 'customerStage.retry',
});

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
    ...optionActions<Context, CustomerStageEvent>(),
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
    ...optionsContext(),
    target: null,
    changeError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      on: {
        // The answer on its way may be older than this move: ask again.
        'stage.moved': {
          guard: { type: 'isThisCustomer', params: ({ event }) => event },
          target: 'loading',
          reenter: true,
        },
      },
    },
    failed: { ...load.failed, on: { ...load.failed.on, 'stage.resync': 'loading' } },
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
        options: optionsRegion(
          'loadStageOptions',
          ({ context }: { context: Context }) => ({ client: context.client, key: context.key }),
          'customerStage.retryOptions',
        ),
        change: changeRegion({
          starts: {
            'customerStage.set': {
              guard: { type: 'mayChange', params: stageIdOfEvent },
              target: 'saving',
              actions: { type: 'startChange', params: stageIdOfEvent },
            },
          },
          dismiss: 'customerStage.dismiss',
          src: 'setCustomerStage',
          input: ({ context }: { context: Context }) => ({ ...base(context), stageId: context.target }),
          changed: (current: CustomerStage) => ({ current }),
        }),
      },
    },
  },
});

export type CustomerStageSnapshot = SnapshotFrom<typeof customerStageMachine>;
export type CustomerStageStatus = LoadStatus;

export function selectCustomerStageStatus(snapshot: CustomerStageSnapshot): CustomerStageStatus {
  return loadStatus(snapshot);
}

export function selectCustomerStage(snapshot: CustomerStageSnapshot): CustomerStage | null {
  return snapshot.context.current;
}

export function selectStageOptions(snapshot: CustomerStageSnapshot): Stage[] {
  return snapshot.context.options;
}
