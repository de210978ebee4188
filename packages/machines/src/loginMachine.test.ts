import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine, selectLoginStep } from './loginMachine.ts';
import { otpMachine } from './otpMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, challenge, signedIn } from './paths/fixtures.ts';
import { silentTicker } from './paths/models.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('login', (get) => {
  it('ends done with the SignedIn of the verified code', () => {
    const runs = get().runs.filter(({ run }) => run.final.matches('done'));
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) expect(run.final.output).toEqual(signedIn);
  });

  it('a locked challenge restarted by the user asks auth_login again with the same form', () => {
    const runs = get().runs.filter(({ path }) =>
      path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.otp' &&
          (s.event['output'] as { status: string }).status === 'restart',
      ),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const logins = run.world.client.calls.filter((call) => call.name === 'auth_login');
      expect(logins.length).toBeGreaterThanOrEqual(2);
      expect(logins.at(-1)?.fields).toEqual({ phone: '+628123456789', password: 'rahasia123' });
    }
  });

  it('login.back returns from the code to the form', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.submit', 'login.back']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const back = run.steps.find((s) => s.event.type === 'login.back');
      expect(back?.snapshot.value).toBe('editing');
      expect(back && selectLoginStep(back.snapshot as never)).toBe('form');
    }
  });
});

function start() {
  const client = createFakeClient();
  const machine = loginMachine.provide({
    actors: { otpMachine: otpMachine.provide({ actors: { ticker: silentTicker } }) },
  });
  return { client, actor: createActor(machine, { input: { client } }).start() };
}

describe('login rules', () => {
  it('refuses an invalid phone and an empty password with message keys, without calling', () => {
    const { actor, client } = start();
    actor.send({ type: 'login.submit', phone: '12ab', password: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      phone: { key: 'validation.phone' },
      password: { key: 'validation.required' },
    });
    expect(client.calls).toEqual([]);
  });

  it('sends the phone normalised to E.164', () => {
    const { actor, client } = start();
    actor.send({ type: 'login.submit', phone: '0812-3456-789', password: 'x' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(client.calls[0]).toEqual({
      name: 'auth_login',
      fields: { phone: '+628123456789', password: 'x' },
    });
  });

  it('shows the server message and its field errors back on the form', async () => {
    const { actor, client } = start();
    actor.send({ type: 'login.submit', phone: '08123456789', password: 'salah' });
    client.settle('auth_login', {
      error: apiError('invalid_input', 'Periksa isian', {
        errors: { phone: 'Nomor tidak dikenal', other: 'x' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      error: { reason: 'invalid_input', message: 'Periksa isian' },
      fieldErrors: { phone: { message: 'Nomor tidak dikenal' } },
      password: '',
    });
  });

  it('runs the otp child with purpose login and forwards login.restart to it', async () => {
    const { actor, client } = start();
    actor.send({ type: 'login.submit', phone: '08123456789', password: 'rahasia123' });
    client.settle('auth_login', { data: challenge });
    await flush();
    const child = actor.getSnapshot().children.otp;
    expect(selectLoginStep(actor.getSnapshot())).toBe('otp');
    expect(child?.getSnapshot().context).toMatchObject({ purpose: 'login', challenge });
    // Not locked: the child refuses the restart.
    actor.send({ type: 'login.restart' });
    expect(actor.getSnapshot().value).toBe('verifying');
    child?.send({ type: 'otp.change', code: '111111' });
    child?.send({ type: 'otp.submit' });
    client.settle('auth_verify_otp', { error: apiError('otp_locked', 'Terkunci') });
    await flush();
    actor.send({ type: 'login.restart' });
    await flush();
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
