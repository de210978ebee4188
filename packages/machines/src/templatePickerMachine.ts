/**
 * The template picker (issue 15): the approved templates of one WhatsApp number's account
 * (`template_list`, kept when `isSendable`), one chosen, a form for its values prefilled for the
 * customer (`prefillTemplateValues`: `{nama}`, `{nomor}`, `{agen}`, custom fields), the header's
 * file from the gallery, a live preview (`selectPickerPreview`, SDK `renderTemplate`), the
 * problems of the values (`templateValueProblems`, shown once a field was touched or a send was
 * tried), and the send:
 *
 * - into an open conversation (`target: { conversationId }`): `message_send` `type: 'template'`;
 * - to a customer through the number (`target: { customerId }`): `conversation_start`, which
 *   creates the conversation when there is none.
 *
 * One picker sends one message: its client id is made at the first attempt and kept by every
 * retry (a time-out or a network failure waits `retryDelaysMs` and tries again; the server's
 * unique client id makes them one message) and by a send tried again after a refusal. The
 * server's refusals come back into the form: its field errors beside their values
 * (`template.values.body.0` → `body.0`), anything else (`window_closed`, `template_not_approved`,
 * `account_deleted`) as `error`. The machine ends in `sent`; its output is what the server
 * answered (`{ message, conversation }`; `conversation` is null for `message_send`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import {
  isSendable,
  prefillTemplateValues,
  renderTemplate,
  templateValueProblems,
  templateValueSlots,
} from '@sapa/sdk';
import type {
  ConversationSummary,
  MediaFile,
  MessageTemplate,
  TemplateContext,
  TemplateProblem,
  TemplateValues,
  TemplateValueSlots,
  ThreadMessage,
} from '@sapa/sdk';
import { fieldErrorsOf, isNetworkError, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { delay } from './delay.ts';
import type { ActCaller } from './sdk.ts';
import { timedRequest } from './threadActors.ts';

/** Where the template goes: an open conversation, or a customer reached through the number. */
export type TemplateTarget = { conversationId: string } | { customerId: string };

export interface TemplatePickerInput {
  client: ActCaller;
  /** The project's key. */
  key: string;
  /** The number whose account's templates are offered (and which sends). */
  accountId: string;
  target: TemplateTarget;
  /** Whom it is for and who sends it: what the values start from. */
  recipient: TemplateContext;
  /** Makes the send's client id (default `crypto.randomUUID`). */
  newClientId?: () => string;
  /** How long one send attempt may take before it counts as a network failure (default 15000). */
  sendTimeoutMs?: number;
  /** The waits before each automatic retry of the send (default [1000, 2000, 5000]). */
  retryDelaysMs?: readonly number[];
}

/** What the server answered the send. */
export interface TemplateSent {
  message: ThreadMessage;
  /** The conversation `conversation_start` created or found (null for `message_send`). */
  conversation: ConversationSummary | null;
}

/** A value of the form: a body variable (by slot), the header's variable, the link's suffix. */
export type TemplateValueField =
  { field: 'body'; index: number } | { field: 'header' } | { field: 'buttonUrl' };

export interface TemplatePickerContext {
  client: ActCaller;
  key: string;
  accountId: string;
  target: TemplateTarget;
  recipient: TemplateContext;
  newClientId: () => string;
  sendTimeoutMs: number;
  retryDelaysMs: readonly number[];
  /** The number's sendable templates, by name then language (empty until loaded). */
  templates: MessageTemplate[];
  chosen: MessageTemplate | null;
  values: TemplateValues;
  /** The gallery file of a media header (its link shows in the preview). */
  media: MediaFile | null;
  /** A file of the wrong kind was offered for the media header. */
  mediaRefused: boolean;
  /** The values' paths the agent changed (`body.0`, `header`, `headerMediaId`, `buttonUrl`). */
  touched: string[];
  /** A send was tried: every problem shows. */
  checked: boolean;
  /** The server's field errors of the last refusal, by value path. */
  serverErrors: Record<string, string>;
  /** Why the list could not load, or why the last send did not go. */
  error: FlowError | null;
  clientId: string | null;
  /** Attempts of the send under way (a new send starts again from 0). */
  attempts: number;
  sent: TemplateSent | null;
}

export type TemplatePickerEvent =
  | { type: 'picker.retry' }
  | { type: 'picker.reload' }
  | { type: 'picker.choose'; templateId: string }
  | { type: 'picker.back' }
  | ({ type: 'picker.value'; value: string } & TemplateValueField)
  | { type: 'picker.media'; file: MediaFile }
  | { type: 'picker.clearMedia' }
  | { type: 'picker.send' }
  /** Sent by the `retryTimer` actor: the send's retry delay is over. */
  | { type: 'picker.retryDue' };

export type TemplatePickerTag = 'loading' | 'sending';
export type TemplatePickerStatus = 'loading' | 'failed' | 'choosing' | 'filling' | 'sending' | 'sent';

const DEFAULT_SEND_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000];

/** template_list: the number's templates (the machine keeps the sendable ones). */
export const loadTemplates = fromPromise<
  MessageTemplate[],
  { client: ActCaller; key: string; accountId: string }
>(async ({ input, signal }) => {
  const answer = await input.client.act(
    'template_list',
    { key: input.key, accountId: input.accountId },
    { signal },
  );
  return answer.data;
});

/** The values as sent: ends trimmed, the slots a template lacks left out. */
export function sendableValues(template: MessageTemplate, values: TemplateValues): TemplateValues {
  const slots = templateValueSlots(template);
  const trim = (value: string | undefined) => (value ?? '').trim();
  return {
    body: slots.body.map((_name, index) => trim(values.body[index])),
    ...(slots.header === null ? {} : { header: trim(values.header) }),
    ...(slots.headerMedia === null ? {} : { headerMediaId: trim(values.headerMediaId) }),
    ...(slots.buttonUrl === null ? {} : { buttonUrl: trim(values.buttonUrl) }),
  };
}

/** message_send (`type: 'template'`) or conversation_start, given up after `timeoutMs`. */
export const sendTemplate = fromPromise<
  TemplateSent,
  {
    client: ActCaller;
    key: string;
    accountId: string;
    target: TemplateTarget;
    clientId: string;
    template: { id: string; values: TemplateValues };
    timeoutMs: number;
  }
>(({ input, signal }) =>
  timedRequest(signal, input.timeoutMs, async (requestSignal): Promise<TemplateSent> => {
    const { client, key, target, clientId, template } = input;
    if ('conversationId' in target) {
      const answer = await client.act(
        'message_send',
        { key, conversationId: target.conversationId, clientId, type: 'template', template },
        { signal: requestSignal },
      );
      return { message: answer.data, conversation: null };
    }
    const answer = await client.act(
      'conversation_start',
      { key, accountId: input.accountId, customerId: target.customerId, clientId, template },
      { signal: requestSignal },
    );
    return answer.data;
  }),
);

/** A value's path as problems and server errors name it: `body.0`, `header`, `buttonUrl`. */
export function valuePath(field: TemplateValueField | TemplateProblem['path']): string {
  if (Array.isArray(field)) return field.map(String).join('.');
  return field.field === 'body' ? `body.${field.index}` : field.field;
}

const SERVER_VALUE_PREFIX = /^template\.values\./;

/** The server's field errors on the values, by value path (`template.values.body.0` → `body.0`). */
function serverValueErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error)))
    if (SERVER_VALUE_PREFIX.test(field)) out[field.replace(SERVER_VALUE_PREFIX, '')] = message;
  return out;
}

/**
 * Whether a gallery file can be the media header of `format`, as Meta takes them: an image is a
 * JPEG or PNG, a video an MP4, a document a PDF.
 */
export function fitsMediaHeader(
  format: 'IMAGE' | 'VIDEO' | 'DOCUMENT',
  file: Pick<MediaFile, 'type'>,
): boolean {
  const type = file.type.toLowerCase();
  if (format === 'IMAGE') return type === 'jpeg' || type === 'jpg' || type === 'png';
  if (format === 'VIDEO') return type === 'mp4';
  return type === 'pdf';
}

type Context = TemplatePickerContext;

function findTemplate(context: Context, id: string): MessageTemplate | undefined {
  return context.templates.find((template) => template.id === id);
}

function problemsOf(context: Context): TemplateProblem[] {
  return context.chosen === null ? [] : templateValueProblems(context.chosen, context.values);
}

/** A fresh form for `template`: its values prefilled for the recipient. */
function formFor(context: Context, template: MessageTemplate) {
  return {
    chosen: template,
    values: prefillTemplateValues(template, context.recipient),
    media: null,
    mediaRefused: false,
    touched: [],
    checked: false,
    serverErrors: {},
    error: null,
  };
}

function touch(context: Context, path: string): string[] {
  return context.touched.includes(path) ? context.touched : [...context.touched, path];
}

function withoutServerError(context: Context, path: string): Record<string, string> {
  if (!(path in context.serverErrors)) return context.serverErrors;
  const { [path]: _gone, ...rest } = context.serverErrors;
  return rest;
}

export const templatePickerMachine = setup({
  types: {} as {
    context: TemplatePickerContext;
    events: TemplatePickerEvent;
    input: TemplatePickerInput;
    output: TemplateSent | null;
    children: { list: 'loadTemplates'; send: 'sendTemplate'; retryTimer: 'delay' };
    tags: TemplatePickerTag;
  },
  actors: { loadTemplates, sendTemplate, delay },
  guards: {
    known: ({ context }, params: { templateId: string }) =>
      findTemplate(context, params.templateId) !== undefined,
    another: ({ context }, params: { templateId: string }) =>
      context.chosen?.id !== params.templateId && findTemplate(context, params.templateId) !== undefined,
    hasSlot: ({ context }, params: TemplateValueField) => {
      if (context.chosen === null) return false;
      const slots = templateValueSlots(context.chosen);
      if (params.field === 'body') return params.index >= 0 && params.index < slots.body.length;
      return params.field === 'header' ? slots.header !== null : slots.buttonUrl !== null;
    },
    fitsHeader: ({ context }, params: { file: MediaFile }) => {
      const format = context.chosen === null ? null : templateValueSlots(context.chosen).headerMedia;
      return format !== null && fitsMediaHeader(format, params.file);
    },
    hasMediaHeader: ({ context }) =>
      context.chosen !== null && templateValueSlots(context.chosen).headerMedia !== null,
    valuesFit: ({ context }) => problemsOf(context).length === 0,
    refused: (_, params: { error: unknown }) => !isNetworkError(params.error),
    retriesLeft: ({ context }) => context.attempts <= context.retryDelaysMs.length,
  },
  actions: {
    keepTemplates: assign((_, params: { templates: MessageTemplate[] }) => ({
      templates: params.templates.filter(isSendable),
      error: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    choose: assign(({ context }, params: { templateId: string }) => {
      const template = findTemplate(context, params.templateId);
      return template === undefined ? {} : formFor(context, template);
    }),
    unchoose: assign({
      chosen: null,
      values: { body: [] },
      media: null,
      mediaRefused: false,
      touched: [],
      checked: false,
      serverErrors: {},
      error: null,
    }),
    setValue: assign(({ context }, params: TemplateValueField & { value: string }) => {
      const path = valuePath(params);
      const values =
        params.field === 'body'
          ? {
              ...context.values,
              body: context.values.body.map((v, i) => (i === params.index ? params.value : v)),
            }
          : { ...context.values, [params.field]: params.value };
      return { values, touched: touch(context, path), serverErrors: withoutServerError(context, path) };
    }),
    setMedia: assign(({ context }, params: { file: MediaFile }) => ({
      values: { ...context.values, headerMediaId: params.file.id },
      media: params.file,
      mediaRefused: false,
      touched: touch(context, 'headerMediaId'),
      serverErrors: withoutServerError(context, 'headerMediaId'),
    })),
    refuseMedia: assign(({ context }) => ({ mediaRefused: true, touched: touch(context, 'headerMediaId') })),
    clearMedia: assign(({ context }) => ({
      values: { ...context.values, headerMediaId: '' },
      media: null,
      mediaRefused: false,
      touched: touch(context, 'headerMediaId'),
    })),
    check: assign({ checked: true }),
    /** An attempt of the send starts: the client id is made once, at the first. */
    startAttempt: assign(({ context }) => ({
      clientId: context.clientId ?? context.newClientId(),
      attempts: context.attempts + 1,
      checked: true,
      serverErrors: {},
      error: null,
    })),
    done: assign((_, params: { sent: TemplateSent }) => ({ sent: params.sent, attempts: 0 })),
    showSendError: assign((_, params: { error: unknown }) => ({
      serverErrors: serverValueErrors(params.error),
      error: Object.keys(serverValueErrors(params.error)).length > 0 ? null : toFlowError(params.error),
      attempts: 0,
    })),
  },
}).createMachine({
  id: 'templatePicker',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    accountId: input.accountId,
    target: input.target,
    recipient: input.recipient,
    newClientId: input.newClientId ?? (() => crypto.randomUUID()),
    sendTimeoutMs: input.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    retryDelaysMs: input.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    templates: [],
    chosen: null,
    values: { body: [] },
    media: null,
    mediaRefused: false,
    touched: [],
    checked: false,
    serverErrors: {},
    error: null,
    clientId: null,
    attempts: 0,
    sent: null,
  }),
  output: ({ context }) => context.sent,
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'list',
        src: 'loadTemplates',
        input: ({ context }) => ({ client: context.client, key: context.key, accountId: context.accountId }),
        onDone: {
          target: 'choosing',
          actions: { type: 'keepTemplates', params: ({ event }) => ({ templates: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'picker.retry': 'loading' } },
    /** The list (maybe empty: the number has no approved template yet). */
    choosing: {
      on: {
        'picker.choose': {
          guard: { type: 'known', params: ({ event }) => event },
          target: 'filling',
          actions: { type: 'choose', params: ({ event }) => event },
        },
        'picker.reload': 'loading',
      },
    },
    /** One template chosen: its values, its file, its preview. */
    filling: {
      on: {
        'picker.choose': {
          guard: { type: 'another', params: ({ event }) => event },
          actions: { type: 'choose', params: ({ event }) => event },
        },
        'picker.back': { target: 'choosing', actions: 'unchoose' },
        'picker.value': {
          guard: { type: 'hasSlot', params: ({ event }) => event },
          actions: { type: 'setValue', params: ({ event }) => event },
        },
        'picker.media': [
          {
            guard: { type: 'fitsHeader', params: ({ event }) => event },
            actions: { type: 'setMedia', params: ({ event }) => event },
          },
          { guard: 'hasMediaHeader', actions: 'refuseMedia' },
        ],
        'picker.clearMedia': { guard: 'hasMediaHeader', actions: 'clearMedia' },
        'picker.send': [{ guard: 'valuesFit', target: 'sending' }, { actions: 'check' }],
      },
    },
    sending: {
      tags: ['sending'],
      entry: 'startAttempt',
      invoke: {
        id: 'send',
        src: 'sendTemplate',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          accountId: context.accountId,
          target: context.target,
          clientId: context.clientId ?? '',
          template: {
            id: context.chosen?.id ?? '',
            values: context.chosen === null ? { body: [] } : sendableValues(context.chosen, context.values),
          },
          timeoutMs: context.sendTimeoutMs,
        }),
        onDone: {
          target: 'sent',
          actions: { type: 'done', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: { type: 'showSendError', params: ({ event }) => ({ error: event.error }) },
          },
          { guard: 'retriesLeft', target: 'waiting' },
          {
            target: 'filling',
            actions: { type: 'showSendError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** A time-out or network failure: the same send goes again after a pause. */
    waiting: {
      tags: ['sending'],
      invoke: {
        id: 'retryTimer',
        src: 'delay',
        input: ({ context }) => ({
          ms: context.retryDelaysMs[context.attempts - 1] ?? 0,
          event: { type: 'picker.retryDue' as const },
        }),
      },
      on: { 'picker.retryDue': 'sending' },
    },
    sent: { type: 'final' },
  },
});

export type TemplatePickerSnapshot = SnapshotFrom<typeof templatePickerMachine>;

export function selectPickerStatus(snapshot: TemplatePickerSnapshot): TemplatePickerStatus {
  if (snapshot.hasTag('sending')) return 'sending';
  for (const status of ['loading', 'failed', 'choosing', 'filling', 'sent'] as const)
    if (snapshot.matches(status)) return status;
  return 'loading';
}

/** The number's sendable templates. */
export function selectPickerTemplates(snapshot: TemplatePickerSnapshot): MessageTemplate[] {
  return snapshot.context.templates;
}

export function selectPickerChosen(snapshot: TemplatePickerSnapshot): MessageTemplate | null {
  return snapshot.context.chosen;
}

const slotsCache = new WeakMap<MessageTemplate, TemplateValueSlots>();

/** What the chosen template's send fills (null before one is chosen). */
export function selectPickerSlots(snapshot: TemplatePickerSnapshot): TemplateValueSlots | null {
  const { chosen } = snapshot.context;
  if (chosen === null) return null;
  const cached = slotsCache.get(chosen);
  if (cached !== undefined) return cached;
  const slots = templateValueSlots(chosen);
  slotsCache.set(chosen, slots);
  return slots;
}

export function selectPickerValues(snapshot: TemplatePickerSnapshot): TemplateValues {
  return snapshot.context.values;
}

export function selectPickerMedia(snapshot: TemplatePickerSnapshot): MediaFile | null {
  return snapshot.context.media;
}

/** A value's problem or the server's refusal of it, as the form shows it beside the value. */
export type PickerFieldError = { problem: TemplateProblem } | { message: string } | { mediaKind: true };

const errorsCache = new WeakMap<TemplatePickerContext, Record<string, PickerFieldError>>();

/**
 * What to show beside each value (by value path): the server's error of the last refusal, else
 * the value's first problem once it was touched or a send was tried, else a refused file kind.
 */
export function selectPickerFieldErrors(snapshot: TemplatePickerSnapshot): Record<string, PickerFieldError> {
  const { context } = snapshot;
  const cached = errorsCache.get(context);
  if (cached !== undefined) return cached;
  const out: Record<string, PickerFieldError> = {};
  for (const problem of problemsOf(context)) {
    const path = valuePath(problem.path);
    if (out[path] === undefined && (context.checked || context.touched.includes(path)))
      out[path] = { problem };
  }
  if (context.mediaRefused) out['headerMediaId'] = { mediaKind: true };
  for (const [path, message] of Object.entries(context.serverErrors)) out[path] = { message };
  errorsCache.set(context, out);
  return out;
}

/** Why the list did not load, or why the last send did not go (not a value's fault). */
export function selectPickerError(snapshot: TemplatePickerSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** The chosen template as the customer will see it, with the values so far and the header's file. */
export interface PickerPreview {
  rendered: ReturnType<typeof renderTemplate>;
  mediaUrl: string | null;
}

const previewCache = new WeakMap<TemplatePickerContext, PickerPreview | null>();

export function selectPickerPreview(snapshot: TemplatePickerSnapshot): PickerPreview | null {
  const { context } = snapshot;
  const cached = previewCache.get(context);
  if (cached !== undefined) return cached;
  const preview =
    context.chosen === null
      ? null
      : { rendered: renderTemplate(context.chosen, context.values), mediaUrl: context.media?.url ?? null };
  previewCache.set(context, preview);
  return preview;
}

/** The form takes changes and a send (not while one is under way). */
export function selectPickerEditable(snapshot: TemplatePickerSnapshot): boolean {
  return snapshot.matches('filling');
}
