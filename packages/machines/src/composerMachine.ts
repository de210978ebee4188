/**
 * The composer of an open conversation: the text being written, the message it replies to, an
 * attached file (uploaded to `POST /upload/{key}`, then described by `media_get`), and contact
 * cards. Sending emits `{ type: 'composer.send', draft }`; whoever holds the thread forwards it
 * as `thread.send`, whose outbox delivers it (retries included, so sends survive a reconnecting
 * socket). While the 24-hour window is closed (`composer.window { open: false }`) nothing
 * free-form can be sent: only templates could reopen it.
 *
 * The attachment is a state: `none`, `uploading`, `describing`, `attached` or `failed`. A file
 * over WhatsApp's size limit for its type (`maxMediaBytes`) fails before any upload.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { maxMediaBytes } from '@sapa/sdk';
import type { MediaFile, ThreadMessage } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import type { ThreadDraft } from './threadMessages.ts';
import { checkContactCard } from './validation.ts';
import type { ContactField, FieldErrors } from './validation.ts';

/** What the composer needs of a picked file (a browser `File` fits). */
export interface FileLike {
  name: string;
  /** The MIME type the browser guessed ('' when unknown). */
  type: string;
  size: number;
}

/**
 * Stores a file for the project (`POST /upload/{key}`) and answers its id. It rejects with an
 * `ApiError` (`reason`, `message`) when the server refuses the file (415 wrong type, 413 too
 * large), with anything else when the network fails.
 */
export type UploadFile = (request: { key: string; file: FileLike; signal: AbortSignal }) => Promise<string>;

/** The message a reply quotes. */
export type ReplyTarget = Pick<
  ThreadMessage,
  'id' | 'type' | 'caption' | 'filename' | 'name' | 'phone' | 'url' | 'direction'
>;

/** Why a file cannot be sent: over the size limit (checked before uploading), or the server's or network's failure. */
export type AttachmentError = { reason: 'tooLarge'; maxBytes: number } | FlowError;

export interface ComposerInput {
  client: ActCaller;
  key: string;
  upload: UploadFile;
  /** Whether the 24-hour window is open when the composer starts (default true). */
  windowOpen?: boolean;
}

export interface ComposerContext {
  client: ActCaller;
  key: string;
  upload: UploadFile;
  text: string;
  replyTo: ReplyTarget | null;
  windowOpen: boolean;
  /** The file being attached (states `uploading` to `attached`, and `failed`). */
  file: FileLike | null;
  /** The stored file's id (from `describing` on). */
  mediaId: string | null;
  /** The stored file as `media_get` describes it (state `attached`). */
  media: MediaFile | null;
  attachError: AttachmentError | null;
  contactErrors: FieldErrors<ContactField>;
  /** Contact cards sent so far: the web closes its dialog when this grows. */
  contactsSent: number;
}

export type ComposerEvent =
  | { type: 'composer.type'; text: string }
  | { type: 'composer.reply'; message: ReplyTarget }
  | { type: 'composer.cancelReply' }
  | { type: 'composer.window'; open: boolean }
  | { type: 'composer.submit' }
  | { type: 'composer.attach'; file: FileLike }
  | { type: 'composer.removeAttachment' }
  | { type: 'composer.sendContact'; name: string; phone: string }
  /** The contact card dialog closed: its errors go. */
  | { type: 'composer.closeContact' };

export type ComposerEmitted = { type: 'composer.send'; draft: ThreadDraft };
export type ComposerTag = 'busy' | 'attached';
export type AttachmentStatus = 'none' | 'uploading' | 'describing' | 'attached' | 'failed';

/** Uploads the picked file; cancelled (its request aborted) when the composer moves on. */
export const uploadFile = fromPromise<string, { upload: UploadFile; key: string; file: FileLike | null }>(
  ({ input, signal }) => {
    if (input.file === null) return Promise.reject(new Error('No file to upload'));
    return input.upload({ key: input.key, file: input.file, signal });
  },
);

/** media_get: the stored file's type, name, size and link. */
export const describeMedia = fromPromise<MediaFile, { client: ActCaller; key: string; id: string }>(
  async ({ input }) => (await input.client.act('media_get', { key: input.key, id: input.id })).data,
);

type Context = ComposerContext;

function replyOf(context: Context): { replyTo?: string } {
  return context.replyTo === null ? {} : { replyTo: context.replyTo.id };
}

/** The text as sent: its ends trimmed, its inner line breaks kept. */
function trimmed(text: string): string {
  return text.trim();
}

function textDraft(context: Context): ThreadDraft {
  return { type: 'text', caption: trimmed(context.text), ...replyOf(context) };
}

function fileDraft(context: Context): ThreadDraft {
  const media = context.media;
  if (media === null) return { type: 'file' };
  const caption = trimmed(context.text);
  return {
    type: media.type,
    mediaId: media.id,
    url: media.url,
    filename: media.filename,
    ...(caption === '' ? {} : { caption }),
    ...replyOf(context),
  };
}

const cleared = { text: '', replyTo: null } as const;
const noAttachment = { file: null, mediaId: null, media: null, attachError: null } as const;

export const composerMachine = setup({
  types: {} as {
    context: ComposerContext;
    events: ComposerEvent;
    input: ComposerInput;
    emitted: ComposerEmitted;
    children: { upload: 'uploadFile'; describe: 'describeMedia' };
    tags: ComposerTag;
  },
  actors: { uploadFile, describeMedia },
  guards: {
    canWriteText: ({ context }) => context.windowOpen && trimmed(context.text) !== '',
    windowOpen: ({ context }) => context.windowOpen,
    fits: ({ context }, params: { file: FileLike }) =>
      context.windowOpen && params.file.size <= maxMediaBytes(params.file.type),
    tooLarge: ({ context }, params: { file: FileLike }) =>
      context.windowOpen && params.file.size > maxMediaBytes(params.file.type),
    contactValid: ({ context }, params: { name: string; phone: string }) =>
      context.windowOpen && checkContactCard(params).ok,
  },
  actions: {
    type: assign((_, params: { text: string }) => ({ text: params.text })),
    reply: assign((_, params: { message: ReplyTarget }) => ({ replyTo: params.message })),
    cancelReply: assign({ replyTo: null }),
    setWindow: assign((_, params: { open: boolean }) => ({ windowOpen: params.open })),
    sendText: emit(({ context }) => ({ type: 'composer.send', draft: textDraft(context) }) as const),
    sendFile: emit(({ context }) => ({ type: 'composer.send', draft: fileDraft(context) }) as const),
    clearDraft: assign({ ...cleared }),
    clearAttachment: assign({ ...noAttachment }),
    pick: assign((_, params: { file: FileLike }) => ({ ...noAttachment, file: params.file })),
    refuseSize: assign((_, params: { file: FileLike }) => ({
      ...noAttachment,
      file: params.file,
      attachError: { reason: 'tooLarge' as const, maxBytes: maxMediaBytes(params.file.type) },
    })),
    stored: assign((_, params: { mediaId: string }) => ({ mediaId: params.mediaId })),
    described: assign((_, params: { media: MediaFile }) => ({ media: params.media })),
    showAttachError: assign((_, params: { error: unknown }) => ({ attachError: toFlowError(params.error) })),
    sendContact: emit(({ context }, params: { name: string; phone: string }) => {
      const card = checkContactCard(params);
      const value = card.ok ? card.value : { name: params.name, phone: params.phone };
      return {
        type: 'composer.send',
        draft: { type: 'vcard', name: value.name, phone: value.phone, ...replyOf(context) },
      } as const;
    }),
    clearContactErrors: assign({ contactErrors: {} }),
    contactSent: assign(({ context }) => ({ contactErrors: {}, contactsSent: context.contactsSent + 1 })),
    showContactErrors: assign((_, params: { name: string; phone: string }) => {
      const card = checkContactCard(params);
      return { contactErrors: card.ok ? {} : card.fieldErrors };
    }),
  },
}).createMachine({
  id: 'composer',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    upload: input.upload,
    ...cleared,
    windowOpen: input.windowOpen ?? true,
    ...noAttachment,
    contactErrors: {},
    contactsSent: 0,
  }),
  initial: 'none',
  on: {
    'composer.type': { actions: { type: 'type', params: ({ event }) => event } },
    'composer.reply': { actions: { type: 'reply', params: ({ event }) => event } },
    'composer.cancelReply': { actions: 'cancelReply' },
    'composer.window': { actions: { type: 'setWindow', params: ({ event }) => event } },
    'composer.attach': [
      {
        guard: { type: 'fits', params: ({ event }) => event },
        target: '.uploading',
        actions: { type: 'pick', params: ({ event }) => event },
      },
      {
        guard: { type: 'tooLarge', params: ({ event }) => event },
        target: '.failed',
        actions: { type: 'refuseSize', params: ({ event }) => event },
      },
    ],
    'composer.removeAttachment': { target: '.none', actions: 'clearAttachment' },
    'composer.closeContact': { actions: 'clearContactErrors' },
    'composer.sendContact': [
      {
        guard: { type: 'contactValid', params: ({ event }) => event },
        actions: [{ type: 'sendContact', params: ({ event }) => event }, 'contactSent', 'cancelReply'],
      },
      {
        guard: 'windowOpen',
        actions: { type: 'showContactErrors', params: ({ event }) => event },
      },
    ],
  },
  states: {
    none: {
      on: {
        'composer.submit': { guard: 'canWriteText', actions: ['sendText', 'clearDraft'] },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'uploadFile',
        input: ({ context }) => ({ upload: context.upload, key: context.key, file: context.file }),
        onDone: {
          target: 'describing',
          actions: { type: 'stored', params: ({ event }) => ({ mediaId: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showAttachError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    describing: {
      tags: ['busy'],
      invoke: {
        id: 'describe',
        src: 'describeMedia',
        input: ({ context }) => ({ client: context.client, key: context.key, id: context.mediaId ?? '' }),
        onDone: {
          target: 'attached',
          actions: { type: 'described', params: ({ event }) => ({ media: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showAttachError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    attached: {
      tags: ['attached'],
      on: {
        'composer.submit': {
          guard: 'windowOpen',
          target: 'none',
          actions: ['sendFile', 'clearDraft', 'clearAttachment'],
        },
      },
    },
    /** The file could not be attached: the reason shows until another file or removal; text still sends. */
    failed: {
      on: {
        'composer.submit': {
          guard: 'canWriteText',
          target: 'none',
          actions: ['sendText', 'clearDraft', 'clearAttachment'],
        },
      },
    },
  },
});

export type ComposerSnapshot = SnapshotFrom<typeof composerMachine>;

export function selectAttachmentStatus(snapshot: ComposerSnapshot): AttachmentStatus {
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('describing')) return 'describing';
  if (snapshot.matches('attached')) return 'attached';
  if (snapshot.matches('failed')) return 'failed';
  return 'none';
}

/** Whether `composer.submit` would send something now. */
export function selectCanSend(snapshot: ComposerSnapshot): boolean {
  const { windowOpen, text } = snapshot.context;
  if (!windowOpen) return false;
  if (snapshot.matches('attached')) return true;
  return (snapshot.matches('none') || snapshot.matches('failed')) && trimmed(text) !== '';
}
