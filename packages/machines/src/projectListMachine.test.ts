import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  followProjectCards,
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
} from './projectListMachine.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError, newProject, project } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('projectList', (get) => {
  it('a created project joins the top of the list, once', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.create']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'xstate.done.actor.create');
      const projects = (step?.snapshot.context as { projects: Array<{ key: string }> }).projects;
      expect(projects[0]?.key).toBe(newProject.key);
      expect(projects.filter((p) => p.key === newProject.key)).toHaveLength(1);
      expect(step?.snapshot.value).toBe('ready');
    }
  });

  it('sends project_create the trimmed name, and never a blank one', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'project_create'),
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const call of creates) expect(call.fields).toEqual({ name: 'Toko Sapa' });
  });

  it('retry after a failed load asks project_list again', () => {
    const runs = runsThrough(get(), ['xstate.error.actor.list', 'projects.retry']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      expect(run.world.client.calls.filter((call) => call.name === 'project_list').length).toBeGreaterThan(1);
    }
  });
});

function start() {
  const client = createFakeClient();
  return { client, actor: createActor(projectListMachine, { input: { client } }).start() };
}

describe('project list rules', () => {
  it('refreshes the cards while they show, folding a burst of changes into one more fetch', async () => {
    const client = createFakeClient();
    const actor = createActor(projectListMachine, { input: { client } }).start();
    client.settle('project_list', { data: [project] });
    await flush();
    const source = createFakeEventSource();
    const stop = followProjectCards(source, actor);
    const conversation = { key: project.key, conversationId: 'c1' };
    source.emit('conversation.removed', conversation);
    source.emit('conversation.removed', conversation);
    source.emit('conversation.removed', conversation);
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('ready');
    expect(client.pending().map((call) => call.name)).toEqual(['project_list']);
    client.settle('project_list', { data: [{ ...project, unreadCount: 3 }] });
    await flush();
    // The two asked for meanwhile are one more fetch.
    expect(client.pending().map((call) => call.name)).toEqual(['project_list']);
    client.settle('project_list', { data: [{ ...project, unreadCount: 4 }] });
    await flush();
    expect(client.pending()).toEqual([]);
    expect(selectProjects(actor.getSnapshot())[0]?.unreadCount).toBe(4);
    expect(actor.getSnapshot().value).toBe('ready');

    // A failed refresh keeps the cards; stopped, nothing more is asked.
    source.emit('conversation.removed', conversation);
    client.settle('project_list', { error: networkError });
    await flush();
    expect(selectProjects(actor.getSnapshot())[0]?.unreadCount).toBe(4);
    stop();
    source.emit('conversation.removed', conversation);
    expect(client.pending()).toEqual([]);
  });

  it("changes a card's balance live, for a member who sees it, without fetching", async () => {
    const client = createFakeClient();
    const actor = createActor(projectListMachine, { input: { client } }).start();
    const hidden = { ...newProject, balance: null };
    client.settle('project_list', { data: [{ ...project, balance: 20_000 }, hidden] });
    await flush();
    const source = createFakeEventSource();
    const stop = followProjectCards(source, actor);
    const billing = { balance: 19_285, lowBalanceThreshold: null, prices: [], upcomingPrices: [] };
    source.emit('billing.updated', { key: project.key, billing: { ...billing, key: project.key } });
    source.emit('billing.updated', { key: hidden.key, billing: { ...billing, key: hidden.key } });
    expect(selectProjects(actor.getSnapshot()).map((p) => p.balance)).toEqual([19_285, null]);
    expect(client.pending()).toEqual([]);
    stop();
    expect(source.count()).toBe(0);
  });

  it('gives a new project a balance of 0 for its owner', async () => {
    const { actor, client } = start();
    client.settle('project_list', { data: [] });
    await flush();
    actor.send({ type: 'projects.create', name: 'Toko' });
    client.settle('project_create', { data: newProject });
    await flush();
    expect(selectProjects(actor.getSnapshot())[0]?.balance).toBe(0);
  });

  it('loads, then reads as empty or ready by the number of projects', async () => {
    const { actor, client } = start();
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('loading');
    expect(client.calls).toEqual([{ name: 'project_list', fields: {} }]);
    client.settle('project_list', { data: [] });
    await flush();
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('empty');

    const other = start();
    other.client.settle('project_list', { data: [project] });
    await flush();
    expect(selectProjectListStatus(other.actor.getSnapshot())).toBe('ready');
    expect(selectProjects(other.actor.getSnapshot())).toEqual([project]);
  });

  it('a failed load shows the error and retries on projects.retry', async () => {
    const { actor, client } = start();
    client.settle('project_list', { error: networkError });
    await flush();
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.error).toEqual({ reason: 'network', message: 'Failed to fetch' });
    actor.send({ type: 'projects.retry' });
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('loading');
    expect(client.pending()).toEqual([{ name: 'project_list', fields: {} }]);
  });

  it('refuses a blank or too long name with a message key, without calling', async () => {
    const { actor, client } = start();
    client.settle('project_list', { data: [] });
    await flush();
    actor.send({ type: 'projects.create', name: '   ' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { key: 'validation.projectName' } });
    actor.send({ type: 'projects.create', name: 'x'.repeat(101) });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { key: 'validation.projectName' } });
    expect(client.calls.map((call) => call.name)).toEqual(['project_list']);
  });

  it("shows the server's field error beside the field, and other failures as the form's error", async () => {
    const { actor, client } = start();
    client.settle('project_list', { data: [] });
    await flush();
    actor.send({ type: 'projects.create', name: 'Toko' });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    client.settle('project_create', {
      error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
        errors: { name: 'Maksimal 100 karakter.' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { name: { message: 'Maksimal 100 karakter.' } },
      createError: null,
    });
    actor.send({ type: 'projects.create', name: 'Toko' });
    client.settle('project_create', { error: apiError('rate_limited', 'Terlalu banyak permintaan.') });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: {},
      createError: { reason: 'rate_limited', message: 'Terlalu banyak permintaan.' },
    });
    expect(selectProjectListStatus(actor.getSnapshot())).toBe('empty');
  });
});
