import { fromCallback } from 'xstate';

/** A ticker takes no events. */
export type TickerInbox = { type: 'ticker.none' };

/**
 * A one-second clock: sends `{ type }` to its parent every second until it is stopped.
 * Machines invoke it by name (`ticker`) so tests swap it for a silent actor and send the
 * tick events themselves.
 */
export function createTicker<T extends string>(type: T, intervalMs = 1000) {
  return fromCallback<TickerInbox>(({ sendBack }) => {
    const timer = setInterval(() => sendBack({ type }), intervalMs);
    return () => clearInterval(timer);
  });
}
