import { describe, expect, it } from 'vitest';
import {
  broadcastScheduleAt,
  broadcastScheduleDays,
  broadcastScheduleParts,
  broadcastScheduleProblem,
  isScheduleTime,
} from './schedule.ts';

describe('broadcastScheduleAt', () => {
  it('reads the day and time in the project’s time zone', () => {
    expect(broadcastScheduleAt({ date: '2026-03-10', time: '09:30' }, 'Asia/Jakarta')).toBe(
      '2026-03-10T02:30:00.000Z',
    );
    expect(broadcastScheduleAt({ date: '2026-03-10', time: '09:30' }, 'Asia/Makassar')).toBe(
      '2026-03-10T01:30:00.000Z',
    );
    // Just after midnight in Jakarta is still the day before in UTC.
    expect(broadcastScheduleAt({ date: '2026-03-10', time: '00:15' }, 'Asia/Jakarta')).toBe(
      '2026-03-09T17:15:00.000Z',
    );
  });

  it('follows daylight saving where the zone has it, and reads a skipped time as just after', () => {
    expect(broadcastScheduleAt({ date: '2026-07-01', time: '12:00' }, 'Europe/Amsterdam')).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(broadcastScheduleAt({ date: '2026-01-15', time: '12:00' }, 'Europe/Amsterdam')).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    // 29 March 2026, 02:30 does not exist in Amsterdam (clocks jump from 02:00 to 03:00).
    expect(broadcastScheduleAt({ date: '2026-03-29', time: '02:30' }, 'Europe/Amsterdam')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('answers null for a day or time that is not one', () => {
    expect(broadcastScheduleAt({ date: '2026-02-30', time: '09:00' }, 'Asia/Jakarta')).toBeNull();
    expect(broadcastScheduleAt({ date: '10/03/2026', time: '09:00' }, 'Asia/Jakarta')).toBeNull();
    expect(broadcastScheduleAt({ date: '2026-03-10', time: '24:00' }, 'Asia/Jakarta')).toBeNull();
    expect(broadcastScheduleAt({ date: '2026-03-10', time: '9:00' }, 'Asia/Jakarta')).toBeNull();
  });
});

describe('broadcastScheduleParts', () => {
  it('shows an instant as the day and time of the project’s zone, the way back of broadcastScheduleAt', () => {
    expect(broadcastScheduleParts('2026-03-09T17:15:00Z', 'Asia/Jakarta')).toEqual({
      date: '2026-03-10',
      time: '00:15',
    });
    const parts = { date: '2026-12-31', time: '23:59' };
    const at = broadcastScheduleAt(parts, 'Asia/Jayapura');
    expect(at).not.toBeNull();
    expect(broadcastScheduleParts(at ?? '', 'Asia/Jayapura')).toEqual(parts);
  });
});

describe('broadcastScheduleProblem', () => {
  const now = new Date('2026-03-10T02:00:00Z');

  it('takes a time ahead, up to 366 days', () => {
    expect(broadcastScheduleProblem('2026-03-10T02:01:00Z', now)).toBeNull();
    expect(broadcastScheduleProblem(new Date(now.getTime() + 366 * 86_400_000), now)).toBeNull();
    expect(broadcastScheduleProblem(new Date(now.getTime() + 366 * 86_400_000 + 1), now)).toBe('far');
  });

  it('refuses a time gone by, but a moment ago still starts now', () => {
    expect(broadcastScheduleProblem('2026-03-10T01:59:30Z', now)).toBeNull();
    expect(broadcastScheduleProblem('2026-03-10T01:58:59Z', now)).toBe('past');
  });
});

describe('broadcastScheduleDays', () => {
  it('names the first and last days of the calendar in the project’s zone', () => {
    expect(broadcastScheduleDays(new Date('2026-03-09T18:00:00Z'), 'Asia/Jakarta')).toEqual({
      first: '2026-03-10',
      last: '2027-03-11',
    });
  });
});

describe('isScheduleTime', () => {
  it('takes HH:mm from 00:00 to 23:59', () => {
    expect(['00:00', '09:05', '23:59'].every(isScheduleTime)).toBe(true);
    expect(['24:00', '9:05', '09:60', '', null].some(isScheduleTime)).toBe(false);
  });
});
