/**
 * The low-balance threshold's test model: project k1abcdefgh warns below Rp 5.000. Sari types an
 * amount with cents (the input refuses it: nothing is sent), Rp 25.000, or clears it (no warning
 * at all), and saves; the server takes it, refuses it beside the amount, or is out of reach.
 * Closed while saving, the dialog waits for the answer; closed otherwise, nothing changes.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { billingThresholdMachine } from '../billingThresholdMachine.ts';
import type { BillingThresholdContext } from '../billingThresholdMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, World } from './models.ts';
import { billingKey, projectBilling, thresholdRefused } from './billingFixtures.ts';

function thresholdWorld(): World {
  const client = createFakeClient();
  return {
    input: { client, key: billingKey, threshold: projectBilling.lowBalanceThreshold },
    client,
    browser: null,
  };
}

function ctx(snapshot: AnyMachineSnapshot): BillingThresholdContext {
  return snapshot.context as BillingThresholdContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    amount: c.value,
    input: c.inputProblem,
    field: c.fieldError !== null,
    error: c.error?.reason ?? null,
    closing: c.closing,
    saved: c.saved?.lowBalanceThreshold ?? null,
  });
}

function editingEvents(c: BillingThresholdContext): AnyEventObject[] {
  const out: AnyEventObject[] = [{ type: 'threshold.save' }];
  if (c.inputProblem === null && c.value === projectBilling.lowBalanceThreshold)
    out.push(
      { type: 'threshold.amount', value: null, problem: 'decimals' },
      { type: 'threshold.clear' },
      { type: 'threshold.cancel' },
    );
  if (c.inputProblem === 'decimals') out.push({ type: 'threshold.amount', value: 25_000, problem: null });
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('editing')) return editingEvents(c);
  if (!snapshot.matches('saving')) return [];
  const saved = {
    type: 'xstate.done.actor.save',
    output: { ...projectBilling, lowBalanceThreshold: c.value },
  };
  if (c.closing) return [saved, { type: 'xstate.error.actor.save', error: networkError }];
  if (c.fieldError !== null || c.error !== null) return [saved];
  return [
    saved,
    { type: 'xstate.error.actor.save', error: thresholdRefused },
    { type: 'xstate.error.actor.save', error: networkError },
    { type: 'threshold.cancel' },
  ];
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.save':
      return 'billing_threshold_set takes it';
    case 'xstate.error.actor.save': {
      const error = fields['error'] as { reason?: string; message: string };
      return error.reason === undefined
        ? 'billing_threshold_set fails (network down)'
        : 'billing_threshold_set refuses the amount';
    }
    case 'threshold.amount':
      return fields['problem'] === 'decimals'
        ? 'Sari types "5.000,50"'
        : `Sari types ${String(fields['value'])}`;
    default:
      return (
        {
          'threshold.clear': 'Sari chooses no warning',
          'threshold.save': 'Sari presses "Simpan"',
          'threshold.cancel': 'Sari closes the dialog',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (snapshot.status === 'done')
    return c.saved === null
      ? 'closed, the threshold as it was'
      : `saved: warns below ${String(c.saved.lowBalanceThreshold ?? 'nothing (none)')}`;
  const parts = [String(snapshot.value), c.value === null ? 'no threshold' : `threshold ${c.value}`];
  if (c.inputProblem) parts.push(`the input shows ${c.inputProblem}`);
  if (c.fieldError) parts.push(`beside the amount "${c.fieldError}"`);
  if (c.error) parts.push(`shows "${c.error.message}"`);
  if (c.closing) parts.push('closing once answered');
  return parts.join(', ');
}

export const billingThresholdModel: PathModel = {
  name: 'billingThreshold',
  machine: billingThresholdMachine,
  serialize,
  starts: [{ label: 'Sari opens the low-balance threshold (Rp 5.000)', world: thresholdWorld }],
  events,
  simple: {
    events: (snapshot) =>
      snapshot.matches('editing')
        ? [{ type: 'threshold.save' }]
        : [{ type: 'xstate.done.actor.save', output: projectBilling }],
    toState: (snapshot) => snapshot.matches('saved'),
  },
  scenarios: [],
  actorActs: { save: 'billing_threshold_set' },
  drivers: {},
  describeEvent,
  describeState,
};
