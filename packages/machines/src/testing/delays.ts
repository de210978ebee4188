/**
 * A hand-driven `delay` actor for tests: nothing fires until the test says so, and the test can
 * see which delays are running (a cancelled one is gone). Swap it in with
 * `machine.provide({ actors: { delay: delays.delay } })`.
 */
import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import type { DelayInput } from '../delay.ts';

export interface ManualDelays {
  delay: ReturnType<typeof fromCallback<{ type: 'delay.none' }, DelayInput>>;
  /** The delays running now, oldest first. */
  pending(): DelayInput[];
  /** Ends the oldest running delay whose event is `type` (throws when none runs). */
  fire(type: string): void;
}

export function manualDelays(): ManualDelays {
  const running: { input: DelayInput; sendBack: (event: EventObject) => void }[] = [];
  return {
    delay: fromCallback<{ type: 'delay.none' }, DelayInput>(({ sendBack, input }) => {
      const entry = { input, sendBack };
      running.push(entry);
      return () => {
        const index = running.indexOf(entry);
        if (index >= 0) running.splice(index, 1);
      };
    }),
    pending: () => running.map((entry) => entry.input),
    fire(type) {
      const index = running.findIndex((entry) => entry.input.event.type === type);
      const entry = running[index];
      if (entry === undefined) throw new Error(`No running delay sends ${type}`);
      running.splice(index, 1);
      entry.sendBack(entry.input.event);
    },
  };
}
