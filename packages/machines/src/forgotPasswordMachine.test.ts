import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine, selectForgotPasswordStep } from './forgotPasswordMachine.ts';
import { otpMachine, selectOtpStep } from './otpMachine.ts';
import type { OtpResume } from './otpMachine.ts';
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

  it('a refused code brings the code step back with the attempts left; five lock the challenge', () => {
    const scenario = get().runs.find(
      ({ path }) =>
        path.kind === 'scenario' &&
        path.steps.filter((s) => s.event.type === 'xstate.error.actor.reset').length === 5,
    );
    const wrong = scenario?.run.steps.filter((s) => s.event.type === 'xstate.error.actor.reset') ?? [];
    expect(wrong.map((s) => s.snapshot.value)).toEqual(['code', 'code', 'code', 'code', 'code']);
    const resumes = wrong.map((s) => s.snapshot.context['resume'] as OtpResume);
    expect(resumes.map((resume) => resume.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(resumes.map((resume) => resume.step)).toEqual(['code', 'code', 'code', 'code', 'locked']);
    expect(scenario?.run.final.value).toBe('phone');
  });

  it('maps each state to its route step', () => {
    const seen = new Map<string, string>();
    for (const { run } of get().runs)
      for (const step of run.steps)
        seen.set(JSON.stringify(step.snapshot.value), selectForgotPasswordStep(step.snapshot as never));
    expect(Object.fromEntries(seen)).toMatchObject({
      '"phone"': 'phone',
      '"requesting"': 'phone',
      '"code"': 'otp',
      '{"changing":"newPassword"}': 'change',
      '{"changing":"resetting"}': 'change',
      '"done"': 'done',
    });
  });
});

function start() {
  const client = createFakeClient();
  const machine = forgotPasswordMachine.provide({
    actors: { ticker: silentTicker, otpMachine: otpMachine.provide({ actors: { ticker: silentTicker } }) },
  });
  const actor = createActor(machine, { input: { client } }).start();
  const otp = () => {
    const child = actor.getSnapshot().children.otp;
    if (child === undefined) throw new Error('No code step');
    return child;
  };
  return { client, actor, otp };
}

async function atCode() {
  const run = start();
  run.actor.send({ type: 'forgot.submitPhone', phone: '08123456789' });
  run.client.settle('auth_forgot_password', { data: { ...challenge, expiresIn: 300, resendIn: 60 } });
  await flush();
  return run;
}

describe('forgot password rules', () => {
  it('moves from code to new password without a server call, only for six digits', async () => {
    const { actor, client, otp } = await atCode();
    expect(otp().getSnapshot().context.purpose).toBe('reset');
    otp().send({ type: 'otp.change', code: '12345' });
    otp().send({ type: 'otp.submit' });
    expect(actor.getSnapshot().value).toBe('code');
    otp().send({ type: 'otp.change', code: '123456' });
    otp().send({ type: 'otp.submit' });
    expect(actor.getSnapshot().value).toEqual({ changing: 'newPassword' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    expect(client.calls.map((call) => call.name)).toEqual(['auth_forgot_password']);
  });

  it('keeps the challenge clock running on the password step and brings it back', async () => {
    const { actor, otp } = await atCode();
    otp().send({ type: 'otp.tick' });
    otp().send({ type: 'otp.change', code: '123456' });
    otp().send({ type: 'otp.submit' });
    expect(actor.getSnapshot().context.clock).toEqual({ attemptsLeft: 5, expiresIn: 299, resendIn: 59 });
    actor.send({ type: 'forgot.tick' });
    actor.send({ type: 'forgot.tick' });
    actor.send({ type: 'forgot.back' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(otp().getSnapshot().context).toMatchObject({
      expiresIn: 297,
      resendIn: 57,
      attemptsLeft: 5,
      code: '',
    });
  });

  it('a reset refused for a wrong code reopens the code step with the attempts it leaves', async () => {
    const { actor, client, otp } = await atCode();
    otp().send({ type: 'otp.change', code: '000000' });
    otp().send({ type: 'otp.submit' });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'rahasia-baru' });
    client.settle('auth_reset_password', {
      error: apiError('otp_invalid', 'Kode salah, sisa 2', { data: { attemptsLeft: 2 } }),
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('code');
    expect(selectOtpStep(otp().getSnapshot())).toBe('code');
    expect(otp().getSnapshot().context).toMatchObject({
      attemptsLeft: 2,
      code: '',
      error: { reason: 'otp_invalid', message: 'Kode salah, sisa 2' },
    });
  });

  it('an expired code reopens the step expired; restarting asks for the phone again', async () => {
    const { actor, client, otp } = await atCode();
    otp().send({ type: 'otp.change', code: '123456' });
    otp().send({ type: 'otp.submit' });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'rahasia-baru' });
    client.settle('auth_reset_password', { error: apiError('otp_expired', 'Kode kedaluwarsa') });
    await flush();
    expect(selectOtpStep(otp().getSnapshot())).toBe('expired');
    expect(otp().getSnapshot().context.expiresIn).toBe(0);
    otp().send({ type: 'otp.restart' });
    expect(actor.getSnapshot().value).toBe('phone');
    expect(actor.getSnapshot().context.challenge).toBeNull();
  });

  it('other reset failures stay on the new password step with the server field errors', async () => {
    const { actor, client, otp } = await atCode();
    otp().send({ type: 'otp.change', code: '123456' });
    otp().send({ type: 'otp.submit' });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'beda' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      confirmPassword: { key: 'validation.passwordMismatch' },
    });
    actor.send({ type: 'forgot.submitPassword', password: 'rahasia-baru', confirmPassword: 'rahasia-baru' });
    client.settle('auth_reset_password', {
      error: apiError('invalid_input', 'Periksa', { errors: { password: 'Terlalu umum' } }),
    });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ changing: 'newPassword' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { message: 'Terlalu umum' } });
  });
});
