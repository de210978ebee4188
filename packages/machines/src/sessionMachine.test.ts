import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createFakeBrowser, createFakeClient } from './paths/fakes.ts';
import { apiError, networkError, user } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { isInconclusive, selectSessionStatus, selectUser, sessionMachine } from './sessionMachine.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('session', (get) => {
  it('a stored token on /auth/login: the check succeeds and the user goes to / (replace)', () => {
    const runs = get().runs.filter(
      ({ path }) => path.start === 0 && path.steps[1]?.event.type === 'xstate.done.actor.checkToken',
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) expect(run.steps[0]?.effects).toEqual(['navigated to / (replace)']);
  });

  it('a rejected token away from /auth: the path is saved, the token cleared, login opens', () => {
    const runs = get().runs.filter(
      ({ path }) =>
        path.start === 1 &&
        path.steps[1]?.event.type === 'xstate.error.actor.checkToken' &&
        (path.steps[1].event['error'] as { reason?: string }).reason === 'unauthenticated',
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      expect(run.steps[0]?.effects).toEqual([
        'token cleared',
        '/crm/chat/k1 saved for after sign-in',
        'navigated to /auth/login (replace)',
      ]);
    }
  });

  it('after a sign-in the user returns to the saved path, which is then forgotten', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.checkToken', 'session.signedIn']).filter(
      ({ path }) => path.start === 1,
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const signIn = run.steps.find((step) => step.event.type === 'session.signedIn');
      expect(signIn?.effects).toEqual([
        'token stored',
        'saved path cleared',
        'navigated to /crm/chat/k1 (replace)',
      ]);
      expect(signIn?.snapshot.context['user']).toEqual(user);
    }
  });

  it('a network failure never signs the user out: it waits in offline for session.retry', () => {
    const runs = get().runs.filter(({ path }) =>
      path.steps.some(
        (step) =>
          step.event.type === 'xstate.error.actor.checkToken' &&
          (step.event['error'] as { reason?: string }).reason === undefined,
      ),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const failure = run.steps.find(
        (step) =>
          step.event.type === 'xstate.error.actor.checkToken' &&
          (step.event['error'] as { reason?: string }).reason === undefined,
      );
      expect(failure?.snapshot.value).toBe('offline');
      expect(failure?.effects).toEqual([]);
    }
  });

  it('signing out clears the token and opens login even when auth_logout fails', () => {
    const runs = runsThrough(get(), ['session.signOut', 'xstate.error.actor.logout']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const last = run.steps.at(-1);
      expect(last?.snapshot.value).toBe('signedOut');
      expect(last?.effects).toContain('token cleared');
      expect(last?.effects).toContain('navigated to /auth/login (replace)');
    }
  });
});

function start(token: string | null, path: string, saved?: string) {
  const client = createFakeClient();
  const browser = createFakeBrowser(saved === undefined ? { token, path } : { token, path, saved });
  const actor = createActor(sessionMachine, {
    input: {
      client,
      tokens: browser.tokens,
      redirectStore: browser.redirectStore,
      location: browser.location,
    },
  }).start();
  return { client, browser, actor };
}

describe('session rules (SPEC.md section 2)', () => {
  it('shows the spinner while the user check loads, and calls user_check_token', () => {
    const { actor, client } = start('tok', '/saldo');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loading');
    expect(client.calls).toEqual([{ name: 'user_check_token', fields: {} }]);
  });

  it('with no token skips the call, saves the path and goes to login', () => {
    const { actor, client, browser } = start(null, '/crm/chat/k1?tab=2');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(client.calls).toEqual([]);
    expect(browser.redirectStore.get()).toBe('/crm/chat/k1?tab=2');
    expect(browser.location.getPath()).toBe('/auth/login');
  });

  it('with no token on an /auth page stays there and saves nothing', () => {
    const { browser } = start(null, '/auth/register');
    expect(browser.redirectStore.get()).toBeNull();
    expect(browser.location.getPath()).toBe('/auth/register');
  });

  it('a user on a non-auth page stays there after a successful check', async () => {
    const { actor, client, browser } = start('tok', '/saldo');
    client.settle('user_check_token', { data: user });
    await flush();
    expect(selectUser(actor.getSnapshot())).toEqual(user);
    expect(browser.effects).toEqual([]);
  });

  it('a rate-limited or broken check is inconclusive; an unauthenticated one is not', () => {
    expect(isInconclusive(networkError)).toBe(true);
    expect(isInconclusive(new TypeError('Failed to fetch'))).toBe(true);
    expect(isInconclusive(apiError('rate_limited', 'x'))).toBe(true);
    expect(isInconclusive(apiError('unauthenticated', 'x'))).toBe(false);
  });

  it('session.expired saves the current path and sends the user to login', async () => {
    const { actor, client, browser } = start('tok', '/project/list');
    client.settle('user_check_token', { data: user });
    await flush();
    browser.location.visit('/crm/label/k9');
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(browser.tokens.get()).toBeNull();
    expect(browser.redirectStore.get()).toBe('/crm/label/k9');
    expect(browser.location.getPath()).toBe('/auth/login');
  });

  it('session.ended forgets the token without calling the server and opens login', async () => {
    const { actor, client, browser } = start('tok', '/crm/label/k9');
    client.settle('user_check_token', { data: user });
    await flush();
    actor.send({ type: 'session.ended' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(browser.tokens.get()).toBeNull();
    expect(browser.location.getPath()).toBe('/auth/login');
    expect(browser.redirectStore.get()).toBeNull();
    expect(client.calls.map((call) => call.name)).toEqual(['user_check_token']);
  });

  it('never redirects to an unsafe saved path after sign-in', () => {
    const { actor, browser } = start(null, '/auth/login', '//evil.example');
    actor.send({ type: 'session.signedIn', token: 't', user });
    expect(browser.location.getPath()).toBe('/');
    expect(browser.redirectStore.get()).toBeNull();
  });

  it('ignores events that make no sense in the current state', () => {
    const { actor } = start(null, '/auth/login');
    actor.send({ type: 'session.signOut' });
    actor.send({ type: 'session.retry' });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});
