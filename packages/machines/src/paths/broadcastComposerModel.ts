/**
 * The broadcast composer's test model, in project k1abcdefgh on 10 March 2025 at 09:00 (Jakarta).
 * Four starts:
 *
 * 0. The owner makes a new broadcast: the page's load fails once and is retried; the main number's
 *    templates fail once; the payment reminder is chosen, its invoice number typed (after "Lanjut"
 *    showed it missing), the VIP label filters the audience (its count fails once), the name is
 *    typed, and it goes now, or is scheduled at the time "Jadwalkan" offers; the first save is lost
 *    on the network and tried again under the same client id.
 * 1. A member who may not pay sends to a CSV of phones: a spreadsheet is refused, the CSV cannot be
 *    read once, then three of its rows are left out (an invalid phone, a duplicate, an opted-out
 *    customer) and the balance falls short; the server refuses the invoice number, which shows on
 *    its field in the values step, is corrected and saved.
 * 2. The owner edits the reminder scheduled for 12 March: its template, values, label and time come
 *    back, the day is moved to the 13th and saved by `broadcast_update` (once refused: it started).
 * 3. The owner opens the edit of a broadcast already sending: locked.
 *
 * Invoked work is answered before anything else happens (the graph never changes the audience
 * while it is counted). From the owner's review at rest, excursions (named by the broadcast's
 * name, so their states are their own) cover what the spine does not: every step opened from the
 * steps' list and "Kembali"; the order update's values from each source and the promotion's photo
 * (a PDF refused first), removed; the search and filters cleared and a CSV (once blank) read and
 * removed; the schedule's time gone by and its fields cleared; and the server's field errors
 * opening the number, audience and review steps.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { grantAll } from '@sapa/sdk';
import type { BroadcastDetail } from '@sapa/sdk';
import { broadcastComposerMachine } from '../broadcastComposerMachine.ts';
import type { BroadcastComposerContext } from '../broadcastComposerTypes.ts';
import { silentDelay } from '../delay.ts';
import {
  audienceCsv,
  audienceRefused,
  brochurePdf,
  composeKey,
  composeNow,
  createdBroadcast,
  csNumber,
  csvPreview,
  fallbackSample,
  filterOptions,
  headerPhoto,
  labelPreview,
  mainNumber,
  numberTemplates,
  orderUpdate,
  phonesCsv,
  previewRefused,
  projectNumbers,
  promo,
  reminder,
  sari,
  sariSample,
  scheduledBroadcast,
  sendingBroadcast,
  spreadsheet,
  startedError,
  templateRefused,
  timeRefused,
  valueRefused,
  vip,
} from './broadcastComposeFixtures.ts';
import { createFakeClient } from './fakes.ts';
import { networkError } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';

/** A member of the team who may make broadcasts but not pay. */
const memberPermissions = ['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.view', 'crm.broadcast.add'];

interface Reads {
  pending: { resolve(text: string): void; reject(error: unknown): void }[];
}

function composerWorld(options: { broadcastId: string | null; permissions: readonly string[] }): () => World {
  return () => {
    const client = createFakeClient();
    const reads: Reads = { pending: [] };
    let next = 0;
    const world: World & { reads: Reads } = {
      client,
      browser: null,
      effects: [],
      reads,
      input: {
        client,
        key: composeKey,
        timeZone: 'Asia/Jakarta',
        permissions: options.permissions,
        broadcastId: options.broadcastId,
        sample: fallbackSample,
        now: () => composeNow,
        newClientId: () => `bc-client-${(next += 1)}`,
        readFile: () => new Promise<string>((resolve, reject) => reads.pending.push({ resolve, reject })),
      },
    };
    return world;
  };
}

function ctx(snapshot: AnyMachineSnapshot): BroadcastComposerContext {
  return snapshot.context as BroadcastComposerContext;
}

type Who = 'owner' | 'member' | 'editor' | 'locked';

function who(c: BroadcastComposerContext): Who {
  if (c.broadcastId === sendingBroadcast.id) return 'locked';
  if (c.broadcastId !== null) return 'editor';
  return c.permissions.length === memberPermissions.length ? 'member' : 'owner';
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const value = (v: { source: string; value: string; fallback: string } | undefined) =>
    v === undefined ? null : `${v.source}:${v.value}:${v.fallback}`;
  return JSON.stringify({
    value: snapshot.value,
    load: c.loadError?.reason ?? null,
    account: c.accountId === null ? null : projectNumbers.findIndex((account) => account.id === c.accountId),
    templates: [c.templates.length, c.templatesError?.reason ?? null],
    chosen: c.chosen?.name ?? null,
    values: [
      c.values.body.map(value),
      value(c.values.header),
      value(c.values.buttonUrl),
      c.values.headerMediaId ?? null,
    ],
    media: [c.media?.filename ?? null, c.mediaRefused],
    audience: [
      c.audienceKind,
      Object.entries(c.filters).filter(([, v]) => v !== null),
      c.search,
      c.csv === null ? null : [c.csv.filename, c.csv.text !== null],
      c.csvProblem,
    ],
    preview: [c.preview?.recipients ?? null, c.previewError?.reason ?? null],
    review: [c.name, c.when, c.date, c.time],
    checked: [...c.checked].sort(),
    server: Object.keys(c.serverErrors).sort(),
    error: c.error?.reason ?? null,
    clientId: c.clientId !== null,
    saved: c.saved?.id ?? null,
  });
}

const startDone = (broadcast: BroadcastDetail | null, sample = true): AnyEventObject => ({
  type: 'xstate.done.actor.start',
  output: { accounts: projectNumbers, broadcast, sample: sample ? sariSample : null },
});
const optionsDone: AnyEventObject = { type: 'xstate.done.actor.options', output: filterOptions };
const templatesDone: AnyEventObject = { type: 'xstate.done.actor.templates', output: numberTemplates };
const due: AnyEventObject = { type: 'compose.previewDue' };
const next: AnyEventObject = { type: 'compose.next' };
const back: AnyEventObject = { type: 'compose.back' };
const submit: AnyEventObject = { type: 'compose.submit' };
const step = (to: string): AnyEventObject => ({ type: 'compose.step', step: to });
const account = (id: string): AnyEventObject => ({ type: 'compose.account', accountId: id });
const template = (id: string): AnyEventObject => ({ type: 'compose.template', templateId: id });
const text = (index: number, value: string): AnyEventObject => ({
  type: 'compose.text',
  field: 'body',
  index,
  value,
});
const name = (value: string): AnyEventObject => ({ type: 'compose.name', name: value });
const filter = (field: string, value: string | null): AnyEventObject => ({
  type: 'compose.filter',
  filter: field,
  value,
});
const previewDone = (preview = labelPreview): AnyEventObject => ({
  type: 'xstate.done.actor.preview',
  output: preview,
});
const saveDone = (c: BroadcastComposerContext): AnyEventObject => ({
  type: 'xstate.done.actor.save',
  output:
    c.broadcastId === null
      ? createdBroadcast(
          c.name.trim(),
          c.when === 'now' ? null : '2025-03-10T03:00:00.000Z',
          c.chosen ?? reminder,
        )
      : { ...scheduledBroadcast, scheduledAt: '2025-03-13T03:00:00.000Z' },
});
const saveFails = (error: unknown): AnyEventObject => ({ type: 'xstate.error.actor.save', error });

/** The owner's broadcast on the way (unnamed, then named): the spine; other names are excursions. */
const SPINE_NAME = 'Pengingat Maret';
/** From the owner's review at rest, each name starts an excursion. */
const excursions = {
  steps: 'Langkah',
  values: 'Isian',
  audience: 'Penerima',
  schedule: 'Jadwal',
  refusals: 'Tolak',
} as const;

/**
 * The excursion under way, by the name's first word. A second word ("Isian 2") marks a later leg,
 * so that each transition of it leads to a state of its own (shortest paths take it).
 */
function tag(c: BroadcastComposerContext): keyof typeof excursions | null {
  const found = Object.entries(excursions).find(([, value]) => c.name.split(' ')[0] === value);
  return found === undefined ? null : (found[0] as keyof typeof excursions);
}

/** While something is loaded, counted, read or saved: only its answers. */
function busyEvents(snapshot: AnyMachineSnapshot, c: BroadcastComposerContext): AnyEventObject[] | null {
  const whom = who(c);
  if (snapshot.matches('loading')) {
    const broadcast = whom === 'editor' ? scheduledBroadcast : whom === 'locked' ? sendingBroadcast : null;
    const done = startDone(broadcast, whom !== 'locked');
    return whom === 'owner' && c.loadError === null
      ? [done, { type: 'xstate.error.actor.start', error: networkError }]
      : [done];
  }
  if (snapshot.matches('failed')) return [{ type: 'compose.retry' }];
  if (!snapshot.matches('composing')) return [];
  if (snapshot.matches({ composing: { options: 'loading' } })) return [optionsDone];
  if (snapshot.matches({ composing: { templates: 'loading' } }))
    return whom === 'owner' && c.templatesError === null
      ? [templatesDone, { type: 'xstate.error.actor.templates', error: networkError }]
      : [templatesDone];
  if (snapshot.matches({ composing: { templates: 'failed' } })) return [{ type: 'compose.templatesRetry' }];
  if (snapshot.matches({ composing: { csv: 'reading' } })) {
    const read = { type: 'xstate.done.actor.read', output: audienceCsv };
    if (c.csvProblem !== null) return [read];
    if (whom === 'member')
      return [read, { type: 'xstate.error.actor.read', error: new Error('NotReadableError') }];
    return [read, { type: 'xstate.done.actor.read', output: '  \n' }];
  }
  if (snapshot.matches({ composing: { preview: 'waiting' } })) return [due];
  if (snapshot.matches({ composing: { preview: 'asking' } })) {
    const done = previewDone(c.audienceKind === 'csv' ? csvPreview : labelPreview);
    return whom === 'owner' && c.name === '' && c.previewError === null && c.filters.labelId !== null
      ? [done, { type: 'xstate.error.actor.preview', error: previewRefused }]
      : [done];
  }
  if (snapshot.matches({ composing: { preview: 'failed' } })) return [{ type: 'compose.previewRetry' }];
  if (snapshot.matches({ composing: { form: 'saving' } })) {
    if (tag(c) === 'refusals')
      return [saveFails(templateRefused), saveFails(audienceRefused), saveFails(timeRefused)];
    if (whom === 'owner' && c.error === null) return [saveDone(c), saveFails(networkError)];
    if (whom === 'member' && c.values.body[1]?.value === 'INV-7') return [saveFails(valueRefused)];
    if (whom === 'editor' && c.error === null) return [saveDone(c), saveFails(startedError)];
    return [saveDone(c)];
  }
  return null;
}

/** The spine: the owner's reminder to the VIP label, the member's to a CSV, the editor's move. */
function numberEvents(c: BroadcastComposerContext, whom: Who): AnyEventObject[] {
  if (whom === 'editor') return [step('review')];
  if (c.accountId === null)
    return c.checked.includes('number') || whom === 'member'
      ? [account(mainNumber.id)]
      : [next, account(mainNumber.id)];
  if (c.chosen === null) return [template(reminder.id)];
  return [next];
}

function valuesEvents(c: BroadcastComposerContext, whom: Who): AnyEventObject[] {
  const invoice = c.values.body[1]?.value ?? '';
  if (whom === 'member' && Object.keys(c.serverErrors).length > 0) return [text(1, 'INV-8')];
  if (invoice === '')
    return c.checked.includes('values') || whom === 'member' ? [text(1, 'INV-7')] : [next, text(1, 'INV-7')];
  return whom === 'owner' ? [next, back] : [next];
}

function audienceEvents(c: BroadcastComposerContext, whom: Who): AnyEventObject[] {
  if (whom === 'owner') return c.filters.labelId === null ? [filter('labelId', vip.id)] : [next];
  // The member: a CSV; "Lanjut" without a file, a spreadsheet refused first.
  if (c.audienceKind === 'filter') return [{ type: 'compose.audience', kind: 'csv' }];
  if (c.csv === null) {
    if (!c.checked.includes('audience')) return [next];
    if (c.csvProblem === null) return [{ type: 'compose.csv', file: spreadsheet }];
    return [{ type: 'compose.csv', file: phonesCsv }];
  }
  return [next];
}

function reviewEvents(c: BroadcastComposerContext, whom: Who): AnyEventObject[] {
  if (whom === 'editor')
    return c.date === '2025-03-12' ? [{ type: 'compose.date', date: '2025-03-13' }] : [submit];
  if (c.name.trim() === '') {
    const named = name(whom === 'owner' ? SPINE_NAME : 'Promo CSV');
    return c.checked.includes('review') || whom === 'member' ? [named] : [submit, named];
  }
  if (whom === 'owner' && c.when === 'now' && c.error === null)
    return [submit, { type: 'compose.when', when: 'later' }, ...Object.values(excursions).map(name)];
  return [submit];
}

type Step = 'number' | 'values' | 'audience' | 'review';

/** Every step opened from the steps' list, then "Kembali" from the audience. */
function stepsExcursion(c: BroadcastComposerContext, at: Step): AnyEventObject[] {
  const later = c.name !== excursions.steps;
  if (later) return at === 'audience' ? [back] : [];
  return {
    review: [step('number')],
    number: [step('values')],
    values: [step('audience')],
    audience: [name(`${excursions.steps} 2`)],
  }[at];
}

/** Each source of a value: the order update's city and link, then the promotion's photo. */
function valuesExcursion(c: BroadcastComposerContext, at: Step): AnyEventObject[] {
  const city = c.values.body[0];
  const bandung = city?.source === 'fixed' && city.value === 'Bandung';
  if (at === 'review') return [step('number')];
  if (at === 'number') {
    if (c.chosen?.id === reminder.id) return [template(orderUpdate.id)];
    if (c.chosen?.id === orderUpdate.id && bandung) return [template(promo.id)];
    return [next];
  }
  if (at !== 'values') return [];
  if (c.chosen?.id === promo.id) {
    const later = c.name !== excursions.values;
    if (c.values.headerMediaId === '') {
      if (later) return [];
      return [{ type: 'compose.media', file: c.mediaRefused ? headerPhoto : brochurePdf }];
    }
    return later ? [{ type: 'compose.clearMedia' }] : [name(`${excursions.values} 2`)];
  }
  if (city?.source === 'field' && city.fallback === '')
    return [{ type: 'compose.fallback', field: 'body', index: 0, fallback: 'kota Anda' }];
  if (c.values.buttonUrl?.source === 'fixed')
    return [{ type: 'compose.source', field: 'buttonUrl', source: 'phone' }];
  if (city?.source === 'field') return [{ type: 'compose.source', field: 'body', index: 0, source: 'fixed' }];
  if (!bandung) return [text(0, 'Bandung')];
  return [step('number')];
}

/** The audience's search and filters cleared, then a CSV (once blank) read and removed. */
function audienceExcursion(c: BroadcastComposerContext, at: Step): AnyEventObject[] {
  if (at === 'review') return [back];
  if (at !== 'audience') return [];
  if (c.audienceKind === 'csv') {
    const later = c.name !== excursions.audience;
    if (c.csv === null) return later ? [] : [{ type: 'compose.csv', file: phonesCsv }];
    return later ? [{ type: 'compose.clearCsv' }] : [name(`${excursions.audience} 2`)];
  }
  if (c.filters.labelId !== null && c.search === '') return [{ type: 'compose.search', text: 'sari' }];
  if (c.search !== '') return [{ type: 'compose.resetFilters' }];
  return [{ type: 'compose.audience', kind: 'csv' }];
}

/** Later at the time offered, a time gone by ("Jadwalkan" refused), the fields cleared, now again. */
function scheduleExcursion(c: BroadcastComposerContext): AnyEventObject[] {
  if (c.when === 'now') return c.date === null ? [{ type: 'compose.when', when: 'later' }] : [];
  if (c.time === '10:00') return [{ type: 'compose.time', time: '08:00' }];
  if (c.time === '08:00') return [submit, { type: 'compose.time', time: null }];
  if (c.date !== null) return [{ type: 'compose.date', date: null }];
  return [{ type: 'compose.when', when: 'now' }];
}

/** The server refuses the template (the number step opens) or the audience (its step opens). */
function refusalsExcursion(c: BroadcastComposerContext, at: Step): AnyEventObject[] {
  if (at === 'review') return [submit];
  return at === 'number' ? [step('review')] : [next];
}

function restEvents(snapshot: AnyMachineSnapshot, c: BroadcastComposerContext): AnyEventObject[] {
  const at = (['number', 'values', 'audience', 'review'] as const).find((s) =>
    snapshot.matches({ composing: { form: { editing: s } } }),
  );
  if (at === undefined) return [];
  const whom = who(c);
  switch (tag(c)) {
    case 'steps':
      return stepsExcursion(c, at);
    case 'values':
      return valuesExcursion(c, at);
    case 'audience':
      return audienceExcursion(c, at);
    case 'schedule':
      return at === 'review' ? scheduleExcursion(c) : [];
    case 'refusals':
      return refusalsExcursion(c, at);
    case null:
      break;
  }
  if (at === 'number') return numberEvents(c, whom);
  if (at === 'values') return valuesEvents(c, whom);
  if (at === 'audience') return audienceEvents(c, whom);
  return reviewEvents(c, whom);
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  return busyEvents(snapshot, c) ?? restEvents(snapshot, c);
}

/** The start's acts answer: the numbers, the edited broadcast, the sample customer; or the numbers fail. */
const answerStart: StepDriver = ({ world, event }) => {
  const pending = world.client.pending();
  const has = (act: string) => pending.some((call) => call.name === act);
  if (event.type.startsWith('xstate.error.')) {
    world.client.settle('account_list', { error: event['error'] });
    if (has('broadcast_get')) world.client.settle('broadcast_get', { error: event['error'] });
    world.client.settle('customer_list', { error: event['error'] });
    return;
  }
  const output = event['output'] as { broadcast: BroadcastDetail | null; sample: unknown };
  world.client.settle('account_list', { data: projectNumbers });
  if (output.broadcast !== null) world.client.settle('broadcast_get', { data: output.broadcast });
  world.client.settle('customer_list', { data: output.sample === null ? [] : [sari], total_page: 1 });
};

/** The filters' choices: each list answers its act. */
const answerOptions: StepDriver = ({ world }) => {
  world.client.settle('label_list', { data: filterOptions.labels });
  world.client.settle('stage_list', { data: filterOptions.stages });
  world.client.settle('division_list', { data: filterOptions.divisions });
  world.client.settle('account_list', { data: filterOptions.accounts });
};

/** The reader settles the oldest file read with the event's text or error. */
const answerRead: StepDriver = ({ world, event }) => {
  const read = (world as World & { reads: Reads }).reads.pending.shift();
  if (read === undefined) throw new Error('No file read to settle');
  if (event.type.startsWith('xstate.done.')) read.resolve(String(event['output']));
  else read.reject(event['error']);
};

/** The save answers: `broadcast_create` or `broadcast_update`, whichever was asked. */
const answerSave: StepDriver = ({ world, event }) => {
  const pending = world.client
    .pending()
    .find((call) => call.name === 'broadcast_create' || call.name === 'broadcast_update');
  if (pending === undefined) throw new Error('No save to answer');
  world.client.settle(
    pending.name,
    event.type.startsWith('xstate.done.') ? { data: event['output'] } : { error: event['error'] },
  );
};

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const failure = () => {
    const error = fields['error'] as { reason?: string; message?: string };
    return error.reason === undefined ? 'network down' : `${error.reason}: ${String(error.message)}`;
  };
  switch (event.type) {
    case 'xstate.done.actor.start': {
      const output = fields['output'] as { broadcast: BroadcastDetail | null };
      return output.broadcast === null
        ? 'the numbers and a sample customer load'
        : `the numbers and broadcast "${output.broadcast.name}" (${output.broadcast.status}) load`;
    }
    case 'xstate.error.actor.start':
      return `the page's load fails (${failure()})`;
    case 'xstate.done.actor.options':
      return "the filters' choices load";
    case 'xstate.done.actor.templates':
      return `template_list answers ${(fields['output'] as unknown[]).length} templates (one still in review)`;
    case 'xstate.error.actor.templates':
      return `template_list fails (${failure()})`;
    case 'xstate.done.actor.read':
      return String(fields['output']).trim() === '' ? 'the file is blank' : 'the file is read';
    case 'xstate.error.actor.read':
      return 'the file cannot be read';
    case 'xstate.done.actor.preview': {
      const preview = fields['output'] as typeof labelPreview;
      const rows = preview.rowErrorCount > 0 ? `, ${preview.rowErrorCount} rows left out` : '';
      return `broadcast_preview answers ${preview.recipients} recipients (${preview.optedOut} opted out${rows}), Rp ${preview.total} against Rp ${preview.balance}`;
    }
    case 'xstate.error.actor.preview':
      return `broadcast_preview fails (${failure()})`;
    case 'xstate.done.actor.save':
      return 'the server stores the broadcast';
    case 'xstate.error.actor.save': {
      const error = fields['error'] as { errors?: Record<string, string> };
      return error.errors === undefined
        ? `the save fails (${failure()})`
        : `the server refuses ${Object.keys(error.errors).join(', ')}`;
    }
    case 'compose.step':
      return `the member opens the step "${String(fields['step'])}"`;
    case 'compose.account':
      return `the member picks the number ${fields['accountId'] === mainNumber.id ? mainNumber.name : csNumber.name}`;
    case 'compose.template':
      return `the member picks ${String(fields['templateId'])}`;
    case 'compose.source':
    case 'compose.text':
    case 'compose.fallback': {
      const where =
        fields['field'] === 'body' ? `{{${Number(fields['index']) + 1}}}` : String(fields['field']);
      const what =
        event.type === 'compose.source' ? 'source' : event.type === 'compose.text' ? 'text' : 'fallback';
      const given = fields['source'] ?? fields['value'] ?? fields['fallback'];
      return `the member sets the ${what} of ${where} to "${String(given)}"`;
    }
    case 'compose.media':
      return `the member picks ${(fields['file'] as { filename: string }).filename} from the gallery`;
    case 'compose.audience':
      return `the member sends to ${fields['kind'] === 'csv' ? 'a CSV of phones' : 'filtered customers'}`;
    case 'compose.filter':
      return `the member filters ${String(fields['filter'])} by ${fields['value'] === vip.id ? vip.name : String(fields['value'])}`;
    case 'compose.search':
      return `the member searches "${String(fields['text'])}"`;
    case 'compose.csv':
      return `the member picks ${(fields['file'] as { name: string }).name}`;
    case 'compose.name':
      return `the member names it "${String(fields['name'])}"`;
    case 'compose.when':
      return fields['when'] === 'now' ? 'the member chooses to send now' : 'the member chooses to schedule';
    case 'compose.date':
      return `the member picks the day ${String(fields['date'])}`;
    case 'compose.time':
      return `the member picks ${String(fields['time'])}`;
    default:
      return (
        {
          'compose.retry': 'the member retries',
          'compose.templatesRetry': 'the member retries the templates',
          'compose.previewRetry': 'the member counts again',
          'compose.previewDue': 'the changes pause (debounce)',
          'compose.next': 'the member presses "Lanjut"',
          'compose.back': 'the member presses "Kembali"',
          'compose.submit': 'the member presses "Kirim"',
          'compose.clearMedia': 'the member removes the header file',
          'compose.resetFilters': 'the member clears the filters',
          'compose.clearCsv': 'the member removes the CSV',
        }[event.type] ?? event.type
      );
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('failed')) return `failed, shows "${c.loadError?.message ?? ''}"`;
  if (snapshot.matches('locked')) return `locked: "${c.original?.name ?? ''}" is ${c.original?.status ?? ''}`;
  if (snapshot.matches('saved')) return `saved "${c.saved?.name ?? ''}" (${c.saved?.status ?? ''})`;
  const form = snapshot.matches({ composing: { form: 'saving' } })
    ? 'saving'
    : (['number', 'values', 'audience', 'review'].find((s) =>
        snapshot.matches({ composing: { form: { editing: s } } }),
      ) ?? '?');
  const parts = [`step ${form}`];
  if (c.chosen !== null) parts.push(`${c.chosen.name} ${JSON.stringify(c.values)}`);
  parts.push(
    c.audienceKind === 'csv'
      ? `to ${c.csv?.filename ?? 'no CSV yet'}${c.csvProblem === null ? '' : ` (${c.csvProblem})`}`
      : `to customers ${JSON.stringify(Object.fromEntries(Object.entries(c.filters).filter(([, v]) => v !== null)))}`,
  );
  if (c.preview !== null)
    parts.push(
      `${c.preview.recipients} recipients, Rp ${c.preview.total}${c.preview.covers ? '' : ' (balance short)'}`,
    );
  if (c.name !== '') parts.push(`named "${c.name}"`);
  parts.push(c.when === 'now' ? 'now' : `at ${String(c.date)} ${String(c.time)}`);
  if (c.checked.length > 0) parts.push(`problems shown for ${c.checked.join(', ')}`);
  if (Object.keys(c.serverErrors).length > 0)
    parts.push(`server errors on ${Object.keys(c.serverErrors).join(', ')}`);
  if (c.error !== null) parts.push(`shows "${c.error.message}"`);
  if (c.clientId !== null) parts.push(`client id ${c.clientId}`);
  return parts.join(', ');
}

export const broadcastComposerModel: PathModel = {
  name: 'broadcastComposer',
  machine: broadcastComposerMachine.provide({ actors: { delay: silentDelay } }),
  serialize,
  starts: [
    {
      label: 'the owner makes a new broadcast',
      world: composerWorld({ broadcastId: null, permissions: grantAll() }),
    },
    {
      label: 'a member who may not pay sends to a CSV',
      world: composerWorld({ broadcastId: null, permissions: memberPermissions }),
    },
    {
      label: 'the owner edits the broadcast scheduled for 12 March',
      world: composerWorld({ broadcastId: scheduledBroadcast.id, permissions: grantAll() }),
    },
    {
      label: 'the owner opens the edit of a broadcast already sending',
      world: composerWorld({ broadcastId: sendingBroadcast.id, permissions: grantAll() }),
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter(
        (event) =>
          !event.type.startsWith('xstate.error.') &&
          event.type !== 'compose.back' &&
          event.type !== 'compose.when' &&
          !(event.type === 'compose.next' && !snapshotComplete(snapshot)) &&
          !(event.type === 'compose.submit' && ctx(snapshot).name.trim() === '') &&
          !(event.type === 'compose.name' && tag({ ...ctx(snapshot), name: String(event['name']) }) !== null),
      ),
    toState: (snapshot) => snapshot.matches('saved'),
  },
  scenarios: [],
  actorActs: { templates: 'template_list', preview: 'broadcast_preview' },
  drivers: {
    'xstate.done.actor.start': answerStart,
    'xstate.error.actor.start': answerStart,
    'xstate.done.actor.options': answerOptions,
    'xstate.done.actor.read': answerRead,
    'xstate.error.actor.read': answerRead,
    'xstate.done.actor.save': answerSave,
    'xstate.error.actor.save': answerSave,
  },
  describeEvent,
  describeState,
};

/** Whether the step open is complete ("Lanjut" goes on). */
function snapshotComplete(snapshot: AnyMachineSnapshot): boolean {
  const c = ctx(snapshot);
  if (snapshot.matches({ composing: { form: { editing: 'number' } } })) return c.chosen !== null;
  if (snapshot.matches({ composing: { form: { editing: 'values' } } }))
    return (c.values.body[1]?.value ?? '') !== '';
  if (snapshot.matches({ composing: { form: { editing: 'audience' } } }))
    return c.audienceKind === 'filter' || c.csv !== null;
  return true;
}
