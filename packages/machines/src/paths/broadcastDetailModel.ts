/**
 * A broadcast page's test model: the owner of project k1abcdefgh opens "Promo Lebaran" while it
 * sends to the VIP customers. It loads (or fails twice: one retry, then "Coba lagi" or a
 * reconnection), then the VIP label's name. The recipients are the real table child over a page
 * source that answers at once and writes what it was asked for. From the page at rest the owner
 * does one thing at a time:
 *
 * - pauses it (done, or refused), then resumes it, tries the failed again, cancels or deletes it;
 * - cancels it (asked first: confirmed or not), then deletes the cancelled broadcast;
 * - progress arrives live (the recipients are asked at once; a second change waits for the pause
 *   and is asked once), the broadcast finishes live (asked again for its retry count: then tried
 *   again or deleted), or pauses itself for the balance (resuming is refused for it);
 * - filters the recipients by state, by replied, searches them, and exports them (done or failed);
 * - the broadcast is deleted elsewhere, or the connection comes back.
 *
 * Events are offered one region at a time, so the graph is a star around the page at rest.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import type { BroadcastDetail } from '@sapa/sdk';
import { broadcastDetailMachine } from '../broadcastDetailMachine.ts';
import type { BroadcastDetailContext, BroadcastDetailEmitted } from '../broadcastDetailMachine.ts';
import { silentDelay } from '../delay.ts';
import type { ActName } from '../sdk.ts';
import { mainNumber } from './billingFixtures.ts';
import {
  broadcastKey,
  brokeDetail,
  cancelledDetail,
  createFakeRecipientPages,
  doneDetail,
  finishedConflict,
  pausedDetail,
  promoBroke,
  promoDone,
  promoProgress,
  promoSending,
  recipientsExport,
  refusedBalance,
  sendingDetail,
} from './broadcastFixtures.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import { vip } from './labelFixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: {
      client,
      key: broadcastKey,
      id: promoSending.id,
      permissions: grantAll(),
      fetchPage: createFakeRecipientPages(effects),
    },
  };
}

function ctx(snapshot: AnyMachineSnapshot): BroadcastDetailContext {
  return snapshot.context as BroadcastDetailContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const d = c.detail;
  return JSON.stringify({
    value: snapshot.value,
    detail: d === null ? null : [d.status, d.pauseReason, d.counts.sent, d.counts.failed, d.retryable],
    // A live change only matters to a load under way (a later load starts without it).
    load: [
      c.error?.reason ?? null,
      c.failures,
      snapshot.matches({ broadcast: 'loading' }) ? (c.liveSince?.counts.sent ?? null) : null,
    ],
    names: c.names !== null,
    query: [c.filters, c.search, c.searchText],
    control: [c.control, c.controlError?.reason ?? null],
    live: [c.liveStale, c.detailStale],
  });
}

const names = { labels: [vip], stages: [], divisions: [], accounts: [mainNumber] };
const control = (name: string): AnyEventObject => ({ type: 'broadcast.control', control: name });
const updated = (broadcast: unknown): AnyEventObject => ({ type: 'broadcast.updated', broadcast });
const loaded = (detail: BroadcastDetail): AnyEventObject => ({
  type: 'xstate.done.actor.broadcast',
  output: detail,
});
const controlled = (output: BroadcastDetail | null): AnyEventObject => ({
  type: 'xstate.done.actor.control',
  output,
});
const refused = (error: unknown): AnyEventObject => ({ type: 'xstate.error.actor.control', error });

/** What `broadcast_get` answers for the broadcast as the page holds it. */
function detailFor(d: BroadcastDetail | null): BroadcastDetail {
  switch (d?.status) {
    case 'done':
      return doneDetail;
    case 'cancelled':
      return cancelledDetail;
    case 'paused':
      return d.pauseReason === 'balance' ? brokeDetail : pausedDetail;
    default:
      return sendingDetail;
  }
}

/** What the control under way ends with. */
function controlEvents(c: BroadcastDetailContext): AnyEventObject[] {
  switch (c.control) {
    case 'pause':
      return [controlled(pausedDetail), refused(finishedConflict)];
    case 'resume':
      return c.detail?.pauseReason === 'balance' ? [refused(refusedBalance)] : [controlled(sendingDetail)];
    case 'retry':
      return [controlled(sendingDetail)];
    case 'cancel':
      return [controlled(cancelledDetail)];
    default:
      return [controlled(null)];
  }
}

/** The page as it opened, at rest: nothing filtered, asked, confirmed or waiting. */
function atRest(snapshot: AnyMachineSnapshot, c: BroadcastDetailContext): boolean {
  return (
    snapshot.matches({ broadcast: 'ready' }) &&
    snapshot.matches({ names: 'ready' }) &&
    snapshot.matches({ control: 'idle' }) &&
    snapshot.matches({ query: 'idle' }) &&
    snapshot.matches({ export: 'idle' }) &&
    snapshot.matches({ live: 'idle' }) &&
    c.controlError === null &&
    c.filters.state === null &&
    c.filters.replied === null &&
    c.search === ''
  );
}

/** From the page at rest, by the broadcast's status. */
function excursions(detail: BroadcastDetail): AnyEventObject[] {
  switch (detail.status) {
    case 'sending':
      return detail.counts.sent === promoSending.counts.sent
        ? [
            control('pause'),
            control('cancel'),
            updated(promoProgress),
            updated(promoDone),
            updated(promoBroke),
            { type: 'broadcast.deleted' },
            { type: 'broadcast.resync' },
            { type: 'broadcast.state', state: 'failed' },
            { type: 'broadcast.replied', replied: true },
            { type: 'broadcast.search', text: 'budi' },
            { type: 'broadcast.export' },
          ]
        : [updated(promoSending)];
    case 'paused':
      return detail.pauseReason === 'balance'
        ? [control('resume')]
        : [control('resume'), control('retry'), control('cancel'), control('delete')];
    case 'done':
      return [control('retry'), control('delete')];
    default:
      return [control('delete')];
  }
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ broadcast: 'loading' }))
    return c.detail === null
      ? [loaded(sendingDetail), { type: 'xstate.error.actor.broadcast', error: networkError }]
      : [loaded(detailFor(c.detail))];
  if (snapshot.matches({ broadcast: 'failed' }))
    return [{ type: 'broadcast.retry' }, { type: 'broadcast.resync' }];
  if (snapshot.matches({ broadcast: 'gone' }) || snapshot.matches({ control: 'removed' })) return [];
  if (snapshot.matches({ names: 'loading' })) return [{ type: 'xstate.done.actor.names', output: names }];
  if (snapshot.matches({ control: 'confirming' }))
    return [{ type: 'broadcast.confirm' }, { type: 'broadcast.dismiss' }];
  if (snapshot.matches({ control: 'running' })) return controlEvents(c);
  if (snapshot.matches({ export: 'exporting' }))
    return [
      { type: 'xstate.done.actor.export', output: recipientsExport },
      { type: 'xstate.error.actor.export', error: networkError },
    ];
  if (snapshot.matches({ live: 'cooling' }))
    return c.liveStale || c.detail?.counts.sent !== promoSending.counts.sent
      ? [{ type: 'broadcast.liveSettled' }]
      : [{ type: 'broadcast.liveSettled' }, updated(promoProgress)];
  if (snapshot.matches({ query: 'debouncing' }))
    return [{ type: 'broadcast.searchSettled' }, { type: 'broadcast.search', text: '' }];
  if (c.controlError !== null) return [{ type: 'broadcast.dismissError' }];
  if (c.filters.state !== null)
    return [{ type: 'broadcast.state', state: null }, { type: 'broadcast.resetFilters' }];
  if (c.filters.replied !== null) return [{ type: 'broadcast.replied', replied: null }];
  if (c.search !== '') return [{ type: 'broadcast.search', text: '' }, { type: 'broadcast.resetFilters' }];
  return c.detail !== null && atRest(snapshot, c) ? excursions(c.detail) : [];
}

const errorOf = { name: 'AbortError', message: 'replaced by a newer request' };

/** Answers the newest `broadcast_get`: calls a newer request replaced are answered first, to actors that are gone. */
const settleBroadcast: StepDriver = ({ world, event }) => {
  const count = world.client.pending().filter((call) => call.name === 'broadcast_get').length;
  for (let index = 1; index < count; index += 1) world.client.settle('broadcast_get', { error: errorOf });
  world.client.settle(
    'broadcast_get',
    event.type.startsWith('xstate.done.') ? { data: event['output'] } : { error: event['error'] },
  );
};

/** The audience's names: labels, stages, divisions and numbers, side by side. */
const settleNames: StepDriver = ({ world }) => {
  world.client.settle('label_list', { data: names.labels });
  world.client.settle('stage_list', { data: names.stages });
  world.client.settle('division_list', { data: names.divisions });
  world.client.settle('account_list', { data: names.accounts });
};

/** Answers the act of the control under way. */
const settleControl: StepDriver = ({ actor, world, event }) => {
  const chosen = ctx(actor.getSnapshot()).control;
  const act = `broadcast_${String(chosen)}` as ActName;
  if (event.type.startsWith('xstate.error.')) {
    world.client.settle(act, { error: event['error'] });
    return;
  }
  world.client.settle(act, { data: event['output'] ?? { id: promoSending.id } });
};

export const broadcastDetailModel: PathModel = {
  name: 'broadcastDetail',
  machine: broadcastDetailMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `"Promo Lebaran" of project ${broadcastKey} opens for its owner while it sends`, world }],
  events,
  simple: {
    events: (snapshot) => {
      const c = ctx(snapshot);
      if (snapshot.matches({ broadcast: 'loading' })) return [loaded(detailFor(c.detail))];
      if (snapshot.matches({ names: 'loading' })) return [{ type: 'xstate.done.actor.names', output: names }];
      if (snapshot.matches({ control: 'running' })) return controlEvents(c).slice(0, 1);
      if (c.detail !== null && atRest(snapshot, c))
        return c.detail.status === 'sending' ? [control('pause')] : [control('resume')];
      return [];
    },
    // Loaded, then paused by the owner.
    toState: (snapshot) => ctx(snapshot).detail?.status === 'paused' && snapshot.matches({ control: 'idle' }),
  },
  scenarios: [
    // Progress arrives while the broadcast loads: kept over the answer.
    { start: 0, events: [updated(promoProgress), loaded(sendingDetail)] },
    // The first load fails twice, then the connection comes back; the names arrive.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.broadcast', error: networkError },
        { type: 'xstate.error.actor.broadcast', error: networkError },
        { type: 'broadcast.resync' },
        loaded(sendingDetail),
      ],
    },
    // Asked again while it shows (a reconnection): it fails twice and stays as it was.
    {
      start: 0,
      events: [
        loaded(sendingDetail),
        { type: 'xstate.done.actor.names', output: names },
        { type: 'broadcast.resync' },
        { type: 'broadcast.resync' },
        { type: 'xstate.error.actor.broadcast', error: networkError },
        { type: 'xstate.error.actor.broadcast', error: networkError },
      ],
    },
    // Cancelling is asked first: dismissed, then confirmed after the broadcast finished live (no longer allowed).
    {
      start: 0,
      events: [
        loaded(sendingDetail),
        { type: 'xstate.done.actor.names', output: names },
        control('cancel'),
        { type: 'broadcast.dismiss' },
        control('cancel'),
        updated(promoDone),
        { type: 'broadcast.confirm' },
      ],
    },
    // Paused, then resumed: sending again; later it finishes and its failed are tried again.
    {
      start: 0,
      events: [
        loaded(sendingDetail),
        { type: 'xstate.done.actor.names', output: names },
        control('pause'),
        controlled(pausedDetail),
        control('resume'),
        controlled(sendingDetail),
        updated(promoDone),
        loaded(doneDetail),
        { type: 'broadcast.liveSettled' },
        control('retry'),
        controlled(sendingDetail),
      ],
    },
    // Back to the page at rest: a refused pause dismissed, filters reset, the search cleared,
    // exports done and failed.
    {
      start: 0,
      events: [
        loaded(sendingDetail),
        { type: 'xstate.done.actor.names', output: names },
        control('pause'),
        refused(finishedConflict),
        { type: 'broadcast.dismissError' },
        { type: 'broadcast.state', state: 'failed' },
        { type: 'broadcast.resetFilters' },
        { type: 'broadcast.search', text: 'budi' },
        { type: 'broadcast.searchSettled' },
        { type: 'broadcast.search', text: '' },
        { type: 'broadcast.export' },
        { type: 'xstate.done.actor.export', output: recipientsExport },
        { type: 'broadcast.export' },
        { type: 'xstate.error.actor.export', error: networkError },
      ],
    },
  ],
  graphActions: {
    queryTable: () => undefined,
    refreshTable: () => undefined,
    resyncTable: () => undefined,
  },
  actorActs: { export: 'broadcast_export' },
  drivers: {
    'xstate.done.actor.broadcast': settleBroadcast,
    'xstate.error.actor.broadcast': settleBroadcast,
    'xstate.done.actor.names': settleNames,
    'xstate.done.actor.control': settleControl,
    'xstate.error.actor.control': settleControl,
  },
  observe: (actor, world) => {
    actor.on('*', (emitted: AnyEventObject) =>
      world.effects?.push(describeEmitted(emitted as BroadcastDetailEmitted)),
    );
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: BroadcastDetailEmitted): string {
  switch (emitted.type) {
    case 'broadcast.controlled':
      return `announces ${emitted.control} done`;
    case 'broadcast.controlFailed':
      return `error toast "${emitted.message}" (${emitted.control})`;
    case 'broadcast.removed':
      return `back to the broadcasts ("${emitted.name}" deleted)`;
    case 'broadcast.exported':
      return `saves ${emitted.file.filename} (${emitted.file.rows} rows)`;
    case 'broadcast.exportFailed':
      return `error toast "${emitted.message}"`;
  }
}

const plainEvents: Record<string, string> = {
  'broadcast.retry': 'the owner presses "Coba lagi"',
  'broadcast.resync': 'the connection comes back (resync)',
  'broadcast.deleted': 'the broadcast is deleted elsewhere (broadcast.deleted)',
  'broadcast.liveSettled': 'the pause after a live change is over',
  'broadcast.confirm': 'the owner confirms',
  'broadcast.dismiss': 'the owner goes back',
  'broadcast.dismissError': 'the owner dismisses the failure',
  'broadcast.searchSettled': 'the typing pauses',
  'broadcast.resetFilters': 'the owner presses "Hapus filter"',
  'broadcast.export': 'the owner exports the recipients',
};

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[2] !== undefined) {
    const failed = settled[1] === 'error';
    const reason = (event['error'] as { reason?: string } | undefined)?.reason ?? 'network down';
    switch (settled[2]) {
      case 'broadcast':
        return failed
          ? `broadcast_get fails (${reason})`
          : `broadcast_get answers (${(event['output'] as BroadcastDetail).status})`;
      case 'names':
        return 'the names of the audience arrive';
      case 'control':
        if (failed) return `the control is refused (${reason})`;
        return event['output'] === null
          ? 'the broadcast is deleted'
          : `the control is done (${(event['output'] as BroadcastDetail).status})`;
      default:
        return failed ? `broadcast_export fails (${reason})` : 'broadcast_export answers';
    }
  }
  switch (event.type) {
    case 'broadcast.control':
      return `the owner presses ${String(event['control'])}`;
    case 'broadcast.updated': {
      const summary = event['broadcast'] as {
        status: string;
        pauseReason: string | null;
        counts: { sent: number };
      };
      return `the broadcast changes live: ${summary.status}${summary.pauseReason ? ` (${summary.pauseReason})` : ''}, ${summary.counts.sent} sent`;
    }
    case 'broadcast.state':
      return event['state'] === null
        ? 'the owner shows every state'
        : `the owner filters ${String(event['state'])}`;
    case 'broadcast.replied':
      return event['replied'] === null ? 'the owner shows replied or not' : 'the owner shows who replied';
    case 'broadcast.search':
      return String(event['text']) === ''
        ? 'the owner clears the search'
        : `the owner types "${String(event['text'])}"`;
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (snapshot.matches({ broadcast: 'gone' })) return 'gone: "Broadcast ini sudah dihapus"';
  if (snapshot.matches({ control: 'removed' })) return 'deleted by the owner';
  const d = c.detail;
  const parts: string[] = [];
  if (d === null)
    parts.push(
      snapshot.matches({ broadcast: 'failed' }) ? `not loaded: "${c.error?.message ?? ''}"` : 'loading',
    );
  else
    parts.push(
      `${d.status}${d.pauseReason ? ` (${d.pauseReason})` : ''}, ${d.counts.sent} sent, ${d.retryable} to retry`,
    );
  if (snapshot.matches({ control: 'confirming' })) parts.push(`asks to ${String(c.control)}`);
  if (snapshot.matches({ control: 'running' })) parts.push(`${String(c.control)} under way`);
  if (c.controlError !== null) parts.push(`failed: "${c.controlError.message}"`);
  if (c.filters.state !== null) parts.push(`recipients ${c.filters.state}`);
  if (c.filters.replied !== null) parts.push('recipients who replied');
  if (c.search !== '') parts.push(`search "${c.search}"`);
  if (snapshot.matches({ live: 'cooling' })) parts.push(c.liveStale ? 'live changes waiting' : 'live pause');
  if (snapshot.matches({ export: 'exporting' })) parts.push('exporting');
  return parts.join(', ');
}
