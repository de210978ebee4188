/**
 * The quick replies screen's test model: the user searches (the pause never ends by itself: the
 * model sends `quickReply.searchSettled`), adds a quick reply (shortcut typed as `/Salam`, a
 * text with placeholders, the gallery's brochure; saving an empty form shows the checks'
 * errors; the server may say the shortcut is taken, or not be reached), edits `salam` (its
 * text, a file added), and deletes `promo` (confirmed, called off, refused). Every announcement
 * is written to the run's effects.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { QuickReply } from '@sapa/sdk';
import { quickReplyMachine } from '../quickReplyMachine.ts';
import type { QuickReplyContext, QuickReplyEmitted } from '../quickReplyMachine.ts';
import { checkQuickReply } from '../quickReplyForm.ts';
import {
  crudNotes,
  describeSettled,
  describeTableEvent,
  dialogEvents,
  saveOutcomes,
  searchEvents,
  serializedCrud,
  settleSave,
  statePath,
} from './crudModel.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, World } from './models.ts';
import { brochureFile, promo, quickReplyKey, refused, salam, shortcutTaken } from './quickReplyFixtures.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): QuickReplyContext {
  return snapshot.context as QuickReplyContext;
}

const nameOf = (reply: QuickReply) => `/${reply.shortcut}`;

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    ...serializedCrud(c, (reply) => reply.shortcut),
    draft: [c.draft.shortcut, c.draft.text, c.draft.media?.filename ?? null],
  });
}

const brochure = { id: brochureFile.id, filename: brochureFile.filename };
const newText = 'Halo {nama}, terima kasih sudah menghubungi kami.';
/** The reply the server keeps for the form as it stands. */
function savedOf(c: QuickReplyContext): QuickReply {
  return {
    ...(c.editing ?? salam),
    id: c.editing?.id ?? '9b1e0000-0000-4000-8000-000000000009',
    shortcut: c.draft.shortcut.trim().toLowerCase().replace(/^\//, ''),
    text: c.draft.text.trim(),
    media: c.draft.media === null ? null : brochureFile,
  };
}

function formEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: { form: 'saving' } })) return saveOutcomes(savedOf(c), shortcutTaken);
  const out: AnyEventObject[] = [{ type: 'quickReply.cancel' }];
  const valid = Object.keys(checkQuickReply(c.draft)).length === 0;
  if (valid || Object.keys(c.fieldErrors).length === 0) out.push({ type: 'quickReply.save' });
  if (c.editing !== null) {
    if (c.draft.text !== newText) out.push({ type: 'quickReply.text', value: newText });
    if (c.draft.media === null) out.push({ type: 'quickReply.media', media: brochure });
    return out;
  }
  if (c.draft.shortcut === '') out.push({ type: 'quickReply.shortcut', value: ' /Salam ' });
  if (c.draft.text === '') out.push({ type: 'quickReply.text', value: newText });
  out.push({ type: 'quickReply.media', media: c.draft.media === null ? brochure : null });
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const closed = snapshot.matches({ dialog: 'closed' });
  const plain = c.search === '' && snapshot.matches({ search: 'idle' });
  const dialog = () =>
    dialogEvents(snapshot, 'quickReply', {
      form: () => formEvents(snapshot),
      refused,
      closed: [
        { type: 'quickReply.add' },
        { type: 'quickReply.edit', reply: salam },
        { type: 'quickReply.delete', reply: promo },
      ],
    });
  return [...(closed ? searchEvents(snapshot, 'quickReply', ' promo ') : []), ...(plain ? dialog() : [])];
}

const settleReply = settleSave('quick_reply_create', 'quick_reply_update');

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, effects: [], input: { client, key: quickReplyKey } };
}

function describeEmitted(emitted: QuickReplyEmitted): string {
  switch (emitted.type) {
    case 'quickReply.saved':
      return `announces /${emitted.reply.shortcut} ${emitted.created ? 'added' : 'changed'}`;
    case 'quickReply.deleted':
      return 'announces the quick reply deleted';
  }
}

function describeEvent(event: AnyEventObject): string {
  const value = String(event['value'] ?? '');
  switch (event.type) {
    case 'quickReply.shortcut':
      return `the user types the shortcut "${value}"`;
    case 'quickReply.text':
      return `the user types the text "${value}"`;
    case 'quickReply.media':
      return event['media'] === null ? 'the user takes the file off' : 'the user picks brosur.pdf';
    default:
      return (
        describeSettled(event, { save: 'the save', remove: 'the delete' }) ??
        describeTableEvent(event, { prefix: 'quickReply', who: 'the user', rowKey: 'reply', nameOf }) ??
        plainEvents[event.type] ??
        event.type
      );
  }
}

const plainEvents: Record<string, string> = {
  'quickReply.searchSettled': 'the typing pauses (debounce)',
  'quickReply.add': 'the user presses "Tambah"',
  'quickReply.save': 'the user presses "Simpan"',
  'quickReply.cancel': 'the user closes the dialog',
  'quickReply.confirmDelete': 'the user confirms the delete',
};

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown };
  const form = () => `form "${c.draft.shortcut}" "${c.draft.text}" ${c.draft.media?.filename ?? 'no file'}`;
  const notes = crudNotes(snapshot, c, { nameOf, form }).filter(Boolean);
  return `${statePath(value.search)} / ${statePath(value.dialog)}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

export const quickReplyModel: PathModel = {
  name: 'quickReply',
  machine: quickReplyMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the quick replies of project ${quickReplyKey} open`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        [
          'quickReply.add',
          'quickReply.shortcut',
          'quickReply.text',
          'quickReply.media',
          'quickReply.save',
        ].includes(event.type),
      ),
    toState: (snapshot) =>
      snapshot.matches({ dialog: { form: 'saving' } }) && ctx(snapshot).draft.media !== null,
  },
  scenarios: [
    // A shortcut outside the rule is refused by the check; a search typed twice runs once.
    {
      start: 0,
      events: [
        { type: 'quickReply.search', text: 'pro' },
        { type: 'quickReply.search', text: 'promo' },
        { type: 'quickReply.searchSettled' },
        { type: 'quickReply.search', text: '' },
        { type: 'quickReply.add' },
        { type: 'quickReply.shortcut', value: 'salam kak!' },
        { type: 'quickReply.text', value: 'Halo' },
        { type: 'quickReply.save' },
        { type: 'quickReply.shortcut', value: 'salam-kak' },
        { type: 'quickReply.save' },
      ],
    },
    // Added, changed and deleted: each is announced (their ends look like the start).
    {
      start: 0,
      events: [
        { type: 'quickReply.add' },
        { type: 'quickReply.cancel' },
        { type: 'quickReply.add' },
        { type: 'quickReply.shortcut', value: ' /Salam ' },
        { type: 'quickReply.text', value: newText },
        { type: 'quickReply.save' },
        { type: 'xstate.done.actor.save', output: { ...salam, text: newText } },
        { type: 'quickReply.edit', reply: salam },
        { type: 'quickReply.text', value: newText },
        { type: 'quickReply.save' },
        { type: 'xstate.done.actor.save', output: { ...salam, text: newText } },
        { type: 'quickReply.delete', reply: promo },
        { type: 'quickReply.cancel' },
        { type: 'quickReply.delete', reply: promo },
        { type: 'quickReply.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: promo.id } },
      ],
    },
    // Editing: the file taken off is sent as `mediaId: null`; a failure keeps the form.
    {
      start: 0,
      events: [
        { type: 'quickReply.edit', reply: promo },
        { type: 'quickReply.media', media: null },
        { type: 'quickReply.save' },
        { type: 'xstate.error.actor.save', error: networkError },
        { type: 'quickReply.save' },
        { type: 'xstate.done.actor.save', output: { ...promo, media: null } },
      ],
    },
  ],
  actorActs: { save: 'quick_reply_create', remove: 'quick_reply_delete' },
  drivers: { 'xstate.done.actor.save': settleReply, 'xstate.error.actor.save': settleReply },
  observe: (actor, world) => {
    actor.on('*', (emitted: QuickReplyEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
