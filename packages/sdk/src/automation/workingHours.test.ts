import { describe, expect, it } from 'vitest';
import type { WorkingDay } from '../contract/teamTypes.ts';
import { isWithinWorkingHours, nextOpening, shiftIntoWorkingHours } from './workingHours.ts';

type Day = WorkingDay['day'];
const closed = (day: Day): WorkingDay => ({ day, open: false, from: '08:00:00', to: '17:00:00' });
const open = (day: Day, from: string, to: string): WorkingDay => ({ day, open: true, from, to });

/** A week of hours: the days given, the others closed. */
function week(...days: WorkingDay[]): WorkingDay[] {
  return ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => days.find((d) => d.day === day) ?? closed(day));
}

/** Monday to Friday 08:00–17:00, Saturday 08:00–12:00, Sunday closed. */
const office = week(
  ...([1, 2, 3, 4, 5] as const).map((day) => open(day, '08:00:00', '17:00:00')),
  open(6, '08:00:00', '12:00:00'),
);
const jakarta = 'Asia/Jakarta';
const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('isWithinWorkingHours', () => {
  it('reads the hours in the project’s time zone, the end excluded', () => {
    // Monday 9 March 2026; Jakarta is UTC+7.
    expect(isWithinWorkingHours(at('2026-03-09T03:00:00Z'), jakarta, office)).toBe(true); // 10:00
    expect(isWithinWorkingHours(at('2026-03-09T01:00:00Z'), jakarta, office)).toBe(true); // 08:00
    expect(isWithinWorkingHours(at('2026-03-09T00:59:59Z'), jakarta, office)).toBe(false); // 07:59:59
    expect(isWithinWorkingHours(at('2026-03-09T10:00:00Z'), jakarta, office)).toBe(false); // 17:00
    // 00:30 on Tuesday in Jakarta is still Monday in UTC.
    expect(isWithinWorkingHours(at('2026-03-09T17:30:00Z'), jakarta, office)).toBe(false);
    // Saturday 11:00 open, 12:30 closed; Sunday closed.
    expect(isWithinWorkingHours(at('2026-03-14T04:00:00Z'), jakarta, office)).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-14T05:30:00Z'), jakarta, office)).toBe(false);
    expect(isWithinWorkingHours(at('2026-03-15T03:00:00Z'), jakarta, office)).toBe(false);
  });

  it('keeps a day open past midnight when `to` is before `from`, into a closed next day', () => {
    const nights = week(open(5, '20:00:00', '02:00:00'));
    expect(isWithinWorkingHours(at('2026-03-13T13:00:00Z'), jakarta, nights)).toBe(true); // Fri 20:00
    expect(isWithinWorkingHours(at('2026-03-13T18:00:00Z'), jakarta, nights)).toBe(true); // Sat 01:00
    expect(isWithinWorkingHours(at('2026-03-13T19:00:00Z'), jakarta, nights)).toBe(false); // Sat 02:00
    expect(isWithinWorkingHours(at('2026-03-13T12:59:00Z'), jakarta, nights)).toBe(false); // Fri 19:59
    const untilMidnight = week(open(1, '18:00:00', '00:00:00'));
    expect(isWithinWorkingHours(at('2026-03-09T16:59:00Z'), jakarta, untilMidnight)).toBe(true); // Mon 23:59
    expect(isWithinWorkingHours(at('2026-03-09T17:00:00Z'), jakarta, untilMidnight)).toBe(false); // Tue 00:00
  });

  it('reads `to` equal to `from` as 24 hours from `from`', () => {
    const allMonday = week(open(1, '00:00:00', '00:00:00'));
    expect(isWithinWorkingHours(at('2026-03-08T17:00:00Z'), jakarta, allMonday)).toBe(true); // Mon 00:00
    expect(isWithinWorkingHours(at('2026-03-09T16:59:59Z'), jakarta, allMonday)).toBe(true); // Mon 23:59:59
    expect(isWithinWorkingHours(at('2026-03-09T17:00:00Z'), jakarta, allMonday)).toBe(false); // Tue 00:00
    const fromNine = week(open(1, '09:00:00', '09:00:00'));
    expect(isWithinWorkingHours(at('2026-03-10T01:59:00Z'), jakarta, fromNine)).toBe(true); // Tue 08:59
    expect(isWithinWorkingHours(at('2026-03-10T02:00:00Z'), jakarta, fromNine)).toBe(false); // Tue 09:00
  });

  it('takes `HH:mm` as well, and treats missing days and unreadable times as closed', () => {
    expect(isWithinWorkingHours(at('2026-03-09T03:00:00Z'), jakarta, [open(1, '08:00', '17:00')])).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-10T03:00:00Z'), jakarta, [open(1, '08:00', '17:00')])).toBe(
      false,
    );
    expect(isWithinWorkingHours(at('2026-03-09T03:00:00Z'), jakarta, [open(1, '8 pagi', '17:00')])).toBe(
      false,
    );
    expect(isWithinWorkingHours(at('2026-03-09T03:00:00Z'), jakarta, [open(1, '08:00', '24:00')])).toBe(
      false,
    );
    expect(isWithinWorkingHours(at('2026-03-09T03:00:00Z'), jakarta, [])).toBe(false);
  });

  it('follows daylight saving in a zone that has it', () => {
    const amsterdam = 'Europe/Amsterdam';
    const daily = week(...([1, 2, 3, 4, 5, 6, 7] as const).map((day) => open(day, '09:00:00', '17:00:00')));
    // Winter: 09:00 is 08:00 UTC; summer: 07:00 UTC.
    expect(isWithinWorkingHours(at('2026-01-15T08:00:00Z'), amsterdam, daily)).toBe(true);
    expect(isWithinWorkingHours(at('2026-01-15T07:59:00Z'), amsterdam, daily)).toBe(false);
    expect(isWithinWorkingHours(at('2026-07-01T07:00:00Z'), amsterdam, daily)).toBe(true);
    expect(isWithinWorkingHours(at('2026-07-01T15:00:00Z'), amsterdam, daily)).toBe(false);
    // Saturday 22:00 to Sunday 06:00 across the spring change lasts 7 hours: 21:00 to 04:00 UTC.
    const overnight = week(open(6, '22:00:00', '06:00:00'));
    expect(isWithinWorkingHours(at('2026-03-28T21:00:00Z'), amsterdam, overnight)).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-29T03:59:00Z'), amsterdam, overnight)).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-29T04:00:00Z'), amsterdam, overnight)).toBe(false);
  });
});

describe('overnight periods across midnight and clock changes', () => {
  const berlin = 'Europe/Berlin';
  const newYork = 'America/New_York';

  it('keeps an overnight period open into the next day across the autumn change (Berlin)', () => {
    // Saturday 24 October 2026 22:00 CEST to Sunday 06:00 CET: 20:00 to 05:00 UTC, nine hours.
    const overnight = week(open(6, '22:00:00', '06:00:00'));
    expect(isWithinWorkingHours(at('2026-10-24T19:59:00Z'), berlin, overnight)).toBe(false); // Sat 21:59
    expect(isWithinWorkingHours(at('2026-10-24T20:00:00Z'), berlin, overnight)).toBe(true); // Sat 22:00
    expect(isWithinWorkingHours(at('2026-10-24T22:30:00Z'), berlin, overnight)).toBe(true); // Sun 00:30
    expect(isWithinWorkingHours(at('2026-10-25T00:30:00Z'), berlin, overnight)).toBe(true); // first 02:30
    expect(isWithinWorkingHours(at('2026-10-25T01:30:00Z'), berlin, overnight)).toBe(true); // second 02:30
    expect(isWithinWorkingHours(at('2026-10-25T04:59:00Z'), berlin, overnight)).toBe(true); // Sun 05:59
    expect(isWithinWorkingHours(at('2026-10-25T05:00:00Z'), berlin, overnight)).toBe(false); // Sun 06:00
    // Open past midnight: the next opening is the instant itself, on the day after the period's.
    const night = at('2026-10-24T23:00:00Z');
    expect(nextOpening(night, berlin, overnight)).toBe(night);
    // Closed Sunday morning: the next Saturday evening.
    expect(iso(nextOpening(at('2026-10-25T05:00:00Z'), berlin, overnight))).toBe('2026-10-31T21:00:00.000Z');
  });

  it('ends an overnight period at a skipped time as the clocks show just after (New York spring)', () => {
    // Saturday 7 March 2026 20:00 EST (01:00 UTC Sunday) to "02:00" Sunday, which the change
    // skips: it reads 03:00 EDT, 07:00 UTC.
    const overnight = week(open(6, '20:00:00', '02:00:00'));
    expect(isWithinWorkingHours(at('2026-03-08T00:59:00Z'), newYork, overnight)).toBe(false);
    expect(isWithinWorkingHours(at('2026-03-08T01:00:00Z'), newYork, overnight)).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-08T05:30:00Z'), newYork, overnight)).toBe(true); // Sun 00:30 EST
    expect(isWithinWorkingHours(at('2026-03-08T06:59:00Z'), newYork, overnight)).toBe(true); // Sun 01:59 EST
    expect(isWithinWorkingHours(at('2026-03-08T07:00:00Z'), newYork, overnight)).toBe(false); // Sun 03:00 EDT
  });

  it('opens a whole day on the day of an hour more or less (New York)', () => {
    const allDays = week(...([1, 2, 3, 4, 5, 6, 7] as const).map((day) => open(day, '00:00:00', '00:00:00')));
    const sundayOnly = week(open(7, '00:00:00', '00:00:00'));
    // Sunday 1 November 2026 lasts 25 hours: 04:00 UTC to 05:00 UTC Monday.
    expect(isWithinWorkingHours(at('2026-11-01T04:00:00Z'), newYork, sundayOnly)).toBe(true);
    expect(isWithinWorkingHours(at('2026-11-02T04:59:00Z'), newYork, sundayOnly)).toBe(true); // Sun 23:59 EST
    expect(isWithinWorkingHours(at('2026-11-02T05:00:00Z'), newYork, sundayOnly)).toBe(false); // Mon 00:00
    expect(isWithinWorkingHours(at('2026-11-01T03:59:00Z'), newYork, sundayOnly)).toBe(false); // Sat 23:59 EDT
    // Sunday 8 March 2026 lasts 23 hours: 05:00 UTC to 04:00 UTC Monday.
    expect(isWithinWorkingHours(at('2026-03-09T03:59:00Z'), newYork, sundayOnly)).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-09T04:00:00Z'), newYork, sundayOnly)).toBe(false);
    // Every day open 24 hours: open at any instant of the change.
    for (const instant of ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-03-08T06:59:00Z']) {
      expect(isWithinWorkingHours(at(instant), newYork, allDays)).toBe(true);
    }
  });
});

describe('nextOpening', () => {
  it('is the instant itself while open', () => {
    const now = at('2026-03-09T03:00:00Z');
    expect(nextOpening(now, jakarta, office)).toBe(now);
  });

  it('is the next period’s start while closed: later that day, the next day, after a closed day', () => {
    expect(iso(nextOpening(at('2026-03-09T00:00:00Z'), jakarta, office))).toBe('2026-03-09T01:00:00.000Z');
    // Monday 17:00 (closing time): Tuesday 08:00.
    expect(iso(nextOpening(at('2026-03-09T10:00:00Z'), jakarta, office))).toBe('2026-03-10T01:00:00.000Z');
    // Saturday 12:30: Sunday is closed, so Monday 08:00.
    expect(iso(nextOpening(at('2026-03-14T05:30:00Z'), jakarta, office))).toBe('2026-03-16T01:00:00.000Z');
  });

  it('finds the same weekday a week later when it is the only open one', () => {
    const mondays = week(open(1, '08:00:00', '17:00:00'));
    expect(iso(nextOpening(at('2026-03-09T11:00:00Z'), jakarta, mondays))).toBe('2026-03-16T01:00:00.000Z');
  });

  it('is null when no day is open', () => {
    expect(nextOpening(at('2026-03-09T03:00:00Z'), jakarta, week())).toBeNull();
    expect(nextOpening(at('2026-03-09T03:00:00Z'), jakarta, [])).toBeNull();
  });

  it('opens at a time skipped by daylight saving as the clocks show just after, and at the first of a repeated one', () => {
    const amsterdam = 'Europe/Amsterdam';
    // Sunday 29 March 2026: clocks jump from 02:00 to 03:00, so "02:00" opens at 03:00 CEST (01:00 UTC).
    const early = week(open(7, '02:00:00', '05:00:00'));
    expect(iso(nextOpening(at('2026-03-29T00:30:00Z'), amsterdam, early))).toBe('2026-03-29T01:00:00.000Z');
    // Sunday 25 October 2026: 02:30 happens twice; the first is 00:30 UTC.
    const repeated = week(open(7, '02:30:00', '04:00:00'));
    expect(iso(nextOpening(at('2026-10-25T00:00:00Z'), amsterdam, repeated))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('shiftIntoWorkingHours', () => {
  it('keeps a due time inside working hours and moves one outside to the next opening', () => {
    const inside = at('2026-03-09T05:00:00Z');
    expect(shiftIntoWorkingHours(inside, jakarta, office)).toBe(inside);
    expect(shiftIntoWorkingHours(at('2026-03-09T15:00:00Z'), jakarta, office).toISOString()).toBe(
      '2026-03-10T01:00:00.000Z',
    );
  });

  it('holds nothing back in a project with no open day', () => {
    const due = at('2026-03-09T15:00:00Z');
    expect(shiftIntoWorkingHours(due, jakarta, week())).toBe(due);
  });
});
