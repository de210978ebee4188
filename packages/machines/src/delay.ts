/**
 * The one timer of the machines: once `input.ms` have passed, `input.event` goes back to the
 * machine that invoked it. Leaving the invoking state cancels it; entering it again restarts it.
 * A search's pause, the inbox's debounce and a send's retry delay are all this actor.
 *
 * Machines register it as `delay` and invoke it by that name, so tests can swap it:
 * `machine.provide({ actors: { delay: silentDelay } })` (a model sends the event itself), a
 * `manualDelays()` from `testing/delays.ts` (fire pending delays by hand), or fake timers.
 */
import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';

export interface DelayInput<Event extends EventObject = EventObject> {
  ms: number;
  /** Sent back to the parent when the time is up. */
  event: Event;
}

export const delay = fromCallback<{ type: 'delay.none' }, DelayInput>(({ sendBack, input }) => {
  const timer = setTimeout(() => sendBack(input.event), input.ms);
  return () => clearTimeout(timer);
});

/** A delay that never fires: the test or model sends the event when it wants time to pass. */
export const silentDelay = fromCallback<{ type: 'delay.none' }, DelayInput>(() => undefined);
