/**
 * The Templates tab's test model: the number `a1` of project k1abcdefgh, whose WABA has a payment
 * reminder (approved) and a greeting in review. The list may load, fail, or be empty (then Meta is
 * read at once); the owner syncs, deletes the greeting, opens the editor (a stand-in here:
 * templateEditorModel walks it) which submits a template or is closed; the socket approves the
 * greeting, announces another WABA's template (ignored) and a deletion, and comes back after a
 * drop. Changes are tried only while the list is as loaded, so each is walked through once.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MessageTemplate } from '@sapa/sdk';
import { templatesMachine } from '../templatesMachine.ts';
import type { TemplatesContext } from '../templatesMachine.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';
import { finishStandIn, standIn } from './standIn.ts';
import { pendingTemplate, promo, reminder } from './templateFixtures.ts';
import { submittedTemplate } from './templateEditorModel.ts';

export const templatesKey = 'k1abcdefgh';
export const loadedTemplates: MessageTemplate[] = [reminder, pendingTemplate];
/** What Meta has: the two, and a promotion made in WhatsApp Manager. */
export const syncedTemplates: MessageTemplate[] = [reminder, pendingTemplate, promo];
export const approvedGreeting: MessageTemplate = { ...pendingTemplate, status: 'APPROVED' };
/** Another WABA's template, announced to the whole project. */
export const otherWabaTemplate: MessageTemplate = {
  ...promo,
  id: 'tp-other',
  wabaId: '999',
  accountId: 'a2',
};
export const metaUnreachable = apiError('whatsapp_unreachable', 'WhatsApp tidak dapat dihubungi.');

function ctx(snapshot: AnyMachineSnapshot): TemplatesContext {
  return snapshot.context as TemplatesContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    templates: c.templates.map((t) => `${t.name}/${t.status}`),
    error: c.error?.reason ?? null,
    syncError: c.syncError?.reason ?? null,
    deleting: c.deleting?.name ?? null,
    deleteError: c.deleteError?.reason ?? null,
    created: c.created?.name ?? null,
  });
}

function asLoaded(c: TemplatesContext): boolean {
  return (
    c.templates.length === loadedTemplates.length &&
    c.templates.every((t, i) => t.id === loadedTemplates[i]?.id && t.status === loadedTemplates[i]?.status) &&
    c.created === null
  );
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.list', output: loadedTemplates },
      { type: 'xstate.done.actor.list', output: [] },
      { type: 'xstate.error.actor.list', error: networkError },
      { type: 'templates.resync' },
    ];
  if (snapshot.matches('failed')) return [{ type: 'templates.retry' }, { type: 'templates.resync' }];
  if (snapshot.matches({ ready: 'syncing' }))
    return [
      { type: 'xstate.done.actor.sync', output: syncedTemplates },
      { type: 'xstate.error.actor.sync', error: metaUnreachable },
    ];
  if (snapshot.matches({ ready: 'refreshing' }))
    return [
      { type: 'xstate.done.actor.refresh', output: syncedTemplates },
      { type: 'xstate.error.actor.refresh', error: networkError },
    ];
  if (snapshot.matches({ ready: 'deleting' }))
    return [
      { type: 'xstate.done.actor.remove', output: { id: pendingTemplate.id } },
      { type: 'xstate.error.actor.remove', error: metaUnreachable },
    ];
  if (snapshot.matches({ ready: 'editing' }))
    return [
      { type: 'xstate.done.actor.editor', output: submittedTemplate },
      { type: 'xstate.done.actor.editor', output: null },
    ];
  const out: AnyEventObject[] = [];
  if (c.syncError !== null || c.deleteError !== null) out.push({ type: 'templates.dismiss' });
  if (asLoaded(c) && c.syncError === null && c.deleteError === null)
    out.push(
      { type: 'templates.sync' },
      { type: 'templates.delete', id: pendingTemplate.id },
      { type: 'templates.create' },
      { type: 'templates.resync' },
      { type: 'templates.updated', template: approvedGreeting },
      { type: 'templates.deleted', templateId: reminder.id },
    );
  return out;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) {
    const error = fields['error'] as { reason?: string; message: string };
    const what =
      { list: 'loading the templates', refresh: 'the refresh', sync: 'the sync', remove: 'the delete' }[
        failed[1]
      ] ?? failed[1];
    return `${what} fails (${error.reason === undefined ? 'network down' : error.message})`;
  }
  switch (event.type) {
    case 'xstate.done.actor.list':
      return (fields['output'] as unknown[]).length === 0
        ? 'the list arrives empty (nothing read from Meta yet)'
        : 'the templates arrive (pengingat_bayar, salam_baru)';
    case 'xstate.done.actor.sync':
      return 'Meta answers three templates (promo_ramadan too)';
    case 'xstate.done.actor.refresh':
      return 'the refreshed list arrives';
    case 'xstate.done.actor.remove':
      return 'Meta and the server delete salam_baru';
    case 'xstate.done.actor.editor':
      return fields['output'] === null ? 'the owner closes the editor' : 'the editor submits update_pesanan';
    case 'templates.updated': {
      const template = fields['template'] as MessageTemplate;
      return `live: ${template.name} is ${template.status}`;
    }
    case 'templates.deleted':
      return 'live: pengingat_bayar was deleted elsewhere';
    case 'templates.delete':
      return 'the owner deletes salam_baru (confirmed)';
    default:
      return (
        {
          'templates.retry': 'the owner retries',
          'templates.resync': 'the connection comes back (templates.resync)',
          'templates.sync': 'the owner presses "Sinkronkan"',
          'templates.create': 'the owner presses "Buat template"',
          'templates.dismiss': 'the owner closes the error',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (snapshot.matches('failed')) return `failed, shows "${c.error?.message ?? ''}"`;
  const list = c.templates.map((t) => `${t.name} (${t.status})`).join(', ') || 'no templates';
  const notes = [
    c.syncError ? `sync failed: "${c.syncError.message}"` : '',
    c.deleteError ? `delete failed: "${c.deleteError.message}"` : '',
    c.created ? `created ${c.created.name}` : '',
  ].filter(Boolean);
  return `${name}: ${list}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

export const templatesModel: PathModel = {
  name: 'templates',
  machine: templatesMachine.provide({ actors: { templateEditor: standIn as never } }),
  serialize,
  starts: [
    {
      label: 'the Templates tab of the number a1 of project k1abcdefgh',
      world: () => {
        const client = createFakeClient();
        return {
          input: { client, key: templatesKey, accountId: 'a1', wabaId: reminder.wabaId },
          client,
          browser: null,
        };
      },
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter((event) =>
        ['xstate.done.actor.list', 'templates.create', 'xstate.done.actor.editor'].includes(event.type),
      ),
    toState: (snapshot) => ctx(snapshot).created !== null,
  },
  scenarios: [
    // Live news while the list loads; another WABA's template; a delete of an unknown template.
    {
      start: 0,
      events: [
        { type: 'templates.updated', template: approvedGreeting },
        { type: 'templates.resync' },
        { type: 'xstate.done.actor.list', output: loadedTemplates },
        { type: 'templates.updated', template: otherWabaTemplate },
        { type: 'templates.delete', id: 'nope' },
        { type: 'templates.deleted', templateId: 'nope' },
      ],
    },
    // The connection comes back after a failed load, and twice while listed (a refresh that fails);
    // the editor closed without a template.
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.list', error: networkError },
        { type: 'templates.resync' },
        { type: 'xstate.done.actor.list', output: loadedTemplates },
        { type: 'templates.resync' },
        { type: 'xstate.error.actor.refresh', error: networkError },
        { type: 'templates.resync' },
        { type: 'xstate.done.actor.refresh', output: syncedTemplates },
        { type: 'templates.create' },
        { type: 'xstate.done.actor.editor', output: null },
      ],
    },
  ],
  actorActs: {
    list: 'template_list',
    refresh: 'template_list',
    sync: 'template_sync',
    remove: 'template_delete',
  },
  drivers: {
    'xstate.done.actor.editor': finishStandIn('editor'),
    'xstate.done.actor.list': settleLists,
    'xstate.error.actor.list': settleLists,
  },
  describeEvent,
  describeState,
};

/** A list asked again (resync while loading) leaves the old call waiting: settle them all alike. */
function settleLists({ world, event }: Parameters<PathModel['drivers'][string]>[0]): void {
  const fields = event as unknown as Record<string, unknown>;
  const outcome = event.type.startsWith('xstate.done.')
    ? { data: fields['output'] }
    : { error: fields['error'] };
  while (world.client.pending().some((call) => call.name === 'template_list'))
    world.client.settle('template_list', outcome);
}
