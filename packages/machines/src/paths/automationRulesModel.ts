/**
 * The auto-replies screen's test model: the owner of project k1abcdefgh opens its auto-replies
 * ("Harga" on, "Di luar jam kerja" off). The rules table and the activity log are the real child
 * tables over page sources that answer at once. From the screen at rest the owner does one thing
 * at a time: searches "harga" (the pause passes, or the box is cleared), switches "Harga" off (it
 * is stored, or the server is not reached), deletes it (confirmed and deleted, refused and then
 * called off, or called off at once), moves it down (stored, or the list cannot be read), adds a
 * rule (filled in and saved, or closed), edits "Harga" (saved, or closed) and opens its activity
 * log. Live changes and a reconnection only talk to the table: they are a scenario.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import { automationRulesMachine } from '../automationRulesMachine.ts';
import type { AutomationRulesContext, AutomationRulesEmitted } from '../automationRulesMachine.ts';
import { silentDelay } from '../delay.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { flush } from './replay.ts';
import {
  automationKey,
  createFakeActivityPages,
  createFakeRulePages,
  followUpRule,
  nightRule,
  priceRule,
  priceRuleOff,
} from './automationFixtures.ts';

function world(): World {
  const client = createFakeClient();
  const effects: string[] = [];
  return {
    client,
    browser: null,
    effects,
    input: {
      client,
      key: automationKey,
      kind: 'auto_reply',
      permissions: grantAll(),
      fetchPage: createFakeRulePages(effects),
      fetchActivity: createFakeActivityPages(effects),
    },
  };
}

function ctx(snapshot: AnyMachineSnapshot): AutomationRulesContext {
  return snapshot.context as AutomationRulesContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    search: [c.search, c.searchText],
    switching: c.switching?.enabled ?? null,
    deleteTarget: c.deleteTarget?.id ?? null,
    deleteError: c.deleteError?.reason ?? null,
    moving: c.moving?.direction ?? null,
    editing: c.editing?.id ?? null,
    activity: c.activityRule?.id ?? null,
  });
}

const search = (text: string): AnyEventObject => ({ type: 'automation.search', text });
const newRule = { ...priceRule, id: '00000000-0000-4000-8000-00000000a009', name: 'Salam', position: 2 };
/** A list read before "Salam malam" became last: the move goes to the server, which finds it last. */
const staleNight = { ...nightRule, last: false };
const moved = [
  { ...nightRule, position: 0 },
  { ...priceRule, position: 1 },
];

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches({ switch: 'switching' }))
    return [
      { type: 'xstate.done.actor.switcher', output: priceRuleOff },
      { type: 'xstate.error.actor.switcher', error: networkError },
    ];
  if (snapshot.matches({ remove: 'deleting' }))
    return [
      { type: 'xstate.done.actor.remove', output: { id: priceRule.id } },
      { type: 'xstate.error.actor.remove', error: apiError('forbidden', 'Tidak punya akses') },
    ];
  if (snapshot.matches({ remove: 'confirming' }))
    return c.deleteError === null
      ? [{ type: 'automation.confirmDelete' }, { type: 'automation.cancelDelete' }]
      : [{ type: 'automation.cancelDelete' }];
  if (snapshot.matches({ order: 'moving' }))
    return [
      { type: 'xstate.done.actor.reorder', output: moved },
      { type: 'xstate.done.actor.reorder', output: null },
      { type: 'xstate.error.actor.reorder', error: networkError },
    ];
  if (snapshot.matches({ editor: 'open' }))
    return [
      { type: 'xstate.done.actor.editor', output: c.editing === null ? newRule : priceRuleOff },
      { type: 'xstate.done.actor.editor', output: null },
    ];
  if (snapshot.matches({ activity: 'open' })) return [{ type: 'automation.closeActivity' }];
  if (snapshot.matches({ query: 'debouncing' })) return [{ type: 'automation.searchSettled' }, search('')];
  if (c.search !== '') return [search('')];
  return [
    search('harga'),
    { type: 'automation.switch', rule: priceRule, enabled: false },
    { type: 'automation.delete', rule: priceRule },
    { type: 'automation.move', rule: priceRule, direction: 'down' },
    { type: 'automation.add' },
    { type: 'automation.edit', rule: priceRule },
    { type: 'automation.activity', rule: priceRule },
  ];
}

/** The editor's ending: closed, or filled in (a new rule) and saved. */
const finishEditor: StepDriver = async ({ actor, world, event }) => {
  const editor = actor.getSnapshot().children['editor'];
  if (editor === undefined) throw new Error('no editor open');
  const output = event['output'] as typeof newRule | null;
  if (output === null) {
    editor.send({ type: 'editor.close' });
    return;
  }
  const creating = ctx(actor.getSnapshot()).editing === null;
  if (creating) {
    editor.send({ type: 'editor.edit', edit: { op: 'name', name: output.name } });
    editor.send({
      type: 'editor.edit',
      edit: { op: 'action', index: 0, action: { kind: 'send_text', text: 'Halo {nama}!' } },
    });
  }
  editor.send({ type: 'editor.save' });
  await flush();
  world.client.settle(creating ? 'automation_rule_create' : 'automation_rule_update', { data: output });
};

/** The move reads every rule of the kind, then stores the new order (or the read fails). */
const finishMove: StepDriver = async ({ actor, world, event }) => {
  if (event.type === 'xstate.error.actor.reorder') {
    world.client.settle('automation_rule_list', { error: event['error'] });
    return;
  }
  if (event['output'] === null) {
    // The rule moved down is already last: nothing more is sent.
    const id = ctx(actor.getSnapshot()).moving?.rule.id;
    world.client.settle('automation_rule_list', {
      data: [priceRule, nightRule].sort((a, b) => Number(a.id === id) - Number(b.id === id)),
    });
    return;
  }
  world.client.settle('automation_rule_list', { data: [priceRule, nightRule] });
  await flush();
  world.client.settle('automation_rule_reorder', { data: event['output'] });
};

export const automationRulesModel: PathModel = {
  name: 'automationRules',
  machine: automationRulesMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [{ label: `the auto-replies of project ${automationKey} open for its owner`, world }],
  events,
  simple: {
    events: (snapshot) => {
      if (snapshot.matches({ editor: 'open' }))
        return [{ type: 'xstate.done.actor.editor', output: newRule }];
      return ctx(snapshot).editing === null ? [{ type: 'automation.add' }] : [];
    },
    toState: (snapshot) =>
      snapshot.matches({ editor: 'closed' }) && snapshot.children['editor'] === undefined,
  },
  scenarios: [
    // Each piece of work from the screen at rest, to its end and back (the shortest paths stop
    // where the state was seen before).
    ...(
      [
        [
          { type: 'automation.switch', rule: priceRule, enabled: false },
          { type: 'xstate.done.actor.switcher', output: priceRuleOff },
        ],
        [
          { type: 'automation.switch', rule: priceRule, enabled: false },
          { type: 'xstate.error.actor.switcher', error: networkError },
        ],
        [
          { type: 'automation.delete', rule: priceRule },
          { type: 'automation.confirmDelete' },
          { type: 'xstate.done.actor.remove', output: { id: priceRule.id } },
        ],
        [
          { type: 'automation.delete', rule: priceRule },
          { type: 'automation.confirmDelete' },
          { type: 'xstate.error.actor.remove', error: apiError('forbidden', 'Tidak punya akses') },
          { type: 'automation.cancelDelete' },
        ],
        [{ type: 'automation.delete', rule: priceRule }, { type: 'automation.cancelDelete' }],
        [
          { type: 'automation.move', rule: priceRule, direction: 'down' },
          { type: 'xstate.done.actor.reorder', output: moved },
        ],
        [
          { type: 'automation.move', rule: priceRule, direction: 'down' },
          { type: 'xstate.error.actor.reorder', error: networkError },
        ],
        [
          { type: 'automation.move', rule: staleNight, direction: 'down' },
          { type: 'xstate.done.actor.reorder', output: null },
        ],
        [{ type: 'automation.add' }, { type: 'xstate.done.actor.editor', output: newRule }],
        [{ type: 'automation.add' }, { type: 'xstate.done.actor.editor', output: null }],
        [
          { type: 'automation.edit', rule: priceRule },
          { type: 'xstate.done.actor.editor', output: priceRuleOff },
        ],
        [
          { type: 'automation.edit', rule: priceRule },
          { type: 'xstate.done.actor.editor', output: null },
        ],
        [{ type: 'automation.activity', rule: priceRule }, { type: 'automation.closeActivity' }],
        [search('harga'), { type: 'automation.searchSettled' }, search('')],
        [search('harga'), search('')],
      ] as AnyEventObject[][]
    ).map((events) => ({ start: 0, events })),
    // Live: "Harga" switched off elsewhere, a follow-up (another screen's) changed, "Di luar jam
    // kerja" deleted elsewhere, the connection comes back.
    {
      start: 0,
      events: [
        { type: 'automation.updated', rule: priceRuleOff },
        { type: 'automation.updated', rule: followUpRule },
        { type: 'automation.deleted', kind: 'auto_reply', ruleId: nightRule.id },
        { type: 'automation.resync' },
      ],
    },
  ],
  graphActions: {
    queryTable: () => undefined,
    resyncTable: () => undefined,
    patchUpdated: () => undefined,
    patchDeleted: () => undefined,
  },
  actorActs: { switcher: 'automation_rule_update', remove: 'automation_rule_delete' },
  drivers: {
    'xstate.done.actor.editor': finishEditor,
    'xstate.done.actor.reorder': finishMove,
    'xstate.error.actor.reorder': finishMove,
  },
  observe: (actor, world) => {
    actor.on('*', (emitted: AutomationRulesEmitted) => world.effects?.push(describeEmitted(emitted)));
  },
  describeEvent,
  describeState,
};

function describeEmitted(emitted: AutomationRulesEmitted): string {
  switch (emitted.type) {
    case 'automation.saved':
      return `announces "${emitted.rule.name}" ${emitted.created ? 'created' : 'saved'}`;
    case 'automation.switched':
      return `announces "${emitted.rule.name}" ${emitted.rule.enabled ? 'on' : 'off'}`;
    case 'automation.switchFailed':
      return `announces the switch of "${emitted.name}" failed`;
    case 'automation.removed':
      return `announces "${emitted.name}" deleted`;
    case 'automation.moved':
      return `announces "${emitted.name}" moved`;
    case 'automation.moveFailed':
      return `announces the move of "${emitted.name}" failed`;
  }
}

function describeEvent(event: AnyEventObject): string {
  const name = (event['rule'] as { name?: string } | undefined)?.name ?? '';
  switch (event.type) {
    case 'automation.search':
      return String(event['text']) === ''
        ? 'the owner clears the search box'
        : `the owner types "${String(event['text'])}"`;
    case 'automation.switch':
      return `the owner switches "${name}" ${event['enabled'] === true ? 'on' : 'off'}`;
    case 'automation.delete':
      return `the owner deletes "${name}"`;
    case 'automation.move':
      return `the owner moves "${name}" ${String(event['direction'])}`;
    case 'automation.edit':
      return `the owner opens "${name}"`;
    case 'automation.activity':
      return `the owner opens the activity of "${name}"`;
    case 'automation.updated':
      return `"${name}" changes (automation.rule.updated)`;
    case 'xstate.done.actor.editor':
      return event['output'] === null
        ? 'the owner closes the editor'
        : 'the owner fills in and saves the rule';
    case 'xstate.done.actor.switcher':
      return 'the switch is stored';
    case 'xstate.error.actor.switcher':
      return 'the switch fails (network down)';
    case 'xstate.done.actor.remove':
      return 'the rule is deleted';
    case 'xstate.error.actor.remove':
      return 'the delete is refused (forbidden)';
    case 'xstate.done.actor.reorder':
      return event['output'] === null
        ? 'the rule is already last: nothing is sent'
        : 'the new order is stored';
    case 'xstate.error.actor.reorder':
      return 'the rules cannot be read (network down)';
    default:
      return (
        {
          'automation.searchSettled': 'the typing pauses',
          'automation.confirmDelete': 'the owner confirms the delete',
          'automation.cancelDelete': 'the owner calls the delete off',
          'automation.add': 'the owner presses "Aturan baru"',
          'automation.closeActivity': 'the owner closes the activity log',
          'automation.deleted': 'a rule is deleted elsewhere (automation.rule.deleted)',
          'automation.resync': 'the connection comes back (resync)',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const parts = [c.search === '' ? 'every rule' : `search "${c.search}"`];
  if (snapshot.matches({ query: 'debouncing' })) parts.push(`"${c.searchText}" typed`);
  if (c.switching) parts.push(`switching "${c.switching.rule.name}"`);
  if (snapshot.matches({ remove: 'confirming' }))
    parts.push(
      `asks to confirm deleting "${c.deleteTarget?.name ?? ''}"${c.deleteError ? ' (it failed)' : ''}`,
    );
  if (snapshot.matches({ remove: 'deleting' })) parts.push('deleting');
  if (c.moving) parts.push(`moving "${c.moving.rule.name}" ${c.moving.direction}`);
  if (snapshot.matches({ editor: 'open' }))
    parts.push(c.editing ? `editing "${c.editing.name}"` : 'a new rule open');
  if (c.activityRule) parts.push(`activity of "${c.activityRule.name}"`);
  return parts.join(', ');
}
