import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  divisionMembersMachine,
  selectAddableMembers,
  selectDivisionMembers,
  selectDivisionMembersStatus,
  selectMemberPickerStatus,
} from './divisionMembersMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  ani,
  budi,
  citra,
  citraMember,
  divisionKey,
  dodi,
  refused,
  sales,
} from './paths/divisionFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('divisionMembers', (get) => {
  it('adds and removes with division_member_set, and shows what the server answers', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'division_member_set'),
    );
    expect(calls).toContainEqual({
      name: 'division_member_set',
      fields: { key: divisionKey, divisionId: sales.id, userId: citra.id, member: true },
    });
    expect(calls).toContainEqual({
      name: 'division_member_set',
      fields: { key: divisionKey, divisionId: sales.id, userId: budi.userId, member: false },
    });
    for (const { run } of runsThrough(get(), ['divisionMembers.add', 'xstate.done.actor.change'])) {
      const done = run.steps.find((step) => step.event.type === 'xstate.done.actor.change');
      expect(done?.snapshot.context['members']).toEqual(done?.event['output']);
    }
  });

  it('closes the picker once a pick is taken, and keeps it open while another change runs', () => {
    const runs = runsThrough(get(), [
      'memberPicker.open',
      'xstate.done.actor.options',
      'divisionMembers.add',
    ]);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find((s) => s.event.type === 'divisionMembers.add');
      const changing = run.steps[run.steps.indexOf(step as never) - 1]?.snapshot.matches({
        ready: { change: 'saving' },
      });
      expect(selectMemberPickerStatus(step?.snapshot as never)).toBe(changing ? 'picking' : 'closed');
    }
  });
});

function start(canChange = true) {
  const client = createFakeClient();
  const actor = createActor(divisionMembersMachine, {
    input: { client, key: divisionKey, division: sales, canChange },
  });
  actor.start();
  return { client, actor };
}

describe('division members rules', () => {
  it('loads the members, retries a failure, and offers those not in it, searched', async () => {
    const { actor, client } = start();
    expect(selectDivisionMembersStatus(actor.getSnapshot())).toBe('loading');
    client.settle('division_member_list', { error: networkError });
    await flush();
    expect(selectDivisionMembersStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'divisionMembers.retry' });
    client.settle('division_member_list', { data: [ani, budi] });
    await flush();
    expect(selectDivisionMembers(actor.getSnapshot())).toEqual([ani, budi]);
    actor.send({ type: 'memberPicker.open' });
    expect(client.pending()).toEqual([
      { name: 'division_member_options', fields: { key: divisionKey, divisionId: sales.id } },
    ]);
    client.settle('division_member_options', { data: [citra, dodi] });
    await flush();
    expect(selectAddableMembers(actor.getSnapshot())).toEqual([citra, dodi]);
    actor.send({ type: 'memberPicker.search', text: 'DOD' });
    expect(selectAddableMembers(actor.getSnapshot())).toEqual([dodi]);
    // Not an option: nothing is sent.
    actor.send({ type: 'divisionMembers.add', userId: ani.userId });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'divisionMembers.add', userId: citra.id });
    expect(selectMemberPickerStatus(actor.getSnapshot())).toBe('closed');
    client.settle('division_member_set', { data: [ani, budi, citraMember] });
    await flush();
    expect(selectDivisionMembers(actor.getSnapshot())).toEqual([ani, budi, citraMember]);
  });

  it('keeps the members and says why when a remove is refused', async () => {
    const { actor, client } = start();
    client.settle('division_member_list', { data: [ani, budi] });
    await flush();
    actor.send({ type: 'divisionMembers.remove', userId: budi.userId });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    client.settle('division_member_set', { error: refused });
    await flush();
    expect(selectDivisionMembers(actor.getSnapshot())).toEqual([ani, budi]);
    expect(actor.getSnapshot().context.changeError).toEqual({
      reason: 'forbidden',
      message: 'Anda tidak punya akses.',
    });
    actor.send({ type: 'divisionMembers.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
  });

  it('changes nothing for a viewer without crm.divisi.add_user', async () => {
    const { actor, client } = start(false);
    client.settle('division_member_list', { data: [ani] });
    await flush();
    actor.send({ type: 'memberPicker.open' });
    actor.send({ type: 'divisionMembers.remove', userId: ani.userId });
    expect(selectMemberPickerStatus(actor.getSnapshot())).toBe('closed');
    expect(client.pending()).toEqual([]);
  });
});
