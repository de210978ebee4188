import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Division, ProjectSettings, WorkingDay } from '@sapa/sdk';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import {
  checkOptOutWord,
  checkSettings,
  knownTimeZones,
  matchTimeZones,
  projectSettingsMachine,
  selectDeleteConfirmed,
  selectSettingsDirty,
  selectSettingsStatus,
  settingsServerErrors,
} from './projectSettingsMachine.ts';
import type { ProjectSettingsEmitted } from './projectSettingsMachine.ts';

const key = 'k1k2k3k4k5';
const zones = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'America/New_York', 'UTC'];

function week(): WorkingDay[] {
  return ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => ({
    day,
    open: day <= 5,
    from: '09:00:00',
    to: '17:00:00',
  }));
}

const settings: ProjectSettings = {
  key,
  name: 'Toko Batik',
  timeZone: 'Asia/Jakarta',
  workingHours: week(),
  defaultDivision: null,
  optOut: { words: ['STOP', 'BERHENTI'], reply: 'Baik, tidak kami kirimi lagi.', replyEnabled: true },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const sales = { id: 'd-sales', name: 'Sales', color: '#1e88e5' } as Division;

async function ready(project: { send(event: { closing: boolean }): void } | null = null) {
  const client = createFakeClient();
  const actor = createActor(projectSettingsMachine, { input: { client, key, timeZones: zones, project } });
  const emitted: ProjectSettingsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  client.settle('project_settings_get', { data: settings });
  await flush();
  client.settle('division_list', { data: [sales] });
  await flush();
  return { client, actor, emitted };
}

modelSuite('projectSettings', (get) => {
  it('sends the draft as it stands on every save, and deletes only with the name typed', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    const updates = calls.filter((call) => call.name === 'project_update');
    expect(updates.length).toBeGreaterThan(0);
    for (const call of updates)
      expect((call.fields as { workingHours: unknown[] }).workingHours).toHaveLength(7);
    const deletes = calls.filter((call) => call.name === 'project_delete');
    expect(deletes.length).toBeGreaterThan(0);
    for (const call of deletes) expect(call.fields).toEqual({ key: 'k1abcdefgh', confirmName: 'Toko Lama' });
  });
});

describe('projectSettingsMachine', () => {
  it('loads the settings and the divisions to choose from', async () => {
    const { client, actor } = await ready();
    expect(client.calls).toEqual([
      { name: 'project_settings_get', fields: { key } },
      { name: 'division_list', fields: { key, all: true } },
    ]);
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.draft.name).toBe('Toko Batik');
    expect(actor.getSnapshot().context.divisions).toEqual([sales]);
    expect(selectSettingsDirty(actor.getSnapshot())).toBe(false);
  });

  it('saves name, zone, a day and the division with project_update', async () => {
    const { client, actor, emitted } = await ready();
    actor.send({ type: 'settings.name', value: '  Toko Baru ' });
    actor.send({ type: 'settings.timeZone', value: 'Asia/Makassar' });
    actor.send({ type: 'settings.day', day: 1, from: '10:00:00', to: '16:00:00' });
    actor.send({ type: 'settings.day', day: 6, open: true });
    actor.send({ type: 'settings.division', id: 'd-sales' });
    expect(selectSettingsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.save' });
    const hours = week().map((day) =>
      day.day === 1
        ? { ...day, from: '10:00:00', to: '16:00:00' }
        : day.day === 6
          ? { ...day, open: true }
          : day,
    );
    expect(client.pending()).toEqual([
      {
        name: 'project_update',
        fields: {
          key,
          name: 'Toko Baru',
          timeZone: 'Asia/Makassar',
          workingHours: hours,
          defaultDivisionId: 'd-sales',
          optOut: settings.optOut,
        },
      },
    ]);
    const saved = {
      ...settings,
      name: 'Toko Baru',
      timeZone: 'Asia/Makassar',
      workingHours: hours,
      defaultDivision: sales,
    };
    client.settle('project_update', { data: saved });
    await flush();
    expect(emitted).toContainEqual({ type: 'settings.saved', settings: saved });
    expect(actor.getSnapshot().context.settings).toEqual(saved);
    expect(selectSettingsDirty(actor.getSnapshot())).toBe(false);
  });

  it('checks the form here first: a name, a known zone, closing after opening', async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'settings.name', value: ' ' });
    actor.send({ type: 'settings.timeZone', value: 'Mars/Olympus' });
    actor.send({ type: 'settings.day', day: 2, from: '12:00:00', to: '12:00:00' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { key: 'validation.required' },
      timeZone: { key: 'settings.timeZoneInvalid' },
      'day.2': { key: 'settings.hoursOrder' },
    });
    expect(client.pending()).toEqual([]);
    // A closed day's hours are not checked; changing a field drops its error.
    actor.send({ type: 'settings.day', day: 2, open: false });
    expect(actor.getSnapshot().context.fieldErrors['day.2']).toBeUndefined();
    expect(
      checkSettings({ ...actor.getSnapshot().context.draft, name: 'x', timeZone: 'UTC' }, zones),
    ).toEqual({});
  });

  it("puts the server's field errors beside their fields", async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'settings.save' });
    client.settle('project_update', {
      error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
        errors: { name: 'Nama terlalu panjang.', 'workingHours.2.to': 'Harus setelah jam mulai.' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: { message: 'Nama terlalu panjang.' },
      'day.3': { message: 'Harus setelah jam mulai.' },
    });
    expect(actor.getSnapshot().context.saveError).toBeNull();
    expect(settingsServerErrors(new Error('x'), actor.getSnapshot().context.draft)).toEqual({});
  });

  it('keeps other failures as the form error', async () => {
    const { client, actor } = await ready();
    actor.send({ type: 'settings.save' });
    client.settle('project_update', { error: apiError('not_found', 'Divisi tidak ditemukan.') });
    await flush();
    expect(actor.getSnapshot().context.saveError).toEqual({
      reason: 'not_found',
      message: 'Divisi tidak ditemukan.',
    });
  });

  it('deletes only once the saved name is typed exactly', async () => {
    const { client, actor, emitted } = await ready();
    actor.send({ type: 'settings.delete' });
    actor.send({ type: 'settings.deleteName', value: 'toko batik' });
    expect(selectDeleteConfirmed(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'settings.confirmDelete' });
    expect(client.pending()).toEqual([]);
    actor.send({ type: 'settings.deleteName', value: 'Toko Batik' });
    expect(selectDeleteConfirmed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.confirmDelete' });
    expect(client.pending()).toEqual([
      { name: 'project_delete', fields: { key, confirmName: 'Toko Batik' } },
    ]);
    client.settle('project_delete', { data: { key } });
    await flush();
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('deleted');
    expect(emitted).toContainEqual({ type: 'settings.deleted', key, name: 'Toko Batik' });
  });

  it('tells the project actor as the delete starts, and again if it fails', async () => {
    const told: boolean[] = [];
    const { client, actor } = await ready({ send: (event) => told.push(event.closing) });
    actor.send({ type: 'settings.delete' });
    actor.send({ type: 'settings.deleteName', value: 'Toko Batik' });
    expect(told).toEqual([]);
    actor.send({ type: 'settings.confirmDelete' });
    expect(told).toEqual([true]);
    client.settle('project_delete', { error: apiError('forbidden', 'Tidak boleh.') });
    await flush();
    expect(told).toEqual([true, false]);
    expect(actor.getSnapshot().context.deleteError?.reason).toBe('forbidden');
  });

  it('retries a failed load and failed divisions', async () => {
    const client = createFakeClient();
    const actor = createActor(projectSettingsMachine, { input: { client, key, timeZones: zones } });
    actor.start();
    client.settle('project_settings_get', { error: new Error('offline') });
    await flush();
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'settings.retry' });
    client.settle('project_settings_get', { data: settings });
    await flush();
    client.settle('division_list', { error: new Error('offline') });
    await flush();
    expect(actor.getSnapshot().context.divisionsError?.message).toBe('offline');
    actor.send({ type: 'settings.divisionsRetry' });
    client.settle('division_list', { data: [sales] });
    await flush();
    expect(actor.getSnapshot().context.divisions).toEqual([sales]);
  });

  it('edits the opt-out words one at a time, the answer and its switch, and saves them', async () => {
    const { client, actor } = await ready();
    const words = () => actor.getSnapshot().context.draft.optOut.words;
    actor.send({ type: 'settings.optOutWordInput', value: ' stop! ' });
    actor.send({ type: 'settings.optOutAddWord' });
    expect(actor.getSnapshot().context.fieldErrors['optOut.word']).toEqual({
      key: 'settings.optOut.word.duplicate',
    });
    actor.send({ type: 'settings.optOutWordInput', value: ' Stop kirim dong 🙏' });
    expect(actor.getSnapshot().context.fieldErrors['optOut.word']).toBeUndefined();
    actor.send({ type: 'settings.optOutAddWord' });
    expect(words()).toEqual(['STOP', 'BERHENTI', 'STOP KIRIM DONG']);
    expect(actor.getSnapshot().context.wordInput).toBe('');
    actor.send({ type: 'settings.optOutWordInput', value: 'x'.repeat(41) });
    actor.send({ type: 'settings.optOutAddWord' });
    expect(actor.getSnapshot().context.fieldErrors['optOut.word']).toEqual({
      key: 'settings.optOut.word.too_long',
      params: { max: 40 },
    });
    actor.send({ type: 'settings.optOutRemoveWord', word: 'STOP' });
    actor.send({ type: 'settings.optOutRemoveWord', word: 'BERHENTI' });
    // The last word stays: a customer must always be able to stop.
    actor.send({ type: 'settings.optOutRemoveWord', word: 'STOP KIRIM DONG' });
    expect(words()).toEqual(['STOP KIRIM DONG']);
    actor.send({ type: 'settings.optOutDefaults' });
    expect(words()).toEqual(['STOP', 'BERHENTI', 'STOP PROMO', 'BERHENTI LANGGANAN', 'UNSUBSCRIBE', 'UNREG']);
    actor.send({ type: 'settings.optOutReply', value: ' ' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.fieldErrors['optOut.reply']).toEqual({
      key: 'settings.optOut.reply.empty',
      params: { max: 1000 },
    });
    expect(client.pending()).toEqual([]);
    // Switched off, the answer may stay empty.
    actor.send({ type: 'settings.optOutReplyEnabled', value: false });
    expect(actor.getSnapshot().context.fieldErrors['optOut.reply']).toBeUndefined();
    actor.send({ type: 'settings.save' });
    const [call] = client.pending();
    expect((call?.fields as { optOut: unknown }).optOut).toEqual({
      words: ['STOP', 'BERHENTI', 'STOP PROMO', 'BERHENTI LANGGANAN', 'UNSUBSCRIBE', 'UNREG'],
      reply: ' ',
      replyEnabled: false,
    });
    client.settle('project_update', {
      error: apiError('invalid_input', 'Periksa kembali isian Anda.', {
        errors: { 'optOut.words': 'Paling banyak 20 kata.' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'optOut.words': { message: 'Paling banyak 20 kata.' },
    });
  });

  it('refuses a 21st opt-out word and an empty one', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `KATA ${index}`);
    expect(checkOptOutWord('baru', twenty)).toEqual({
      key: 'settings.optOut.words.too_many',
      params: { max: 20 },
    });
    expect(checkOptOutWord(' ?! ', [])).toEqual({ key: 'settings.optOut.word.empty', params: { max: 40 } });
    expect(checkOptOutWord('baru', ['STOP'])).toBeNull();
  });

  it('finds time zones by words, and knows Jakarta and UTC', () => {
    expect(matchTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(matchTimeZones(zones, 'asia ja')).toEqual(['Asia/Jakarta', 'Asia/Jayapura']);
    expect(matchTimeZones(zones, '')).toEqual(zones);
    expect(knownTimeZones()).toEqual(expect.arrayContaining(['Asia/Jakarta', 'UTC']));
  });
});
