import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { projectMachine, selectProject, selectProjectStatus } from './projectMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError, project } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('project', (get) => {
  it('asks project_get for the key, again after each retry', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.project', 'project.retry']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const calls = run.world.client.calls;
      expect(calls.length).toBeGreaterThan(1);
      for (const call of calls) expect(call).toEqual({ name: 'project_get', fields: { key: project.key } });
    }
  });

  it('shows the server message of a project that cannot be seen', () => {
    const missing = get().runs.filter(({ run }) =>
      run.steps.some(
        (step) => step.snapshot.matches('failed') && step.snapshot.context['error']?.reason === 'not_found',
      ),
    );
    expect(missing.length).toBeGreaterThan(0);
  });
});

describe('project rules', () => {
  it('loads the project, then reads ready with it', async () => {
    const client = createFakeClient();
    const actor = createActor(projectMachine, { input: { client, key: project.key } }).start();
    expect(selectProjectStatus(actor.getSnapshot())).toBe('loading');
    client.settle('project_get', { data: project });
    await flush();
    expect(selectProjectStatus(actor.getSnapshot())).toBe('ready');
    expect(selectProject(actor.getSnapshot())).toEqual(project);
  });

  it('fails with the error, and retries on project.retry only', async () => {
    const client = createFakeClient();
    const actor = createActor(projectMachine, { input: { client, key: 'zzz' } }).start();
    client.settle('project_get', { error: apiError('not_found', 'Proyek tidak ditemukan.') });
    await flush();
    expect(selectProjectStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({
      reason: 'not_found',
      message: 'Proyek tidak ditemukan.',
    });
    actor.send({ type: 'project.retry' });
    client.settle('project_get', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.error?.reason).toBe('network');
    expect(client.calls).toHaveLength(2);
  });
});
