import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { otpMachine } from './otpMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, challenge, signedIn } from './paths/fixtures.ts';
import { silentTicker } from './paths/models.ts';
import { flush } from './paths/replay.ts';
import { registerMachine, selectRegisterStep } from './registerMachine.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('register', (get) => {
  it('ends done with the SignedIn of the verified code', () => {
    const runs = get().runs.filter(({ run }) => run.final.matches('done'));
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) expect(run.final.output).toEqual(signedIn);
  });

  it('phone_taken shows on the phone field, not as a form error', () => {
    const steps = get().runs.flatMap(({ run }) =>
      run.steps.filter(
        (s) =>
          s.event.type === 'xstate.error.actor.submit' &&
          (s.event['error'] as { reason: string }).reason === 'phone_taken',
      ),
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.snapshot.value).toBe('editing');
      expect(step.snapshot.context['fieldErrors']).toEqual({ phone: { message: 'Nomor sudah terdaftar' } });
      expect(step.snapshot.context['error']).toBeNull();
    }
  });
});

function start() {
  const client = createFakeClient();
  const machine = registerMachine.provide({
    actors: { otpMachine: otpMachine.provide({ actors: { ticker: silentTicker } }) },
  });
  return { client, actor: createActor(machine, { input: { client } }).start() };
}

describe('register rules', () => {
  it('checks name, phone, password length and confirmation with message keys', () => {
    const { actor, client } = start();
    actor.send({
      type: 'register.submit',
      name: '  ',
      phone: '',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { key: 'validation.name' },
      phone: { key: 'validation.required' },
      password: { key: 'validation.passwordLength' },
      confirmPassword: { key: 'validation.passwordMismatch' },
    });
    expect(client.calls).toEqual([]);
  });

  it('sends the trimmed name and E.164 phone, then runs the otp child with purpose register', async () => {
    const { actor, client } = start();
    actor.send({
      type: 'register.submit',
      name: ' Sari ',
      phone: '62812 3456 789',
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
    });
    expect(client.calls[0]).toEqual({
      name: 'auth_register',
      fields: { name: 'Sari', phone: '+628123456789', password: 'rahasia123' },
    });
    client.settle('auth_register', { data: challenge });
    await flush();
    expect(selectRegisterStep(actor.getSnapshot())).toBe('otp');
    expect(actor.getSnapshot().children.otp?.getSnapshot().context).toMatchObject({ purpose: 'register' });
  });

  it('a rate limit is a form error', async () => {
    const { actor, client } = start();
    actor.send({
      type: 'register.submit',
      name: 'Sari',
      phone: '08123456789',
      password: 'rahasia123',
      confirmPassword: 'rahasia123',
    });
    client.settle('auth_register', { error: apiError('rate_limited', 'Terlalu sering') });
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ reason: 'rate_limited', message: 'Terlalu sering' });
    expect(selectRegisterStep(actor.getSnapshot())).toBe('form');
  });
});
