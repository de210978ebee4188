import { describe, expect, it } from 'vitest';
import { isNetworkError } from '@sapa/sdk';
import type { ActClient } from '@sapa/sdk';
import { withEarlyActs } from './earlyActs.ts';

/** A client that records each act and answers it when told (`answer`, `fail`). */
function recordingClient() {
  const calls: { name: string; fields: unknown }[] = [];
  const pending: { resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const client = {
    baseUrl: '/api',
    act: (name: string, fields?: unknown) => {
      calls.push({ name, fields });
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    actForm: () => Promise.reject(new Error('not here')),
    page: () => Promise.reject(new Error('not here')),
  } as unknown as ActClient;
  return {
    client,
    calls,
    answer: (index: number, data: unknown) => pending[index]?.resolve({ code: '1', msg: '', data }),
    fail: (index: number, error: unknown) => pending[index]?.reject(error),
  };
}

function setup(options: { ttlMs?: number } = {}) {
  const remote = recordingClient();
  let token: string | null = 'token-a';
  let clock = 1_000;
  const client = withEarlyActs(remote.client, {
    tokens: { get: () => token },
    now: () => clock,
    ...options,
  });
  return {
    ...remote,
    early: client,
    setToken: (value: string | null) => (token = value),
    advance: (ms: number) => (clock += ms),
  };
}

describe('withEarlyActs', () => {
  it("gives an early act's answer to the first same call, in any field order, then asks again", async () => {
    const { early, calls, answer } = setup();
    void early.early('conversation_list', { key: 'toko', page: 0, filter: 'all' });
    const taken = early.act('conversation_list', { filter: 'all', page: 0, key: 'toko' });
    expect(calls).toHaveLength(1);
    answer(0, [{ id: 'c1' }]);
    await expect(taken).resolves.toMatchObject({ data: [{ id: 'c1' }] });
    void early.act('conversation_list', { key: 'toko', page: 0, filter: 'all' });
    expect(calls).toHaveLength(2);
  });

  it('asks again for other fields, another token, or once the answer waited too long', () => {
    const { early, calls, setToken, advance } = setup({ ttlMs: 5_000 });
    void early.early('project_get', { key: 'toko' });
    void early.act('project_get', { key: 'other' });
    expect(calls).toHaveLength(2);

    setToken('token-b');
    void early.act('project_get', { key: 'toko' });
    expect(calls).toHaveLength(3);

    setToken('token-a');
    advance(5_001);
    void early.act('project_get', { key: 'toko' });
    expect(calls.map((call) => call.name)).toEqual([
      'project_get',
      'project_get',
      'project_get',
      'project_get',
    ]);
  });

  it('forgets a failed early act, so the screen asks itself', async () => {
    const { early, calls, fail } = setup();
    const sent = early.early('project_get', { key: 'toko' });
    fail(0, new Error('offline'));
    await expect(sent).rejects.toThrow('offline');
    void early.act('project_get', { key: 'toko' });
    expect(calls).toHaveLength(2);
  });

  it('rejects a taken answer as an aborted call when its signal aborts first', async () => {
    const { early, calls } = setup();
    void early.early('message_list', { key: 'toko', conversationId: 'c1', limit: 50 });
    const controller = new AbortController();
    const taken = early.act(
      'message_list',
      { key: 'toko', conversationId: 'c1', limit: 50 },
      {
        signal: controller.signal,
      },
    );
    controller.abort();
    const error = await taken.catch((caught: unknown) => caught);
    expect(isNetworkError(error) && error.failure).toBe('aborted');
    expect(calls).toHaveLength(1);
  });

  it('drops waiting answers once the socket is up, and says whether one was taken before', () => {
    const { early, calls } = setup();
    void early.early('project_get', { key: 'toko' });
    void early.early('conversation_list', { key: 'toko', page: 0, filter: 'all' });
    void early.act('project_get', { key: 'toko' });
    expect(early.settle()).toBe(true);
    expect(early.settle()).toBe(false);
    void early.act('conversation_list', { key: 'toko', page: 0, filter: 'all' });
    expect(calls.map((call) => call.name)).toEqual(['project_get', 'conversation_list', 'conversation_list']);
  });

  describe('earlyAs', () => {
    const byAddress = { key: 'toko', receiver: '628123', limit: 50 };
    const byId = { key: 'toko', conversationId: 'c1', limit: 50 };
    /** `earlyAs` for the thread: waits for `byId` once `found` answers, fitting c1's messages. */
    function threadEarly(early: ReturnType<typeof setup>['early']) {
      let find: (value: {
        fields: typeof byId;
        fits: (answer: { data: { conversationId: string }[] }) => boolean;
      }) => void = () => undefined;
      let lose: (error: Error) => void = () => undefined;
      early.earlyAs(
        'message_list',
        byAddress,
        new Promise((resolve, reject) => {
          find = resolve;
          lose = reject;
        }),
      );
      return {
        found: () => find({ fields: byId, fits: ({ data }) => data.every((m) => m.conversationId === 'c1') }),
        lost: () => lose(new Error('not_found')),
      };
    }
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('sends at once and answers the later call by other fields when the answer fits, asking once', async () => {
      const { early, calls, answer } = setup();
      const thread = threadEarly(early);
      expect(calls).toEqual([{ name: 'message_list', fields: byAddress }]);
      thread.found();
      await tick();
      const taken = early.act('message_list', byId);
      answer(0, [{ id: 'm1', conversationId: 'c1' }]);
      await expect(taken).resolves.toMatchObject({ data: [{ id: 'm1' }] });
      expect(calls).toHaveLength(1);
      expect(early.settle()).toBe(true);
    });

    it("asks by the call's own fields when the answer does not fit, or the early call failed", async () => {
      const { early, calls, answer, fail } = setup();
      const thread = threadEarly(early);
      thread.found();
      await tick();
      const taken = early.act('message_list', byId);
      answer(0, [{ id: 'm9', conversationId: 'c2' }]);
      await tick();
      expect(calls).toEqual([
        { name: 'message_list', fields: byAddress },
        { name: 'message_list', fields: byId },
      ]);
      answer(1, [{ id: 'm1', conversationId: 'c1' }]);
      await expect(taken).resolves.toMatchObject({ data: [{ id: 'm1' }] });

      const again = threadEarly(early);
      again.found();
      await tick();
      const retaken = early.act('message_list', byId);
      fail(2, new Error('offline'));
      await tick();
      expect(calls.at(-1)).toEqual({ name: 'message_list', fields: byId });
      answer(3, [{ id: 'm2', conversationId: 'c1' }]);
      await expect(retaken).resolves.toMatchObject({ data: [{ id: 'm2' }] });
    });

    it('keeps nothing when the other fields never come, or the socket came up first', async () => {
      const { early, calls } = setup();
      threadEarly(early).lost();
      await tick();
      void early.act('message_list', byId);
      expect(calls).toHaveLength(2);

      const late = threadEarly(early);
      early.settle();
      late.found();
      await tick();
      void early.act('message_list', byId);
      expect(calls.map((call) => call.fields)).toEqual([byAddress, byId, byAddress, byId]);
    });
  });
});
