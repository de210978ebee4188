import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conversationMachine,
  fresherSummary,
  selectAgents,
  selectConversation,
  selectConversationStatus,
  selectWindowOpen,
} from './conversationMachine.ts';
import type { ConversationSnapshot } from './conversationMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { agents, CLOSES, NOW, sari, sariStale, sariWritesAgain } from './paths/conversationModel.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('conversation', (get) => {
  it('looks the receiver up only when the list did not know the conversation', () => {
    for (const { path, run } of get().runs) {
      const finds = run.world.client.calls.filter((call) => call.name === 'conversation_find');
      const receivers = finds.map((call) => (call.fields as { receiver: string }).receiver);
      if (path.start === 0) expect(receivers[0]).toBe('081200000005');
      else expect(receivers.every((receiver) => receiver === sari.id)).toBe(true);
    }
  });

  it('closes the window at its closing time and opens it when the customer writes again', () => {
    const runs = runsThrough(get(), ['conversation.windowCheck', 'conversation.updated']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const check = run.steps.find((step) => step.event.type === 'conversation.windowCheck');
      const update = run.steps.find((step) => step.event.type === 'conversation.updated');
      expect(check && selectWindowOpen(check.snapshot as ConversationSnapshot)).toBe(false);
      expect(update && selectWindowOpen(update.snapshot as ConversationSnapshot)).toBe(true);
    }
  });

  it('shows a name or assignee being saved at once, and the stored one again after a refusal', () => {
    const runs = runsThrough(get(), ['conversation.assign', 'xstate.error.actor.assign']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const at = run.steps.findIndex((step) => step.event.type === 'xstate.error.actor.assign');
      const refused = run.steps[at];
      const asked = run.steps.slice(0, at).findLast((step) => step.event.type === 'conversation.assign');
      const wanted = asked?.event['userId'] as string | null;
      expect(selectConversation(asked?.snapshot as ConversationSnapshot)?.assignedTo).toBe(wanted);
      expect(selectConversation(refused?.snapshot as ConversationSnapshot)?.assignedTo).not.toBe(wanted);
      expect(refused?.snapshot.context['assignError']).toEqual({
        reason: 'forbidden',
        message: 'Anda tidak punya akses.',
      });
    }
  });

  it('sends the trimmed name, never a blank one', () => {
    const renames = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'customer_rename'),
    );
    expect(renames.length).toBeGreaterThan(0);
    for (const call of renames)
      expect(call.fields).toEqual({ key: 'k1abcdefgh', customerId: sari.customer.id, name: 'Sari Dewi' });
  });
});

function start(known: typeof sari | null = sari) {
  const client = createFakeClient();
  const actor = createActor(conversationMachine, {
    input: { client, key: 'k1', receiver: '6281200000005', known, now: () => NOW },
  }).start();
  return { client, actor };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('open conversation rules', () => {
  it('resolves a receiver with conversation_find, or says it is missing', async () => {
    const { client, actor } = start(null);
    expect(selectConversationStatus(actor.getSnapshot())).toBe('loading');
    expect(client.calls).toEqual([
      { name: 'conversation_find', fields: { key: 'k1', receiver: '6281200000005' } },
    ]);
    client.settle('conversation_find', { data: sari });
    await flush();
    expect(selectConversationStatus(actor.getSnapshot())).toBe('ready');
    expect(selectConversation(actor.getSnapshot())).toEqual(sari);

    const other = start(null);
    other.client.settle('conversation_find', { error: apiError('not_found', 'Percakapan tidak ditemukan.') });
    await flush();
    expect(selectConversationStatus(other.actor.getSnapshot())).toBe('missing');

    const offline = start(null);
    offline.client.settle('conversation_find', { error: networkError });
    await flush();
    expect(selectConversationStatus(offline.actor.getSnapshot())).toBe('failed');
    offline.actor.send({ type: 'conversation.retry' });
    expect(offline.client.pending()).toEqual([
      { name: 'conversation_find', fields: { key: 'k1', receiver: '6281200000005' } },
    ]);
  });

  it('closes the window when its time comes, by the real timer', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const { actor } = start();
    expect(selectWindowOpen(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(CLOSES - NOW - 1);
    expect(selectWindowOpen(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectWindowOpen(actor.getSnapshot())).toBe(false);
  });

  it('restarts the timer when the customer writes, so the window stays open until its new end', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const { actor } = start();
    actor.send({
      type: 'conversation.updated',
      conversation: { ...sari, lastSeq: 6, windowClosesAt: new Date(CLOSES + 60_000).toISOString() },
    });
    await vi.advanceTimersByTimeAsync(CLOSES - NOW);
    expect(selectWindowOpen(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectWindowOpen(actor.getSnapshot())).toBe(false);
  });

  it('loads the agents, assigns and unassigns', async () => {
    const { client, actor } = start();
    client.settle('chat_agent_list', { data: agents });
    await flush();
    expect(selectAgents(actor.getSnapshot())).toEqual(agents);
    actor.send({ type: 'conversation.assign', userId: null }); // already nobody's: nothing to do
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'conversation.assign', userId: 'u2' });
    expect(client.pending()).toEqual([
      { name: 'conversation_assign', fields: { key: 'k1', conversationId: sari.id, userId: 'u2' } },
    ]);
    client.settle('conversation_assign', { data: { ...sari, assignedTo: 'u2' } });
    await flush();
    expect(selectConversation(actor.getSnapshot())?.assignedTo).toBe('u2');
  });

  it('refuses a blank name with a field error and keeps a server field error on the field', async () => {
    const { client, actor } = start();
    actor.send({ type: 'conversation.rename', name: '  ' });
    expect(actor.getSnapshot().context.renameErrors).toEqual({ name: { key: 'validation.name' } });
    expect(client.pending().filter((call) => call.name === 'customer_rename')).toEqual([]);
    actor.send({ type: 'conversation.rename', name: 'Sari Dewi' });
    expect(selectConversation(actor.getSnapshot())?.customer.name).toBe('Sari Dewi');
    client.settle('customer_rename', {
      error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
        errors: { name: 'Terlalu panjang.' },
      }),
    });
    await flush();
    expect(selectConversation(actor.getSnapshot())?.customer.name).toBe('Sari');
    expect(actor.getSnapshot().context.renameErrors).toEqual({ name: { message: 'Terlalu panjang.' } });
    expect(actor.getSnapshot().context.renameError).toBeNull();
  });

  it('keeps the fresher summary: a late older one never replaces a newer one', () => {
    expect(fresherSummary(sari, sariStale)).toBe(sari);
    expect(fresherSummary(sari, sariWritesAgain)).toBe(sariWritesAgain);
    const renamed = { ...sari, customer: { ...sari.customer, name: 'Sari Dewi' } };
    expect(fresherSummary(sari, renamed)).toBe(renamed);
  });

  it('looks again by id after a reconnection', async () => {
    const { client, actor } = start();
    actor.send({ type: 'conversation.resync' });
    expect(client.pending()).toContainEqual({
      name: 'conversation_find',
      fields: { key: 'k1', receiver: sari.id },
    });
    client.settle('conversation_find', { data: sariWritesAgain });
    await flush();
    expect(selectConversation(actor.getSnapshot())?.lastSeq).toBe(6);
  });
});
