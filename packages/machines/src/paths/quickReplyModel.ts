/**
 * The quick replies screen's test model: the user searches (the pause never ends by itself: the
 * model sends `quickReply.searchSettled`), adds a quick reply (shortcut typed as `/Salam`, a
 * text with placeholders, the gallery's brochure; saving an empty form shows the checks'
 * errors; the server may say the shortcut is taken, or not be reached), edits `salam` (its
 * text, a file added), and deletes `promo` (confirmed, called off, refused). Every announcement
 * is written to the run's effects.
 */
import { fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { QuickReply } from '@sapa/sdk';
import { quickReplyMachine } from '../quickReplyMachine.ts';
import type { QuickReplyContext, QuickReplyEmitted } from '../quickReplyMachine.ts';
import { checkQuickReply } from '../quickReplyForm.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { brochureFile, promo, quickReplyKey, refused, salam, shortcutTaken } from './quickReplyFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): QuickReplyContext {
  return snapshot.context as QuickReplyContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    search: [c.search, c.searchText],
    editing: c.editing?.shortcut ?? null,
    draft: [c.draft.shortcut, c.draft.text, c.draft.media?.filename ?? null],
    errors: Object.entries(c.fieldErrors).map(
      ([field, error]) => `${field}:${'key' in error ? error.key : 'server'}`,
    ),
    saveError: c.saveError?.reason ?? null,
    del: [c.deleteTarget?.shortcut ?? null, c.deleteError?.reason ?? null],
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

function searchEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ search: 'debouncing' }))
    return [{ type: 'quickReply.searchSettled' }, { type: 'quickReply.search', text: '' }];
  return c.search === ''
    ? [{ type: 'quickReply.search', text: ' promo ' }]
    : [{ type: 'quickReply.search', text: '  ' }];
}

function formEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: { form: 'saving' } }))
    return [
      { type: 'xstate.done.actor.save', output: savedOf(c) },
      { type: 'xstate.error.actor.save', error: shortcutTaken },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
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

function dialogEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ dialog: 'form' })) return formEvents(snapshot);
  if (snapshot.matches({ dialog: 'confirmingDelete' }))
    return [{ type: 'quickReply.confirmDelete' }, { type: 'quickReply.cancel' }];
  if (snapshot.matches({ dialog: 'deleting' }))
    return [
      { type: 'xstate.done.actor.remove', output: { id: c.deleteTarget?.id ?? '' } },
      { type: 'xstate.error.actor.remove', error: refused },
    ];
  return [
    { type: 'quickReply.add' },
    { type: 'quickReply.edit', reply: salam },
    { type: 'quickReply.delete', reply: promo },
  ];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const closed = snapshot.matches({ dialog: 'closed' });
  const plain = c.search === '' && snapshot.matches({ search: 'idle' });
  return [...(closed ? searchEvents(snapshot) : []), ...(plain ? dialogEvents(snapshot) : [])];
}

/** Answers the pending create or update (whichever the save called). */
const settleSave: StepDriver = ({ world, event }) => {
  const name = world.client.pending().some((call) => call.name === 'quick_reply_update')
    ? 'quick_reply_update'
    : 'quick_reply_create';
  world.client.settle(
    name,
    event.type.startsWith('xstate.error.') ? { error: event['error'] } : { data: event['output'] },
  );
};

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, effects: [], input: { client, key: quickReplyKey } };
}

/** The pause never ends by itself: the model sends `quickReply.searchSettled`. */
const silentPause = fromCallback<{ type: 'pause.none' }, { ms: number }>(() => undefined);

function describeEmitted(emitted: QuickReplyEmitted): string {
  switch (emitted.type) {
    case 'quickReply.saved':
      return `announces /${emitted.reply.shortcut} ${emitted.created ? 'added' : 'changed'}`;
    case 'quickReply.deleted':
      return 'announces the quick reply deleted';
  }
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = settled[2] === 'save' ? 'the save' : 'the delete';
    if (settled[1] === 'done') return `${what} succeeds`;
    const error = event['error'] as { reason?: string; message: string };
    return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
  }
  const value = String(event['value'] ?? event['text'] ?? '');
  switch (event.type) {
    case 'quickReply.search':
      return value.trim() === '' ? 'the user clears the search' : `the user types "${value}" in the search`;
    case 'quickReply.edit':
    case 'quickReply.delete': {
      const reply = event['reply'] as QuickReply;
      return `the user ${event.type === 'quickReply.edit' ? 'edits' : 'asks to delete'} /${reply.shortcut}`;
    }
    case 'quickReply.shortcut':
      return `the user types the shortcut "${value}"`;
    case 'quickReply.text':
      return `the user types the text "${value}"`;
    case 'quickReply.media':
      return event['media'] === null ? 'the user takes the file off' : 'the user picks brosur.pdf';
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

const plainEvents: Record<string, string> = {
  'quickReply.searchSettled': 'the typing pauses (debounce)',
  'quickReply.add': 'the user presses "Tambah"',
  'quickReply.save': 'the user presses "Simpan"',
  'quickReply.cancel': 'the user closes the dialog',
  'quickReply.confirmDelete': 'the user confirms the delete',
};

function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${key}.${statePath(child)}`;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { search: unknown; dialog: unknown };
  const notes = [
    c.search === '' ? '' : `search "${c.search}"`,
    c.editing === null ? '' : `editing /${c.editing.shortcut}`,
    snapshot.matches({ dialog: 'form' })
      ? `form "${c.draft.shortcut}" "${c.draft.text}" ${c.draft.media?.filename ?? 'no file'}`
      : '',
    Object.keys(c.fieldErrors).length > 0 ? `errors on ${Object.keys(c.fieldErrors).join(', ')}` : '',
    c.saveError ? `save failed: "${c.saveError.message}"` : '',
    c.deleteTarget === null ? '' : `deleting /${c.deleteTarget.shortcut}`,
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
  ].filter(Boolean);
  return `${statePath(value.search)} / ${statePath(value.dialog)}${notes.length > 0 ? `: ${notes.join(', ')}` : ''}`;
}

export const quickReplyModel: PathModel = {
  name: 'quickReply',
  machine: quickReplyMachine.provide({ actors: { quickReplySearchPause: silentPause } }),
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
  drivers: { 'xstate.done.actor.save': settleSave, 'xstate.error.actor.save': settleSave },
  observe: (actor, world) => {
    actor.on('*', (emitted: QuickReplyEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};
