/**
 * "Kirim pesan"'s test model: Budi of Bandung never wrote. The project has two numbers that can
 * send (Toko Utama `a1`, Toko Cabang `a2`) and one disconnected (`a3`, never offered). Started
 * from the customers table (the first number is picked) and from a conversation's panel on
 * Toko Cabang. The agent switches numbers (the picker starts again for that number) and sends
 * the order update: the step `xstate.done.actor.picker` is the real picker child driven through
 * its list, choice, values and `conversation_start`, so the wiring runs for real.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { WhatsAppAccount } from '@sapa/sdk';
import { startConversationMachine } from '../startConversationMachine.ts';
import type { StartConversationContext } from '../startConversationMachine.ts';
import { templatePickerMachine } from '../templatePickerMachine.ts';
import { silentDelay } from '../delay.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { orderUpdate, numberTemplates, startedConversation, templateMessage } from './templateFixtures.ts';
import { budiRecipient, pickerKey } from './templatePickerModel.ts';

function account(id: string, name: string, status: WhatsAppAccount['status']): WhatsAppAccount {
  return {
    id,
    name,
    phoneNumberId: `9001${id.slice(1)}`,
    displayPhone: `+62812100090${id.slice(1).padStart(2, '0')}`,
    verifiedName: 'Toko Batik Sari',
    wabaId: '102938475610293',
    qualityRating: 'GREEN',
    messagingLimit: 'TIER_250',
    checkedAt: '2025-02-01T00:00:00Z',
    broadcastRate: null,
    status,
    createdAt: '2025-01-01T00:00:00Z',
  };
}

export const mainNumber = account('a1', 'Toko Utama', 'connected');
export const branchNumber = account('a2', 'Toko Cabang', 'connected');
export const oldNumber = account('a3', 'Toko Lama', 'disconnected');
export const projectNumbers = [mainNumber, branchNumber, oldNumber];
export const budiId = 'cu-9';

function startWorld(accountId: string | null): () => World {
  return () => {
    const client = createFakeClient();
    let next = 0;
    const input = {
      client,
      key: pickerKey,
      customerId: budiId,
      recipient: budiRecipient,
      accountId,
      picker: { newClientId: () => `sc${(next += 1)}`, sendTimeoutMs: 600_000, retryDelaysMs: [1000] },
    };
    return { input, client, browser: null };
  };
}

function contextOf(snapshot: AnyMachineSnapshot): StartConversationContext {
  return snapshot.context as StartConversationContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    accounts: c.accounts.map((a) => a.id),
    accountId: c.accountId,
    error: c.error?.reason ?? null,
    started: c.started?.conversation.id ?? null,
  });
}

const budiStarted = startedConversation(budiId, 'Budi', budiRecipient.phone);

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.accounts', output: projectNumbers },
      { type: 'xstate.done.actor.accounts', output: [oldNumber] },
      { type: 'xstate.error.actor.accounts', error: networkError },
    ];
  if (snapshot.matches('failed')) return [{ type: 'start.retry' }];
  if (!snapshot.matches('picking')) return [];
  return [
    { type: 'start.account', accountId: c.accountId === mainNumber.id ? branchNumber.id : mainNumber.id },
    {
      type: 'xstate.done.actor.picker',
      output: { conversation: budiStarted, message: templateMessage(budiStarted.id, 'sc1', orderUpdate) },
    },
  ];
}

function picker(snapshot: AnyMachineSnapshot) {
  const child = snapshot.children['picker'];
  if (child === undefined) throw new Error('No picker child');
  return child;
}

/** The agent picks another number: the picker of the old one is gone (its list asked for nothing more). */
const switchNumber: StepDriver = ({ actor, world, event }) => {
  while (world.client.pending().some((call) => call.name === 'template_list'))
    world.client.settle('template_list', { data: numberTemplates });
  actor.send(event);
};

/** The real picker: the list arrives, the agent fills the order update and sends; the server starts it. */
const sendThroughPicker: StepDriver = async ({ actor, world }) => {
  while (world.client.pending().some((call) => call.name === 'template_list'))
    world.client.settle('template_list', { data: numberTemplates });
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const child = picker(actor.getSnapshot());
  child.send({ type: 'picker.choose', templateId: orderUpdate.id });
  child.send({ type: 'picker.value', field: 'buttonUrl', value: 'A123' });
  child.send({ type: 'picker.send' });
  const call = world.client.pending().find((pending) => pending.name === 'conversation_start');
  if (call === undefined) throw new Error('The picker did not start the conversation');
  const clientId = String((call.fields as { clientId: string }).clientId);
  world.client.settle('conversation_start', {
    data: { conversation: budiStarted, message: templateMessage(budiStarted.id, clientId, orderUpdate) },
  });
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.accounts': {
      const list = fields['output'] as WhatsAppAccount[];
      return `account_list answers ${list.map((a) => `${a.name} (${a.status})`).join(', ')}`;
    }
    case 'xstate.error.actor.accounts':
      return 'account_list fails (network down)';
    case 'start.retry':
      return 'the agent retries';
    case 'start.account':
      return `the agent picks the number ${String(fields['accountId'])}`;
    case 'start.switch':
      return `the picker starts again for ${String(fields['accountId'])}`;
    case 'xstate.done.actor.picker':
      return 'in the picker, the agent sends update_pesanan; conversation_start answers the new conversation';
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  if (snapshot.matches('picking')) return `picking a template of ${c.accountId ?? '?'}`;
  if (snapshot.matches('done'))
    return `done: opens /crm/chat/${pickerKey}/${c.started?.conversation.id ?? '?'}`;
  if (snapshot.matches('failed')) return `failed, shows "${c.error?.message ?? ''}"`;
  if (snapshot.matches('noAccount')) return 'no number can send';
  return String(snapshot.value);
}

export const startConversationModel: PathModel = {
  name: 'startConversation',
  machine: startConversationMachine.provide({
    actors: { templatePickerMachine: templatePickerMachine.provide({ actors: { delay: silentDelay } }) },
  }),
  serialize,
  starts: [
    { label: 'Budi, from the customers table', world: startWorld(null) },
    { label: "Budi, from a conversation's panel on Toko Cabang", world: startWorld(branchNumber.id) },
  ],
  events,
  simple: {
    events: (snapshot) => events(snapshot).filter((event) => event.type !== 'start.account'),
    toState: (snapshot) => snapshot.matches('done'),
  },
  scenarios: [
    // A number that cannot send, or the one already picked, changes nothing.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.accounts', output: projectNumbers },
        { type: 'start.account', accountId: oldNumber.id },
        { type: 'start.account', accountId: mainNumber.id },
      ],
    },
  ],
  actorActs: { accounts: 'account_list' },
  drivers: { 'start.account': switchNumber, 'xstate.done.actor.picker': sendThroughPicker },
  describeEvent,
  describeState,
};
