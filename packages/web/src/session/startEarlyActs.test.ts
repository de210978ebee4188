import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { conversationListMachine, conversationMachine, threadMachine } from '@sapa/machines/inbox';
import { projectMachine } from '@sapa/machines/team';
import type { EarlyActClient } from './earlyActs.ts';
import { startEarlyActs } from './startEarlyActs.ts';

interface Call {
  name: string;
  fields: unknown;
}

/** What the screen's machines send first, each started alone with a client that never answers. */
function firstCallOf(machine: AnyStateMachine, input: (client: unknown) => unknown): Call {
  const calls: Call[] = [];
  const client = {
    act: (name: string, fields: unknown) => {
      calls.push({ name, fields });
      return new Promise(() => undefined);
    },
  };
  const actor = createActor(machine, { input: input(client) });
  actor.start();
  actor.stop();
  const [first] = calls;
  if (first === undefined) throw new Error(`${machine.id} sent nothing`);
  return first;
}

type Fits = (answer: { data: { conversationId: string }[] }) => boolean;

/**
 * The early acts for `path`, the conversation found answering `conversation-1`: each as the
 * machine's call it answers (`earlyAs`: the fields it waits for); `sent`, what `earlyAs` sent.
 */
async function earlyActsFor(path: string): Promise<{ calls: Call[]; sent: Call[]; fits: Fits[] }> {
  const calls: Call[] = [];
  const sent: Call[] = [];
  const fits: Fits[] = [];
  const client = {
    early: (name: string, fields: unknown) => {
      calls.push({ name, fields });
      return Promise.resolve({
        code: '1',
        msg: '',
        data: name === 'conversation_find' ? { id: 'conversation-1' } : [],
      });
    },
    earlyAs: (name: string, fields: unknown, as: Promise<{ fields: unknown; fits: Fits }>) => {
      sent.push({ name, fields });
      void as.then((waits) => {
        calls.push({ name, fields: waits.fields });
        fits.push(waits.fits);
      });
    },
  } as unknown as EarlyActClient;
  startEarlyActs(client, path);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { calls, sent, fits };
}

const earlyCallsFor = async (path: string) => (await earlyActsFor(path)).calls;

describe('startEarlyActs', () => {
  it("sends exactly what the inbox's machines ask first, so they take the answers", async () => {
    const key = 'toko-demo';
    const receiver = '6281200000005';
    const expected = [
      firstCallOf(projectMachine, (client) => ({ client, key })),
      firstCallOf(conversationListMachine, (client) => ({ client, key, userId: 'user-1' })),
      firstCallOf(conversationMachine, (client) => ({ client, key, receiver })),
      firstCallOf(threadMachine, (client) => ({ client, key, conversationId: 'conversation-1' })),
    ];
    expect(expected.map((call) => call.name)).toEqual([
      'project_get',
      'conversation_list',
      'conversation_find',
      'message_list',
    ]);
    expect(await earlyCallsFor(`/crm/chat/${key}/${receiver}`)).toEqual(expected);
  });

  it('sends the project and the list for the inbox without a conversation, nothing elsewhere', async () => {
    expect((await earlyCallsFor('/crm/chat/toko-demo')).map((call) => call.name)).toEqual([
      'project_get',
      'conversation_list',
    ]);
    expect((await earlyCallsFor('/chat/toko-demo/62812')).map((call) => call.name)).toEqual([
      'project_get',
      'conversation_find',
      'message_list',
    ]);
    expect(await earlyCallsFor('/crm/customer/toko-demo')).toEqual([]);
    expect(await earlyCallsFor('/auth/login')).toEqual([]);
  });

  it("asks for the newest messages by the address, kept for the thread only when they are the found conversation's", async () => {
    const { sent, fits } = await earlyActsFor('/crm/chat/toko-demo/6281200000005');
    expect(sent).toEqual([
      { name: 'message_list', fields: { key: 'toko-demo', receiver: '6281200000005', limit: 50 } },
    ]);
    const [fit] = fits;
    if (fit === undefined) throw new Error('nothing waits for the thread');
    expect(fit({ data: [{ conversationId: 'conversation-1' }, { conversationId: 'conversation-1' }] })).toBe(
      true,
    );
    // Another conversation of the phone (one became more recent between the two reads), or none.
    expect(fit({ data: [{ conversationId: 'conversation-2' }] })).toBe(false);
    expect(fit({ data: [] })).toBe(false);
  });
});
