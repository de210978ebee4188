/**
 * Runs a model path against a real actor: plain events are sent, an invoked actor's done or
 * error event settles the act that actor called on the fake client (so the real actor code
 * runs), and each reached state is compared with the one the graph predicted.
 */
import { createActor } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { transitionKey } from './generate.ts';
import type { ModelPath } from './generate.ts';
import type { PathModel, World } from './models.ts';

export interface ReplayedStep {
  event: AnyEventObject;
  /** The state the graph predicted, serialised. */
  expected: string;
  /** The state the real actor reached, serialised. */
  actual: string;
  snapshot: AnyMachineSnapshot;
  /** What the step did to the browser fakes (navigation, stores). */
  effects: string[];
}

export interface Replay {
  world: World;
  steps: ReplayedStep[];
  /** Transitions the root actor took (`transitionKey`). */
  transitions: Set<string>;
  final: AnyMachineSnapshot;
}

/** Lets settled promises and the actor's reactions run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function replay(model: PathModel, path: ModelPath): Promise<Replay> {
  const start = model.starts[path.start];
  if (start === undefined) throw new Error(`No start ${path.start} in model ${model.name}`);
  const world = start.world();
  const transitions = new Set<string>();
  const actor = createActor(model.machine, {
    input: world.input,
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId)
        for (const t of event._transitions) transitions.add(transitionKey(t));
    },
  });
  const effects = world.browser?.effects ?? world.effects ?? [];
  model.observe?.(actor, world);
  const steps: ReplayedStep[] = [];
  let seen = 0;
  const record = (event: AnyEventObject, expected: AnyMachineSnapshot) => {
    const snapshot = actor.getSnapshot();
    steps.push({
      event,
      expected: model.serialize(expected),
      actual: model.serialize(snapshot),
      snapshot,
      effects: effects.slice(seen),
    });
    seen = effects.length;
  };
  actor.start();
  await flush();
  // The first step (`xstate.init`) is where the replay starts; every later one is compared.
  for (const step of path.steps.slice(1)) {
    await perform(model, world, actor, step.event);
    await flush();
    record(step.event, step.state);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return { world, steps, transitions, final };
}

async function perform(
  model: PathModel,
  world: World,
  actor: ReturnType<typeof createActor<PathModel['machine']>>,
  event: AnyEventObject,
): Promise<void> {
  const driver = model.drivers[event.type];
  if (driver) return driver({ actor, world, event });
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const act = model.actorActs[settled[2]];
    if (act === undefined) throw new Error(`Model ${model.name} has no act for actor ${settled[2]}`);
    world.client.settle(act, settled[1] === 'done' ? { data: event['output'] } : { error: event['error'] });
    return;
  }
  actor.send(event);
}
