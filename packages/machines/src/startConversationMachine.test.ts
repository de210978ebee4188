import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import {
  branchNumber,
  budiId,
  mainNumber,
  oldNumber,
  projectNumbers,
} from './paths/startConversationModel.ts';
import {
  numberTemplates,
  orderUpdate,
  startedConversation,
  templateMessage,
} from './paths/templateFixtures.ts';
import { budiRecipient } from './paths/templatePickerModel.ts';
import {
  selectStartAccountId,
  selectStartAccounts,
  selectStarted,
  selectStartPicker,
  selectStartStatus,
  startConversationMachine,
} from './startConversationMachine.ts';
import { runsThrough } from './testing/modelRun.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('startConversation', (get) => {
  it('starts the conversation once, through the number picked last, and ends with it', () => {
    const runs = runsThrough(get(), ['xstate.done.actor.picker']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const starts = run.world.client.calls.filter((call) => call.name === 'conversation_start');
      expect(starts).toHaveLength(1);
      const lists = run.world.client.calls.filter((call) => call.name === 'template_list');
      expect(starts[0]?.fields).toMatchObject({
        customerId: budiId,
        accountId: (lists.at(-1)?.fields as { accountId: string }).accountId,
      });
      expect(selectStarted(run.final as never)?.conversation.customer.id).toBe(budiId);
    }
  });

  it('offers only numbers that can send', () => {
    for (const { run } of get().runs)
      for (const step of run.steps)
        expect(selectStartAccounts(step.snapshot as never).map((a) => a.id)).not.toContain(oldNumber.id);
  });
});

function start(accountId: string | null = null) {
  const client = createFakeClient();
  const actor = createActor(startConversationMachine, {
    input: {
      client,
      key: 'k1abcdefgh',
      customerId: budiId,
      recipient: budiRecipient,
      accountId,
      picker: { newClientId: () => 'sc1' },
    },
  }).start();
  return { actor, client };
}

describe('Kirim pesan', () => {
  it('picks the first number that can send, or the one asked for, and offers its templates', async () => {
    const fresh = start();
    fresh.client.settle('account_list', { data: projectNumbers });
    await flush();
    expect(selectStartStatus(fresh.actor.getSnapshot())).toBe('picking');
    expect(selectStartAccounts(fresh.actor.getSnapshot())).toEqual([mainNumber, branchNumber]);
    expect(selectStartAccountId(fresh.actor.getSnapshot())).toBe(mainNumber.id);
    expect(fresh.client.calls.at(-1)).toMatchObject({ name: 'template_list', fields: { accountId: 'a1' } });

    const fromPanel = start(branchNumber.id);
    fromPanel.client.settle('account_list', { data: projectNumbers });
    await flush();
    expect(selectStartAccountId(fromPanel.actor.getSnapshot())).toBe(branchNumber.id);
    // A number that cannot send is not kept, even when asked for.
    const fromOld = start(oldNumber.id);
    fromOld.client.settle('account_list', { data: projectNumbers });
    await flush();
    expect(selectStartAccountId(fromOld.actor.getSnapshot())).toBe(mainNumber.id);
  });

  it('says so when no number can send, and retries a list that failed', async () => {
    const none = start();
    none.client.settle('account_list', { data: [oldNumber] });
    await flush();
    expect(selectStartStatus(none.actor.getSnapshot())).toBe('noAccount');
    const failed = start();
    failed.client.settle('account_list', { error: networkError });
    await flush();
    expect(selectStartStatus(failed.actor.getSnapshot())).toBe('failed');
    failed.actor.send({ type: 'start.retry' });
    expect(failed.client.pending().map((call) => call.name)).toEqual(['account_list']);
  });

  it('keeps the number while the template is being sent', async () => {
    const { actor, client } = start();
    client.settle('account_list', { data: projectNumbers });
    await flush();
    client.settle('template_list', { data: numberTemplates });
    await flush();
    const picker = selectStartPicker(actor.getSnapshot());
    picker?.send({ type: 'picker.choose', templateId: orderUpdate.id });
    picker?.send({ type: 'picker.value', field: 'buttonUrl', value: 'A1' });
    picker?.send({ type: 'picker.send' });
    actor.send({ type: 'start.account', accountId: branchNumber.id });
    expect(selectStartAccountId(actor.getSnapshot())).toBe(mainNumber.id);
    expect(selectStartPicker(actor.getSnapshot())).toBe(picker);
    const conversation = startedConversation(budiId, 'Budi', budiRecipient.phone);
    client.settle('conversation_start', {
      data: { conversation, message: templateMessage(conversation.id, 'sc1', orderUpdate) },
    });
    await flush();
    expect(selectStartStatus(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().output?.conversation.id).toBe(conversation.id);
  });
});
