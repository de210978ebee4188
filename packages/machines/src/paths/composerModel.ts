/**
 * The composer's test model: an agent writes a text, replies to the customer's message #4, puts
 * a photo in the attachment tray (the tray answers as it loads, uploads or fails), picks a
 * brochure from the gallery, writes captions, sends a contact card, and meets a closed 24-hour
 * window (its countdown moves with `composer.tick`, the `clock` actor's event) and a number
 * deleted from the project. Every `composer.send` the real actor emits is written to the run's
 * effects ("sends …"), and so is every command to the tray ("asks the tray …").
 */
import { fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MediaFile } from '@sapa/sdk';
import { composerMachine, selectWindowLeft } from '../composerMachine.ts';
import type {
  ComposerContext,
  ComposerEmitted,
  ReplyTarget,
  TrayCommand,
  TrayItem,
} from '../composerMachine.ts';
import type { ThreadDraft } from '../threadMessages.ts';
import type { UploadSource } from '../uploadMachine.ts';
import { createFakeClient } from './fakes.ts';
import type { PathModel } from './models.ts';

/** The model's clock: the window closes five hours later. */
export const COMPOSER_NOW = Date.parse('2025-03-01T12:00:00Z');
export const COMPOSER_CLOSES = '2025-03-01T17:00:00Z';
/** Half an hour before it closes. */
export const LAST_HALF_HOUR = Date.parse('2025-03-01T16:30:00Z');

export const MEDIA_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const GALLERY_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

export const photoFile = new File(['\xff\xd8\xff jpeg'], 'foto.jpg', { type: 'image/jpeg' });
export const photoSource: UploadSource = { kind: 'file', file: photoFile };

/** A file of the project's gallery (as `gallery_list` answers it). */
export const brochure: MediaFile = {
  id: GALLERY_ID,
  type: 'pdf',
  mimeType: 'application/pdf',
  filename: 'brosur.pdf',
  size: 250_000,
  url: '/media/7a6b5c4d?sig=def',
};

const photo = {
  id: 't1',
  filename: 'foto.jpg',
  mimeType: 'image/jpeg',
  size: 120_000,
  origin: 'input',
} as const;
/** The photo in the tray, uploading / on the server / refused by the server. */
export const photoUploading: TrayItem = { ...photo, status: 'processing', serverId: null };
export const photoReady: TrayItem = { ...photo, status: 'processing-complete', serverId: MEDIA_ID };
export const photoFailed: TrayItem = { ...photo, status: 'processing-error', serverId: null };
/** The gallery brochure in the tray, loaded. */
export const brochureReady: TrayItem = {
  id: 't2',
  status: 'processing-complete',
  serverId: GALLERY_ID,
  filename: 'brosur.pdf',
  mimeType: 'application/pdf',
  size: 250_000,
  origin: 'local',
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
    deleted: c.accountDeleted,
    left: selectWindowLeft(snapshot as never)?.hours ?? null,
    tray: c.attachments.map((item) => `${item.id}:${item.status}`),
    captions: Object.keys(c.captions).filter((id) => c.captions[id] !== ''),
    picked: Object.keys(c.picked),
    contactErrors: Object.keys(c.contactErrors),
    contactSent: c.contactsSent > 0,
  });
}

const goodContact = { type: 'composer.sendContact', name: ' Budi ', phone: '0812 3456 789' };
const badContact = { type: 'composer.sendContact', name: '', phone: '12' };
const tray = (...items: TrayItem[]) => ({ type: 'composer.trayChanged', items });
const attachPhoto = { type: 'composer.attachFiles', sources: [photoSource] };
const pickBrochure = { type: 'composer.pickGallery', items: [brochure] };

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = contextOf(snapshot);
  const out: AnyEventObject[] = [];
  const captioned = Object.keys(c.captions).length > 0;
  if (snapshot.matches('uploading'))
    return [tray(photoReady), tray(photoFailed), { type: 'composer.clearTray' }];
  if (snapshot.matches('attached')) {
    out.push(tray(), { type: 'composer.clearTray' });
    if (c.windowOpen) out.push({ type: 'composer.submit' }, { type: 'composer.window', open: false });
    if (c.text === '') out.push({ type: 'composer.type', text: 'Ini fotonya' });
    if (!captioned) out.push({ type: 'composer.caption', id: 't1', text: 'Warna merah' });
    return out;
  }
  if (snapshot.matches('failed')) {
    out.push(tray(), { type: 'composer.clearTray' });
    if (c.text !== '') out.push({ type: 'composer.submit' });
    else out.push({ type: 'composer.type', text: 'Halo kak' });
    return out;
  }
  // `empty`: write, reply, attach or pick (the tray answers), send a card; the window closes and opens.
  if (c.text === '') out.push({ type: 'composer.type', text: 'Halo kak\nAda yang bisa dibantu?' });
  else out.push({ type: 'composer.submit' }, { type: 'composer.type', text: '   ' });
  if (c.replyTo === null) out.push({ type: 'composer.reply', message: customerMessage });
  else out.push({ type: 'composer.cancelReply' });
  if (c.text === '' && c.replyTo === null) {
    out.push(attachPhoto, pickBrochure, tray(photoUploading), tray());
    if (c.windowOpen) out.push(goodContact, badContact);
  }
  if (Object.keys(c.contactErrors).length > 0) out.push({ type: 'composer.closeContact' });
  out.push({ type: 'composer.window', open: !c.windowOpen });
  return out;
}

function describeDraft(draft: ThreadDraft): string {
  const reply = draft.replyTo === undefined ? '' : ` replying to ${draft.replyTo}`;
  if (draft.type === 'vcard')
    return `sends the contact card ${draft.name ?? ''} ${draft.phone ?? ''}${reply}`;
  if (draft.mediaId !== undefined)
    return `sends the file ${draft.filename ?? ''} (${draft.type})${draft.caption === undefined ? '' : ` with "${draft.caption}"`}${reply}`;
  return `sends "${(draft.caption ?? '').replace(/\n/g, '⏎')}"${reply}`;
}

function describeCommand(command: TrayCommand): string {
  if (command.type === 'queue.clear') return 'asks the tray to clear';
  const names = command.sources.map((source) =>
    source.kind === 'file'
      ? source.file.name
      : source.kind === 'server'
        ? `gallery file ${source.id}`
        : source.url,
  );
  return `asks the tray to add ${names.join(', ')}`;
}

function describeTray(items: readonly TrayItem[]): string {
  if (items.length === 0) return 'the tray is empty';
  return `the tray holds ${items.map((item) => `${item.filename} (${item.status})`).join(', ')}`;
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
      if (fields['accountDeleted'] === true) return "the conversation's number is deleted from the project";
      return fields['open'] === true ? 'the customer writes: the window opens' : 'the 24-hour window closes';
    case 'composer.tick':
      return `the clock ticks (${new Date(Number(fields['now'])).toISOString()})`;
    case 'composer.submit':
      return 'the agent presses Enter';
    case 'composer.attachFiles':
      return 'the agent drops foto.jpg on the thread';
    case 'composer.pickGallery':
      return 'the agent picks brosur.pdf from the gallery';
    case 'composer.trayChanged':
      return describeTray(fields['items'] as TrayItem[]);
    case 'composer.caption':
      return `the agent captions ${String(fields['id'])} "${String(fields['text'])}"`;
    case 'composer.clearTray':
      return 'the agent removes every attachment';
    case 'composer.closeContact':
      return 'the agent closes the contact card dialog';
    case 'composer.sendContact':
      return `the agent sends a contact card "${String(fields['name'])}" ${String(fields['phone'])}`;
    default:
      return event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot);
  const parts = [String(snapshot.value)];
  if (c.text !== '') parts.push(`text "${c.text.replace(/\n/g, '⏎')}"`);
  if (c.replyTo !== null) parts.push(`replying to ${c.replyTo.id}`);
  if (c.attachments.length > 0) parts.push(describeTray(c.attachments).replace('the tray holds ', 'tray: '));
  for (const [id, caption] of Object.entries(c.captions)) parts.push(`${id} captioned "${caption}"`);
  if (Object.keys(c.contactErrors).length > 0)
    parts.push(`card errors on ${Object.keys(c.contactErrors).join(', ')}`);
  if (c.accountDeleted) parts.push('number deleted: read-only');
  else if (!c.windowOpen) parts.push('window closed');
  const left = selectWindowLeft(snapshot as never);
  if (left !== null) parts.push(`${left.hours} h ${left.minutes} m left`);
  return parts.join(', ');
}

/** The clock never ticks by itself: the model sends `composer.tick`. */
const silentClock = fromCallback<{ type: 'clock.none' }, { now: () => number }>(() => undefined);

export const composerModel: PathModel = {
  name: 'composer',
  machine: composerMachine.provide({ actors: { clock: silentClock } }),
  serialize,
  starts: [
    {
      label: 'an open conversation whose window is open for 5 hours',
      world: () => ({
        input: { windowClosesAt: COMPOSER_CLOSES, now: () => COMPOSER_NOW },
        client: createFakeClient(),
        browser: null,
        effects: [],
      }),
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['composer.attachFiles', 'composer.trayChanged', 'composer.type', 'composer.submit'].includes(
          event.type,
        ),
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
    // A photo and a gallery brochure, each captioned, with a text and a reply: three messages.
    {
      start: 0,
      events: [
        { type: 'composer.reply', message: customerMessage },
        attachPhoto,
        pickBrochure,
        tray(photoUploading, { ...brochureReady }),
        tray(photoReady, brochureReady),
        { type: 'composer.caption', id: 't1', text: 'Warna merah' },
        { type: 'composer.caption', id: 't2', text: 'Daftar harga' },
        { type: 'composer.type', text: 'Silakan dipilih kak' },
        { type: 'composer.submit' },
        tray(),
      ],
    },
    // Removing every attachment while one uploads, once they are up, and once they failed;
    // with only failed files, a text still goes (and clears them).
    {
      start: 0,
      events: [
        attachPhoto,
        tray(photoUploading),
        { type: 'composer.clearTray' },
        tray(photoReady),
        { type: 'composer.clearTray' },
        tray(photoFailed),
        { type: 'composer.clearTray' },
        tray(photoFailed),
        { type: 'composer.type', text: 'Fotonya menyusul' },
        { type: 'composer.submit' },
      ],
    },
    // Nothing free-form goes out while the window is closed, a blank text never does, and a
    // file still uploading waits.
    {
      start: 0,
      events: [
        { type: 'composer.type', text: '   ' },
        { type: 'composer.submit' },
        tray(photoUploading),
        { type: 'composer.submit' },
        tray(photoReady),
        { type: 'composer.window', open: false },
        { type: 'composer.submit' },
        attachPhoto,
        pickBrochure,
        goodContact,
      ],
    },
    // The countdown moves into the last half hour; the number is deleted: nothing goes any more,
    // even when a window opens, and what was written stays.
    {
      start: 0,
      events: [
        { type: 'composer.tick', now: LAST_HALF_HOUR },
        { type: 'composer.type', text: 'Halo kak' },
        { type: 'composer.window', open: true, accountDeleted: true },
        { type: 'composer.submit' },
        attachPhoto,
        goodContact,
        { type: 'composer.window', open: true, closesAt: COMPOSER_CLOSES },
        { type: 'composer.submit' },
      ],
    },
  ],
  actorActs: {},
  drivers: {},
  observe: (actor, world) => {
    actor.on('composer.send', (emitted: Extract<ComposerEmitted, { type: 'composer.send' }>) =>
      world.effects?.push(describeDraft(emitted.draft)),
    );
    actor.on('composer.toTray', (emitted: Extract<ComposerEmitted, { type: 'composer.toTray' }>) =>
      world.effects?.push(describeCommand(emitted.command)),
    );
  },
  describeEvent,
  describeState,
};
