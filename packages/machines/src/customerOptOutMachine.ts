/**
 * A customer's opt-out of broadcasts, where an agent sees and changes it (the chat's customer
 * panel, the customer form): what is shown is `current`, kept up to date from outside
 * (`customerOptOut.sync`: the conversation's live summary, the table's row) and by the server's
 * answers. An agent holding `crm.customer.edit` (`canChange`) asks to opt the customer out or back
 * in (`customerOptOut.ask`), confirms (`confirming`: the web says what it means, and that a
 * customer who asked to stop should be opted back in only at their request), then
 * `customer_opt_out` runs (`saving`); its answer is shown and announced
 * (`customerOptOut.changed`). A failure goes back to `confirming` with the error, to try again or
 * call off. One change runs at a time.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ActAccess, ActName, CustomerOptOut, OptOutVia } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { mayCall } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';

/** The access of `customer_opt_out`, as the contract declares it (a test keeps them equal). */
export const optOutActAccess = {
  customer_opt_out: { permission: 'crm.customer.edit' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

/** Whether a member holding `permissions` may opt customers out and back in. */
export function mayChangeOptOut(permissions: readonly string[]): boolean {
  return mayCall(permissions, optOutActAccess.customer_opt_out);
}

/** A customer's opt-out as shown: since when (`null`: they receive broadcasts) and how. */
export interface OptOutState {
  optedOutAt: string | null;
  optedOutVia: OptOutVia | null;
}

export interface CustomerOptOutInput {
  client: ActCaller;
  key: string;
  customerId: string;
  current: OptOutState;
  /** `crm.customer.edit`: without it the state is only shown. */
  canChange: boolean;
}

export interface CustomerOptOutContext {
  client: ActCaller;
  key: string;
  customerId: string;
  current: OptOutState;
  canChange: boolean;
  /** What the agent asked for (`true`: opt out) while `confirming` or `saving`. */
  target: boolean | null;
  error: FlowError | null;
}

export type CustomerOptOutEvent =
  /** The agent asks to opt the customer out (`true`) or back in (`false`). */
  | { type: 'customerOptOut.ask'; optedOut: boolean }
  | { type: 'customerOptOut.confirm' }
  | { type: 'customerOptOut.cancel' }
  /** The state as known elsewhere now (a live summary, a fresh row). */
  | { type: 'customerOptOut.sync'; optedOutAt: string | null; optedOutVia: OptOutVia | null };

export type CustomerOptOutEmitted = { type: 'customerOptOut.changed'; optOut: CustomerOptOut };
export type CustomerOptOutTag = 'saving';

/** `customer_opt_out`: answers the customer's opt-out as it now is. */
export const saveCustomerOptOut = fromPromise<
  CustomerOptOut,
  { client: ActCaller; key: string; customerId: string; optedOut: boolean }
>(async ({ input, signal }) => {
  const { client, key, customerId, optedOut } = input;
  return (await client.act('customer_opt_out', { key, customerId, optedOut }, { signal })).data;
});

const isOptedOut = (state: OptOutState) => state.optedOutAt !== null;

export const customerOptOutMachine = setup({
  types: {} as {
    context: CustomerOptOutContext;
    events: CustomerOptOutEvent;
    input: CustomerOptOutInput;
    emitted: CustomerOptOutEmitted;
    tags: CustomerOptOutTag;
    children: { save: 'saveCustomerOptOut' };
  },
  actors: { saveCustomerOptOut },
  guards: {
    /** A change the agent may make: the other way from how the customer stands. */
    mayAsk: ({ context }, params: { optedOut: boolean }) =>
      context.canChange && params.optedOut !== isOptedOut(context.current),
    /** The customer stands as asked already (someone else changed it meanwhile). */
    reached: ({ context }, params: OptOutState) =>
      context.target !== null && context.target === isOptedOut(params),
  },
  actions: {
    keepState: assign((_, params: OptOutState) => ({
      current: {
        optedOutAt: params.optedOutAt,
        optedOutVia: params.optedOutAt === null ? null : params.optedOutVia,
      },
    })),
    startAsking: assign((_, params: { optedOut: boolean }) => ({ target: params.optedOut, error: null })),
    stopAsking: assign({ target: null, error: null }),
    keepAnswer: assign((_, params: { optOut: CustomerOptOut }) => ({
      current: { optedOutAt: params.optOut.optedOutAt, optedOutVia: params.optOut.optedOutVia },
      target: null,
      error: null,
    })),
    announce: emit((_, params: { optOut: CustomerOptOut }) => ({
      type: 'customerOptOut.changed' as const,
      optOut: params.optOut,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
  },
}).createMachine({
  id: 'customerOptOut',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    customerId: input.customerId,
    current: input.current,
    canChange: input.canChange,
    target: null,
    error: null,
  }),
  on: {
    'customerOptOut.sync': { actions: { type: 'keepState', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'customerOptOut.ask': {
          guard: { type: 'mayAsk', params: ({ event }) => event },
          target: 'confirming',
          actions: { type: 'startAsking', params: ({ event }) => event },
        },
      },
    },
    confirming: {
      on: {
        'customerOptOut.confirm': { target: 'saving', actions: assign({ error: null }) },
        'customerOptOut.cancel': { target: 'idle', actions: 'stopAsking' },
        'customerOptOut.sync': [
          {
            guard: { type: 'reached', params: ({ event }) => event },
            target: 'idle',
            actions: [{ type: 'keepState', params: ({ event }) => event }, 'stopAsking'],
          },
          { actions: { type: 'keepState', params: ({ event }) => event } },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'save',
        src: 'saveCustomerOptOut',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          customerId: context.customerId,
          optedOut: context.target ?? false,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'keepAnswer', params: ({ event }) => ({ optOut: event.output }) },
            { type: 'announce', params: ({ event }) => ({ optOut: event.output }) },
          ],
        },
        onError: {
          target: 'confirming',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type CustomerOptOutSnapshot = SnapshotFrom<typeof customerOptOutMachine>;

/** The customer's opt-out as shown. */
export function selectOptOut(snapshot: CustomerOptOutSnapshot): OptOutState {
  return snapshot.context.current;
}

/** The change being confirmed or saved (`true`: opting out), `null` when none. */
export function selectOptOutTarget(snapshot: CustomerOptOutSnapshot): boolean | null {
  return snapshot.matches('idle') ? null : snapshot.context.target;
}
