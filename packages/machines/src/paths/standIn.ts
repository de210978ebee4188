/**
 * A child machine's stand-in for its parent's model: it waits until the path ends it with the
 * output the path names. The child has a model of its own; the parent's model only needs its
 * outcomes.
 */
import { assign, setup } from 'xstate';
import type { AnyEventObject } from 'xstate';
import type { StepDriver } from './models.ts';

export const standIn = setup({
  types: {} as {
    context: { output: unknown };
    events: { type: 'standIn.finish'; output: unknown };
    output: unknown;
  },
}).createMachine({
  context: { output: null },
  initial: 'open',
  states: {
    open: {
      on: {
        'standIn.finish': { target: 'finished', actions: assign({ output: ({ event }) => event.output }) },
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }: { context: { output: unknown } }) => context.output,
});

/** Ends the stand-in running as `child` with the event's output (`xstate.done.actor.<child>`). */
export const finishStandIn =
  (child: string): StepDriver =>
  ({ actor, event }) => {
    const ref = (
      actor.getSnapshot().children as Record<string, { send(e: AnyEventObject): void } | undefined>
    )[child];
    if (ref === undefined) throw new Error(`No ${child} child is running`);
    ref.send({ type: 'standIn.finish', output: event['output'] });
  };
