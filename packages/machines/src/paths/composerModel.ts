/**
 * The composer's test model: an agent writes a text, replies to the customer's message #4,
 * attaches a photo (uploaded, then described by `media_get`) or a file too large for WhatsApp,
 * sends a contact card, and meets a closed 24-hour window. Every `composer.send` the real actor
 * emits is written to the run's effects ("sends …"), so the paths show what reached the thread.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MediaFile } from '@sapa/sdk';
import { composerMachine } from '../composerMachine.ts';
import type {
  ComposerContext,
  ComposerEmitted,
  FileLike,
  ReplyTarget,
  UploadFile,
} from '../composerMachine.ts';
import type { ThreadDraft } from '../threadMessages.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

export const photo: FileLike = { name: 'foto.jpg', type: 'image/jpeg', size: 120_000 };
/** Over WhatsApp's 5 MB image limit: refused before any upload. */
export const hugePhoto: FileLike = { name: 'besar.jpg', type: 'image/jpeg', size: 6_000_000 };
export const MEDIA_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const storedPhoto: MediaFile = {
  id: MEDIA_ID,
  type: 'jpeg',
  mimeType: 'image/jpeg',
  filename: 'foto.jpg',
  size: 120_000,
  url: '/media/3f1c2b4a?sig=abc',
};
export const customerMessage: ReplyTarget = {
  id: 'm4',
  type: 'text',
  caption: 'Ada warna merah?',
  filename: null,
  name: null,
  phone: null,
  url: null,
  direction: 'in',
};
const wrongType = apiError('invalid_input', 'File is of invalid type');

/** An uploader whose uploads wait until the model settles them. */
export interface FakeUploader {
  upload: UploadFile;
  /** Files asked for, in order. */
  readonly files: string[];
  settle(outcome: { id: string } | { error: unknown }): void;
}

export function createFakeUploader(): FakeUploader {
  const files: string[] = [];
  const waiting: Array<{ resolve(id: string): void; reject(error: unknown): void }> = [];
  return {
    files,
    upload: ({ file }) =>
      new Promise<string>((resolve, reject) => {
        files.push(file.name);
        waiting.push({ resolve, reject });
      }),
    settle(outcome) {
      // A removed or replaced upload is never answered by the machine: settle every waiting one alike.
      for (const call of waiting.splice(0)) {
        if ('id' in outcome) call.resolve(outcome.id);
        else call.reject(outcome.error);
      }
    },
  };
}

function contextOf(snapshot: AnyMachineSnapshot): ComposerContext {
  return snapshot.context as ComposerContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    text: c.text,
    reply: c.replyTo?.id ?? null,
    window: c.windowOpen,
    file: c.file?.name ?? null,
    media: c.media?.id ?? null,
    error: c.attachError?.reason ?? null,
    contactErrors: Object.keys(c.contactErrors),
    contactSent: c.contactsSent > 0,
  });
}

const goodContact = { type: 'composer.sendContact', name: ' Budi ', phone: '0812 3456 789' };
const badContact = { type: 'composer.sendContact', name: '', phone: '12' };

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  const out: AnyEventObject[] = [];
  const idle = snapshot.matches('none');
  if (snapshot.matches('uploading'))
    return [
      { type: 'xstate.done.actor.upload', output: MEDIA_ID },
      { type: 'xstate.error.actor.upload', error: wrongType },
      { type: 'xstate.error.actor.upload', error: networkError },
      { type: 'composer.removeAttachment' },
    ];
  if (snapshot.matches('describing'))
    return [
      { type: 'xstate.done.actor.describe', output: storedPhoto },
      { type: 'xstate.error.actor.describe', error: networkError },
    ];
  if (snapshot.matches('attached')) {
    out.push({ type: 'composer.removeAttachment' });
    if (c.windowOpen) out.push({ type: 'composer.submit' });
    if (c.text === '') out.push({ type: 'composer.type', text: 'Ini fotonya' });
    return out;
  }
  if (snapshot.matches('failed')) {
    out.push({ type: 'composer.attach', file: photo }, { type: 'composer.removeAttachment' });
    if (c.text !== '') out.push({ type: 'composer.submit' });
    else out.push({ type: 'composer.type', text: 'Halo kak' });
    return out;
  }
  // `none`: write, reply, attach, send a card; the window closes and opens.
  if (c.text === '') out.push({ type: 'composer.type', text: 'Halo kak\nAda yang bisa dibantu?' });
  else out.push({ type: 'composer.submit' }, { type: 'composer.type', text: '   ' });
  if (c.replyTo === null) out.push({ type: 'composer.reply', message: customerMessage });
  else out.push({ type: 'composer.cancelReply' });
  if (idle && c.windowOpen && c.text === '' && c.replyTo === null)
    out.push({ type: 'composer.attach', file: photo }, { type: 'composer.attach', file: hugePhoto });
  if (c.windowOpen && c.text === '') out.push(goodContact, badContact);
  if (Object.keys(c.contactErrors).length > 0) out.push({ type: 'composer.closeContact' });
  out.push({ type: 'composer.window', open: !c.windowOpen });
  return out;
}

const settleUpload: StepDriver = ({ world, event }) => {
  const fields = event as unknown as Record<string, unknown>;
  uploaderOf(world).settle(
    event.type.startsWith('xstate.done.') ? { id: String(fields['output']) } : { error: fields['error'] },
  );
};

function uploaderOf(world: World): FakeUploader {
  return (world.input as { uploader: FakeUploader }).uploader;
}

function describeDraft(draft: ThreadDraft): string {
  const reply = draft.replyTo === undefined ? '' : ` replying to ${draft.replyTo}`;
  if (draft.type === 'vcard')
    return `sends the contact card ${draft.name ?? ''} ${draft.phone ?? ''}${reply}`;
  if (draft.mediaId !== undefined)
    return `sends the file ${draft.filename ?? ''} (${draft.type})${draft.caption === undefined ? '' : ` with "${draft.caption}"`}${reply}`;
  return `sends "${(draft.caption ?? '').replace(/\n/g, '⏎')}"${reply}`;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'composer.type':
      return String(fields['text']).trim() === ''
        ? 'the agent blanks the text'
        : `the agent types "${String(fields['text']).replace(/\n/g, '⏎')}"`;
    case 'composer.reply':
      return 'the agent chooses Reply on message m4';
    case 'composer.cancelReply':
      return 'the agent cancels the reply';
    case 'composer.window':
      return fields['open'] === true ? 'the customer writes: the window opens' : 'the 24-hour window closes';
    case 'composer.submit':
      return 'the agent presses Enter';
    case 'composer.attach':
      return `the agent attaches ${(fields['file'] as FileLike).name} (${(fields['file'] as FileLike).size} bytes)`;
    case 'composer.removeAttachment':
      return 'the agent removes the attachment';
    case 'composer.closeContact':
      return 'the agent closes the contact card dialog';
    case 'composer.sendContact':
      return `the agent sends a contact card "${String(fields['name'])}" ${String(fields['phone'])}`;
    case 'xstate.done.actor.upload':
      return 'the upload answers the file id';
    case 'xstate.done.actor.describe':
      return 'media_get describes the stored photo';
    default: {
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      if (failed?.[1] !== undefined) {
        const error = fields['error'] as { reason?: string; message: string };
        return `${failed[1] === 'upload' ? 'the upload' : 'media_get'} fails (${error.reason === undefined ? 'network down' : error.message})`;
      }
      return event.type;
    }
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const parts = [String(snapshot.value)];
  if (c.text !== '') parts.push(`text "${c.text.replace(/\n/g, '⏎')}"`);
  if (c.replyTo !== null) parts.push(`replying to ${c.replyTo.id}`);
  if (c.file !== null) parts.push(`file ${c.file.name}`);
  if (c.attachError !== null)
    parts.push(
      c.attachError.reason === 'tooLarge'
        ? `too large (max ${c.attachError.maxBytes} bytes)`
        : `"${c.attachError.message}"`,
    );
  if (Object.keys(c.contactErrors).length > 0)
    parts.push(`card errors on ${Object.keys(c.contactErrors).join(', ')}`);
  if (!c.windowOpen) parts.push('window closed');
  return parts.join(', ');
}

export const composerModel: PathModel = {
  name: 'composer',
  machine: composerMachine,
  serialize,
  starts: [
    {
      label: 'an open conversation whose window is open',
      world: () => {
        const client = createFakeClient();
        const uploader = createFakeUploader();
        const input = { client, key: 'k1abcdefgh', upload: uploader.upload, uploader };
        return { input, client, browser: null, effects: [] };
      },
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [
          'composer.attach',
          'composer.submit',
          'composer.type',
          'xstate.done.actor.upload',
          'xstate.done.actor.describe',
        ].includes(event.type),
      ),
    toState: (snapshot) => snapshot.matches('attached') && contextOf(snapshot).text !== '',
  },
  scenarios: [
    // A text with a reply, sent; a reply cancelled; a card dialog closed after errors.
    {
      start: 0,
      events: [
        { type: 'composer.reply', message: customerMessage },
        { type: 'composer.type', text: 'Ada kak' },
        { type: 'composer.submit' },
        { type: 'composer.reply', message: customerMessage },
        { type: 'composer.cancelReply' },
        badContact,
        { type: 'composer.closeContact' },
      ],
    },
    // A photo with a caption, sent; then a file media_get cannot describe, and a text after it.
    {
      start: 0,
      events: [
        { type: 'composer.attach', file: photo },
        { type: 'xstate.done.actor.upload', output: MEDIA_ID },
        { type: 'xstate.done.actor.describe', output: storedPhoto },
        { type: 'composer.type', text: 'Ini fotonya' },
        { type: 'composer.submit' },
        { type: 'composer.attach', file: photo },
        { type: 'xstate.done.actor.upload', output: MEDIA_ID },
        { type: 'xstate.error.actor.describe', error: networkError },
        { type: 'composer.type', text: 'Maaf, fotonya menyusul' },
        { type: 'composer.submit' },
      ],
    },
    // Nothing free-form goes out while the window is closed, and a blank text never does.
    {
      start: 0,
      events: [
        { type: 'composer.type', text: '   ' },
        { type: 'composer.submit' },
        { type: 'composer.window', open: false },
        { type: 'composer.type', text: 'Halo' },
        { type: 'composer.submit' },
        goodContact,
        { type: 'composer.attach', file: photo },
      ],
    },
  ],
  actorActs: { describe: 'media_get' },
  drivers: { 'xstate.done.actor.upload': settleUpload, 'xstate.error.actor.upload': settleUpload },
  observe: (actor, world) => {
    actor.on('composer.send', (emitted: ComposerEmitted) =>
      world.effects?.push(describeDraft(emitted.draft)),
    );
  },
  describeEvent,
  describeState,
};
