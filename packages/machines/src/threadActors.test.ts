import { createActor, toPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { SendTimeoutError, loadPage, sendMessage } from './threadActors.ts';
import { createFakeClient } from './paths/fakes.ts';

const where = (client: ReturnType<typeof createFakeClient>) => ({
  client,
  key: 'tokoku',
  conversationId: 'c1',
});

describe('thread actors end their requests', () => {
  it('a send that times out aborts the request it gave up on, before the machine retries', async () => {
    vi.useFakeTimers();
    try {
      const client = createFakeClient();
      const actor = createActor(sendMessage, {
        input: {
          ...where(client),
          clientId: 'id-1',
          draft: { type: 'text', caption: 'Halo' },
          timeoutMs: 100,
        },
      }).start();
      const outcome = toPromise(actor).then(
        () => 'sent',
        (error: unknown) => error,
      );
      const [signal] = client.signals;
      vi.advanceTimersByTime(99);
      expect(signal?.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await outcome).toBeInstanceOf(SendTimeoutError);
      expect(signal?.aborted).toBe(true);
      expect(signal?.reason).toBeInstanceOf(SendTimeoutError);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a send answered in time keeps its request and clears its timer', async () => {
    vi.useFakeTimers();
    try {
      const client = createFakeClient();
      const actor = createActor(sendMessage, {
        input: {
          ...where(client),
          clientId: 'id-1',
          draft: { type: 'text', caption: 'Halo' },
          timeoutMs: 100,
        },
      }).start();
      client.settle('message_send', { data: { id: 'm1' } });
      expect(await toPromise(actor)).toEqual({ id: 'm1' });
      expect(client.signals[0]?.aborted).toBe(false);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stopping the actor aborts the send and the page load it was waiting for', () => {
    const client = createFakeClient();
    const send = createActor(sendMessage, {
      input: { ...where(client), clientId: 'id-1', draft: { type: 'text', caption: 'Halo' }, timeoutMs: 100 },
    }).start();
    const page = createActor(loadPage, { input: { ...where(client), limit: 30 } }).start();
    expect(client.signals.map((signal) => signal?.aborted)).toEqual([false, false]);
    send.stop();
    page.stop();
    expect(client.signals.map((signal) => signal?.aborted)).toEqual([true, true]);
  });
});
