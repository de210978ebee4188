import { describe, expect, it } from 'vitest';
import { addDelay, delayMinutes } from './delay.ts';

describe('delayMinutes', () => {
  it('counts a delay in minutes, a day as 1,440', () => {
    expect(delayMinutes({ amount: 15, unit: 'minutes' })).toBe(15);
    expect(delayMinutes({ amount: 3, unit: 'hours' })).toBe(180);
    expect(delayMinutes({ amount: 2, unit: 'days' })).toBe(2_880);
  });
});

describe('addDelay', () => {
  it('adds minutes and hours as elapsed time', () => {
    const at = new Date('2026-03-29T00:30:00Z');
    expect(addDelay(at, { amount: 90, unit: 'minutes' }, 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-29T02:00:00.000Z',
    );
    expect(addDelay(at, { amount: 2, unit: 'hours' }, 'Europe/Amsterdam').toISOString()).toBe(
      '2026-03-29T02:30:00.000Z',
    );
  });

  it('adds days on the calendar of the time zone: the same clock time, across a clock change', () => {
    // Saturday 10:00 in Amsterdam (winter time), then Sunday 10:00 (summer time): 23 hours later.
    expect(
      addDelay(
        new Date('2026-03-28T09:00:00Z'),
        { amount: 1, unit: 'days' },
        'Europe/Amsterdam',
      ).toISOString(),
    ).toBe('2026-03-29T08:00:00.000Z');
    expect(
      addDelay(new Date('2026-03-28T09:00:00Z'), { amount: 1, unit: 'days' }, 'Asia/Jakarta').toISOString(),
    ).toBe('2026-03-29T09:00:00.000Z');
  });
});
