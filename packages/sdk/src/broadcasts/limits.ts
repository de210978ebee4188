/** The limits of a broadcast's fields, shared by the contract, the composer and the server. */

/** A broadcast's name, at most. */
export const BROADCAST_NAME_MAX = 120;
/** A CSV audience's text, at most (about 50,000 phones with a name column). */
export const BROADCAST_CSV_MAX_BYTES = 2_000_000;
/** Rows a CSV audience may have, at most. */
export const BROADCAST_CSV_MAX_ROWS = 50_000;
/** How far ahead a broadcast may be scheduled. */
export const BROADCAST_SCHEDULE_MAX_DAYS = 366;
/** A number's broadcast throughput by default (Meta's Cloud API: 80 messages a second). */
export const BROADCAST_DEFAULT_RATE = 80;
/** A number's broadcast throughput, at most (Meta upgrades numbers up to 1,000 a second). */
export const BROADCAST_RATE_MAX = 1_000;
