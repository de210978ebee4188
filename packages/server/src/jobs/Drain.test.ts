import { describe, expect, it } from 'vitest';
import { Drain } from './Drain.ts';

describe('Drain', () => {
  it('runs one pass at a time and always one more after a request made during a pass', async () => {
    let passes = 0;
    let running = 0;
    let overlap = false;
    // Each pass waits until the test lets it finish, so the requests below land mid-pass.
    const finishes: Array<() => void> = [];
    const started: Array<() => void> = [];
    const nextStart = () => new Promise<void>((resolve) => started.push(resolve));
    const drain = new Drain(async () => {
      running += 1;
      if (running > 1) overlap = true;
      started.shift()?.();
      await new Promise<void>((resolve) => finishes.push(resolve));
      passes += 1;
      running -= 1;
    });
    const firstStarted = nextStart();
    const first = drain.run();
    await firstStarted;
    const second = drain.run();
    const third = drain.run();
    expect(second).toBe(third);
    const secondStarted = nextStart();
    finishes.shift()?.();
    await secondStarted;
    expect(passes).toBe(1);
    finishes.shift()?.();
    await Promise.all([first, second, third]);
    expect(passes).toBe(2);
    expect(overlap).toBe(false);
    const lastStarted = nextStart();
    const last = drain.run();
    await lastStarted;
    finishes.shift()?.();
    await last;
    expect(passes).toBe(3);
    await drain.idle();
  });
});
