import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  followProject,
  projectMachine,
  selectClosedHere,
  selectProject,
  selectProjectStatus,
} from './projectMachine.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
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

  it('ends every removal in removed, whatever state it came from, and takes no more events', () => {
    const removals = get().runs.flatMap(({ run }) =>
      run.steps.filter((step) => step.event.type === 'project.removed'),
    );
    expect(removals.length).toBeGreaterThan(0);
    for (const step of removals) {
      expect(step.snapshot.matches('removed')).toBe(true);
      expect(step.snapshot.context['removal']).not.toBeNull();
    }
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

describe('project live updates', () => {
  async function ready() {
    return (await readyWithClient()).actor;
  }

  async function readyWithClient() {
    const client = createFakeClient();
    const actor = createActor(projectMachine, { input: { client, key: project.key } }).start();
    client.settle('project_get', { data: project });
    await flush();
    return { client, actor };
  }

  it('fetches the project again after a reconnect, staying ready meanwhile', async () => {
    const { client, actor } = await readyWithClient();
    actor.send({ type: 'project.resync' });
    expect(client.pending()).toEqual([{ name: 'project_get', fields: { key: project.key } }]);
    expect(selectProjectStatus(actor.getSnapshot())).toBe('ready');
    client.settle('project_get', { data: { ...project, name: 'Toko Baru', permissions: ['crm.menu'] } });
    await flush();
    expect(selectProject(actor.getSnapshot())).toMatchObject({
      name: 'Toko Baru',
      permissions: ['crm.menu'],
    });

    // A failure keeps what it had; a project gone meanwhile means the member is out.
    actor.send({ type: 'project.resync' });
    client.settle('project_get', { error: networkError });
    await flush();
    expect(selectProjectStatus(actor.getSnapshot())).toBe('ready');
    expect(selectProject(actor.getSnapshot())?.name).toBe('Toko Baru');
    actor.send({ type: 'project.resync' });
    client.settle('project_get', { error: apiError('not_found', 'Proyek tidak ditemukan.') });
    await flush();
    expect(selectProjectStatus(actor.getSnapshot())).toBe('removed');
    expect(actor.getSnapshot().context.removal).toBe('removed');
  });

  it('replaces the permissions, then the name and time zone, and stays ready', async () => {
    const actor = await ready();
    actor.send({ type: 'project.permissions', permissions: ['crm.menu', 'crm.chat.menu'] });
    expect(selectProject(actor.getSnapshot())?.permissions).toEqual(['crm.menu', 'crm.chat.menu']);
    actor.send({ type: 'project.updated', name: 'Toko Baru', timeZone: 'Asia/Makassar' });
    expect(selectProject(actor.getSnapshot())).toMatchObject({
      key: project.key,
      name: 'Toko Baru',
      timeZone: 'Asia/Makassar',
      permissions: ['crm.menu', 'crm.chat.menu'],
    });
    expect(selectProjectStatus(actor.getSnapshot())).toBe('ready');
  });

  it('ends in removed with the reason, and ignores later changes', async () => {
    const actor = await ready();
    actor.send({ type: 'project.removed', reason: 'deleted' });
    expect(selectProjectStatus(actor.getSnapshot())).toBe('removed');
    expect(actor.getSnapshot().context.removal).toBe('deleted');
    actor.send({ type: 'project.permissions', permissions: [] });
    expect(selectProject(actor.getSnapshot())?.permissions).toEqual(project.permissions);
  });

  it('tells a removal this tab caused (closing) from one it did not', async () => {
    const mine = await ready();
    mine.send({ type: 'project.closing', closing: true });
    expect(selectClosedHere(mine.getSnapshot())).toBe(false);
    mine.send({ type: 'project.removed', reason: 'left' });
    expect(selectClosedHere(mine.getSnapshot())).toBe(true);

    // Started, then failed (the act was refused): a later removal is someone else's doing.
    const other = await ready();
    other.send({ type: 'project.closing', closing: true });
    other.send({ type: 'project.closing', closing: false });
    other.send({ type: 'project.removed', reason: 'removed' });
    expect(selectProjectStatus(other.getSnapshot())).toBe('removed');
    expect(selectClosedHere(other.getSnapshot())).toBe(false);
  });

  it('is removed while still loading as well', () => {
    const client = createFakeClient();
    const actor = createActor(projectMachine, { input: { client, key: project.key } }).start();
    actor.send({ type: 'project.removed', reason: 'removed' });
    expect(selectProjectStatus(actor.getSnapshot())).toBe('removed');
  });

  it('followProject hands over the events of its own project only, until stopped', async () => {
    const actor = await ready();
    const source = createFakeEventSource();
    const stop = followProject(source, project.key, actor);
    source.emit('project.updated', { key: 'other12345', name: 'Lain', timeZone: 'UTC' });
    source.emit('project.permissions', { key: 'other12345', permissions: [] });
    expect(selectProject(actor.getSnapshot())?.name).toBe(project.name);
    source.emit('project.updated', { key: project.key, name: 'Toko Baru', timeZone: 'UTC' });
    source.emit('project.permissions', { key: project.key, permissions: ['crm.menu'] });
    expect(selectProject(actor.getSnapshot())).toMatchObject({
      name: 'Toko Baru',
      permissions: ['crm.menu'],
      role: project.role,
    });
    // Handed over: the role follows.
    const other = project.role === 'owner' ? 'member' : 'owner';
    source.emit('project.permissions', { key: project.key, permissions: ['crm.menu'], role: other });
    expect(selectProject(actor.getSnapshot())?.role).toBe(other);
    source.emit('project.removed', { key: 'other12345', reason: 'deleted' });
    expect(selectProjectStatus(actor.getSnapshot())).toBe('ready');
    source.emit('project.removed', { key: project.key, reason: 'left' });
    expect(actor.getSnapshot().context.removal).toBe('left');
    expect(source.count()).toBe(3);
    stop();
    expect(source.count()).toBe(0);
  });
});
