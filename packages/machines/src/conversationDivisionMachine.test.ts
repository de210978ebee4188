import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  conversationDivisionMachine,
  selectConversationDivision,
  selectDivisionChoices,
  selectDivisionOptionsStatus,
} from './conversationDivisionMachine.ts';
import { loadDivisionFilterOptions } from './divisionActors.ts';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import {
  divisionKey,
  projectDivisions,
  refOf,
  refused,
  sales,
  sariIn,
  support,
} from './paths/divisionFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('conversationDivision', (get) => {
  it('sets with conversation_division_set and clears with conversation_division_clear', () => {
    const calls = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name.startsWith('conversation_division_')),
    );
    expect(calls).toContainEqual({
      name: 'conversation_division_set',
      fields: { key: divisionKey, conversationId: sariIn(null).id, divisionId: sales.id },
    });
    expect(calls).toContainEqual({
      name: 'conversation_division_clear',
      fields: { key: divisionKey, conversationId: sariIn(null).id },
    });
  });

  it('shows a change made elsewhere at once', () => {
    const runs = runsThrough(get(), ['conversation.updated']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const step of run.steps.filter((s) => s.event.type === 'conversation.updated')) {
        const incoming = step.event['conversation'] as ReturnType<typeof sariIn>;
        const shown = selectConversationDivision(step.snapshot as never);
        if (incoming.id === sariIn(null).id) expect(shown).toEqual(incoming.division);
        else expect(shown).not.toEqual(incoming.division);
      }
  });

  it('offers no change to a viewer who may only clear, other than the clear', () => {
    const calls = get()
      .runs.filter(({ path }) => path.start === 1)
      .flatMap(({ run }) => run.world.client.calls.map((call) => call.name));
    expect(calls).toContain('conversation_division_clear');
    expect(calls).not.toContain('conversation_division_set');
  });
});

function start(conversation = sariIn(null), can = { canSet: true, canClear: true }) {
  const client = createFakeClient();
  const actor = createActor(conversationDivisionMachine, {
    input: { client, key: divisionKey, conversation, ...can },
  });
  actor.start();
  return { client, actor };
}

describe('conversation division rules', () => {
  it('loads the choices, retries a failure, and puts the conversation in a division', async () => {
    const { actor, client } = start();
    client.settle('division_list', { error: networkError });
    await flush();
    expect(selectDivisionOptionsStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'conversationDivision.retryOptions' });
    expect(client.pending()).toEqual([{ name: 'division_list', fields: { key: divisionKey, all: true } }]);
    client.settle('division_list', { data: projectDivisions });
    await flush();
    expect(selectDivisionChoices(actor.getSnapshot())).toEqual(projectDivisions);
    // Not a division of the project: nothing is sent.
    actor.send({ type: 'conversationDivision.set', divisionId: '0d1e0000-0000-4000-8000-00000000dead' });
    // Nothing to clear yet.
    actor.send({ type: 'conversationDivision.clear' });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'conversationDivision.set', divisionId: sales.id });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    client.settle('conversation_division_set', { data: sariIn(sales) });
    await flush();
    expect(selectConversationDivision(actor.getSnapshot())).toEqual(refOf(sales));
    // Its own division again: nothing is sent.
    actor.send({ type: 'conversationDivision.set', divisionId: sales.id });
    expect(client.pending()).toEqual([]);
  });

  it('keeps the division and says why when a change is refused', async () => {
    const { actor, client } = start(sariIn(sales));
    client.settle('division_list', { data: projectDivisions });
    await flush();
    actor.send({ type: 'conversationDivision.clear' });
    client.settle('conversation_division_clear', { error: refused });
    await flush();
    expect(selectConversationDivision(actor.getSnapshot())).toEqual(refOf(sales));
    expect(actor.getSnapshot().context.changeError?.message).toBe('Anda tidak punya akses.');
    actor.send({ type: 'conversationDivision.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
  });

  it('follows the server: a fresher summary, its answer over an older live one, a look-up after a reconnection', async () => {
    const { actor, client } = start(sariIn(null));
    client.settle('division_list', { data: projectDivisions });
    await flush();
    // A later message in the same conversation, still without a division.
    actor.send({ type: 'conversation.updated', conversation: { ...sariIn(support), lastSeq: 9 } });
    expect(selectConversationDivision(actor.getSnapshot())).toEqual(refOf(support));
    // An older summary does not undo it.
    actor.send({ type: 'conversation.updated', conversation: { ...sariIn(null), lastSeq: 1 } });
    expect(selectConversationDivision(actor.getSnapshot())).toEqual(refOf(support));
    actor.send({ type: 'conversationDivision.set', divisionId: sales.id });
    // The answer's summary is older than the last live one, but says the division now.
    client.settle('conversation_division_set', { data: { ...sariIn(sales), lastSeq: 5 } });
    await flush();
    expect(selectConversationDivision(actor.getSnapshot())).toEqual(refOf(sales));
    expect(actor.getSnapshot().context.conversation.lastSeq).toBe(9);
    actor.send({ type: 'conversation.resync' });
    expect(client.pending()).toEqual([
      { name: 'conversation_find', fields: { key: divisionKey, receiver: sariIn(null).id } },
    ]);
    client.settle('conversation_find', { data: { ...sariIn(null), lastSeq: 9 } });
    await flush();
    expect(selectConversationDivision(actor.getSnapshot())).toBeNull();
  });

  it('does not set for a viewer without crm.chat.add_divisi, nor clear without delete_divisi', async () => {
    const onlySet = start(sariIn(sales), { canSet: true, canClear: false });
    onlySet.client.settle('division_list', { data: projectDivisions });
    await flush();
    onlySet.actor.send({ type: 'conversationDivision.clear' });
    expect(onlySet.client.pending()).toEqual([]);
    const onlyClear = start(sariIn(null), { canSet: false, canClear: true });
    onlyClear.client.settle('division_list', { data: projectDivisions });
    await flush();
    onlyClear.actor.send({ type: 'conversationDivision.set', divisionId: sales.id });
    expect(onlyClear.client.pending()).toEqual([]);
  });

  it('answers the inbox filter null rather than failing when the divisions cannot be loaded', async () => {
    const client = createFakeClient();
    const filter = createActor(loadDivisionFilterOptions, { input: { client, key: divisionKey } });
    filter.start();
    client.settle('division_list', { error: networkError });
    await flush();
    expect(filter.getSnapshot()).toMatchObject({ status: 'done', output: null });
  });
});
