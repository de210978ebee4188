import { describe, expect, it } from 'vitest';
import { RequestGate } from './RequestGate.ts';

/** A clock the gate's waits move, and the start times of the requests it let through. */
function gated(options: { concurrent: number; perWindow: number; windowMs: number }) {
  let now = 0;
  const starts: number[] = [];
  const gate = new RequestGate({
    ...options,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  const request = (answerAfter: Promise<void> = Promise.resolve()) =>
    gate.through(async () => {
      starts.push(now);
      await answerAfter;
    });
  return { request, starts, advance: (ms: number) => (now += ms) };
}

describe('RequestGate', () => {
  it('starts at most perWindow requests in any window, in the order they came', async () => {
    const { request, starts } = gated({ concurrent: 100, perWindow: 3, windowMs: 1_000 });
    await Promise.all(Array.from({ length: 7 }, () => request()));
    expect(starts).toEqual([0, 0, 0, 1_000, 1_000, 1_000, 2_000]);
  });

  it('lets requests through at once when the window has room', async () => {
    const { request, starts, advance } = gated({ concurrent: 100, perWindow: 2, windowMs: 1_000 });
    await request();
    advance(600);
    await request();
    advance(600);
    await request();
    expect(starts).toEqual([0, 600, 1_200]);
  });

  it('holds back a request while too many await their answer', async () => {
    const { request, starts } = gated({ concurrent: 1, perWindow: 100, windowMs: 1_000 });
    let answer = () => {};
    const first = request(new Promise<void>((resolve) => (answer = resolve)));
    const second = request();
    await new Promise((resolve) => setImmediate(resolve));
    expect(starts).toHaveLength(1);
    answer();
    await Promise.all([first, second]);
    expect(starts).toHaveLength(2);
  });
});
