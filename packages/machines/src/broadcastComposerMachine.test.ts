import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { grantAll } from '@sapa/sdk';
import type { BroadcastDetail } from '@sapa/sdk';
import {
  broadcastComposerPermissions,
  startingValues,
  stepOfPath,
  valueFromExample,
} from './broadcastComposerActors.ts';
import { broadcastComposerMachine } from './broadcastComposerMachine.ts';
import {
  selectComposerAudience,
  selectComposerCanSubmit,
  selectComposerFieldErrors,
  selectComposerPreview,
  selectComposerPreviewStatus,
  selectComposerSaveError,
  selectComposerSchedule,
  selectComposerShortfall,
  selectComposerStatus,
  selectComposerStep,
  selectComposerSteps,
  selectComposerTemplate,
  selectComposerValues,
  selectValuesPreview,
} from './broadcastComposerSelectors.ts';
import {
  audienceCsv,
  composeKey,
  composeNow,
  csvPreview,
  fallbackSample,
  filterOptions,
  labelPreview,
  mainNumber,
  numberTemplates,
  orderUpdate,
  phonesCsv,
  projectNumbers,
  reminder,
  sari,
  scheduledBroadcast,
  sendingBroadcast,
  startedError,
  valueRefused,
  vip,
} from './paths/broadcastComposeFixtures.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { manualDelays } from './testing/delays.ts';
import { runsThrough } from './testing/modelRun.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('broadcastComposer', (get) => {
  const saves = (run: { world: { client: { calls: { name: string; fields: unknown }[] } } }) =>
    run.world.client.calls.filter(
      (call) => call.name === 'broadcast_create' || call.name === 'broadcast_update',
    );

  it('saves each composer’s broadcast under one client id, however often it is tried', () => {
    const creates = get().runs.map(({ run }) =>
      saves(run).flatMap((call) =>
        call.name === 'broadcast_create' ? [call.fields as { clientId: string }] : [],
      ),
    );
    expect(creates.some((calls) => calls.length > 1)).toBe(true);
    for (const calls of creates)
      expect(new Set(calls.map((call) => call.clientId)).size).toBeLessThanOrEqual(1);
  });

  it('saves only what every step allows: a name, the approved template, values filling it, a counted audience', () => {
    const all = get().runs.flatMap(({ run }) => saves(run));
    expect(all.length).toBeGreaterThan(0);
    for (const call of all) {
      const fields = call.fields as {
        name: string;
        templateId: string;
        values: { body: { value: string }[] };
      };
      expect(fields.name).not.toBe('');
      expect(numberTemplates.find((t) => t.id === fields.templateId)?.status).toBe('APPROVED');
      expect(fields.values.body.length).toBeGreaterThan(0);
    }
  });

  it('edits a scheduled broadcast by broadcast_update with its restored values, moved a day', () => {
    const edits = get()
      .runs.filter(({ run }) => run.final.matches('saved'))
      .flatMap(({ run }) => saves(run).filter((call) => call.name === 'broadcast_update'));
    expect(edits.length).toBeGreaterThan(0);
    for (const call of edits)
      expect(call.fields).toMatchObject({
        id: scheduledBroadcast.id,
        values: scheduledBroadcast.values,
        audience: { kind: 'filter', filter: { labelId: vip.id } },
        scheduledAt: '2025-03-13T03:00:00.000Z',
      });
  });

  it('sends a CSV audience as read, shows its rows left out and the shortfall without the billing link', () => {
    const runs = runsThrough(get(), [
      'compose.csv',
      'xstate.done.actor.read',
      'xstate.done.actor.preview',
    ]).filter(({ run }) =>
      run.steps.some((s) => s.event.type === 'xstate.done.actor.preview' && s.event['output'] === csvPreview),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const counted = run.steps.find((s) => s.event['output'] === csvPreview);
      const snapshot = counted?.snapshot as never;
      expect(selectComposerPreview(snapshot)?.rowErrorCount).toBe(3);
      const shortfall = selectComposerShortfall(snapshot);
      expect(shortfall?.shortfall).toBe(1_145);
      expect(shortfall?.mayPay).toBe(!memberOnly(run.world.input));
    }
  });

  it('keeps every value on a refusal and opens the step of the server’s field error', () => {
    const refusals = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'xstate.error.actor.save');
    const opened = new Set<string>();
    for (const s of refusals) {
      const snapshot = s.snapshot as never;
      expect(selectComposerStatus(snapshot)).toBe('editing');
      expect(selectComposerTemplate(snapshot)).not.toBeNull();
      expect(selectComposerValues(snapshot).body[1]?.value).toMatch(/^INV-/);
      const errors = (s.event['error'] as { errors?: Record<string, string> }).errors;
      if (errors !== undefined) {
        const [path, message] = Object.entries(errors)[0] ?? ['', ''];
        expect(selectComposerFieldErrors(snapshot)[path]).toEqual({ message });
        opened.add(selectComposerStep(snapshot));
      }
    }
    expect([...opened].sort()).toEqual(['audience', 'number', 'review', 'values']);
  });
});

function memberOnly(input: unknown): boolean {
  return !(input as { permissions: readonly string[] }).permissions.includes('project.billing.pay');
}

interface Options {
  broadcastId?: string | null;
  permissions?: readonly string[];
}

function start(options: Options = {}) {
  const client = createFakeClient();
  const delays = manualDelays();
  const reads: { resolve(text: string): void; reject(error: unknown): void }[] = [];
  let next = 0;
  const actor = createActor(broadcastComposerMachine.provide({ actors: { delay: delays.delay } }), {
    input: {
      client,
      key: composeKey,
      timeZone: 'Asia/Jakarta',
      permissions: options.permissions ?? grantAll(),
      broadcastId: options.broadcastId ?? null,
      sample: fallbackSample,
      now: () => composeNow,
      newClientId: () => `cid-${(next += 1)}`,
      readFile: () => new Promise<string>((resolve, reject) => reads.push({ resolve, reject })),
    },
  }).start();
  const snapshot = () => actor.getSnapshot();
  const calls = (name: string) => client.calls.filter((call) => call.name === name);
  return { actor, client, delays, reads, snapshot, calls };
}

type Composer = ReturnType<typeof start>;

const tooManyRows = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { 'audience.csv': 'Paling banyak 50.000 baris.' },
});

/** The start answers: the numbers, the sample customer, the edited broadcast; then the filters' choices. */
async function loaded(composer: Composer, broadcast: BroadcastDetail | null = null) {
  composer.client.settle('account_list', { data: projectNumbers });
  if (broadcast !== null) composer.client.settle('broadcast_get', { data: broadcast });
  composer.client.settle('customer_list', { data: [sari], total_page: 1 });
  await flush();
  if (!composer.snapshot().matches('composing')) return;
  composer.client.settle('label_list', { data: filterOptions.labels });
  composer.client.settle('stage_list', { data: filterOptions.stages });
  composer.client.settle('division_list', { data: filterOptions.divisions });
  composer.client.settle('account_list', { data: filterOptions.accounts });
  await flush();
}

async function templatesListed(composer: Composer) {
  composer.client.settle('template_list', { data: numberTemplates });
  await flush();
}

async function previewAnswered(composer: Composer, preview = labelPreview) {
  composer.delays.fire('compose.previewDue');
  await flush();
  composer.client.settle('broadcast_preview', { data: preview });
  await flush();
}

/** A new broadcast of the reminder through the main number, its invoice number filled, at the audience step. */
async function toAudience(composer: Composer) {
  await loaded(composer);
  composer.actor.send({ type: 'compose.account', accountId: mainNumber.id });
  await templatesListed(composer);
  composer.actor.send({ type: 'compose.template', templateId: reminder.id });
  composer.actor.send({ type: 'compose.next' });
  composer.actor.send({ type: 'compose.text', field: 'body', index: 1, value: 'INV-7' });
  composer.actor.send({ type: 'compose.next' });
}

describe('the broadcast composer', () => {
  it('offers the number’s approved templates and starts values from the examples’ placeholders', async () => {
    const composer = start();
    expect(selectComposerStatus(composer.snapshot())).toBe('loading');
    await loaded(composer);
    expect(selectComposerStatus(composer.snapshot())).toBe('editing');
    composer.actor.send({ type: 'compose.account', accountId: mainNumber.id });
    expect(composer.calls('template_list')).toEqual([
      { name: 'template_list', fields: { key: composeKey, accountId: mainNumber.id } },
    ]);
    await templatesListed(composer);
    composer.actor.send({ type: 'compose.template', templateId: orderUpdate.id });
    expect(selectComposerValues(composer.snapshot())).toEqual({
      body: [{ source: 'field', value: 'Kota', fallback: '' }],
      buttonUrl: { source: 'fixed', value: '', fallback: '' },
    });
    // Sari's city fills the preview (the field's name, letter case aside).
    expect(selectValuesPreview(composer.snapshot())?.rendered.body).toBe(
      'Pesanan Anda ke Bandung sudah dikirim.',
    );
  });

  it('opens the next step only when this one is complete, and shows its problems otherwise', async () => {
    const composer = start();
    await loaded(composer);
    composer.actor.send({ type: 'compose.next' });
    expect(selectComposerStep(composer.snapshot())).toBe('number');
    expect(Object.keys(selectComposerFieldErrors(composer.snapshot()))).toEqual(['accountId']);
    composer.actor.send({ type: 'compose.account', accountId: mainNumber.id });
    await templatesListed(composer);
    composer.actor.send({ type: 'compose.template', templateId: reminder.id });
    composer.actor.send({ type: 'compose.next' });
    expect(selectComposerStep(composer.snapshot())).toBe('values');
    composer.actor.send({ type: 'compose.next' });
    expect(selectComposerStep(composer.snapshot())).toBe('values');
    expect(selectComposerFieldErrors(composer.snapshot())).toEqual({
      'values.body.1.value': {
        problem: { path: 'values.body.1.value', key: 'template.rule.value_required', params: {} },
      },
    });
    // The review cannot be opened before the values are complete.
    composer.actor.send({ type: 'compose.step', step: 'review' });
    expect(selectComposerStep(composer.snapshot())).toBe('values');
    expect(selectComposerSteps(composer.snapshot()).map((step) => step.reachable)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('counts the audience after a pause in the changes, once', async () => {
    const composer = start();
    await toAudience(composer);
    expect(selectComposerStep(composer.snapshot())).toBe('audience');
    expect(selectComposerPreviewStatus(composer.snapshot())).toBe('counting');
    composer.actor.send({ type: 'compose.filter', filter: 'labelId', value: vip.id });
    composer.actor.send({ type: 'compose.search', text: 'sa' });
    composer.actor.send({ type: 'compose.search', text: 'sari' });
    expect(composer.delays.pending()).toHaveLength(1);
    expect(composer.calls('broadcast_preview')).toEqual([]);
    await previewAnswered(composer);
    expect(composer.calls('broadcast_preview')).toEqual([
      {
        name: 'broadcast_preview',
        fields: {
          key: composeKey,
          accountId: mainNumber.id,
          templateId: reminder.id,
          audience: { kind: 'filter', filter: { search: 'sari', labelId: vip.id } },
        },
      },
    ]);
    expect(selectComposerPreview(composer.snapshot())).toEqual(labelPreview);
  });

  it('reads a CSV in the browser, sends its text, and shows the rows left out and a shortfall', async () => {
    const composer = start({
      permissions: ['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.add', 'crm.broadcast.view'],
    });
    await toAudience(composer);
    composer.actor.send({ type: 'compose.audience', kind: 'csv' });
    composer.actor.send({ type: 'compose.csv', file: phonesCsv });
    expect(selectComposerAudience(composer.snapshot()).csvReading).toBe(true);
    composer.reads[0]?.resolve(audienceCsv);
    await flush();
    await previewAnswered(composer, csvPreview);
    expect(composer.calls('broadcast_preview').at(-1)?.fields).toMatchObject({
      audience: { kind: 'csv', csv: audienceCsv, filename: 'pelanggan-maret.csv' },
    });
    expect(selectComposerPreview(composer.snapshot())?.rowErrors.map((row) => row.problem)).toEqual([
      'phone',
      'duplicate',
      'opted_out',
    ]);
    // This member may not pay: the shortfall says so without the billing link.
    expect(selectComposerShortfall(composer.snapshot())).toEqual({ shortfall: 1_145, mayPay: false });
  });

  it('shows a refusal of the CSV by the preview on its field, until another file is read', async () => {
    const composer = start();
    await toAudience(composer);
    composer.actor.send({ type: 'compose.audience', kind: 'csv' });
    composer.actor.send({ type: 'compose.csv', file: phonesCsv });
    composer.reads[0]?.resolve(audienceCsv);
    await flush();
    composer.delays.fire('compose.previewDue');
    await flush();
    composer.client.settle('broadcast_preview', { error: tooManyRows });
    await flush();
    expect(selectComposerPreviewStatus(composer.snapshot())).toBe('failed');
    expect(selectComposerFieldErrors(composer.snapshot())['audience.csv']).toEqual({
      message: 'Paling banyak 50.000 baris.',
    });
    composer.actor.send({ type: 'compose.csv', file: phonesCsv });
    composer.reads[1]?.resolve(audienceCsv);
    await flush();
    expect(selectComposerFieldErrors(composer.snapshot())['audience.csv']).toBeUndefined();
  });

  it('creates under one client id, keeps every value on a refusal and shows the server’s field error on its field', async () => {
    const composer = start();
    await toAudience(composer);
    await previewAnswered(composer);
    composer.actor.send({ type: 'compose.next' });
    composer.actor.send({ type: 'compose.submit' });
    expect(selectComposerStep(composer.snapshot())).toBe('review');
    expect(composer.calls('broadcast_create')).toEqual([]);
    composer.actor.send({ type: 'compose.name', name: ' Pengingat ' });
    expect(selectComposerCanSubmit(composer.snapshot())).toBe(true);
    composer.actor.send({ type: 'compose.submit' });
    expect(selectComposerStatus(composer.snapshot())).toBe('saving');
    composer.client.settle('broadcast_create', { error: valueRefused });
    await flush();
    expect(selectComposerStep(composer.snapshot())).toBe('values');
    expect(selectComposerFieldErrors(composer.snapshot())['values.body.1.value']).toEqual({
      message: 'Isian tidak valid.',
    });
    composer.actor.send({ type: 'compose.text', field: 'body', index: 1, value: 'INV-8' });
    expect(selectComposerFieldErrors(composer.snapshot())['values.body.1.value']).toBeUndefined();
    composer.actor.send({ type: 'compose.step', step: 'review' });
    composer.actor.send({ type: 'compose.submit' });
    composer.client.settle('broadcast_create', { error: networkError });
    await flush();
    expect(selectComposerSaveError(composer.snapshot())?.reason).toBe('network');
    composer.actor.send({ type: 'compose.submit' });
    const creates = composer.calls('broadcast_create');
    expect(creates.map((call) => (call.fields as { clientId: string }).clientId)).toEqual([
      'cid-1',
      'cid-1',
      'cid-1',
    ]);
    expect(creates[2]?.fields).toEqual({
      key: composeKey,
      clientId: 'cid-1',
      accountId: mainNumber.id,
      templateId: reminder.id,
      values: {
        body: [
          { source: 'name', value: '', fallback: '' },
          { source: 'fixed', value: 'INV-8', fallback: '' },
        ],
      },
      audience: { kind: 'filter', filter: {} },
      name: 'Pengingat',
      scheduledAt: null,
    });
  });

  it('schedules in the project’s time zone and refuses a time gone by', async () => {
    const composer = start();
    await toAudience(composer);
    await previewAnswered(composer);
    composer.actor.send({ type: 'compose.next' });
    composer.actor.send({ type: 'compose.name', name: 'Pengingat' });
    composer.actor.send({ type: 'compose.when', when: 'later' });
    // "Jadwalkan" starts at the next whole hour at least an hour ahead: 10:00 in Jakarta.
    expect(selectComposerSchedule(composer.snapshot())).toMatchObject({
      date: '2025-03-10',
      time: '10:00',
      firstDay: '2025-03-10',
      lastDay: '2026-03-11',
    });
    composer.actor.send({ type: 'compose.time', time: '08:00' });
    expect(selectComposerFieldErrors(composer.snapshot())['scheduledAt']).toMatchObject({
      problem: { key: 'field.broadcast_schedule_past' },
    });
    composer.actor.send({ type: 'compose.submit' });
    expect(composer.calls('broadcast_create')).toEqual([]);
    composer.actor.send({ type: 'compose.date', date: '2025-03-11' });
    composer.actor.send({ type: 'compose.submit' });
    expect(composer.calls('broadcast_create')[0]?.fields).toMatchObject({
      scheduledAt: '2025-03-11T01:00:00.000Z',
    });
  });

  it('edits a scheduled broadcast: its template, values, audience and time come back, and it saves by broadcast_update', async () => {
    const composer = start({ broadcastId: scheduledBroadcast.id });
    expect(composer.calls('broadcast_get')).toHaveLength(1);
    await loaded(composer, scheduledBroadcast);
    await templatesListed(composer);
    expect(selectComposerTemplate(composer.snapshot())?.id).toBe(reminder.id);
    expect(selectComposerValues(composer.snapshot())).toEqual(scheduledBroadcast.values);
    expect(selectComposerAudience(composer.snapshot()).filters.labelId).toBe(vip.id);
    expect(selectComposerSchedule(composer.snapshot())).toMatchObject({
      when: 'later',
      date: '2025-03-12',
      time: '10:00',
    });
    await previewAnswered(composer);
    composer.actor.send({ type: 'compose.step', step: 'review' });
    expect(selectComposerStep(composer.snapshot())).toBe('review');
    composer.actor.send({ type: 'compose.submit' });
    expect(composer.calls('broadcast_update')[0]?.fields).toEqual({
      key: composeKey,
      id: scheduledBroadcast.id,
      accountId: mainNumber.id,
      templateId: reminder.id,
      values: scheduledBroadcast.values,
      audience: { kind: 'filter', filter: { labelId: vip.id } },
      name: scheduledBroadcast.name,
      scheduledAt: '2025-03-12T03:00:00.000Z',
    });
    composer.client.settle('broadcast_update', { error: startedError });
    await flush();
    expect(selectComposerSaveError(composer.snapshot())?.reason).toBe('conflict');
    expect(selectComposerStep(composer.snapshot())).toBe('review');
  });

  it('takes the project’s only number at once and loads its templates', async () => {
    const composer = start();
    composer.client.settle('account_list', { data: [mainNumber] });
    composer.client.settle('customer_list', { data: [], total_page: 0 });
    await flush();
    expect(composer.snapshot().context.accountId).toBe(mainNumber.id);
    expect(composer.calls('template_list')).toEqual([
      { name: 'template_list', fields: { key: composeKey, accountId: mainNumber.id } },
    ]);
  });

  it('does not edit a broadcast that has started', async () => {
    const composer = start({ broadcastId: sendingBroadcast.id });
    await loaded(composer, sendingBroadcast);
    expect(selectComposerStatus(composer.snapshot())).toBe('locked');
    expect(composer.calls('template_list')).toEqual([]);
  });
});

describe('the composer’s rules', () => {
  it('reads an example’s placeholder as the value’s source', () => {
    expect(valueFromExample('{nama}')).toEqual({ source: 'name', value: '', fallback: '' });
    expect(valueFromExample('{nomor}')).toEqual({ source: 'phone', value: '', fallback: '' });
    expect(valueFromExample('{Kota Asal}')).toEqual({ source: 'field', value: 'Kota Asal', fallback: '' });
    expect(valueFromExample('INV-001')).toEqual({ source: 'fixed', value: '', fallback: '' });
    expect(startingValues(reminder).body.map((value) => value.source)).toEqual(['name', 'fixed']);
  });

  it('names the step of each field', () => {
    expect(
      ['templateId', 'values.body.0.fallback', 'audience', 'audience.csv', 'name', 'scheduledAt'].map(
        stepOfPath,
      ),
    ).toEqual(['number', 'values', 'audience', 'audience', 'review', 'review']);
  });

  it('creates with crm.broadcast.add, changes with crm.broadcast.edit, links to billing with project.billing.pay', () => {
    expect(broadcastComposerPermissions(['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.add'])).toEqual({
      create: true,
      update: false,
      pay: false,
    });
  });
});
