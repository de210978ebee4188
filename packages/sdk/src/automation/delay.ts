/**
 * Delays (`AutomationDelay`): minutes and hours are elapsed time; days are calendar days in the
 * project's time zone, so "2 days after 10:00" is 10:00 two days later even across a clock change.
 */
import { fromDate } from '@internationalized/date';
import type { AutomationDelay } from '../contract/automationTypes.ts';

const MINUTES_PER_UNIT = { minutes: 1, hours: 60, days: 1_440 } as const;

/** A delay's nominal length in minutes (a day counts 1,440): to compare delays and bound them. */
export function delayMinutes(delay: AutomationDelay): number {
  return delay.amount * MINUTES_PER_UNIT[delay.unit];
}

/** The instant `delay` after `at`; days are added on the calendar of `timeZone`. */
export function addDelay(at: Date, delay: AutomationDelay, timeZone: string): Date {
  if (delay.unit !== 'days') return new Date(at.getTime() + delayMinutes(delay) * 60_000);
  return fromDate(at, timeZone).add({ days: delay.amount }).toDate();
}
