import { describe, expect, it } from 'vitest';
import { Drain } from './Drain.ts';

describe('Drain', () => {
  it('runs one pass at a time and always one more after a request made during a pass', async () => {
    let passes = 0;
    let running = 0;
    let overlap = false;
    const drain = new Drain(async () => {
      running += 1;
      if (running > 1) overlap = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      passes += 1;
      running -= 1;
    });
    const first = drain.run();
    const second = drain.run();
    const third = drain.run();
    expect(second).toBe(third);
    await Promise.all([first, second, third]);
    expect(passes).toBe(2);
    expect(overlap).toBe(false);
    await drain.run();
    expect(passes).toBe(3);
    await drain.idle();
  });
});
