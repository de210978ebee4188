/**
 * The low-balance threshold of `/project/billing/{key}` (`project.billing.pay`): below it, the
 * members who see billing are told once per crossing. It starts from the threshold in force; the
 * amount is what the rupiah input read (its value, or its problem: cents, more than `AMOUNT_MAX`);
 * `threshold.clear` means none. `threshold.save` with no problem sends `billing_threshold_set`;
 * the server's refusal shows (beside the amount for a field error). `threshold.cancel` ends with
 * null, but while saving it closes once the answer is in. The output is the project's billing as
 * the server answered it, or null.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ProjectBilling, RupiahInputProblem } from '@sapa/sdk';
import { fieldErrorsOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';

export interface BillingThresholdInput {
  client: ActCaller;
  key: string;
  /** The threshold in force (null: none). */
  threshold: number | null;
}

export interface BillingThresholdContext {
  client: ActCaller;
  key: string;
  /** Whole rupiah, or null: none (or `inputProblem`). */
  value: number | null;
  inputProblem: RupiahInputProblem;
  /** Why the last save failed: the server's word on the amount, or anything else. */
  fieldError: string | null;
  error: FlowError | null;
  closing: boolean;
  saved: ProjectBilling | null;
}

export type BillingThresholdEvent =
  /** The amount as the rupiah input reads it; nothing typed is no threshold. */
  | { type: 'threshold.amount'; value: number | null; problem: RupiahInputProblem }
  /** No threshold at all. */
  | { type: 'threshold.clear' }
  | { type: 'threshold.save' }
  | { type: 'threshold.cancel' };

export type BillingThresholdTag = 'busy';

/** billing_threshold_set: the project's billing with the new threshold. */
export const saveThreshold = fromPromise<
  ProjectBilling,
  { client: ActCaller; key: string; threshold: number | null }
>(async ({ input, signal }) => {
  const { client, key, threshold } = input;
  return (await client.act('billing_threshold_set', { key, threshold }, { signal })).data;
});

export const billingThresholdMachine = setup({
  types: {} as {
    context: BillingThresholdContext;
    events: BillingThresholdEvent;
    input: BillingThresholdInput;
    output: ProjectBilling | null;
    tags: BillingThresholdTag;
    children: { save: 'saveThreshold' };
  },
  actors: { saveThreshold },
  guards: {
    readable: ({ context }) => context.inputProblem === null,
    closing: ({ context }) => context.closing,
  },
  actions: {
    setValue: assign((_, params: { value: number | null; problem: RupiahInputProblem }) => ({
      value: params.problem === null ? params.value : null,
      inputProblem: params.problem,
      fieldError: null,
      error: null,
    })),
    clear: assign({ value: null, inputProblem: null, fieldError: null, error: null }),
    startSave: assign({ fieldError: null, error: null }),
    keepSaved: assign((_, params: { billing: ProjectBilling }) => ({ saved: params.billing })),
    showError: assign((_, params: { error: unknown }) => {
      const field = fieldErrorsOf(params.error)['threshold'];
      return field === undefined
        ? { error: toFlowError(params.error), fieldError: null }
        : { error: null, fieldError: field };
    }),
    closeWhenDone: assign({ closing: true }),
  },
}).createMachine({
  id: 'billingThreshold',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    value: input.threshold,
    inputProblem: null,
    fieldError: null,
    error: null,
    closing: false,
    saved: null,
  }),
  output: ({ context }) => context.saved,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'threshold.amount': { actions: { type: 'setValue', params: ({ event }) => event } },
        'threshold.clear': { actions: 'clear' },
        // An amount the input cannot read stays beside the field; nothing is sent.
        'threshold.save': { guard: 'readable', target: 'saving' },
        'threshold.cancel': 'cancelled',
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'startSave',
      on: { 'threshold.cancel': { actions: 'closeWhenDone' } },
      invoke: {
        id: 'save',
        src: 'saveThreshold',
        input: ({ context }) => ({ client: context.client, key: context.key, threshold: context.value }),
        onDone: {
          target: 'saved',
          actions: { type: 'keepSaved', params: ({ event }) => ({ billing: event.output }) },
        },
        onError: [
          { guard: 'closing', target: 'cancelled' },
          {
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type BillingThresholdSnapshot = SnapshotFrom<typeof billingThresholdMachine>;

/** The threshold as typed (null: none). */
export function selectThresholdValue(snapshot: BillingThresholdSnapshot): number | null {
  return snapshot.context.value;
}

/** What to show beside the amount: the server's word (the input shows its own problems). */
export function selectThresholdFieldError(snapshot: BillingThresholdSnapshot): string | null {
  return snapshot.context.fieldError;
}

/** Why the last save failed, when not the amount's fault. */
export function selectThresholdError(snapshot: BillingThresholdSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** Whether "Simpan" does something now (editing, an amount the input reads). */
export function selectCanSaveThreshold(snapshot: BillingThresholdSnapshot): boolean {
  return snapshot.can({ type: 'threshold.save' });
}
