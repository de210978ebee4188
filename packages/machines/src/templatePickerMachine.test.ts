import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { TemplateValues } from '@sapa/sdk';
import { createFakeClient } from './paths/fakes.ts';
import { networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import {
  brochurePdf,
  headerPhoto,
  numberTemplates,
  orderUpdate,
  promo,
  reminder,
  startedConversation,
  templateMessage,
  valueRefused,
  windowClosedError,
  balanceError,
} from './paths/templateFixtures.ts';
import { budiRecipient, sariConversationId, sariRecipient } from './paths/templatePickerModel.ts';
import {
  fitsMediaHeader,
  selectPickerChosen,
  selectPickerError,
  selectPickerFieldErrors,
  selectPickerPreview,
  selectPickerSlots,
  selectPickerStatus,
  selectPickerTemplates,
  selectPickerValues,
  sendableValues,
  templatePickerMachine,
} from './templatePickerMachine.ts';
import type { TemplateTarget } from './templatePickerMachine.ts';
import { manualDelays } from './testing/delays.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('templatePicker', (get) => {
  it('never offers a template that is not approved', () => {
    for (const { run } of get().runs)
      for (const step of run.steps)
        expect(selectPickerTemplates(step.snapshot as never).map((t) => t.status)).not.toContain('PENDING');
  });

  it('keeps the values of a send refused for want of balance, and says why', () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'xstate.error.actor.send' && s.event['error'] === balanceError);
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.snapshot.value).toBe('filling');
      expect(selectPickerError(step.snapshot as never)?.reason).toBe('insufficient_balance');
      expect(selectPickerValues(step.snapshot as never).body[1]).toBe('INV-7');
    }
  });

  it('sends each picker’s message under one client id, however often it is tried', () => {
    const sends = get().runs.map(({ run }) =>
      run.world.client.calls.filter(
        (call) => call.name === 'message_send' || call.name === 'conversation_start',
      ),
    );
    expect(sends.some((calls) => calls.length > 1)).toBe(true);
    for (const calls of sends) {
      const ids = new Set(calls.map((call) => (call.fields as { clientId: string }).clientId));
      expect(ids.size).toBeLessThanOrEqual(1);
    }
  });

  it('sends only values that fill every slot of the chosen template', () => {
    for (const { run } of get().runs)
      for (const call of run.world.client.calls) {
        if (call.name !== 'message_send' && call.name !== 'conversation_start') continue;
        const { template } = call.fields as { template: { id: string; values: TemplateValues } };
        const chosen = numberTemplates.find((t) => t.id === template.id);
        expect(chosen?.status).toBe('APPROVED');
        expect(template.values.body.every((value) => value.trim() !== '')).toBe(true);
      }
  });
});

function start(
  target: TemplateTarget = { conversationId: sariConversationId },
  recipient = sariRecipient,
  options: { sendTimeoutMs?: number } = {},
) {
  const client = createFakeClient();
  const delays = manualDelays();
  let next = 0;
  const actor = createActor(templatePickerMachine.provide({ actors: { delay: delays.delay } }), {
    input: {
      client,
      key: 'k1abcdefgh',
      accountId: 'a1',
      target,
      recipient,
      newClientId: () => `id-${(next += 1)}`,
      retryDelaysMs: [1000, 2000],
      ...options,
    },
  }).start();
  const sends = () =>
    client.calls.filter((call) => call.name === 'message_send' || call.name === 'conversation_start');
  return { actor, client, delays, sends };
}

async function listed(picker: ReturnType<typeof start>) {
  picker.client.settle('template_list', { data: numberTemplates });
  await flush();
}

describe('the template picker', () => {
  it('offers the approved templates of the number and prefills the customer’s name, not Meta’s samples', async () => {
    const picker = start();
    expect(picker.client.calls[0]).toMatchObject({ name: 'template_list', fields: { accountId: 'a1' } });
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('loading');
    await listed(picker);
    const snapshot = () => picker.actor.getSnapshot();
    expect(selectPickerTemplates(snapshot()).map((t) => t.name)).toEqual([
      'pengingat_bayar',
      'promo_ramadan',
      'update_pesanan',
    ]);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    expect(selectPickerStatus(snapshot())).toBe('filling');
    expect(selectPickerValues(snapshot())).toEqual({ body: ['Sari', ''] });
    expect(selectPickerPreview(snapshot())?.rendered.body).toBe(
      'Halo Sari, tagihan {{2}} jatuh tempo besok.',
    );
    // Nothing shows as wrong until touched or sent.
    expect(selectPickerFieldErrors(snapshot())).toEqual({});
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
    expect(selectPickerPreview(snapshot())?.rendered.body).toBe(
      'Halo Sari, tagihan INV-7 jatuh tempo besok.',
    );
  });

  it('fills a custom field placeholder when the customer has it, and leaves it empty when not', async () => {
    const budi = start({ customerId: 'cu-9' }, budiRecipient);
    await listed(budi);
    budi.actor.send({ type: 'picker.choose', templateId: orderUpdate.id });
    expect(selectPickerValues(budi.actor.getSnapshot())).toEqual({ body: ['Bandung'], buttonUrl: '' });
    const sari = start();
    await listed(sari);
    sari.actor.send({ type: 'picker.choose', templateId: orderUpdate.id });
    expect(selectPickerValues(sari.actor.getSnapshot()).body).toEqual(['']);
  });

  it('sends nothing while a value is missing, and shows every problem then', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    picker.actor.send({ type: 'picker.send' });
    expect(picker.sends()).toEqual([]);
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('filling');
    expect(selectPickerFieldErrors(picker.actor.getSnapshot())).toEqual({
      'body.1': { problem: { path: ['body', 1], code: 'value_required' } },
    });
  });

  it('sends a template into the conversation with message_send, trimmed, and ends with the stored message', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: '  INV-7 ' });
    picker.actor.send({ type: 'picker.send' });
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('sending');
    expect(picker.sends()).toEqual([
      {
        name: 'message_send',
        fields: {
          key: 'k1abcdefgh',
          conversationId: sariConversationId,
          clientId: 'id-1',
          type: 'template',
          template: { id: reminder.id, values: { body: ['Sari', 'INV-7'] } },
        },
      },
    ]);
    const message = templateMessage(sariConversationId, 'id-1');
    picker.client.settle('message_send', { data: message });
    await flush();
    expect(picker.actor.getSnapshot().status).toBe('done');
    expect(picker.actor.getSnapshot().output).toEqual({ message, conversation: null });
  });

  it('starts a conversation with conversation_start for a customer', async () => {
    const picker = start({ customerId: 'cu-9' }, budiRecipient);
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: orderUpdate.id });
    picker.actor.send({ type: 'picker.value', field: 'buttonUrl', value: 'A123' });
    picker.actor.send({ type: 'picker.send' });
    expect(picker.sends()).toEqual([
      {
        name: 'conversation_start',
        fields: {
          key: 'k1abcdefgh',
          accountId: 'a1',
          customerId: 'cu-9',
          clientId: 'id-1',
          template: { id: orderUpdate.id, values: { body: ['Bandung'], buttonUrl: 'A123' } },
        },
      },
    ]);
    const conversation = startedConversation('cu-9', 'Budi', budiRecipient.phone);
    const message = templateMessage(conversation.id, 'id-1', orderUpdate);
    picker.client.settle('conversation_start', { data: { conversation, message } });
    await flush();
    expect(picker.actor.getSnapshot().output).toEqual({ conversation, message });
  });

  it('shows the server’s refusals: a value beside it, the closed window as the form’s error; the values stay', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
    picker.actor.send({ type: 'picker.send' });
    picker.client.settle('message_send', { error: valueRefused });
    await flush();
    const snapshot = () => picker.actor.getSnapshot();
    expect(selectPickerStatus(snapshot())).toBe('filling');
    expect(selectPickerFieldErrors(snapshot())).toEqual({ 'body.1': { message: 'Isian tidak valid.' } });
    expect(selectPickerError(snapshot())).toBeNull();
    // Changing the value clears the server's word on it.
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-8' });
    expect(selectPickerFieldErrors(snapshot())).toEqual({});
    picker.actor.send({ type: 'picker.send' });
    picker.client.settle('message_send', { error: windowClosedError });
    await flush();
    expect(selectPickerError(snapshot())).toEqual({
      reason: 'window_closed',
      message: windowClosedError.message,
    });
    expect(selectPickerValues(snapshot())).toEqual({ body: ['Sari', 'INV-8'] });
    // Sent again: the same client id (nothing was stored, and if it was, it is that message).
    picker.actor.send({ type: 'picker.send' });
    expect(picker.sends().map((call) => (call.fields as { clientId: string }).clientId)).toEqual([
      'id-1',
      'id-1',
      'id-1',
    ]);
  });

  it('retries a send the network lost after a pause, with the same client id, and gives up after the last', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
    picker.actor.send({ type: 'picker.send' });
    picker.client.settle('message_send', { error: networkError });
    await flush();
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('sending');
    expect(picker.delays.pending().map((d) => d.ms)).toEqual([1000]);
    picker.delays.fire('picker.retryDue');
    picker.client.settle('message_send', { error: networkError });
    await flush();
    expect(picker.delays.pending().map((d) => d.ms)).toEqual([2000]);
    picker.delays.fire('picker.retryDue');
    picker.client.settle('message_send', { error: networkError });
    await flush();
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('filling');
    expect(selectPickerError(picker.actor.getSnapshot())?.reason).toBe('network');
    expect(new Set(picker.sends().map((call) => (call.fields as { clientId: string }).clientId))).toEqual(
      new Set(['id-1']),
    );
    expect(picker.sends()).toHaveLength(3);
  });

  it('gives up on an attempt that takes too long, aborts it, and tries again with the same client id', async () => {
    vi.useFakeTimers();
    try {
      const picker = start(undefined, undefined, { sendTimeoutMs: 100 });
      picker.client.settle('template_list', { data: numberTemplates });
      await vi.advanceTimersByTimeAsync(0);
      picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
      picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
      picker.actor.send({ type: 'picker.send' });
      await vi.advanceTimersByTimeAsync(100);
      expect(picker.client.signals.at(-1)?.aborted).toBe(true);
      picker.delays.fire('picker.retryDue');
      expect(picker.sends()).toHaveLength(2);
      expect(picker.sends()[1]?.fields).toMatchObject({ clientId: 'id-1' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a JPEG or PNG for an image header, refuses a PDF, and previews the picked photo', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: promo.id });
    expect(selectPickerSlots(picker.actor.getSnapshot())?.headerMedia).toBe('IMAGE');
    picker.actor.send({ type: 'picker.media', file: brochurePdf });
    expect(selectPickerFieldErrors(picker.actor.getSnapshot())).toMatchObject({
      headerMediaId: { mediaKind: true },
    });
    picker.actor.send({ type: 'picker.media', file: headerPhoto });
    expect(selectPickerValues(picker.actor.getSnapshot()).headerMediaId).toBe(headerPhoto.id);
    expect(selectPickerPreview(picker.actor.getSnapshot())?.mediaUrl).toBe(headerPhoto.url);
    expect(selectPickerFieldErrors(picker.actor.getSnapshot())['headerMediaId']).toBeUndefined();
    picker.actor.send({ type: 'picker.clearMedia' });
    expect(selectPickerPreview(picker.actor.getSnapshot())?.mediaUrl).toBeNull();
  });

  it('goes back to the list, and another choice starts a fresh form', async () => {
    const picker = start();
    await listed(picker);
    picker.actor.send({ type: 'picker.choose', templateId: reminder.id });
    picker.actor.send({ type: 'picker.value', field: 'body', index: 1, value: 'INV-7' });
    picker.actor.send({ type: 'picker.choose', templateId: promo.id });
    expect(selectPickerChosen(picker.actor.getSnapshot())?.id).toBe(promo.id);
    expect(selectPickerValues(picker.actor.getSnapshot())).toEqual({ body: [''], headerMediaId: '' });
    picker.actor.send({ type: 'picker.back' });
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('choosing');
    expect(selectPickerChosen(picker.actor.getSnapshot())).toBeNull();
  });

  it('keeps the list’s failure with a retry', async () => {
    const picker = start();
    picker.client.settle('template_list', { error: networkError });
    await flush();
    expect(selectPickerStatus(picker.actor.getSnapshot())).toBe('failed');
    picker.actor.send({ type: 'picker.retry' });
    expect(picker.client.calls.filter((call) => call.name === 'template_list')).toHaveLength(2);
  });
});

describe('template send rules', () => {
  it('sends the values trimmed, one per slot', () => {
    expect(
      sendableValues(orderUpdate, { body: [' Bandung ', 'extra'], buttonUrl: ' A1 ', header: 'x' }),
    ).toEqual({
      body: ['Bandung'],
      buttonUrl: 'A1',
    });
  });

  it('matches header files as Meta takes them', () => {
    expect(fitsMediaHeader('IMAGE', { type: 'png' })).toBe(true);
    expect(fitsMediaHeader('IMAGE', { type: 'webp' })).toBe(false);
    expect(fitsMediaHeader('VIDEO', { type: 'mp4' })).toBe(true);
    expect(fitsMediaHeader('DOCUMENT', { type: 'pdf' })).toBe(true);
    expect(fitsMediaHeader('DOCUMENT', { type: 'docx' })).toBe(false);
  });
});
