/**
 * A rule editor's test model. Start 0: the owner adds an auto-reply: the pickers' lists load (the
 * gallery's newest page of two; before naming the rule the owner loads the next page, which
 * arrives or fails and is asked for again), the owner saves it empty (its name and reply get their errors), names it "Harga" and writes the
 * reply, saves (stored; the server finds a field wrong; the server is not reached), or closes it;
 * meanwhile the try box takes "berapa harganya?" (a new customer's or not) and judges it with the
 * draft (an answer, a failure, or tried again while it runs). The broadcast picker shows the newest
 * broadcasts (or fails, or is refused and turns off); before anything else the owner searches
 * "promo" (the pause passes, or the box is cleared), which answers its matches or fails, and clears
 * it again. Start 1: a member who may only read (and may not view broadcasts: none are asked for)
 * opens the follow-up "Tindak lanjut penawaran": edits and saves are not taken, the try box works.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { BroadcastChoices } from '../automationActors.ts';
import { automationRuleEditorMachine } from '../automationRuleEditorMachine.ts';
import type { AutomationRuleEditorContext } from '../automationRuleEditorMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { silentDelay } from '../delay.ts';
import {
  automationKey,
  broadcastPromo,
  broadcastCatalogue,
  editorReferences,
  followUpRule,
  olderGalleryPage,
  priceRule,
  priceTried,
  referenceLists,
} from './automationFixtures.ts';
import { video } from './galleryFixtures.ts';

function world(rule: typeof followUpRule | null, maySave: boolean): () => World {
  return () => {
    const client = createFakeClient();
    return {
      client,
      browser: null,
      input: {
        client,
        key: automationKey,
        kind: rule?.kind ?? 'auto_reply',
        rule,
        maySave,
        mayViewBroadcasts: maySave,
      },
    };
  };
}

function ctx(snapshot: AnyMachineSnapshot): AutomationRuleEditorContext {
  return snapshot.context as AutomationRuleEditorContext;
}

function replyText(c: AutomationRuleEditorContext): string {
  const first = c.draft.kind === 'auto_reply' ? c.draft.actions[0] : undefined;
  return first?.kind === 'send_text' ? first.text : '';
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    named: c.draft.name !== '',
    replied: replyText(c) !== '',
    errors: Object.keys(c.fieldErrors).sort(),
    saveError: c.saveError?.reason ?? null,
    sample: c.sample !== '',
    newCustomer: c.newCustomer,
    tried: c.tryResult !== null,
    tryError: c.tryError?.reason ?? null,
    gallery: c.references.gallery.length,
    galleryError: c.galleryError?.reason ?? null,
    broadcasts: c.broadcasts.length,
    broadcastSearch: [c.searchText, c.search],
    broadcastError: c.broadcastError?.reason ?? null,
  });
}

const nameIt: AnyEventObject = { type: 'editor.edit', edit: { op: 'name', name: 'Harga' } };
const replyIt: AnyEventObject = {
  type: 'editor.edit',
  edit: { op: 'action', index: 0, action: { kind: 'send_text', text: 'Halo {nama}, harga mulai Rp50.000.' } },
};
const duplicate = apiError('invalid_input', 'Data tidak valid', {
  errors: { 'rule.name': 'Sudah ada aturan bernama ini.' },
});

const referencesLoad: AnyEventObject = { type: 'xstate.done.actor.references', output: editorReferences };

const found = (rows: BroadcastChoices['rows']): AnyEventObject => ({
  type: 'xstate.done.actor.broadcasts',
  output: { rows, named: null } satisfies BroadcastChoices,
});
/** The newest broadcasts ("Promo Ramadan", "Katalog 2025"), and the search "promo"'s match. */
const newestBroadcasts = found([broadcastPromo, broadcastCatalogue]);
const promoBroadcasts = found([broadcastPromo]);
const searchBroadcasts = (text: string): AnyEventObject => ({ type: 'editor.broadcasts.search', text });
const refused = apiError('forbidden', 'Anda tidak punya akses.');

/**
 * The broadcast picker's own steps while it is not as it opened (the newest shown, nothing
 * searched): a page's answer, the pause or a cleared box, a search cleared; null once it is, or
 * for a member who may not view broadcasts (the rest of the editor then goes on).
 */
function broadcastEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] | null {
  const c = ctx(snapshot);
  // Refused for the owner (start 0): the editor is closed; start 1 never asks.
  if (snapshot.matches({ open: { broadcasts: 'off' } })) return c.maySave ? [{ type: 'editor.close' }] : null;
  if (snapshot.matches({ open: { broadcasts: { on: { list: 'loading' } } } }))
    return [
      c.search === '' ? newestBroadcasts : promoBroadcasts,
      { type: 'xstate.error.actor.broadcasts', error: networkError },
      ...(c.broadcasts.length === 0 && c.broadcastError === null
        ? [{ type: 'xstate.error.actor.broadcasts', error: refused }]
        : []),
    ];
  if (snapshot.matches({ open: { broadcasts: { on: { search: 'debouncing' } } } }))
    return [{ type: 'editor.broadcasts.searchSettled' }, searchBroadcasts('')];
  if (c.searchText !== '') return [searchBroadcasts('')];
  // The first page failed: a search asks again.
  if (c.broadcastError !== null) return [searchBroadcasts('promo')];
  return null;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ open: { references: 'loading' } })) return [referencesLoad];
  const broadcasts = broadcastEvents(snapshot);
  if (broadcasts !== null) return broadcasts;
  if (snapshot.matches({ open: { references: 'loadingGallery' } }))
    return [
      { type: 'xstate.done.actor.galleryPage', output: olderGalleryPage },
      { type: 'xstate.error.actor.galleryPage', error: networkError },
    ];
  if (snapshot.matches({ open: { form: 'saving' } }))
    return [
      { type: 'xstate.done.actor.save', output: priceRule },
      { type: 'xstate.error.actor.save', error: duplicate },
      { type: 'xstate.error.actor.save', error: networkError },
    ];
  if (snapshot.matches({ open: { trial: 'trying' } }))
    return [
      { type: 'xstate.done.actor.trial', output: priceTried },
      { type: 'xstate.error.actor.trial', error: networkError },
      { type: 'editor.try' },
    ];
  if (!snapshot.matches('open')) return [];
  const trial: AnyEventObject[] =
    c.sample === ''
      ? [{ type: 'editor.sample', text: 'berapa harganya?' }]
      : c.tryResult === null && c.tryError === null
        ? [{ type: 'editor.try' }, { type: 'editor.newCustomer', newCustomer: !c.newCustomer }]
        : [];
  if (!c.maySave) return [nameIt, { type: 'editor.save' }, ...trial, { type: 'editor.close' }];
  // The gallery's next page, while the rule is unnamed and no try was typed (the rest as without it).
  const gallery: AnyEventObject[] =
    c.sample === '' && c.fieldErrors['rule.name'] === undefined ? [{ type: 'editor.moreGallery' }] : [];
  // The broadcast search, before anything else is done.
  const search: AnyEventObject[] =
    gallery.length > 0 && c.references.gallery.length === 1 && c.galleryError === null
      ? [searchBroadcasts('promo')]
      : [];
  if (c.draft.name === '')
    return [{ type: 'editor.save' }, nameIt, ...trial, ...gallery, ...search, { type: 'editor.close' }];
  if (replyText(c) === '') return [{ type: 'editor.save' }, replyIt];
  return [{ type: 'editor.save' }, { type: 'editor.close' }];
}

/**
 * The pickers' lists: a project without numbers, labels, stages, divisions, members or broadcasts
 * yet, and a gallery of two pages (its newest file on the first).
 */
const loadReferences: StepDriver = ({ world }) => {
  for (const name of referenceLists) world.client.settle(name, { data: [] });
  world.client.settle('gallery_list', {
    data: editorReferences.gallery,
    total_page: editorReferences.galleryPages,
  });
};

/** The broadcast picker's page: the rows the event names, or its failure. */
const settleBroadcasts: StepDriver = ({ world, event }) => {
  world.client.settle(
    'broadcast_list',
    event.type === 'xstate.done.actor.broadcasts'
      ? { data: (event['output'] as BroadcastChoices).rows }
      : { error: event['error'] },
  );
};

/** The gallery's next page: its older file, or the network down. */
const settleGalleryPage: StepDriver = ({ world, event }) => {
  world.client.settle(
    'gallery_list',
    event.type === 'xstate.done.actor.galleryPage'
      ? { data: [video], total_page: editorReferences.galleryPages }
      : { error: event['error'] },
  );
};

/** The save: a create for a new rule, an update for a stored one. */
const settleSave: StepDriver = ({ world, event }) => {
  const call = world.client.pending().find((pending) => pending.name.startsWith('automation_rule_'));
  if (call === undefined) throw new Error('no save pending');
  world.client.settle(
    call.name,
    event.type === 'xstate.done.actor.save' ? { data: event['output'] } : { error: event['error'] },
  );
};

/** The try: every pending call answered alike (one tried again was aborted; its answer is ignored). */
const settleTry: StepDriver = ({ world, event }) => {
  while (world.client.pending().some((call) => call.name === 'automation_rule_try'))
    world.client.settle(
      'automation_rule_try',
      event.type === 'xstate.done.actor.trial' ? { data: event['output'] } : { error: event['error'] },
    );
};

export const automationRuleEditorModel: PathModel = {
  name: 'automationRuleEditor',
  machine: automationRuleEditorMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [
    { label: 'a new auto-reply, for the owner', world: world(null, true) },
    {
      label: `the follow-up "${followUpRule.name}", for a member who may only read it`,
      world: world(followUpRule, false),
    },
  ],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ open: { references: 'loading' } })) return [referencesLoad];
      if (snapshot.matches({ open: { broadcasts: { on: { list: 'loading' } } } })) return [newestBroadcasts];
      if (snapshot.matches({ open: { form: 'saving' } }))
        return [{ type: 'xstate.done.actor.save', output: priceRule }];
      const c = ctx(snapshot);
      if (c.draft.name === '') return [nameIt];
      return replyText(c) === '' ? [replyIt] : [{ type: 'editor.save' }];
    },
    toState: (snapshot) => snapshot.matches('saved'),
  },
  scenarios: [
    // Tried again while the first try runs: the newer one answers.
    {
      start: 0,
      events: [
        referencesLoad,
        { type: 'editor.sample', text: 'berapa harganya?' },
        { type: 'editor.try' },
        { type: 'editor.try' },
        { type: 'xstate.done.actor.trial', output: priceTried },
      ],
    },
  ],
  actorActs: {},
  drivers: {
    'xstate.done.actor.references': loadReferences,
    'xstate.done.actor.broadcasts': settleBroadcasts,
    'xstate.error.actor.broadcasts': settleBroadcasts,
    'xstate.done.actor.galleryPage': settleGalleryPage,
    'xstate.error.actor.galleryPage': settleGalleryPage,
    'xstate.done.actor.save': settleSave,
    'xstate.error.actor.save': settleSave,
    'xstate.done.actor.trial': settleTry,
    'xstate.error.actor.trial': settleTry,
  },
  describeEvent,
  describeState,
};

function describeEvent(event: AnyEventObject): string {
  switch (event.type) {
    case 'editor.edit':
      return event === nameIt || (event['edit'] as { op: string }).op === 'name'
        ? 'names it "Harga"'
        : 'writes the reply "Halo {nama}, harga mulai Rp50.000."';
    case 'editor.sample':
      return `types the sample "${String(event['text'])}"`;
    case 'editor.newCustomer':
      return event['newCustomer'] === true
        ? "makes it a new customer's first message"
        : 'makes it a known customer';
    case 'xstate.error.actor.save':
      return (event['error'] as { reason?: string }).reason === 'invalid_input'
        ? 'the server finds the name taken'
        : 'the save fails (network down)';
    case 'xstate.error.actor.trial':
      return 'the try fails (network down)';
    case 'xstate.error.actor.galleryPage':
      return "the gallery's next page fails (network down)";
    case 'xstate.done.actor.broadcasts': {
      const names = (event['output'] as BroadcastChoices).rows.map((row) => `"${row.name}"`);
      return `the broadcast picker shows ${names.join(' and ')}`;
    }
    case 'xstate.error.actor.broadcasts':
      return (event['error'] as { reason?: string }).reason === 'forbidden'
        ? 'the broadcasts are refused (no access)'
        : 'the broadcasts fail (network down)';
    case 'editor.broadcasts.search':
      return event['text'] === ''
        ? 'clears the broadcast search'
        : `searches the broadcasts for "${String(event['text'])}"`;
    default:
      return (
        {
          'xstate.done.actor.references': "the pickers load (the gallery's newest page of two)",
          'xstate.done.actor.galleryPage': `the gallery's next page adds "${video.filename}"`,
          'editor.moreGallery': 'presses Muat lagi under the gallery',
          'editor.broadcasts.searchSettled': 'the typing pauses',
          'xstate.done.actor.save': 'the rule is stored',
          'xstate.done.actor.trial': 'the try answers: "Harga" fires on "harga"',
          'editor.save': 'presses Simpan',
          'editor.try': 'presses Coba',
          'editor.close': 'closes the editor',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (snapshot.matches('saved')) return 'saved';
  if (snapshot.matches('closed')) return 'closed';
  const parts = [c.draft.name === '' ? 'unnamed' : `"${c.draft.name}"`];
  if (!c.maySave) parts.push('read only');
  const errors = Object.keys(c.fieldErrors);
  if (errors.length > 0) parts.push(`errors on ${errors.join(', ')}`);
  if (c.saveError) parts.push(`save failed (${c.saveError.reason})`);
  if (snapshot.matches({ open: { form: 'saving' } })) parts.push('saving');
  if (snapshot.matches({ open: { trial: 'trying' } })) parts.push('trying');
  if (snapshot.matches({ open: { references: 'loadingGallery' } })) parts.push('loading more files');
  if (c.references.gallery.length > 1) parts.push(`${c.references.gallery.length} files`);
  if (c.galleryError) parts.push('more files failed');
  if (snapshot.matches({ open: { broadcasts: 'off' } })) parts.push('no broadcasts');
  if (snapshot.matches({ open: { broadcasts: { on: { list: 'loading' } } } }))
    parts.push('loading broadcasts');
  if (c.searchText !== '') parts.push(`broadcasts searched "${c.searchText}"`);
  if (c.broadcasts.length > 0) parts.push(`${c.broadcasts.length} broadcasts`);
  if (c.broadcastError) parts.push('broadcasts failed');
  if (c.tryResult) parts.push('tried');
  if (c.tryError) parts.push('try failed');
  return parts.join(', ');
}
