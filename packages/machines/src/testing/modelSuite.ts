/** The model-based checks every machine's test file runs. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineName } from '../paths/models.ts';
import { runModel } from './modelRun.ts';
import type { ModelRun } from './modelRun.ts';

/** Defines the shared model tests and hands the run to the file's own assertions. */
export function modelSuite(name: MachineName, more: (get: () => ModelRun) => void): void {
  describe(`${name} model paths`, () => {
    let modelRun: ModelRun | undefined;
    const get = (): ModelRun => {
      if (!modelRun) throw new Error('model run not ready');
      return modelRun;
    };
    beforeAll(async () => {
      modelRun = await runModel(name);
    }, 60_000);

    it('generates a finite, non-empty set of shortest, simple and scenario paths', () => {
      const { paths } = get();
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.length).toBeLessThan(500);
      expect(paths.some((path) => path.kind === 'shortest')).toBe(true);
    });

    it('visits every state of the machine', () => {
      const { visitedStates, allStates } = get();
      expect(allStates.filter((id) => !visitedStates.has(id))).toEqual([]);
    });

    it('takes every transition of the machine on the real actor', () => {
      const { takenTransitions, allTransitions } = get();
      expect(allTransitions.length).toBeGreaterThan(0);
      expect(allTransitions.filter((key) => !takenTransitions.has(key))).toEqual([]);
    });

    it('reaches, on the real actor, the state the graph predicts at every step', () => {
      const mismatches = get().runs.flatMap(({ run }) =>
        run.steps
          .filter((step) => step.expected !== step.actual)
          .map((step) => `${step.event.type}: ${step.actual}`),
      );
      expect(mismatches).toEqual([]);
    });

    it('leaves no act waiting when a path reaches a final state', () => {
      const leftovers = get()
        .runs.filter(({ run }) => run.final.status === 'done')
        .flatMap(({ run }) => run.world.client.pending().map((call) => call.name));
      expect(leftovers).toEqual([]);
    });

    more(get);
  });
}
