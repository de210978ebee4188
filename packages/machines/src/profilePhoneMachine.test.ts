import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { otpMachine, selectOtpStep } from './otpMachine.ts';
import { profilePhoneMachine, selectProfilePhoneStep } from './profilePhoneMachine.ts';
import { silentTicker } from './paths/models.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, challenge, newChallenge, user } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

const machine = profilePhoneMachine.provide({
  actors: { otpMachine: otpMachine.provide({ actors: { ticker: silentTicker } }) },
});

function start() {
  const client = createFakeClient();
  const actor = createActor(machine, { input: { client } }).start();
  const changed: string[] = [];
  actor.on('phone.changed', (event) => changed.push(event.user.phone));
  /** The code step, the `otp` child (throws when the form shows). */
  const otp = () => {
    const child = actor.getSnapshot().children.otp;
    if (child === undefined) throw new Error('No code step');
    return child;
  };
  return { client, actor, changed, otp };
}

async function atCode() {
  const run = start();
  run.actor.send({ type: 'phone.submit', phone: '0812 9999 0000', password: 'rahasia-lama' });
  run.client.settle('profile_phone_change', { data: { ...challenge, expiresIn: 300, resendIn: 60 } });
  await flush();
  return run;
}

modelSuite('profilePhone', (get) => {
  it('announces the new phone only when the code step ends confirmed', () => {
    for (const { path, run } of get().runs) {
      const confirmed = path.steps.some(
        (step) =>
          step.event.type === 'xstate.done.actor.otp' &&
          (step.event['output'] as { status: string }).status === 'confirmed',
      );
      expect(run.world.effects?.includes('announces phone.changed') ?? false).toBe(confirmed);
    }
  });
});

describe('profile phone machine', () => {
  it('asks for a code to the new phone with the password, then confirms it in the otp step', async () => {
    const { client, actor, changed, otp } = start();
    actor.send({ type: 'phone.submit', phone: 'abc', password: '' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['phone', 'password']);
    actor.send({ type: 'phone.submit', phone: '0812 9999 0000', password: 'rahasia-lama' });
    expect(client.pending()).toEqual([
      { name: 'profile_phone_change', fields: { phone: '+6281299990000', password: 'rahasia-lama' } },
    ]);
    client.settle('profile_phone_change', { data: { ...challenge, expiresIn: 300, resendIn: 60 } });
    await flush();
    expect(selectProfilePhoneStep(actor.getSnapshot())).toBe('code');
    expect(otp().getSnapshot().context).toMatchObject({ purpose: 'phone', expiresIn: 300, resendIn: 60 });
    otp().send({ type: 'otp.submit' });
    expect(client.pending()).toEqual([]);
    otp().send({ type: 'otp.change', code: '12 34 56' });
    otp().send({ type: 'otp.submit' });
    expect(client.pending()).toEqual([
      { name: 'profile_phone_confirm', fields: { challenge: 'ch-1', code: '123456' } },
    ]);
    client.settle('profile_phone_confirm', { data: { ...user, phone: '+6281299990000' } });
    await flush();
    expect(changed).toEqual(['+6281299990000']);
    expect(selectProfilePhoneStep(actor.getSnapshot())).toBe('form');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(actor.getSnapshot().children.otp).toBeUndefined();
  });

  it('shows wrong_password on the password and phone_taken on the phone', async () => {
    const { client, actor } = start();
    const form = { type: 'phone.submit', phone: '081299990000', password: 'salah-salah' } as const;
    actor.send(form);
    client.settle('profile_phone_change', {
      error: apiError('wrong_password', 'Kata sandi salah', { errors: { password: 'Kata sandi salah' } }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { message: 'Kata sandi salah' } });
    actor.send(form);
    client.settle('profile_phone_change', { error: apiError('phone_taken', 'Nomor sudah dipakai') });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: { message: 'Nomor sudah dipakai' } });
  });

  it('counts a wrong code down, locks after the last, and goes back to the form', async () => {
    const { client, actor, otp } = await atCode();
    otp().send({ type: 'otp.change', code: '000000' });
    otp().send({ type: 'otp.submit' });
    client.settle('profile_phone_confirm', {
      error: apiError('otp_invalid', 'Kode salah', { data: { attemptsLeft: 4 } }),
    });
    await flush();
    expect(otp().getSnapshot().context.attemptsLeft).toBe(4);
    expect(selectOtpStep(otp().getSnapshot())).toBe('code');
    otp().send({ type: 'otp.change', code: '000000' });
    otp().send({ type: 'otp.submit' });
    client.settle('profile_phone_confirm', { error: apiError('otp_locked', 'Kode terkunci') });
    await flush();
    expect(selectOtpStep(otp().getSnapshot())).toBe('locked');
    expect(selectProfilePhoneStep(actor.getSnapshot())).toBe('code');
    actor.send({ type: 'phone.back' });
    expect(selectProfilePhoneStep(actor.getSnapshot())).toBe('form');
    expect(actor.getSnapshot().context.challenge).toBeNull();
  });

  it('a locked code the user restarts returns to the form without announcing', async () => {
    const { client, actor, changed, otp } = await atCode();
    otp().send({ type: 'otp.change', code: '000000' });
    otp().send({ type: 'otp.submit' });
    client.settle('profile_phone_confirm', { error: apiError('otp_locked', 'Kode terkunci') });
    await flush();
    otp().send({ type: 'otp.restart' });
    expect(selectProfilePhoneStep(actor.getSnapshot())).toBe('form');
    expect(changed).toEqual([]);
  });

  it('expires with time, resends after the cooldown', async () => {
    const { client, otp, actor } = start();
    actor.send({ type: 'phone.submit', phone: '081299990000', password: 'rahasia-lama' });
    client.settle('profile_phone_change', { data: challenge });
    await flush();
    otp().send({ type: 'otp.resend' });
    expect(client.pending()).toEqual([]);
    otp().send({ type: 'otp.tick' });
    expect(otp().getSnapshot().context.resendIn).toBe(0);
    otp().send({ type: 'otp.tick' });
    expect(selectOtpStep(otp().getSnapshot())).toBe('expired');
    otp().send({ type: 'otp.resend' });
    expect(client.pending()).toEqual([{ name: 'auth_resend_otp', fields: { challenge: 'ch-1' } }]);
    client.settle('auth_resend_otp', { data: newChallenge });
    await flush();
    expect(selectOtpStep(otp().getSnapshot())).toBe('code');
    expect(otp().getSnapshot().context.challenge.challenge).toBe('ch-2');
  });
});
