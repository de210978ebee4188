import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { UserSession } from '@sapa/sdk';
import {
  selectSessionRevoking,
  selectSessions,
  selectSessionsListStatus,
  sessionsListMachine,
} from './sessionsListMachine.ts';
import { describeUserAgent } from './sessionsListDevice.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

function session(id: string, current = false): UserSession {
  return {
    id,
    current,
    createdAt: '2025-01-01T00:00:00Z',
    lastSeenAt: '2025-01-02T00:00:00Z',
    expiresAt: '2025-02-01T00:00:00Z',
    userAgent: null,
    ip: '127.0.0.1',
  };
}

async function loaded() {
  const client = createFakeClient();
  const actor = createActor(sessionsListMachine, { input: { client } }).start();
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  client.settle('session_list', { data: [session('s1', true), session('s2')] });
  await flush();
  return { client, actor, emitted };
}

modelSuite('sessionsList', (get) => {
  it('announces this device signed out only on the paths that end signed out', () => {
    for (const { run } of get().runs) {
      const signedOut = run.final.matches('signedOut');
      expect(run.world.effects?.includes('announces this device signed out') ?? false).toBe(signedOut);
    }
  });
});

describe('sessions list machine', () => {
  it('signs another device out and drops it from the list', async () => {
    const { client, actor, emitted } = await loaded();
    expect(selectSessionsListStatus(actor.getSnapshot())).toBe('ready');
    actor.send({ type: 'sessionsList.revoke', id: 's2' });
    expect(selectSessionRevoking(actor.getSnapshot())).toBe('s2');
    expect(client.pending()).toEqual([{ name: 'session_revoke', fields: { id: 's2' } }]);
    client.settle('session_revoke', { data: { id: 's2' } });
    await flush();
    expect(selectSessions(actor.getSnapshot()).map((s) => s.id)).toEqual(['s1']);
    expect(emitted).toEqual(['sessionsList.revoked']);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('ends in signedOut when this device is signed out', async () => {
    const { client, actor, emitted } = await loaded();
    actor.send({ type: 'sessionsList.revoke', id: 's1' });
    client.settle('session_revoke', { data: { id: 's1' } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual(['sessionsList.signedOut']);
  });

  it('ignores an unknown id, keeps the list through a failed revoke, and retries a failed load', async () => {
    const { client, actor } = await loaded();
    actor.send({ type: 'sessionsList.revoke', id: 'nope' });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'sessionsList.revoke', id: 's2' });
    client.settle('session_revoke', { error: apiError('not_found', 'Sesi tidak ditemukan') });
    await flush();
    expect(selectSessions(actor.getSnapshot())).toHaveLength(2);
    expect(actor.getSnapshot().context.error?.message).toBe('Sesi tidak ditemukan');
    actor.send({ type: 'sessionsList.refresh' });
    client.settle('session_list', { error: networkError });
    await flush();
    expect(selectSessionsListStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'sessionsList.retry' });
    expect(client.pending()).toEqual([{ name: 'session_list', fields: {} }]);
  });
});

describe('device summary', () => {
  it('names the browser and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 EdgA/126.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Android' });
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toEqual({
      browser: 'Firefox',
      os: 'Linux',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(describeUserAgent('curl/8.0')).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});
