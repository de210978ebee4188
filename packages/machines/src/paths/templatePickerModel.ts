/**
 * The template picker's test model: the number `a1` has three approved templates (a payment
 * reminder whose first value is the customer's name, a promotion with an image header, an order
 * update with the customer's city and a tracking link) and one still in review, never offered.
 * Started in Sari's open conversation (`message_send`) and for a customer, Budi of Bandung, who
 * never wrote (`conversation_start`). The agent chooses, fills, picks a header photo (or a PDF,
 * refused), goes back, and sends; the server stores it, refuses it (the window, the project's
 * balance, a value) or is out of reach (the same send again after a pause, under the same client
 * id). The retry's pause is the model's `picker.retryDue`.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { TemplateContext } from '@sapa/sdk';
import { silentDelay } from '../delay.ts';
import { templatePickerMachine } from '../templatePickerMachine.ts';
import type { TemplatePickerContext, TemplateTarget } from '../templatePickerMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import {
  balanceError,
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
} from './templateFixtures.ts';

export const pickerKey = 'k1abcdefgh';
export const sariConversationId = 'cv1';
export const sariRecipient: TemplateContext = {
  name: 'Sari',
  phone: '+6281200000005',
  agent: 'Agus',
  customFields: {},
};
export const budiRecipient: TemplateContext = {
  name: 'Budi',
  phone: '+6281200000009',
  agent: 'Agus',
  customFields: { Kota: 'Bandung' },
};

function pickerWorld(target: TemplateTarget, recipient: TemplateContext): () => World {
  return () => {
    const client = createFakeClient();
    let next = 0;
    const input = {
      client,
      key: pickerKey,
      accountId: 'a1',
      target,
      recipient,
      newClientId: () => `tc${(next += 1)}`,
      sendTimeoutMs: 600_000,
      retryDelaysMs: [1000],
    };
    return { input, client, browser: null };
  };
}

function contextOf(snapshot: AnyMachineSnapshot): TemplatePickerContext {
  return snapshot.context as TemplatePickerContext;
}

const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    templates: c.templates.length,
    chosen: c.chosen?.name ?? null,
    body: c.values.body.map(filled),
    media: c.media?.filename ?? null,
    buttonUrl: filled(c.values.buttonUrl),
    refused: c.mediaRefused,
    touched: [...c.touched].sort(),
    checked: c.checked,
    server: Object.keys(c.serverErrors),
    error: c.error?.reason ?? null,
    attempts: c.attempts,
    clientId: c.clientId !== null,
  });
}

const choose = (templateId: string): AnyEventObject => ({ type: 'picker.choose', templateId });
const value = (field: 'body' | 'header' | 'buttonUrl', text: string, index?: number): AnyEventObject => ({
  type: 'picker.value',
  field,
  ...(index === undefined ? {} : { index }),
  value: text,
});

function forCustomer(c: TemplatePickerContext): boolean {
  return 'customerId' in c.target;
}

function sentOutput(c: TemplatePickerContext) {
  const clientId = c.clientId ?? 'tc1';
  if (!forCustomer(c)) return { message: templateMessage(sariConversationId, clientId), conversation: null };
  const conversation = startedConversation('cu-9', 'Budi', budiRecipient.phone);
  return { message: templateMessage(conversation.id, clientId, orderUpdate), conversation };
}

function fillingEvents(c: TemplatePickerContext): AnyEventObject[] {
  const out: AnyEventObject[] = [{ type: 'picker.send' }];
  const calm = c.touched.length === 0 && !c.checked;
  if (calm) out.push({ type: 'picker.back' });
  switch (c.chosen?.id) {
    case reminder.id:
      out.push(value('body', filled(c.values.body[1]) ? '' : 'INV-7', 1));
      if (calm) out.push(choose(promo.id));
      break;
    case promo.id:
      if (c.media === null) out.push({ type: 'picker.media', file: headerPhoto });
      else out.push({ type: 'picker.clearMedia' });
      if (!c.mediaRefused && c.media === null) out.push({ type: 'picker.media', file: brochurePdf });
      if (!filled(c.values.body[0])) out.push(value('body', '20%', 0));
      break;
    case orderUpdate.id:
      if (!filled(c.values.body[0])) out.push(value('body', 'Bandung', 0));
      if (!filled(c.values.buttonUrl)) out.push(value('buttonUrl', 'A123'));
      break;
  }
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.list', output: numberTemplates },
      { type: 'xstate.done.actor.list', output: [] },
      { type: 'xstate.error.actor.list', error: networkError },
    ];
  if (snapshot.matches('failed')) return [{ type: 'picker.retry' }];
  if (snapshot.matches('choosing')) {
    const out: AnyEventObject[] = [{ type: 'picker.reload' }];
    if (c.templates.length === 0) return out;
    if (forCustomer(c)) return [...out, choose(orderUpdate.id)];
    return [...out, choose(reminder.id), choose(promo.id), choose(orderUpdate.id)];
  }
  if (snapshot.matches('filling')) return fillingEvents(c);
  if (snapshot.matches('sending')) {
    const out: AnyEventObject[] = [{ type: 'xstate.done.actor.send', output: sentOutput(c) }];
    if (c.chosen?.id === reminder.id && c.error === null && Object.keys(c.serverErrors).length === 0)
      out.push(
        { type: 'xstate.error.actor.send', error: windowClosedError },
        { type: 'xstate.error.actor.send', error: balanceError },
        { type: 'xstate.error.actor.send', error: valueRefused },
        { type: 'xstate.error.actor.send', error: networkError },
      );
    if (forCustomer(c) && c.attempts === 1)
      out.push({ type: 'xstate.error.actor.send', error: networkError });
    return out;
  }
  if (snapshot.matches('waiting')) return [{ type: 'picker.retryDue' }];
  return [];
}

/** The send is answered: `message_send` in a conversation, `conversation_start` for a customer. */
const answerSend: StepDriver = ({ world, event }) => {
  const fields = event as unknown as Record<string, unknown>;
  const outcome = event.type.startsWith('xstate.done.')
    ? { data: fields['output'] }
    : { error: fields['error'] };
  const pending = world.client
    .pending()
    .find((call) => call.name === 'message_send' || call.name === 'conversation_start');
  if (pending === undefined) throw new Error('No template send to answer');
  if (event.type.startsWith('xstate.done.')) {
    // Answer with the stored message under the client id the machine really sent.
    const clientId = String((pending.fields as { clientId: string }).clientId);
    const output = fields['output'] as { message: { clientId: string }; conversation: unknown };
    const message = { ...output.message, clientId };
    world.client.settle(
      pending.name,
      pending.name === 'message_send' ? { data: message } : { data: { ...output, message } },
    );
    return;
  }
  world.client.settle(pending.name, outcome);
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.list': {
      const list = fields['output'] as unknown[];
      return list.length === 0
        ? 'template_list answers nothing'
        : `template_list answers ${list.length} templates (one still in review)`;
    }
    case 'xstate.error.actor.list':
      return 'template_list fails (network down)';
    case 'xstate.done.actor.send':
      return 'the server stores the template message';
    case 'xstate.error.actor.send': {
      const error = fields['error'] as { reason?: string };
      return `the send fails (${error.reason ?? 'network down'})`;
    }
    case 'picker.choose':
      return `the agent chooses ${String(fields['templateId'])}`;
    case 'picker.value': {
      const where =
        fields['field'] === 'body' ? `{{${Number(fields['index']) + 1}}}` : String(fields['field']);
      return String(fields['value']) === ''
        ? `the agent empties ${where}`
        : `the agent fills ${where} with "${String(fields['value'])}"`;
    }
    case 'picker.media':
      return `the agent picks ${(fields['file'] as { filename: string }).filename} from the gallery`;
    default:
      return (
        {
          'picker.retry': 'the agent retries',
          'picker.reload': 'the agent reloads the list',
          'picker.back': 'the agent goes back to the list',
          'picker.clearMedia': 'the agent removes the header file',
          'picker.send': 'the agent presses Send',
          'picker.retryDue': 'the retry pause is over',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const state = String(snapshot.value);
  if (snapshot.matches('loading') || snapshot.matches('sent')) return state;
  if (snapshot.matches('failed')) return `failed, shows "${c.error?.message ?? ''}"`;
  if (snapshot.matches('choosing')) return `choosing among ${c.templates.length} templates`;
  const parts = [`${state} ${c.chosen?.name ?? '?'}`, `values ${JSON.stringify(c.values)}`];
  if (c.media) parts.push(`header ${c.media.filename}`);
  if (c.mediaRefused) parts.push('file kind refused');
  if (c.checked) parts.push('problems shown');
  if (Object.keys(c.serverErrors).length > 0)
    parts.push(`server errors on ${Object.keys(c.serverErrors).join(', ')}`);
  if (c.error) parts.push(`shows "${c.error.message}"`);
  if (c.clientId) parts.push(`client id ${c.clientId}, attempt ${c.attempts}`);
  return parts.join(', ');
}

export const templatePickerModel: PathModel = {
  name: 'templatePicker',
  machine: templatePickerMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [
    {
      label: "Sari's open conversation (message_send)",
      world: pickerWorld({ conversationId: sariConversationId }, sariRecipient),
    },
    {
      label: 'Budi of Bandung, who never wrote (conversation_start)',
      world: pickerWorld({ customerId: 'cu-9' }, budiRecipient),
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter(
        (event) =>
          event.type === 'picker.choose' ||
          event.type === 'picker.send' ||
          event.type === 'picker.value' ||
          (event.type === 'xstate.done.actor.list' && (event['output'] as unknown[]).length > 0) ||
          event.type === 'xstate.done.actor.send',
      ),
    toState: (snapshot) => snapshot.matches('sent'),
  },
  scenarios: [
    // An unknown template and the one already chosen change nothing; a value the template has no
    // slot for is ignored.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: numberTemplates },
        choose('tp-nope'),
        choose(reminder.id),
        choose(reminder.id),
        value('buttonUrl', 'x'),
        value('body', 'x', 5),
      ],
    },
    // Another template instead, then back to the list.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: numberTemplates },
        choose(reminder.id),
        choose(promo.id),
        { type: 'picker.back' },
      ],
    },
    // A file for a template without a media header changes nothing.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: numberTemplates },
        choose(reminder.id),
        { type: 'picker.media', file: headerPhoto },
        { type: 'picker.clearMedia' },
      ],
    },
  ],
  actorActs: { list: 'template_list' },
  drivers: { 'xstate.done.actor.send': answerSend, 'xstate.error.actor.send': answerSend },
  describeEvent,
  describeState,
};
