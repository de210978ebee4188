import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { otpMachine, selectOtpStep } from './otpMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, challenge, newChallenge, signedIn, user } from './paths/fixtures.ts';
import { silentTicker } from './paths/models.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('otp', (get) => {
  it('locks after five wrong codes, with 0 attempts left, and then only restarts', () => {
    const wrong = get().runs.filter(
      ({ path }) =>
        path.kind === 'scenario' &&
        path.steps.filter((s) => s.event.type === 'xstate.error.actor.verify').length === 5,
    );
    expect(wrong).toHaveLength(1);
    const run = wrong[0]?.run;
    const attempts = run?.steps
      .filter((s) => s.event.type === 'xstate.error.actor.verify')
      .map((s) => s.snapshot.context['attemptsLeft']);
    expect(attempts).toEqual([4, 3, 2, 1, 0]);
    expect(run?.final.value).toBe('locked');
    expect(run?.final.can({ type: 'otp.submit' })).toBe(false);
    expect(run?.final.can({ type: 'otp.resend' })).toBe(false);
    expect(run?.final.can({ type: 'otp.restart' })).toBe(true);
  });

  it('ends verified with the session as output', () => {
    const runs = get().runs.filter(
      ({ run }) => run.final.matches('verified') && run.final.context['purpose'] === 'login',
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) expect(run.final.output).toEqual({ status: 'verified', signedIn });
  });

  it('expires when the countdown reaches 0 and offers only resend (once allowed) or restart', () => {
    const runs = get().runs.filter(({ path }) =>
      path.steps.some(
        (s, i) =>
          s.event.type === 'otp.tick' &&
          s.state.matches('expired') &&
          path.steps[i - 1]?.state.matches('entering'),
      ),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'otp.tick' && s.snapshot.matches('expired'));
      expect(step?.snapshot.context['expiresIn']).toBe(0);
      expect(step && selectOtpStep(step.snapshot as never)).toBe('expired');
    }
  });

  it('a resend cooldown keeps the old challenge and takes resendIn from retryAfter', () => {
    const runs = runsThrough(get(), ['otp.resend', 'xstate.error.actor.resend']);
    const cooldowns = runs.flatMap(({ run }) =>
      run.steps.flatMap((step, index) =>
        step.event.type === 'xstate.error.actor.resend' &&
        (step.event['error'] as { reason: string }).reason === 'otp_cooldown'
          ? [{ step, before: index === 0 ? null : run.steps[index - 1] }]
          : [],
      ),
    );
    expect(cooldowns.length).toBeGreaterThan(0);
    for (const { step, before } of cooldowns) {
      expect(step.snapshot.context['resendIn']).toBe(1);
      expect(step.snapshot.context['challenge']).toEqual(before?.snapshot.context['challenge']);
    }
  });
});

function start() {
  const client = createFakeClient();
  const machine = otpMachine.provide({ actors: { ticker: silentTicker } });
  const actor = createActor(machine, { input: { client, challenge, purpose: 'register' } }).start();
  return { client, actor };
}

describe('otp rules', () => {
  it('keeps only digits, at most six', () => {
    const { actor } = start();
    actor.send({ type: 'otp.change', code: 'a1 2-3x4567890' });
    expect(actor.getSnapshot().context.code).toBe('123456');
  });

  it('submits only exactly six digits', () => {
    const { actor, client } = start();
    actor.send({ type: 'otp.change', code: '12345' });
    actor.send({ type: 'otp.submit' });
    expect(actor.getSnapshot().value).toBe('entering');
    actor.send({ type: 'otp.change', code: '123456' });
    actor.send({ type: 'otp.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(client.calls).toEqual([
      { name: 'auth_verify_otp', fields: { challenge: 'ch-1', code: '123456' } },
    ]);
  });

  it('counts both countdowns down once a second and allows resend only at 0', () => {
    const { actor } = start();
    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().value).toBe('entering');
    actor.send({ type: 'otp.tick' });
    expect(actor.getSnapshot().context).toMatchObject({ expiresIn: 1, resendIn: 0 });
    actor.send({ type: 'otp.resend' });
    expect(actor.getSnapshot().value).toBe('resending');
  });

  it('a fresh challenge replaces the old one and resets code, attempts and countdowns', async () => {
    const { actor, client } = start();
    actor.send({ type: 'otp.tick' });
    actor.send({ type: 'otp.resend' });
    client.settle('auth_resend_otp', { data: { ...newChallenge, expiresIn: 300, resendIn: 60 } });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      challenge: { challenge: 'ch-2' },
      expiresIn: 300,
      resendIn: 60,
      attemptsLeft: 5,
      code: '',
    });
  });

  it('shows the server message of a wrong code and the attempts it leaves', async () => {
    const { actor, client } = start();
    actor.send({ type: 'otp.change', code: '000000' });
    actor.send({ type: 'otp.submit' });
    client.settle('auth_verify_otp', {
      error: apiError('otp_invalid', 'Kode salah, sisa 2', { data: { attemptsLeft: 2 } }),
    });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      attemptsLeft: 2,
      code: '',
      error: { reason: 'otp_invalid', message: 'Kode salah, sisa 2' },
    });
  });

  it('the real ticker sends otp.tick every second, and stops with the machine', () => {
    vi.useFakeTimers();
    try {
      const client = createFakeClient();
      const actor = createActor(otpMachine, {
        input: { client, challenge: { ...challenge, expiresIn: 300, resendIn: 60 }, purpose: 'login' },
      }).start();
      vi.advanceTimersByTime(999);
      expect(actor.getSnapshot().context.expiresIn).toBe(300);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context).toMatchObject({ expiresIn: 299, resendIn: 59 });
      vi.advanceTimersByTime(2000);
      expect(actor.getSnapshot().context.expiresIn).toBe(297);
      actor.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a phone change confirms with profile_phone_confirm and ends with the user', async () => {
    const client = createFakeClient();
    const machine = otpMachine.provide({ actors: { ticker: silentTicker } });
    const actor = createActor(machine, { input: { client, challenge, purpose: 'phone' } }).start();
    actor.send({ type: 'otp.change', code: '123456' });
    actor.send({ type: 'otp.submit' });
    expect(client.pending()).toEqual([
      { name: 'profile_phone_confirm', fields: { challenge: 'ch-1', code: '123456' } },
    ]);
    client.settle('profile_phone_confirm', { data: { ...user, phone: '+6281299990000' } });
    await flush();
    expect(actor.getSnapshot().output).toEqual({
      status: 'confirmed',
      user: { ...user, phone: '+6281299990000' },
    });
  });

  it('a password reset only takes the code, with its challenge and clock', () => {
    const client = createFakeClient();
    const machine = otpMachine.provide({ actors: { ticker: silentTicker } });
    const actor = createActor(machine, { input: { client, challenge, purpose: 'reset' } }).start();
    actor.send({ type: 'otp.tick' });
    actor.send({ type: 'otp.change', code: '123456' });
    actor.send({ type: 'otp.submit' });
    expect(client.calls).toEqual([]);
    expect(actor.getSnapshot().output).toEqual({
      status: 'entered',
      code: '123456',
      challenge,
      clock: { attemptsLeft: 5, expiresIn: 1, resendIn: 0 },
    });
  });

  it('a step coming back starts where the reset left it', () => {
    const client = createFakeClient();
    const machine = otpMachine.provide({ actors: { ticker: silentTicker } });
    const error = { reason: 'otp_invalid' as const, message: 'Kode salah' };
    const actor = createActor(machine, {
      input: {
        client,
        challenge,
        purpose: 'reset',
        resume: { attemptsLeft: 3, expiresIn: 100, resendIn: 0, step: 'code', error },
      },
    }).start();
    expect(selectOtpStep(actor.getSnapshot())).toBe('code');
    expect(actor.getSnapshot().context).toMatchObject({ attemptsLeft: 3, expiresIn: 100, error });
  });

  it('stopping the step aborts the code check it was waiting for', () => {
    const { actor, client } = start();
    actor.send({ type: 'otp.change', code: '123456' });
    actor.send({ type: 'otp.submit' });
    const [signal] = client.signals;
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
