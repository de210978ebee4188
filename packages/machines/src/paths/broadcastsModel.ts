/**
 * The broadcasts table's test model: the owner of project k1abcdefgh opens its broadcasts ("Promo
 * Lebaran" sending, "Kabar Februari" finished). The table is the real child over a page source that
 * answers at once and writes what it was asked for. From the page at rest the owner does one thing
 * at a time and undoes it: filters by status (sending, then every status again, or "Hapus
 * filter"), searches "promo" (the pause passes, or the box is cleared first, or a status is picked
 * while it waits); the empty table's advice asks whether the project has an approved template (it
 * has, it has none, or the lists cannot be read), and asks again after a reconnection. Live
 * changes (a row's progress, a new broadcast, a deleted one) and a reconnection only talk to the
 * table: they are scenarios, and the table's own tests show what they do to its rows.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import { broadcastsMachine } from '../broadcastsMachine.ts';
import type { BroadcastsContext } from '../broadcastsMachine.ts';
import { silentDelay } from '../delay.ts';
import { flush } from './replay.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { mainNumber } from './billingFixtures.ts';
import {
  broadcastKey,
  createFakeBroadcastPages,
  flashSale,
  newsletterDone,
  promoProgress,
} from './broadcastFixtures.ts';
import { pendingTemplate, promo } from './templateFixtures.ts';

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
      permissions: grantAll(),
      fetchPage: createFakeBroadcastPages(effects),
    },
  };
}

function ctx(snapshot: AnyMachineSnapshot): BroadcastsContext {
  return snapshot.context as BroadcastsContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    status: c.status,
    search: [c.search, c.searchText],
    approvedTemplates: c.approvedTemplates,
  });
}

const status = (value: string | null): AnyEventObject => ({ type: 'broadcasts.status', status: value });
const search = (text: string): AnyEventObject => ({ type: 'broadcasts.search', text });
const templatesKnown = (output: boolean | null): AnyEventObject => ({
  type: 'xstate.done.actor.templates',
  output,
});

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ templates: 'checking' }))
    return [templatesKnown(true), templatesKnown(false), templatesKnown(null)];
  if (snapshot.matches({ query: 'debouncing' }))
    return [{ type: 'broadcasts.searchSettled' }, search(''), status('sending')];
  if (c.status !== null) return [status(null), { type: 'broadcasts.resetFilters' }];
  if (c.search !== '') return [search(''), { type: 'broadcasts.resetFilters' }];
  // Known once: only a reconnection asks again (the page's other paths start from the unknown).
  if (snapshot.matches({ templates: 'known' })) return [{ type: 'broadcasts.resync' }];
  return [status('sending'), search('promo'), { type: 'broadcasts.checkTemplates' }];
}

/** Answers the template check: the numbers, then their templates (an approved one or not), or a refusal. */
const settleTemplates: StepDriver = async ({ world, event }) => {
  const output = event['output'];
  if (output === null) {
    world.client.settle('account_list', { error: networkError });
    return;
  }
  world.client.settle('account_list', { data: [mainNumber] });
  await flush();
  world.client.settle('template_list', {
    data: output === true ? [promo, pendingTemplate] : [pendingTemplate],
  });
};

export const broadcastsModel: PathModel = {
  name: 'broadcasts',
  machine: broadcastsMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the broadcasts of project ${broadcastKey} open for its owner`, world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ templates: 'checking' })) return [templatesKnown(true)];
      return ctx(snapshot).approvedTemplates === null ? [{ type: 'broadcasts.checkTemplates' }] : [];
    },
    toState: (snapshot) => ctx(snapshot).approvedTemplates === true,
  },
  scenarios: [
    // Live: a row's progress, a broadcast just created, one deleted; the connection comes back.
    {
      start: 0,
      events: [
        { type: 'broadcasts.updated', broadcast: promoProgress },
        { type: 'broadcasts.updated', broadcast: flashSale },
        { type: 'broadcasts.deleted', broadcastId: newsletterDone.id },
        { type: 'broadcasts.resync' },
      ],
    },
    // Back to every broadcast: "Hapus filter" after a status, the box cleared after a search.
    {
      start: 0,
      events: [
        status('sending'),
        { type: 'broadcasts.resetFilters' },
        search('promo'),
        { type: 'broadcasts.searchSettled' },
        search(''),
      ],
    },
  ],
  graphActions: {
    queryTable: () => undefined,
    patchUpdated: () => undefined,
    patchDeleted: () => undefined,
    resyncTable: () => undefined,
  },
  actorActs: {},
  drivers: { 'xstate.done.actor.templates': settleTemplates },
  describeEvent,
  describeState,
};

function describeEvent(event: AnyEventObject): string {
  switch (event.type) {
    case 'xstate.done.actor.templates': {
      const output = event['output'];
      if (output === null) return 'the numbers cannot be listed (nothing said about templates)';
      return output === true
        ? 'the project has an approved template'
        : 'the project has no approved template';
    }
    case 'broadcasts.status':
      return event['status'] === null
        ? 'the owner shows every status'
        : `the owner filters status ${String(event['status'])}`;
    case 'broadcasts.search':
      return String(event['text']).trim() === ''
        ? 'the owner clears the search box'
        : `the owner types "${String(event['text'])}"`;
    case 'broadcasts.updated':
      return `"${(event['broadcast'] as { name: string }).name}" changes (broadcast.updated)`;
    case 'broadcasts.deleted':
      return 'a broadcast is deleted elsewhere (broadcast.deleted)';
    default:
      return (
        {
          'broadcasts.searchSettled': 'the typing pauses',
          'broadcasts.resetFilters': 'the owner presses "Hapus filter"',
          'broadcasts.resync': 'the connection comes back (resync)',
          'broadcasts.checkTemplates': 'the empty table asks about templates',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const parts = [c.status === null ? 'every status' : `status ${c.status}`];
  if (c.search !== '') parts.push(`search "${c.search}"`);
  if (snapshot.matches({ query: 'debouncing' })) parts.push(`"${c.searchText}" typed`);
  if (snapshot.matches({ templates: 'checking' })) parts.push('asking about templates');
  if (snapshot.matches({ templates: 'known' }))
    parts.push(
      c.approvedTemplates === null
        ? 'templates unknown'
        : c.approvedTemplates
          ? 'has approved templates'
          : 'no approved template',
    );
  return parts.join(', ');
}
