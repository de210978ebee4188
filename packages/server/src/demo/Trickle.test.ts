import { afterEach, describe, expect, it, vi } from 'vitest';
import { Trickle } from './Trickle.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('Trickle', () => {
  it('writes after each pause, one write at a time, until stopped', async () => {
    vi.useFakeTimers();
    const pauses = [100, 250, 400];
    let finishWrite: () => void = () => undefined;
    let writes = 0;
    const trickle = new Trickle({
      write: () => {
        writes += 1;
        return new Promise<void>((resolve) => (finishWrite = resolve));
      },
      pauseMs: () => pauses.shift() ?? 1_000,
      onError: () => undefined,
    });
    trickle.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(writes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toBe(1);
    // The next pause only starts once the write is done.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes).toBe(1);
    finishWrite();
    await vi.advanceTimersByTimeAsync(250);
    expect(writes).toBe(2);
    finishWrite();

    // Stop waits for a write under way and nothing follows.
    await vi.advanceTimersByTimeAsync(400);
    expect(writes).toBe(3);
    let stopped = false;
    const stopping = trickle.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishWrite();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(writes).toBe(3);
  });

  it('reports a failed write and goes on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let writes = 0;
    const trickle = new Trickle({
      write: async () => {
        writes += 1;
        if (writes === 1) throw new Error('webhook down');
      },
      pauseMs: () => 10,
      onError: (error) => errors.push(error),
    });
    trickle.start();
    await vi.advanceTimersByTimeAsync(25);
    await trickle.stop();
    expect(errors).toHaveLength(1);
    expect(writes).toBe(2);
  });
});
