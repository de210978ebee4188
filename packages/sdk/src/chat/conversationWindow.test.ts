import { describe, expect, it } from 'vitest';
import { isWindowOpen, windowRemainingMs } from './conversationWindow.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('the 24-hour window', () => {
  it('is open until windowClosesAt, closed at and after it, and closed without a time', () => {
    expect(isWindowOpen({ windowClosesAt: '2026-11-22T10:00:01Z' }, now)).toBe(true);
    expect(isWindowOpen({ windowClosesAt: '2026-11-22T10:00:00Z' }, now)).toBe(false);
    expect(isWindowOpen({ windowClosesAt: '2026-11-21T10:00:00Z' }, now)).toBe(false);
    expect(isWindowOpen({ windowClosesAt: null }, now)).toBe(false);
    expect(isWindowOpen({ windowClosesAt: 'not a date' }, now)).toBe(false);
  });

  it('tells how long it stays open', () => {
    expect(windowRemainingMs({ windowClosesAt: '2026-11-22T11:00:00Z' }, now)).toBe(3_600_000);
    expect(windowRemainingMs({ windowClosesAt: '2026-11-22T09:00:00Z' }, now)).toBe(0);
    expect(windowRemainingMs({ windowClosesAt: null }, now)).toBe(0);
  });
});
