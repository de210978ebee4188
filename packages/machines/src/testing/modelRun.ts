/** Runs every model path of a machine on the real machine and gathers what was covered. */
import { allStateIds, allTransitionKeys, generatePaths } from '../paths/generate.ts';
import type { ModelPath } from '../paths/generate.ts';
import { models } from '../paths/models.ts';
import type { MachineName, PathModel } from '../paths/models.ts';
import { replay } from '../paths/replay.ts';
import type { Replay } from '../paths/replay.ts';

export interface ModelRun {
  model: PathModel;
  paths: ModelPath[];
  runs: Array<{ path: ModelPath; run: Replay }>;
  /** State node ids the graph's paths pass through. */
  visitedStates: Set<string>;
  /** Transitions the real actors took on those paths. */
  takenTransitions: Set<string>;
  allStates: string[];
  allTransitions: string[];
}

export async function runModel(name: MachineName): Promise<ModelRun> {
  const model = models[name];
  const paths = generatePaths(model);
  const runs: ModelRun['runs'] = [];
  const visitedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const node of step.state._nodes) visitedStates.add(node.id);
    const run = await replay(model, path);
    for (const key of run.transitions) takenTransitions.add(key);
    runs.push({ path, run });
  }
  return {
    model,
    paths,
    runs,
    visitedStates,
    takenTransitions,
    allStates: allStateIds(model.machine),
    allTransitions: allTransitionKeys(model.machine),
  };
}

/** The runs whose path's event types include all of `types`, in order. */
export function runsThrough(modelRun: ModelRun, types: readonly string[]): ModelRun['runs'] {
  return modelRun.runs.filter(({ path }) => {
    let index = 0;
    for (const step of path.steps) if (step.event.type === types[index]) index += 1;
    return index === types.length;
  });
}
