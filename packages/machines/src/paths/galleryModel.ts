/**
 * The gallery machine's test model: a gallery of three files (a photo, a video, a document)
 * answered two per page, a new brochure uploaded and kept, and two conversations to send a
 * file to. The list and the actions are separate regions; the graph tries list events only
 * while nothing is being done with the files, and actions only on the first page of the whole
 * gallery, so each region is walked through without multiplying the other. Scenarios cover
 * where they meet (an upload kept while a kind filter is on, requests superseded by newer ones).
 * The search pauses never end by themselves: the model sends their settled events.
 *
 * A second start is the gallery screen, which shows the project's storage (`showUsage`): there
 * the graph settles the storage load before anything else, and tries only what changes the
 * storage (keeping an upload, taking a file out), so the usage region is walked without
 * multiplying the others.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ConversationSummary, GalleryItem, StorageUsage } from '@sapa/sdk';
import { galleryMachine } from '../galleryMachine.ts';
import { matchesGalleryQuery } from '../galleryActors.ts';
import type { GalleryPage, GalleryQuery } from '../galleryActors.ts';
import type { GalleryContext } from '../galleryTypes.ts';
import { c1, c2, ghost as ghostConversation } from './conversationListModel.ts';
import { apiError, networkError } from './fixtures.ts';
import {
  brochure,
  createFakeGalleryClient,
  galleryUsage,
  galleryKey,
  galleryPage,
  ghostFile,
  PAGE,
  photo,
  sentMessage,
  server,
  shareTargets,
  video,
} from './galleryFixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { silentDelay } from '../delay.ts';

function ctx(snapshot: AnyMachineSnapshot): GalleryContext {
  return snapshot.context as GalleryContext;
}

function current(c: GalleryContext, page: number): GalleryQuery {
  return { kind: c.kind, search: c.search, page };
}

function names(items: readonly { filename: string }[]): string {
  return items.map((item) => item.filename).join(' ');
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const s = c.share;
  return JSON.stringify({
    value: snapshot.value,
    q: [c.kind, c.search, c.searchText],
    pages: [c.page, c.totalPage],
    items: names(c.items),
    errors: [c.error?.reason ?? null, c.moreError?.reason ?? null],
    selected: c.selected?.filename ?? null,
    picked: names(c.picked),
    del: [c.deleteTarget?.filename ?? null, c.deleteError?.reason ?? null],
    usage: c.usage?.usedBytes ?? null,
    add: [c.added > 0, c.addError?.reason ?? null],
    share: [
      s.search,
      s.searchText,
      s.conversations.map((item) => item.id),
      s.chosen?.id ?? null,
      s.caption,
      s.clientId !== null,
      s.error?.reason ?? null,
      s.sendError?.reason ?? null,
    ],
  });
}

const refused = apiError('forbidden', 'Anda tidak punya akses.');

/** The list holds exactly what the server answered for its pages (nothing added or taken out). */
function asServed(snapshot: AnyMachineSnapshot): boolean {
  const c = ctx(snapshot);
  if (snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'failed' })) return true;
  const rows = server.filter((item) => matchesGalleryQuery(item, c)).slice(0, (c.page + 1) * PAGE);
  return names(c.items) === names(rows);
}

function listEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const at = (state: object | string) => snapshot.matches({ list: state });
  if (at('loading'))
    return [
      { type: 'xstate.done.actor.page', output: galleryPage(current(c, 0)) },
      { type: 'xstate.error.actor.page', error: networkError },
    ];
  if (at('failed')) return [{ type: 'gallery.retry' }];
  if (at('debouncing')) return [{ type: 'gallery.searchSettled' }, { type: 'gallery.search', text: '' }];
  if (at({ ready: 'loadingMore' }))
    return [
      { type: 'xstate.done.actor.more', output: galleryPage(current(c, c.page + 1)) },
      { type: 'xstate.error.actor.more', error: networkError },
    ];
  const out: AnyEventObject[] = [];
  if (c.page + 1 < c.totalPage) out.push({ type: 'gallery.loadMore' });
  if (c.kind === 'all' && c.search === '' && c.page === 0)
    out.push({ type: 'gallery.kind', kind: 'video' }, { type: 'gallery.search', text: ' promo ' });
  if (c.kind !== 'all') out.push({ type: 'gallery.kind', kind: 'all' });
  if (c.search !== '') out.push({ type: 'gallery.search', text: '' });
  return out;
}

function shareEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const s = ctx(snapshot).share;
  const at = (state: object | string) => snapshot.matches({ action: { sharing: state } });
  const typed = s.search === '' && s.searchText === '';
  if (at({ choosing: 'loading' }))
    return [
      { type: 'xstate.done.actor.targets', output: shareTargets(s.search) },
      { type: 'xstate.error.actor.targets', error: networkError },
      ...(typed ? [{ type: 'share.search', text: 'sari' }] : []),
    ];
  if (at({ choosing: 'failed' })) return [{ type: 'share.retry' }, { type: 'share.close' }];
  if (at({ choosing: 'debouncing' }))
    return [{ type: 'share.searchSettled' }, { type: 'share.search', text: '' }];
  if (at({ choosing: 'picking' })) {
    if (s.chosen !== null) return [{ type: 'share.send', caption: ' Promo minggu ini ' }];
    return [
      { type: 'share.choose', conversationId: c1.id },
      typed ? { type: 'share.search', text: 'sari' } : { type: 'share.search', text: '' },
    ];
  }
  if (at('sending'))
    return [
      { type: 'xstate.done.actor.send', output: sentMessage },
      { type: 'xstate.error.actor.send', error: networkError },
    ];
  if (at('sendFailed')) return [{ type: 'share.retry' }, { type: 'share.back' }, { type: 'share.close' }];
  return [{ type: 'share.close' }];
}

function actionEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  const at = (state: object | string) => snapshot.matches({ action: state });
  if (at('sharing')) return shareEvents(snapshot);
  if (at('confirmingDelete')) return [{ type: 'gallery.confirmDelete' }, { type: 'gallery.cancelDelete' }];
  if (at('deleting'))
    return [
      { type: 'xstate.done.actor.remove', output: { id: c.deleteTarget?.id ?? '' } },
      { type: 'xstate.error.actor.remove', error: refused },
    ];
  if (at('adding'))
    return [
      { type: 'xstate.done.actor.add', output: [brochure] },
      { type: 'xstate.error.actor.add', error: refused },
    ];
  if (c.addError !== null) return [{ type: 'gallery.dismiss' }];
  if (c.selected !== null)
    return [
      { type: 'gallery.close' },
      { type: 'share.start' },
      { type: 'gallery.delete', id: c.selected.id },
    ];
  if (!asServed(snapshot) || c.added > 0) return [];
  return [
    { type: 'gallery.open', id: photo.id },
    { type: 'gallery.delete', id: video.id },
    { type: 'gallery.add', ids: [brochure.id] },
  ];
}

/** The gallery screen: the storage load settles first; then only adds and deletes change it. */
function usageScreenEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ usage: 'loading' }))
    return [
      { type: 'xstate.done.actor.usage', output: galleryUsage(c.items) },
      { type: 'xstate.error.actor.usage', error: networkError },
    ];
  if (snapshot.matches({ list: 'loading' })) return [firstPage];
  const at = (state: string) => snapshot.matches({ action: state });
  if (at('confirmingDelete')) return [{ type: 'gallery.confirmDelete' }];
  if (at('deleting')) return [{ type: 'xstate.done.actor.remove', output: { id: c.deleteTarget?.id ?? '' } }];
  if (at('adding')) return [{ type: 'xstate.done.actor.add', output: [brochure] }];
  if (!at('idle') || c.added > 0) return [];
  return [
    { type: 'gallery.add', ids: [brochure.id] },
    ...(c.items.some((item) => item.id === video.id) ? [{ type: 'gallery.delete', id: video.id }] : []),
  ];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (c.showUsage) return usageScreenEvents(snapshot);
  const actionIdle = snapshot.matches({ action: 'idle' });
  const listFirstPage =
    snapshot.matches({ list: { ready: 'idle' } }) && c.kind === 'all' && c.search === '' && c.page === 0;
  return [
    ...(actionIdle && c.selected === null && c.addError === null && asServed(snapshot)
      ? listEvents(snapshot)
      : []),
    ...(listFirstPage ? actionEvents(snapshot) : []),
  ];
}

/** Answers superseded calls of `act` with a ghost row, then the current one as the step says. */
function settleCurrent(act: 'gallery_list' | 'conversation_list'): StepDriver {
  return ({ world, event }) => {
    const { client } = world;
    const ghost = act === 'gallery_list' ? ghostFile : ghostConversation;
    while (client.pending().filter((call) => call.name === act).length > 1)
      client.settle(act, { data: { data: [ghost], total_page: 9 } });
    if (event.type.startsWith('xstate.error.')) return client.settle(act, { error: event['error'] });
    const output = event['output'] as GalleryPage | ConversationSummary[];
    client.settle(act, {
      data: Array.isArray(output)
        ? { data: output, total_page: 1 }
        : { data: output.items, total_page: output.totalPage },
    });
  };
}

const drivers: Record<string, StepDriver> = {};
/** A storage load superseded by a change (an add, a delete) is answered stale first. */
const settleUsage: StepDriver = ({ world, event }) => {
  const { client } = world;
  while (client.pending().filter((call) => call.name === 'gallery_usage').length > 1)
    client.settle('gallery_usage', { data: { usedBytes: 1, quotaBytes: 1 } });
  if (event.type.startsWith('xstate.error.'))
    return client.settle('gallery_usage', { error: event['error'] });
  client.settle('gallery_usage', { data: event['output'] });
};

for (const outcome of ['done', 'error']) {
  drivers[`xstate.${outcome}.actor.page`] = settleCurrent('gallery_list');
  drivers[`xstate.${outcome}.actor.more`] = settleCurrent('gallery_list');
  drivers[`xstate.${outcome}.actor.targets`] = settleCurrent('conversation_list');
  drivers[`xstate.${outcome}.actor.usage`] = settleUsage;
}

function world(): World {
  const client = createFakeGalleryClient();
  let sends = 0;
  const newClientId = () => `5e0d0000-0000-4000-8000-${String((sends += 1)).padStart(12, '0')}`;
  // Room for one picked file, as the composer's picker with one free tray slot.
  return {
    client,
    browser: null,
    effects: [],
    input: { client, key: galleryKey, newClientId, pickLimit: 1 },
  };
}

/** The gallery screen itself: no picking, the storage shown. */
function screenWorld(): World {
  const client = createFakeGalleryClient();
  return { client, browser: null, effects: [], input: { client, key: galleryKey, showUsage: true } };
}

const plain = (page: number): GalleryQuery => ({ kind: 'all', search: '', page });
const firstPage: AnyEventObject = { type: 'xstate.done.actor.page', output: galleryPage(plain(0)) };

/** The pause never ends by itself: the model sends `gallery.searchSettled` / `share.searchSettled`. */

export const galleryModel: PathModel = {
  name: 'gallery',
  machine: galleryMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [
    { label: `the gallery picker of project ${galleryKey} opens`, world },
    { label: `the gallery screen of project ${galleryKey} opens, with its storage`, world: screenWorld },
  ],
  events,
  simple: {
    events: (snapshot) => {
      const c = ctx(snapshot);
      if (c.showUsage) return [];
      const send = shareEvents(snapshot).filter((e) =>
        ['xstate.done.actor.targets', 'share.choose', 'share.send', 'xstate.done.actor.send'].includes(
          e.type,
        ),
      );
      if (snapshot.matches({ list: 'loading' })) return [firstPage];
      if (snapshot.matches({ action: 'sharing' })) return send;
      if (!snapshot.matches({ list: { ready: 'idle' } })) return [];
      return c.selected === null ? [{ type: 'gallery.open', id: photo.id }] : [{ type: 'share.start' }];
    },
    toState: (snapshot) => snapshot.matches({ action: { sharing: 'sent' } }),
  },
  scenarios: [
    // A kind and a search while the first page loads: only the last request's answer counts.
    {
      start: 0,
      events: [
        { type: 'gallery.kind', kind: 'image' },
        { type: 'gallery.search', text: 'promo' },
        { type: 'gallery.kind', kind: 'video' },
        { type: 'xstate.done.actor.page', output: galleryPage({ kind: 'video', search: 'promo', page: 0 }) },
      ],
    },
    // An upload kept while the video tab is on joins the gallery but not the list.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.kind', kind: 'video' },
        { type: 'xstate.done.actor.page', output: galleryPage({ kind: 'video', search: '', page: 0 }) },
        { type: 'gallery.add', ids: [brochure.id] },
        { type: 'gallery.add', ids: [] },
        { type: 'xstate.done.actor.add', output: [brochure] },
      ],
    },
    // The picker: a file picked stays across a kind change; a second finds no room; put back.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.pick', id: photo.id },
        { type: 'gallery.pick', id: video.id },
        { type: 'gallery.kind', kind: 'video' },
        { type: 'xstate.done.actor.page', output: galleryPage({ kind: 'video', search: '', page: 0 }) },
        { type: 'gallery.pick', id: photo.id },
        { type: 'gallery.pick', id: video.id },
      ],
    },
    // A next page in flight is superseded by a new kind; an empty add is ignored.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.add', ids: [] },
        { type: 'gallery.loadMore' },
        { type: 'gallery.kind', kind: 'document' },
        { type: 'xstate.done.actor.page', output: galleryPage({ kind: 'document', search: '', page: 0 }) },
      ],
    },
    // A delete called off, and an add refused then dismissed, leave the gallery as it was.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.delete', id: video.id },
        { type: 'gallery.cancelDelete' },
        { type: 'gallery.add', ids: [brochure.id] },
        { type: 'xstate.error.actor.add', error: refused },
        { type: 'gallery.dismiss' },
      ],
    },
    // The previewed file is taken out: the preview closes.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.open', id: photo.id },
        { type: 'gallery.delete', id: photo.id },
        { type: 'gallery.confirmDelete' },
        { type: 'xstate.done.actor.remove', output: { id: photo.id } },
      ],
    },
    // On the screen, an upload kept while the storage still loads: it is asked again, and only
    // the answer that counts the upload is shown.
    {
      start: 1,
      events: [
        firstPage,
        { type: 'gallery.add', ids: [brochure.id] },
        { type: 'xstate.done.actor.add', output: [brochure] },
        { type: 'xstate.done.actor.usage', output: galleryUsage([...server, brochure]) },
      ],
    },
    // A send that failed is retried as the same message and goes through.
    {
      start: 0,
      events: [
        firstPage,
        { type: 'gallery.open', id: photo.id },
        { type: 'share.start' },
        { type: 'xstate.done.actor.targets', output: shareTargets('') },
        { type: 'share.choose', conversationId: c2.id },
        { type: 'share.send', caption: '' },
        { type: 'xstate.error.actor.send', error: networkError },
        { type: 'share.retry' },
        { type: 'xstate.done.actor.send', output: { ...sentMessage, conversationId: c2.id, caption: null } },
      ],
    },
  ],
  actorActs: {
    page: 'gallery_list',
    more: 'gallery_list',
    remove: 'gallery_delete',
    add: 'gallery_add',
    targets: 'conversation_list',
    send: 'message_send',
    usage: 'gallery_usage',
  },
  drivers,
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: AnyEventObject): string {
  if (emitted.type === 'gallery.added') return `announces ${names(emitted['items'] as GalleryItem[])} kept`;
  if (emitted.type === 'gallery.sent') {
    const conversation = emitted['conversation'] as ConversationSummary | null;
    return `announces the file sent to ${conversation?.customer.name ?? '?'}`;
  }
  return emitted.type === 'gallery.deleted' ? 'announces the file deleted' : emitted.type;
}

const actorNames: Record<string, string> = {
  page: 'the first page',
  more: 'the next page',
  remove: 'gallery_delete',
  add: 'gallery_add',
  targets: 'the conversations',
  send: 'the send',
  usage: 'the storage usage',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const what = actorNames[settled[2]] ?? settled[2];
    if (settled[1] === 'error') {
      const error = event['error'] as { reason?: string; message: string };
      return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
    }
    const output = event['output'] as GalleryPage | GalleryItem[] | ConversationSummary[] | object;
    if ('items' in output)
      return `${what} arrives: ${names(output.items) || 'nothing'} (${output.totalPage} page(s))`;
    if (settled[2] === 'targets')
      return `${what} arrive: ${(output as ConversationSummary[]).map((item) => item.customer.name).join(', ')}`;
    if (settled[2] === 'add') return `${what} keeps ${names(output as GalleryItem[])}`;
    if (settled[2] === 'usage') return `${what} arrives: ${(output as StorageUsage).usedBytes} bytes used`;
    return `${what} succeeds`;
  }
  const text = String(event['text'] ?? '');
  switch (event.type) {
    case 'gallery.kind':
      return `the user picks the "${String(event['kind'])}" tab`;
    case 'gallery.search':
      return text.trim() === '' ? 'the user clears the search' : `the user types "${text}"`;
    case 'gallery.open':
    case 'gallery.delete': {
      const item = [...server, brochure].find((f) => f.id === event['id']);
      return `the user ${event.type === 'gallery.open' ? 'opens' : 'asks to delete'} ${item?.filename ?? '?'}`;
    }
    case 'gallery.add': {
      const ids = event['ids'] as string[];
      return ids.length === 0
        ? 'the user saves no uploads'
        : `the user saves ${ids.length} upload(s) to the gallery`;
    }
    case 'share.search':
      return text.trim() === '' ? 'the user clears the conversation search' : `the user looks for "${text}"`;
    case 'share.choose': {
      const target = [c1, c2].find((item) => item.id === event['conversationId']);
      return `the user picks the conversation with ${target?.customer.name ?? '?'}`;
    }
    case 'share.send':
      return `the user sends it${String(event['caption']).trim() === '' ? '' : ` with "${String(event['caption']).trim()}"`}`;
    case 'gallery.searchSettled':
    case 'share.searchSettled':
      return 'the typing pauses (debounce)';
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

const plainEvents: Record<string, string> = {
  'gallery.retry': 'the user retries',
  'gallery.loadMore': 'the user scrolls near the end (gallery.loadMore)',
  'gallery.close': 'the user closes the preview',
  'gallery.confirmDelete': 'the user confirms the delete',
  'gallery.cancelDelete': 'the user calls the delete off',
  'gallery.dismiss': 'the user closes the upload dialog',
  'share.start': 'the user chooses "send in chat"',
  'share.retry': 'the user retries',
  'share.back': 'the user goes back to the conversations',
  'share.close': 'the user closes the send dialog',
};

/** `ready.idle` for `{ ready: 'idle' }`. */
function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? ['?', ''];
  return `${key}.${statePath(child)}`;
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { list: unknown; action: unknown; usage: unknown };
  const list = statePath(value.list);
  const action = statePath(value.action);
  const usage = statePath(value.usage);
  const notes = [
    c.kind === 'all' ? '' : `tab ${c.kind}`,
    c.search === '' ? '' : `search "${c.search}"`,
    c.selected === null ? '' : `previewing ${c.selected.filename}`,
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
    c.addError ? `add failed: "${c.addError.message}"` : '',
    c.share.chosen === null ? '' : `to ${c.share.chosen.customer.name}`,
    c.share.sendError ? `send failed: "${c.share.sendError.message}"` : '',
    usage === 'hidden' ? '' : `storage ${usage}${c.usage === null ? '' : ` (${c.usage.usedBytes} bytes)`}`,
  ].filter(Boolean);
  return `${list} / ${action}: ${names(c.items) || '(no files)'}, page ${c.page + 1}/${c.totalPage}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}
