import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  accountFormMachine,
  selectAccountDraft,
  selectAccountFormErrors,
  selectAccountVerifying,
} from './accountFormMachine.ts';
import {
  accountFormKey,
  goodWabaId,
  metaUnreachable,
  notInWaba,
  tokenRefused,
  verifiedNumber,
} from './paths/accountFormModel.ts';
import { createFakeClient } from './paths/fakes.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('accountForm', (get) => {
  it('asks Meta only with a complete, trimmed form', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'account_create'),
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const call of creates)
      expect(call.fields).toEqual({
        key: accountFormKey,
        name: 'Toko Cabang',
        wabaId: goodWabaId,
        phoneNumberId: '209876543210987',
        accessToken: expect.stringMatching(/^EAAG-(token|other)$/),
      });
  });

  it("puts Meta's refusals beside their fields and anything else as the form's error", () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((step) => step.event.type === 'xstate.error.actor.verify');
    const after = (error: unknown) =>
      steps
        .filter((step) => step.event['error'] === error)
        .map((step) => ({
          fields: step.snapshot.context['fieldErrors'],
          error: step.snapshot.context['error'],
        }));
    expect(after(tokenRefused)).toContainEqual({
      fields: { accessToken: { message: 'Meta menolak token akses ini.' } },
      error: null,
    });
    expect(after(notInWaba)).toContainEqual({
      fields: { wabaId: { message: 'Nomor ini tidak ada di WhatsApp Business Account tersebut.' } },
      error: null,
    });
    expect(after(metaUnreachable)).toContainEqual({
      fields: {},
      error: { reason: 'whatsapp_unreachable', message: 'WhatsApp tidak dapat dihubungi.' },
    });
  });

  it('ends verified with the number as Meta answered it', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.verify']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      expect(run.final.status).toBe('done');
      expect(run.final.output).toEqual(verifiedNumber);
    }
  });
});

describe('account form rules', () => {
  it('checks the form before asking Meta, and clears a field error as the field is typed', () => {
    const client = createFakeClient();
    const actor = createActor(accountFormMachine, { input: { client, key: 'k1' } }).start();
    actor.send({ type: 'accountForm.change', field: 'phoneNumberId', value: '12a' });
    actor.send({ type: 'accountForm.submit' });
    expect(selectAccountFormErrors(actor.getSnapshot()).fields).toEqual({
      name: { key: 'validation.name' },
      wabaId: { key: 'validation.required' },
      phoneNumberId: { key: 'validation.phoneNumberId' },
      accessToken: { key: 'validation.required' },
    });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'accountForm.change', field: 'wabaId', value: 'x' });
    expect(Object.keys(selectAccountFormErrors(actor.getSnapshot()).fields)).toEqual([
      'name',
      'phoneNumberId',
      'accessToken',
    ]);
    expect(selectAccountDraft(actor.getSnapshot()).wabaId).toBe('x');
  });

  it('keeps what is typed while Meta is asked, and gives up the request when stopped', async () => {
    const client = createFakeClient();
    const actor = createActor(accountFormMachine, { input: { client, key: 'k1' } }).start();
    for (const [field, value] of [
      ['name', 'Toko'],
      ['wabaId', '1'],
      ['phoneNumberId', '2'],
      ['accessToken', 't'],
    ] as const)
      actor.send({ type: 'accountForm.change', field, value });
    actor.send({ type: 'accountForm.submit' });
    expect(selectAccountVerifying(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'accountForm.change', field: 'accessToken', value: 't2' });
    expect(selectAccountDraft(actor.getSnapshot()).accessToken).toBe('t2');
    actor.stop();
    expect(client.signals[0]?.aborted).toBe(true);
    await flush();
  });
});
