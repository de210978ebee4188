import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine, selectForgotPasswordStep } from './forgotPasswordMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, challenge } from './paths/fixtures.ts';
import { silentTicker } from './paths/models.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('forgotPassword', (get) => {
  it('resets with challenge, code and new password in one call, then ends done', () => {
    const runs = get().runs.filter(({ run }) => run.final.matches('done'));
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      expect(run.final.output).toEqual({ phone: '+628123456789' });
      expect(run.world.client.calls.at(-1)).toEqual({
        name: 'auth_reset_password',
        fields: { challenge: expect.stringMatching(/^ch-/), code: '123456', password: 'rahasia-baru' },
      });
      expect(selectForgotPasswordStep(run.final as never)).toBe('done');
    }
  });

  it('a wrong code goes back to the code step with the attempts left; five lock the challenge', () => {
    const scenario = get().runs.find(
      ({ path }) =>
        path.kind === 'scenario' &&
        path.steps.filter((s) => s.event.type === 'xstate.error.actor.reset').length === 5,
    );
    const wrong = scenario?.run.steps.filter((s) => s.event.type === 'xstate.error.actor.reset') ?? [];
    expect(wrong.map((s) => s.snapshot.value)).toEqual(['code', 'code', 'code', 'code', 'locked']);
    expect(wrong.map((s) => s.snapshot.context['attemptsLeft'])).toEqual([4, 3, 2, 1, 0]);
    expect(scenario?.run.final.value).toBe('phone');
  });

  it('maps each state to its route step', () => {
    const seen = new Map<string, string>();
    for (const { run } of get().runs)
      for (const step of run.steps)
        seen.set(String(step.snapshot.value), selectForgotPasswordStep(step.snapshot as never));
    expect(Object.fromEntries(seen)).toMatchObject({
      phone: 'phone',
      requesting: 'phone',
      code: 'otp',
      resending: 'otp',
      expired: 'otp',
      locked: 'otp',
      newPassword: 'change',
      resetting: 'change',
      done: 'done',
    });
  });
});

function start() {
  const client = createFakeClient();
  const machine = forgotPasswordMachine.provide({ actors: { ticker: silentTicker } });
  return { client, actor: createActor(machine, { input: { client } }).start() };
}

describe('forgot password rules', () => {
  it('moves from code to new password without a server call, only for six digits', async () => {
    const { actor, client } = start();
    actor.send({ type: 'forgot.submitPhone', phone: '08123456789' });
    client.settle('auth_forgot_password', { data: challenge });
    await flush();
    actor.send({ type: 'forgot.submitCode', code: '12345' });
    expect(actor.getSnapshot().value).toBe('code');
    actor.send({ type: 'forgot.submitCode', code: '123456' });
    expect(actor.getSnapshot().value).toBe('newPassword');
    expect(client.calls.map((call) => call.name)).toEqual(['auth_forgot_password']);
  });

  it('other reset failures stay on the new password step with the server field errors', async () => {
    const { actor, client } = start();
    actor.send({ type: 'forgot.submitPhone', phone: '08123456789' });
    client.settle('auth_forgot_password', { data: challenge });
    await flush();
    actor.send({ type: 'forgot.submitCode', code: '123456' });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'beda' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      confirmPassword: { key: 'validation.passwordMismatch' },
    });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'rahasia-baru' });
    client.settle('auth_reset_password', {
      error: apiError('invalid_input', 'Periksa', { errors: { password: 'Terlalu umum' } }),
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('newPassword');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { message: 'Terlalu umum' } });
  });
});
