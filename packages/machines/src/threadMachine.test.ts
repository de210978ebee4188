import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  selectHasOlder,
  selectPendingCount,
  selectThreadMessages,
  selectThreadStatus,
  threadMachine,
} from './threadMachine.ts';
import type { ThreadInput, ThreadSnapshot } from './threadMachine.ts';
import { isStatusForward, sendFields } from './threadMessages.ts';
import type { ThreadMessage } from './threadMessages.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { storedMessage, threadConversationId, threadKey } from './paths/threadModel.ts';
import type { ActCaller, ActName } from './sdk.ts';
import { modelSuite } from './testing/modelSuite.ts';

/** Every stored message once, by seq; no stored message also pending. */
function checkThread(context: ThreadSnapshot['context']): string[] {
  const problems: string[] = [];
  const ids = context.messages.map((m) => m.id);
  if (new Set(ids).size !== ids.length) problems.push(`duplicate ids ${ids.join(',')}`);
  const seqs = context.messages.map((m) => m.seq);
  if (seqs.some((seq, i) => i > 0 && seq <= (seqs[i - 1] ?? 0)))
    problems.push(`out of order ${seqs.join(',')}`);
  const stored = new Set(context.messages.map((m) => m.clientId));
  if (context.outbox.some((p) => stored.has(p.clientId))) problems.push('a stored message is still pending');
  return problems;
}

modelSuite('thread', (get) => {
  it('never shows a message twice, keeps seq order, and never keeps a stored send pending', () => {
    const problems = get().runs.flatMap(({ run }) =>
      run.steps.flatMap((step) => checkThread((step.snapshot as ThreadSnapshot).context)),
    );
    expect(problems).toEqual([]);
  });

  it('retries a send with the same client id and stores it once', () => {
    const retried = get().runs.filter(({ run }) => {
      const ids = run.world.client.calls.filter((c) => c.name === 'message_send').map((c) => c.fields);
      return ids.length > new Set(ids.map((f) => (f as { clientId: string }).clientId)).size;
    });
    expect(retried.length).toBeGreaterThan(0);
    for (const { run } of get().runs) {
      const context = (run.final as ThreadSnapshot).context;
      const clientIds = context.messages.flatMap((m) => (m.clientId === null ? [] : [m.clientId]));
      expect(new Set(clientIds).size).toBe(clientIds.length);
    }
  });

  it('never moves a status backwards', () => {
    for (const { run } of get().runs) {
      const seen = new Map<string, ThreadMessage['status']>();
      for (const step of run.steps) {
        for (const message of (step.snapshot as ThreadSnapshot).context.messages) {
          const before = seen.get(message.id);
          if (before !== undefined && before !== message.status)
            expect(isStatusForward(before, message.status)).toBe(true);
          seen.set(message.id, message.status);
        }
      }
    }
  });

  it('sends one message at a time, in the order they were written', () => {
    for (const { run } of get().runs) {
      const sends = run.world.client.calls.filter((c) => c.name === 'message_send');
      const captions = sends.map((c) => (c.fields as { caption: string }).caption);
      const firstSeen = [...new Set(captions)];
      const resent = run.steps.some((s) => s.event.type === 'thread.resend');
      if (!resent) expect(firstSeen).toEqual(['Halo', 'Apa kabar'].slice(0, firstSeen.length));
      expect(run.world.client.pending().filter((c) => c.name === 'message_send').length).toBeLessThanOrEqual(
        1,
      );
    }
  });
});

interface Call {
  name: ActName;
  fields: Record<string, unknown>;
  resolve(data: unknown): void;
  reject(error: unknown): void;
}

/** A client whose every call is kept, so a test answers exactly the call it means. */
function createClient() {
  const calls: Call[] = [];
  const client: ActCaller = {
    act: (name, fields) =>
      new Promise((resolve, reject) => {
        calls.push({
          name,
          fields: fields as Record<string, unknown>,
          resolve: (data) => resolve({ code: '1', msg: 'OK', data: data as never }),
          reject,
        });
      }),
  };
  const named = (name: ActName) => calls.filter((c) => c.name === name);
  const last = (name: ActName): Call => {
    const call = named(name).at(-1);
    if (call === undefined) throw new Error(`No ${name} call`);
    return call;
  };
  return { client, calls, named, last };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

async function start(
  options: Partial<ThreadInput> = {},
  page: ThreadMessage[] = [storedMessage(3), storedMessage(4)],
) {
  const fake = createClient();
  let next = 0;
  const actor = createActor(threadMachine, {
    input: {
      client: fake.client,
      key: threadKey,
      conversationId: threadConversationId,
      newClientId: () => `client-${(next += 1)}`,
      pageSize: 2,
      ...options,
    },
  }).start();
  fake.last('message_list').resolve(page);
  await settle();
  return { ...fake, actor };
}

/** The stored answer to a send call: the next seq, under the call's own client id. */
function stored(call: Call, seq: number): ThreadMessage {
  return storedMessage(seq, call.fields['clientId'] as string, call.fields['caption'] as string);
}

function sendText(
  actor: { send(event: { type: 'thread.send'; draft: { type: string; caption: string } }): void },
  caption: string,
) {
  actor.send({ type: 'thread.send', draft: { type: 'text', caption } });
}

function captions(snapshot: ThreadSnapshot): string[] {
  return selectThreadMessages(snapshot).map((item) =>
    item.kind === 'message'
      ? `#${item.message.seq} ${item.message.caption ?? ''}`
      : `${item.pending.status} ${item.pending.draft.caption ?? ''}`,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('thread loading', () => {
  it('loads the latest page, then offers retry when it fails', async () => {
    const fake = createClient();
    const actor = createActor(threadMachine, {
      input: { client: fake.client, key: threadKey, conversationId: threadConversationId },
    }).start();
    expect(selectThreadStatus(actor.getSnapshot())).toBe('loading');
    expect(fake.last('message_list').fields).toEqual({
      key: threadKey,
      conversationId: threadConversationId,
      limit: 50,
    });
    fake.last('message_list').reject(networkError);
    await settle();
    expect(selectThreadStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'thread.retry' });
    fake.last('message_list').resolve([storedMessage(1)]);
    await settle();
    expect(selectThreadStatus(actor.getSnapshot())).toBe('ready');
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
  });

  it('holds a send made while the page loads, then sends it once when the thread is ready', async () => {
    const fake = createClient();
    const actor = createActor(threadMachine, {
      input: {
        client: fake.client,
        key: threadKey,
        conversationId: threadConversationId,
        newClientId: () => 'client-early',
      },
    }).start();
    sendText(actor, 'Halo');
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);
    expect(fake.named('message_send')).toHaveLength(0);
    fake.last('message_list').resolve([storedMessage(3), storedMessage(4)]);
    await settle();
    expect(fake.named('message_send').map((call) => call.fields['caption'])).toEqual(['Halo']);
    fake.last('message_send').resolve(stored(fake.last('message_send'), 5));
    await settle();
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', '#5 Halo']);
    expect(fake.named('message_send')).toHaveLength(1);
  });

  it('holds sends made after the page failed and through a reconnection, and sends each once after the retry', async () => {
    const fake = createClient();
    let next = 0;
    const actor = createActor(threadMachine, {
      input: {
        client: fake.client,
        key: threadKey,
        conversationId: threadConversationId,
        newClientId: () => `client-${(next += 1)}`,
      },
    }).start();
    fake.last('message_list').reject(networkError);
    await settle();
    sendText(actor, 'Halo');
    actor.send({ type: 'thread.resync' });
    sendText(actor, 'Apa kabar');
    expect(selectThreadStatus(actor.getSnapshot())).toBe('loading');
    expect(fake.named('message_send')).toHaveLength(0);
    fake.last('message_list').reject(networkError);
    await settle();
    actor.send({ type: 'thread.retry' });
    fake.last('message_list').resolve([]);
    await settle();
    fake.last('message_send').resolve(stored(fake.last('message_send'), 1));
    await settle();
    fake.last('message_send').resolve(stored(fake.last('message_send'), 2));
    await settle();
    expect(fake.named('message_send').map((call) => call.fields['clientId'])).toEqual([
      'client-1',
      'client-2',
    ]);
    expect(captions(actor.getSnapshot())).toEqual(['#1 Halo', '#2 Apa kabar']);
  });

  it('pages older messages only while there are some, keeping the thread when a page fails', async () => {
    const { actor, last, named } = await start();
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'thread.loadOlder' });
    actor.send({ type: 'thread.loadOlder' });
    expect(named('message_list')).toHaveLength(2);
    expect(last('message_list').fields).toMatchObject({ beforeSeq: 3, limit: 2 });
    last('message_list').reject(networkError);
    await settle();
    expect(actor.getSnapshot().context.olderError?.reason).toBe('network');
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4']);
    actor.send({ type: 'thread.loadOlder' });
    last('message_list').resolve([storedMessage(1), storedMessage(2)]);
    await settle();
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'thread.loadOlder' });
    expect(named('message_list')).toHaveLength(3);
  });
});

describe('thread sends', () => {
  it('shows a send at once; two time-outs then success make one message under one client id', async () => {
    vi.useFakeTimers();
    const { actor, named, last } = await start({ sendTimeoutMs: 15_000, retryDelaysMs: [1000, 2000, 5000] });
    sendText(actor, 'Halo');
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', 'sending Halo']);
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(actor.getSnapshot().matches({ ready: { outbox: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(named('message_send')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(named('message_send')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000 + 2000);
    const sends = named('message_send');
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((c) => c.fields['clientId']))).toEqual(new Set(['client-1']));
    last('message_send').resolve(stored(last('message_send'), 5));
    await settle();
    // The first attempts' late answers are the same stored message: still one.
    for (const call of sends) call.resolve(stored(call, 5));
    await settle();
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', '#5 Halo']);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
  });

  it('sends an uploaded file by its mediaId only, with the caption and reply, and shows it pending meanwhile', async () => {
    const { actor, last } = await start();
    actor.send({
      type: 'thread.send',
      draft: {
        type: 'jpeg',
        mediaId: '7d0f8f0e-2f5c-4a39-9d1a-0c6f1a2b3c4d',
        url: '/media/abc',
        filename: 'foto.jpg',
        caption: 'Ini fotonya',
        replyTo: 'm4',
      },
    });
    expect(captions(actor.getSnapshot()).at(-1)).toBe('sending Ini fotonya');
    const fields = { ...last('message_send').fields };
    delete fields['clientId'];
    expect(fields).toEqual({
      key: threadKey,
      conversationId: threadConversationId,
      mediaId: '7d0f8f0e-2f5c-4a39-9d1a-0c6f1a2b3c4d',
      caption: 'Ini fotonya',
      replyTo: 'm4',
    });
  });

  it('leaves out a blank caption of a file', () => {
    expect(sendFields({ type: 'pdf', mediaId: 'id-1', filename: 'a.pdf', caption: '  ' })).toEqual({
      mediaId: 'id-1',
    });
    const text = { type: 'text', caption: 'Halo' };
    expect(sendFields(text)).toBe(text);
  });

  it('does not duplicate a send whose live event arrives before its answer', async () => {
    const { actor, last } = await start();
    sendText(actor, 'Halo');
    const call = last('message_send');
    actor.send({ type: 'thread.received', message: stored(call, 5) });
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', '#5 Halo']);
    call.resolve(stored(call, 5));
    await settle();
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', '#5 Halo']);
    expect(checkThread(actor.getSnapshot().context)).toEqual([]);
  });

  it('sends in the order written, one at a time', async () => {
    const { actor, named, last } = await start();
    for (const caption of ['satu', 'dua', 'tiga']) sendText(actor, caption);
    expect(captions(actor.getSnapshot()).slice(2)).toEqual(['sending satu', 'sending dua', 'sending tiga']);
    for (const [index, caption] of ['satu', 'dua', 'tiga'].entries()) {
      expect(named('message_send')).toHaveLength(index + 1);
      expect(last('message_send').fields['caption']).toBe(caption);
      last('message_send').resolve(stored(last('message_send'), 5 + index));
      await settle();
    }
    expect(captions(actor.getSnapshot())).toEqual([
      '#3 Pesan 3',
      '#4 Pesan 4',
      '#5 satu',
      '#6 dua',
      '#7 tiga',
    ]);
  });

  it('resumes a send waiting for its retry at once when the connection comes back', async () => {
    vi.useFakeTimers();
    const { actor, named, last } = await start({ retryDelaysMs: [60_000] });
    sendText(actor, 'Halo');
    last('message_send').reject(networkError);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { outbox: 'waiting' } })).toBe(true);
    actor.send({ type: 'thread.resync' });
    expect(named('message_send')).toHaveLength(2);
    expect(last('message_send').fields['clientId']).toBe('client-1');
    expect(last('message_list').fields).toMatchObject({ afterSeq: 4 });
  });

  it('sends again, under the same client id, a send that failed for want of the network once the connection is back', async () => {
    vi.useFakeTimers();
    const { actor, named, last } = await start({ retryDelaysMs: [10] });
    sendText(actor, 'Halo');
    sendText(actor, 'Ditolak');
    last('message_send').reject(networkError);
    await vi.advanceTimersByTimeAsync(10);
    last('message_send').reject(networkError);
    await settle();
    // The second send is refused by the server: that one stays failed.
    last('message_send').reject(apiError('forbidden', 'Tidak boleh'));
    await settle();
    expect(
      actor.getSnapshot().context.outbox.map((pending) => [pending.status, pending.error?.reason]),
    ).toEqual([
      ['failed', 'network'],
      ['failed', 'forbidden'],
    ]);
    const before = named('message_send').length;
    actor.send({ type: 'thread.resync' });
    expect(named('message_send')).toHaveLength(before + 1);
    expect(last('message_send').fields['clientId']).toBe('client-1');
    last('message_send').resolve(stored(last('message_send'), 5));
    await settle();
    expect(captions(actor.getSnapshot())).toEqual(['#3 Pesan 3', '#4 Pesan 4', '#5 Halo', 'failed Ditolak']);
  });

  it('settles the send in flight when it is answered, whatever client id the answer carries', async () => {
    const { actor, named, last } = await start();
    sendText(actor, 'Halo');
    last('message_send').resolve(storedMessage(5, 'someone-else', 'Halo'));
    await settle();
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
    expect(named('message_send')).toHaveLength(1);
    expect(actor.getSnapshot().matches({ ready: { outbox: 'idle' } })).toBe(true);
  });

  it('a refusal fails the send at once with the server message; resend keeps the client id; discard removes', async () => {
    const { actor, named, last } = await start();
    sendText(actor, 'Halo');
    last('message_send').reject(apiError('forbidden', 'Tidak boleh'));
    await settle();
    const [failed] = actor.getSnapshot().context.outbox;
    expect(failed).toMatchObject({
      status: 'failed',
      error: { reason: 'forbidden', message: 'Tidak boleh' },
    });
    expect(named('message_send')).toHaveLength(1);
    actor.send({ type: 'thread.resend', clientId: 'client-1' });
    expect(last('message_send').fields['clientId']).toBe('client-1');
    last('message_send').reject(apiError('invalid_input', 'Periksa isian'));
    await settle();
    actor.send({ type: 'thread.discard', clientId: 'client-1' });
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
  });

  it('stays failed once the retry delays run out, and only a failed send can be discarded', async () => {
    vi.useFakeTimers();
    const { actor, named, last } = await start({ retryDelaysMs: [10, 20] });
    sendText(actor, 'Halo');
    actor.send({ type: 'thread.discard', clientId: 'client-1' });
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      last('message_send').reject(networkError);
      await vi.advanceTimersByTimeAsync(30);
    }
    expect(named('message_send')).toHaveLength(3);
    expect(actor.getSnapshot().context.outbox[0]).toMatchObject({
      status: 'failed',
      error: { reason: 'network' },
    });
    actor.send({ type: 'thread.resend', clientId: 'client-1' });
    expect(named('message_send')).toHaveLength(4);
  });
});

describe('thread live updates', () => {
  it('fills a gap by catching up, without duplicates or holes', async () => {
    const { actor, last } = await start();
    actor.send({ type: 'thread.received', message: storedMessage(5) });
    actor.send({ type: 'thread.received', message: storedMessage(5) });
    actor.send({ type: 'thread.received', message: storedMessage(8) });
    expect(last('message_list').fields).toMatchObject({ afterSeq: 5, limit: 100 });
    last('message_list').resolve([6, 7, 8].map((seq) => storedMessage(seq)));
    await settle();
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true);
  });

  it("ignores another conversation's messages", async () => {
    const { actor, named } = await start();
    actor.send({ type: 'thread.received', message: { ...storedMessage(9), conversationId: 'other' } });
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([3, 4]);
    expect(named('message_list')).toHaveLength(1);
  });

  it('never moves a status backwards, and failed wins', async () => {
    const { actor } = await start();
    const mine = { ...storedMessage(5, 'x1'), status: 'sent' as const };
    actor.send({ type: 'thread.received', message: mine });
    const update = (status: ThreadMessage['status']) =>
      actor.send({ type: 'thread.statusChanged', messageId: 'm5', clientId: 'x1', status, error: null });
    const status = () => actor.getSnapshot().context.messages.at(-1)?.status;
    update('read');
    update('delivered');
    expect(status()).toBe('read');
    actor.send({ type: 'thread.received', message: mine });
    expect(status()).toBe('read');
    update('failed');
    update('read');
    expect(status()).toBe('failed');
  });

  it('keeps a status that arrives before the send is answered', async () => {
    const { actor, last } = await start();
    sendText(actor, 'Halo');
    actor.send({
      type: 'thread.statusChanged',
      messageId: 'm5',
      clientId: 'client-1',
      status: 'delivered',
      error: null,
    });
    last('message_send').resolve(stored(last('message_send'), 5));
    await settle();
    expect(actor.getSnapshot().context.messages.at(-1)?.status).toBe('delivered');
  });

  it('marks the thread read on a best-effort basis', async () => {
    const { actor, last } = await start();
    actor.send({ type: 'thread.markRead' });
    expect(last('conversation_read').fields).toEqual({
      key: threadKey,
      conversationId: threadConversationId,
    });
    last('conversation_read').reject(networkError);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { reader: 'idle' } })).toBe(true);
    expect(selectThreadStatus(actor.getSnapshot())).toBe('ready');
  });

  it('returns the same rows while nothing changed', async () => {
    const { actor } = await start();
    const snapshot = actor.getSnapshot();
    expect(selectThreadMessages(snapshot)).toBe(selectThreadMessages(snapshot));
  });
});
