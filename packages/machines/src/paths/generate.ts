/**
 * Paths through a machine's graph, from `createTestModel` (xstate/graph): the shortest path to
 * every distinct state, simple paths to the model's goal states over a small event set, and
 * the model's scenarios (for transitions that leave the state as it was).
 *
 * `createTestModel` refuses machines that invoke actors ("Invocations on test machines are not
 * supported"). The graph is therefore drawn on `toTestMachine(machine)`: the same statechart,
 * same implementations, with each invoke's `onDone` / `onError` turned into plain transitions
 * on `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. Those events are then part of the
 * model, and `replay` makes the real actors produce them.
 */
import { StateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyEventObject, AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import type { PathModel } from './models.ts';

export interface ModelPath {
  /** Index into `model.starts`. */
  start: number;
  kind: 'shortest' | 'simple' | 'scenario';
  /** Each event and the state it leads to; the first step is `xstate.init`. */
  steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

/** Paths must stay finite: a traversal that needs more states than this is a modelling error. */
const TRAVERSAL_LIMIT = 20_000;

export function generatePaths(model: PathModel): ModelPath[] {
  const paths: ModelPath[] = [];
  const seen = new Set<string>();
  const add = (start: number, kind: ModelPath['kind'], steps: ModelPath['steps']) => {
    const key = JSON.stringify([start, steps.map((step) => step.event)]);
    if (seen.has(key)) return;
    seen.add(key);
    paths.push({ start, kind, steps });
  };
  model.starts.forEach((start, index) => {
    const { input } = start.world();
    const options = { input, serializeState: model.serialize, limit: TRAVERSAL_LIMIT };
    const testModel = createTestModel(toTestMachine(model.machine, model.graphActions), options);
    const shortest = testModel.getShortestPaths({ ...options, events: model.events });
    for (const path of shortest) add(index, 'shortest', path.steps);
    // getPathsFromEvents builds its own first snapshot without the input: start it from ours.
    const fromState = shortest[0]?.steps[0]?.state;
    const simple = { ...options, events: model.simple.events, toState: model.simple.toState };
    for (const path of testModel.getSimplePaths(simple)) add(index, 'simple', path.steps);
    for (const scenario of model.scenarios.filter((s) => s.start === index)) {
      for (const path of testModel.getPathsFromEvents(scenario.events, { ...options, fromState }))
        add(index, 'scenario', path.steps);
    }
  });
  return paths;
}

/** A transition's name: `<state node id> <event type>#<index among that event's candidates>`. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const candidates =
    transition.eventType === ''
      ? (source.always ?? [])
      : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} ${transition.eventType || '(always)'}#${candidates.indexOf(transition)}`;
}

/** Every transition the machine defines. */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const candidates of node.transitions.values())
      for (const t of candidates) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
  }
  return keys;
}

/** Every state node id of the machine (the root excluded). */
export function allStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

type Config = AnyStateMachine['config'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A state config with its invokes replaced by transitions on their done and error events. */
function withoutInvokes(config: Record<string, unknown>): Record<string, unknown> {
  const { invoke, on, states, ...rest } = config;
  const invokes: unknown[] = invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke];
  const handlers: Record<string, unknown> = isRecord(on) ? { ...on } : {};
  for (const definition of invokes) {
    if (!isRecord(definition) || typeof definition['id'] !== 'string')
      throw new Error('Model machines need an id on every invoke');
    if (definition['onDone'] !== undefined)
      handlers[`xstate.done.actor.${definition['id']}`] = definition['onDone'];
    if (definition['onError'] !== undefined)
      handlers[`xstate.error.actor.${definition['id']}`] = definition['onError'];
  }
  const next: Record<string, unknown> = { ...rest, on: handlers };
  if (isRecord(states)) {
    next['states'] = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, isRecord(child) ? withoutInvokes(child) : child]),
    );
  }
  return next;
}

/** The machine `createTestModel` can take: no invokes, their outcomes as plain events. */
export function toTestMachine(
  machine: AnyStateMachine,
  actions: Record<string, () => void> = {},
): AnyStateMachine {
  const config = withoutInvokes(machine.config as Record<string, unknown>) as Config;
  const implementations = machine.implementations;
  return new StateMachine(config, {
    ...implementations,
    actions: { ...implementations.actions, ...actions },
  });
}
