/**
 * The composer's `/` menu test model: the project's three quick replies load (or fail, then a
 * retry), and the agent types `/` (all three), `/a` (three, ranked), `/pr` (the promotion) or
 * `/zz` (none), moves with the arrows, points at an option, inserts with Enter or a click,
 * closes the menu with Escape (it stays closed while the draft is a `/` query), or writes a plain
 * text. Every insert the real actor announces is written to the run's effects, filled for Budi.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { quickReplyMenuMachine, menuOptions } from '../quickReplyMenuMachine.ts';
import type { QuickReplyMenuContext, QuickReplyMenuEmitted } from '../quickReplyMenuMachine.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, World } from './models.ts';
import { allQuickReplies, budiValues, harga, promo, quickReplyKey } from './quickReplyFixtures.ts';

function ctx(snapshot: AnyMachineSnapshot): QuickReplyMenuContext {
  return snapshot.context as QuickReplyMenuContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    replies: c.replies.length,
    error: c.error?.reason ?? null,
    query: c.query,
    dismissed: c.dismissed,
    active: c.active,
    agent: c.values.agen ?? null,
  });
}

const loaded = { type: 'xstate.done.actor.replies', output: allQuickReplies };
const draft = (text: string) => ({ type: 'quickReplyMenu.draft', text });

function listEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ list: 'loading' }))
    return [loaded, { type: 'xstate.error.actor.replies', error: networkError }];
  if (snapshot.matches({ list: 'failed' })) return [{ type: 'quickReplyMenu.retry' }];
  return [];
}

function menuEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ menu: 'closed' })) {
    if (c.query === null) return [draft('/')];
    return c.dismissed ? [draft('/pr'), draft('Halo')] : [draft('')];
  }
  const out: AnyEventObject[] = [{ type: 'quickReplyMenu.close' }, draft('Halo /pr')];
  if (c.query === '') out.push(draft('/a'), draft('/zz'));
  if (c.query === 'a') out.push(draft('/pr'));
  const options = menuOptions(c);
  if (options.length > 0) out.push({ type: 'quickReplyMenu.confirm' });
  if (options.length > 1) {
    out.push({ type: 'quickReplyMenu.next' }, { type: 'quickReplyMenu.prev' });
    if (c.active === 0) out.push({ type: 'quickReplyMenu.highlight', id: promo.id });
  }
  if (options.some((reply) => reply.id === harga.id))
    out.push({ type: 'quickReplyMenu.choose', id: harga.id });
  return out;
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  return [...listEvents(snapshot), ...menuEvents(snapshot)];
}

function world(): World {
  const client = createFakeClient();
  return { client, browser: null, effects: [], input: { client, key: quickReplyKey, values: budiValues } };
}

function describeEvent(event: AnyEventObject): string {
  switch (event.type) {
    case 'xstate.done.actor.replies':
      return 'the quick replies arrive: /harga, /promo, /salam';
    case 'xstate.error.actor.replies':
      return 'the quick replies fail (network down)';
    case 'quickReplyMenu.draft':
      return `the draft becomes "${String(event['text'])}"`;
    case 'quickReplyMenu.highlight':
    case 'quickReplyMenu.choose': {
      const reply = allQuickReplies.find((r) => r.id === event['id']);
      return `the agent ${event.type === 'quickReplyMenu.choose' ? 'clicks' : 'points at'} /${reply?.shortcut ?? '?'}`;
    }
    case 'quickReplyMenu.values':
      return 'the values change';
    default:
      return plainEvents[event.type] ?? event.type;
  }
}

const plainEvents: Record<string, string> = {
  'quickReplyMenu.next': 'the agent presses ArrowDown',
  'quickReplyMenu.prev': 'the agent presses ArrowUp',
  'quickReplyMenu.confirm': 'the agent presses Enter',
  'quickReplyMenu.close': 'the agent presses Escape',
  'quickReplyMenu.retry': 'the agent retries',
};

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = snapshot.value as { list: string; menu: string };
  const parts = [`${value.list} / ${value.menu}`];
  if (c.query !== null) parts.push(`query "/${c.query}"`);
  if (c.dismissed) parts.push('dismissed');
  const options = snapshot.matches({ menu: 'open' }) ? menuOptions(c) : [];
  if (options.length > 0)
    parts.push(options.map((r, i) => (i === c.active ? `[/${r.shortcut}]` : `/${r.shortcut}`)).join(' '));
  return parts.join(', ');
}

function describeInsert(emitted: QuickReplyMenuEmitted): string {
  const file = emitted.media === null ? '' : ` with ${emitted.media.filename}`;
  return `inserts /${emitted.reply.shortcut}: "${emitted.text}"${file}`;
}

export const quickReplyMenuModel: PathModel = {
  name: 'quickReplyMenu',
  machine: quickReplyMenuMachine,
  serialize,
  starts: [{ label: `a conversation with Budi opens (project ${quickReplyKey})`, world }],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['xstate.done.actor.replies', 'quickReplyMenu.draft', 'quickReplyMenu.next'].includes(event.type),
      ),
    toState: (snapshot) => snapshot.matches({ menu: 'open' }) && ctx(snapshot).active === 2,
  },
  scenarios: [
    // The agent is renamed mid-conversation; the menu opens before the list arrives; an unknown
    // option and Enter with nothing to insert are ignored.
    {
      start: 0,
      events: [
        draft('/'),
        { type: 'quickReplyMenu.confirm' },
        { type: 'quickReplyMenu.choose', id: promo.id },
        loaded,
        { type: 'quickReplyMenu.values', values: { ...budiValues, agen: 'Sari W.' } },
        { type: 'quickReplyMenu.highlight', id: 'nope' },
        { type: 'quickReplyMenu.next' },
        { type: 'quickReplyMenu.confirm' },
      ],
    },
    // The pointer picks the promotion and Enter inserts it (with its file); a click inserts.
    {
      start: 0,
      events: [
        loaded,
        draft('/'),
        { type: 'quickReplyMenu.highlight', id: promo.id },
        { type: 'quickReplyMenu.confirm' },
        draft(''),
        draft('/a'),
        { type: 'quickReplyMenu.choose', id: harga.id },
      ],
    },
  ],
  actorActs: { replies: 'quick_reply_list' },
  drivers: {},
  observe: (actor, world) => {
    actor.on('quickReplyMenu.insert', (emitted: QuickReplyMenuEmitted) =>
      world.effects?.push(describeInsert(emitted)),
    );
  },
  describeEvent,
  describeState,
};
