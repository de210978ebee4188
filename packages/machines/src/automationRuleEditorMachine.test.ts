import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { messages } from '@sapa/sdk';
import {
  automationRuleEditorMachine,
  selectBroadcastPicker,
  selectEditorBusy,
  selectGalleryPaging,
  selectRuleDraft,
  selectRuleFieldErrors,
  selectRuleOffers,
  selectRuleReferences,
  selectTrial,
} from './automationRuleEditorMachine.ts';
import {
  automationKey,
  broadcastCatalogue,
  broadcastPromo,
  followUpRule,
  priceRule,
  priceTried,
  referenceLists,
} from './paths/automationFixtures.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { brochure, photo, video } from './paths/galleryFixtures.ts';
import { flush } from './paths/replay.ts';
import { manualDelays } from './testing/delays.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('automationRuleEditor', (get) => {
  it("puts the draft's own errors and the server's on their fields, each gone once its field changes", () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const emptySaves = steps
      .filter((step) => step.event.type === 'editor.save')
      .map((step) =>
        Object.keys(selectRuleFieldErrors(step.snapshot as never))
          .sort()
          .join(' '),
      );
    expect(emptySaves).toContain('rule.actions.0.text rule.name');
    const refused = steps.find(
      (step) =>
        step.event.type === 'xstate.error.actor.save' &&
        (step.event['error'] as { reason: string }).reason === 'invalid_input',
    );
    expect(selectRuleFieldErrors(refused?.snapshot as never)).toEqual({
      'rule.name': { message: 'Sudah ada aturan bernama ini.' },
    });
  });

  it('creates a new rule and updates a stored one, and the read-only member stores nothing', () => {
    const calls = get().runs.flatMap(({ path, run }) =>
      run.world.client.calls.map((call) => `${path.start}:${call.name}`),
    );
    expect(calls).toContain('0:automation_rule_create');
    expect(calls).not.toContain('1:automation_rule_create');
    expect(calls).not.toContain('1:automation_rule_update');
  });

  it("asks for the gallery's next page and adds it, and keeps the files shown when it fails", () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const pages = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .filter((call) => call.name === 'gallery_list')
      .map((call) => (call.fields as { page?: number }).page);
    expect(new Set(pages)).toEqual(new Set([0, 1]));
    const added = steps.find((step) => step.event.type === 'xstate.done.actor.galleryPage');
    expect(selectRuleReferences(added?.snapshot as never).gallery).toHaveLength(2);
    const failed = steps.find((step) => step.event.type === 'xstate.error.actor.galleryPage');
    expect(selectRuleReferences(failed?.snapshot as never).gallery).toHaveLength(1);
    expect(selectGalleryPaging(failed?.snapshot as never)).toMatchObject({ more: true, loading: false });
  });

  it("tries the draft as it stands with the sample, a new customer's when asked", () => {
    const tries = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .filter((call) => call.name === 'automation_rule_try')
      .map(
        (call) => call.fields as { rule: { kind: string }; sample: { text: string; newCustomer?: boolean } },
      );
    expect(tries.some((fields) => fields.sample.newCustomer === true)).toBe(true);
    for (const fields of tries) expect(fields.sample.text).toBe('berapa harganya?');
    expect(new Set(tries.map((fields) => fields.rule.kind))).toEqual(new Set(['auto_reply', 'follow_up']));
  });
});

function open(
  rule: typeof followUpRule | null,
  kind = rule?.kind ?? 'auto_reply',
  more: { mayViewBroadcasts?: boolean } = {},
) {
  const client = createFakeClient();
  const delays = manualDelays();
  const actor = createActor(automationRuleEditorMachine.provide({ actors: { delay: delays.delay } }), {
    input: { client, key: automationKey, kind, rule, maySave: true, ...more },
  });
  actor.start();
  return { actor, client, delays };
}

/** Answers the lists the references loader reads with nothing, but `gallery_list` and `broadcast_list`. */
function settleLists(client: ReturnType<typeof createFakeClient>) {
  for (const name of referenceLists) client.settle(name, { data: [] });
}

const launch = broadcastPromo;
const older = broadcastCatalogue;
const spring = { id: '00000000-0000-4000-8000-00000000e003', name: 'Promo Lebaran' };

/** A stored auto-reply whose trigger is a reply to broadcast `id` (null: any). */
function replyTo(id: string | null) {
  return { ...priceRule, trigger: { kind: 'broadcast_reply', broadcastId: id } } as typeof priceRule;
}

/** The `broadcast_list` calls' fields, in order. */
function broadcastLists(client: ReturnType<typeof createFakeClient>) {
  return client.calls.filter((call) => call.name === 'broadcast_list').map((call) => call.fields);
}

describe('automationRuleEditorMachine', () => {
  it("offers only the kind's triggers and actions", () => {
    const { actor } = open(null, 'auto_division');
    const offers = selectRuleOffers(actor.getSnapshot());
    expect(offers.triggers).toContain('label_added');
    expect(offers.triggers).not.toContain('outside_working_hours');
    // The rule starts with its division; assigning a division twice is not offered.
    expect(offers.actions).toEqual(['assign_agent', 'notify']);
    expect(offers.step).toBe(false);
    actor.stop();
  });

  it('keeps an edited stored rule, and ends with it once the update is stored', async () => {
    const { actor, client } = open(priceRule);
    actor.send({ type: 'editor.edit', edit: { op: 'quietPeriod', minutes: 30 } });
    actor.send({ type: 'editor.save' });
    expect(selectEditorBusy(actor.getSnapshot())).toBe(true);
    const update = client.pending().find((call) => call.name === 'automation_rule_update');
    expect(update?.fields).toMatchObject({
      id: priceRule.id,
      rule: { quietPeriodMinutes: 30, name: 'Harga' },
    });
    client.settle('automation_rule_update', { data: { ...priceRule, quietPeriodMinutes: 30 } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toMatchObject({ id: priceRule.id, quietPeriodMinutes: 30 });
  });

  it('checks keywords on a trigger without a message, with the SDK text for it', () => {
    const { actor } = open(null, 'auto_stage');
    actor.send({ type: 'editor.edit', edit: { op: 'name', name: 'Tanya harga' } });
    actor.send({ type: 'editor.edit', edit: { op: 'addCondition', kind: 'keyword' } });
    actor.send({
      type: 'editor.edit',
      edit: {
        op: 'condition',
        index: 0,
        condition: { kind: 'keyword', mode: 'contains', keywords: ['harga'] },
      },
    });
    actor.send({ type: 'editor.edit', edit: { op: 'triggerKind', kind: 'label_added' } });
    actor.send({ type: 'editor.save' });
    const errors = selectRuleFieldErrors(actor.getSnapshot());
    const keyword = Object.values(errors).find(
      (error) => 'key' in error && error.key.includes('needs_message'),
    );
    expect(keyword).toEqual({ key: 'automation.rule.needs_message_trigger' });
    expect(messages.en['automation.rule.needs_message_trigger']).toBeDefined();
    // Back to a customer's message: the keyword's error goes with the trigger change.
    actor.send({ type: 'editor.edit', edit: { op: 'triggerKind', kind: 'customer_message' } });
    expect(
      Object.keys(selectRuleFieldErrors(actor.getSnapshot())).some((path) =>
        path.startsWith('rule.conditions'),
      ),
    ).toBe(false);
    actor.stop();
  });

  it("asks for a step's fallback template once switched on, and drops its error when switched off", () => {
    const { actor } = open(null, 'follow_up');
    actor.send({ type: 'editor.edit', edit: { op: 'name', name: 'Susulan' } });
    actor.send({ type: 'editor.edit', edit: { op: 'stepFallback', index: 0, on: true } });
    actor.send({ type: 'editor.save' });
    const errors = selectRuleFieldErrors(actor.getSnapshot());
    expect(errors['rule.steps.0.fallback.templateId']).toEqual({ key: 'validation.required' });
    actor.send({ type: 'editor.edit', edit: { op: 'stepFallback', index: 0, on: false } });
    expect(
      Object.keys(selectRuleFieldErrors(actor.getSnapshot())).some((path) =>
        path.startsWith('rule.steps.0.fallback'),
      ),
    ).toBe(false);
    const draft = actor.getSnapshot().context.draft;
    expect(draft.kind === 'follow_up' && draft.steps[0]?.fallback).toBeUndefined();
    actor.stop();
  });

  it('keeps the sample typed while a try runs, and shows the newest answer', async () => {
    const { actor, client } = open(followUpRule);
    actor.send({ type: 'editor.sample', text: 'halo' });
    actor.send({ type: 'editor.try' });
    actor.send({ type: 'editor.sample', text: 'halo kak' });
    expect(selectTrial(actor.getSnapshot())).toMatchObject({ sample: 'halo kak', trying: true });
    client.settle('automation_rule_try', { data: priceTried });
    await flush();
    expect(selectTrial(actor.getSnapshot())).toMatchObject({
      trying: false,
      result: priceTried,
      error: null,
    });
    actor.stop();
  });

  it('offers the newest broadcasts and the one a stored trigger names, and keeps the pick on the trigger', async () => {
    const stored = {
      ...priceRule,
      trigger: { kind: 'broadcast_reply', broadcastId: older.id },
    } as typeof priceRule;
    const { actor, client } = open(stored);
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    client.settle('broadcast_list', { data: [launch], total_page: 1 });
    await flush();
    // Not on the newest page: read on its own.
    expect(client.pending().find((call) => call.name === 'broadcast_get')?.fields).toMatchObject({
      id: older.id,
    });
    client.settle('broadcast_get', { data: { ...older, status: 'done' } });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot()).rows).toEqual([launch, older]);
    actor.send({
      type: 'editor.edit',
      edit: { op: 'trigger', trigger: { kind: 'broadcast_reply', broadcastId: launch.id } },
    });
    expect(selectRuleDraft(actor.getSnapshot()).trigger).toEqual({
      kind: 'broadcast_reply',
      broadcastId: launch.id,
    });
    actor.send({
      type: 'editor.edit',
      edit: { op: 'trigger', trigger: { kind: 'broadcast_reply', broadcastId: null } },
    });
    expect(selectRuleDraft(actor.getSnapshot()).trigger).toEqual({
      kind: 'broadcast_reply',
      broadcastId: null,
    });
    actor.stop();
  });

  it("reads the files a stored rule sends by id when the gallery's first page lacks them", async () => {
    const stored = {
      ...priceRule,
      actions: [
        { kind: 'send_media', galleryItemId: video.id, caption: '' },
        { kind: 'send_media', galleryItemId: photo.id, caption: 'Menu' },
      ],
    } as typeof priceRule;
    const { actor, client } = open(stored);
    settleLists(client);
    client.settle('broadcast_list', { data: [], total_page: 0 });
    client.settle('gallery_list', { data: [photo], total_page: 4 });
    await flush();
    // Only the one the first page lacks, by id.
    expect(client.pending().find((call) => call.name === 'gallery_list')?.fields).toEqual({
      key: automationKey,
      ids: [video.id],
    });
    client.settle('gallery_list', { data: [video], total_page: 1 });
    await flush();
    expect(selectRuleReferences(actor.getSnapshot()).gallery).toEqual([photo, video]);
    // The pages still count from the first; the next page does not show the file twice.
    expect(selectGalleryPaging(actor.getSnapshot())).toMatchObject({ more: true, loading: false });
    actor.send({ type: 'editor.moreGallery' });
    client.settle('gallery_list', { data: [video, brochure], total_page: 4 });
    await flush();
    expect(selectRuleReferences(actor.getSnapshot()).gallery).toEqual([photo, video, brochure]);
    actor.stop();
  });

  it('asks for no broadcasts for a member who may not view them', async () => {
    const { actor, client } = open(null, 'auto_stage', { mayViewBroadcasts: false });
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    await flush();
    expect(client.calls.map((call) => call.name)).not.toContain('broadcast_list');
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ searchable: false, rows: [] });
    actor.stop();
  });

  it("pages the gallery pickers' files only once the first page is in, one page at a time", async () => {
    const { actor, client } = open(null);
    // Before the references are in, there is nothing more to ask for.
    expect(selectGalleryPaging(actor.getSnapshot())).toMatchObject({ more: false, loading: true });
    actor.send({ type: 'editor.moreGallery' });
    settleLists(client);
    client.settle('broadcast_list', { data: [], total_page: 0 });
    client.settle('gallery_list', { data: [photo], total_page: 3 });
    await flush();
    expect(selectGalleryPaging(actor.getSnapshot())).toEqual({ more: true, loading: false, error: null });
    actor.send({ type: 'editor.moreGallery' });
    actor.send({ type: 'editor.moreGallery' });
    const pages = client.pending().filter((call) => call.name === 'gallery_list');
    expect(pages.map((call) => call.fields)).toEqual([{ key: automationKey, page: 1 }]);
    expect(selectGalleryPaging(actor.getSnapshot()).loading).toBe(true);
    client.settle('gallery_list', { error: { reason: 'network', message: 'offline' } });
    await flush();
    expect(selectGalleryPaging(actor.getSnapshot())).toMatchObject({ more: true, loading: false });
    expect(selectGalleryPaging(actor.getSnapshot()).error).not.toBeNull();
    actor.send({ type: 'editor.moreGallery' });
    // A file added meanwhile shifted the pages: the one already shown is not shown twice.
    client.settle('gallery_list', { data: [photo, video], total_page: 3 });
    await flush();
    actor.send({ type: 'editor.moreGallery' });
    expect(client.pending().find((call) => call.name === 'gallery_list')?.fields).toEqual({
      key: automationKey,
      page: 2,
    });
    client.settle('gallery_list', { data: [brochure], total_page: 3 });
    await flush();
    expect(selectRuleReferences(actor.getSnapshot()).gallery).toEqual([photo, video, brochure]);
    expect(selectGalleryPaging(actor.getSnapshot())).toEqual({ more: false, loading: false, error: null });
    actor.stop();
  });

  it("changes a template value's source on the draft and drops that value's errors", async () => {
    const { actor, client } = open(null);
    actor.send({ type: 'editor.edit', edit: { op: 'name', name: 'Pesanan' } });
    actor.send({ type: 'editor.edit', edit: { op: 'removeAction', index: 0 } });
    actor.send({ type: 'editor.edit', edit: { op: 'addAction', kind: 'send_template' } });
    const [action] = (() => {
      const draft = selectRuleDraft(actor.getSnapshot());
      return draft.kind === 'auto_reply' ? draft.actions : [];
    })();
    if (action?.kind !== 'send_template') throw new Error('a template action');
    actor.send({
      type: 'editor.edit',
      edit: {
        op: 'action',
        index: 0,
        action: {
          ...action,
          templateId: '00000000-0000-4000-8000-00000000f001',
          values: { body: [{ source: 'fixed', value: '', fallback: '' }] },
        },
      },
    });
    actor.send({ type: 'editor.save' });
    expect(selectRuleFieldErrors(actor.getSnapshot())).toEqual({});
    client.settle('automation_rule_create', {
      error: apiError('invalid_input', 'Data tidak valid', {
        errors: { 'rule.actions.0.values.body.0.value': 'Isi nilai ini.' },
      }),
    });
    await flush();
    expect(selectRuleFieldErrors(actor.getSnapshot())).toEqual({
      'rule.actions.0.values.body.0.value': { message: 'Isi nilai ini.' },
    });
    actor.send({
      type: 'editor.edit',
      edit: {
        op: 'valueSource',
        at: { in: 'action', index: 0 },
        slot: { field: 'body', index: 0 },
        source: 'name',
      },
    });
    const draft = selectRuleDraft(actor.getSnapshot());
    expect(draft.kind === 'auto_reply' && draft.actions[0]).toMatchObject({
      values: { body: [{ source: 'name', value: '' }] },
    });
    expect(
      Object.keys(selectRuleFieldErrors(actor.getSnapshot())).some((path) =>
        path.startsWith('rule.actions.0.values.body.0'),
      ),
    ).toBe(false);
    actor.stop();
  });
});

describe("automationRuleEditorMachine's broadcast picker", () => {
  /** Opens a rule and answers its references, the newest broadcasts being `newest`. */
  async function opened(rule: typeof priceRule | null, newest: { id: string; name: string }[]) {
    const editor = open(rule);
    settleLists(editor.client);
    editor.client.settle('gallery_list', { data: [], total_page: 0 });
    editor.client.settle('broadcast_list', { data: newest, total_page: 9 });
    await flush();
    return editor;
  }

  it('opens with one page of the newest broadcasts and searches the server by name after the pause', async () => {
    const { actor, client, delays } = await opened(null, [launch, older]);
    expect(broadcastLists(client)).toEqual([{ key: automationKey, page: 0 }]);
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({
      searchable: true,
      rows: [launch, older],
      loading: false,
      error: null,
    });
    actor.send({ type: 'editor.broadcasts.search', text: 'prom' });
    actor.send({ type: 'editor.broadcasts.search', text: 'promo ' });
    // Nothing asked while the typing goes on: one pause runs, restarted by each keystroke.
    expect(broadcastLists(client)).toHaveLength(1);
    expect(delays.pending()).toEqual([{ ms: 300, event: { type: 'editor.broadcasts.searchSettled' } }]);
    expect(selectBroadcastPicker(actor.getSnapshot()).search).toBe('promo');
    delays.fire('editor.broadcasts.searchSettled');
    expect(broadcastLists(client)).toEqual([
      { key: automationKey, page: 0 },
      { key: automationKey, page: 0, search: 'promo' },
    ]);
    expect(selectBroadcastPicker(actor.getSnapshot()).loading).toBe(true);
    // The matches replace the rows.
    client.settle('broadcast_list', { data: [launch, spring], total_page: 1 });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({
      rows: [launch, spring],
      loading: false,
      noMatch: false,
    });
    // A cleared box shows the newest again, at once.
    actor.send({ type: 'editor.broadcasts.search', text: '  ' });
    expect(delays.pending()).toEqual([]);
    expect(broadcastLists(client).at(-1)).toEqual({ key: automationKey, page: 0 });
    client.settle('broadcast_list', { data: [launch, older], total_page: 9 });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ rows: [launch, older], search: '' });
    actor.stop();
  });

  it('keeps the picked broadcast named when the matches lack it, and says when nothing matches', async () => {
    const { actor, client, delays } = await opened(replyTo(null), [launch, older]);
    actor.send({
      type: 'editor.edit',
      edit: { op: 'trigger', trigger: { kind: 'broadcast_reply', broadcastId: older.id } },
    });
    actor.send({ type: 'editor.broadcasts.search', text: 'lebaran' });
    delays.fire('editor.broadcasts.searchSettled');
    client.settle('broadcast_list', { data: [spring], total_page: 1 });
    await flush();
    // Its name was known from the rows: nothing is read on its own.
    expect(client.calls.map((call) => call.name)).not.toContain('broadcast_get');
    expect(selectBroadcastPicker(actor.getSnapshot()).rows).toEqual([spring, older]);
    actor.send({ type: 'editor.broadcasts.search', text: 'natal' });
    delays.fire('editor.broadcasts.searchSettled');
    client.settle('broadcast_list', { data: [], total_page: 0 });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ rows: [older], noMatch: true });
    expect(selectRuleDraft(actor.getSnapshot()).trigger).toEqual({
      kind: 'broadcast_reply',
      broadcastId: older.id,
    });
    actor.stop();
  });

  it('keeps the rows shown when a search fails, with its error, and asks again on the next search', async () => {
    const { actor, client, delays } = await opened(null, [launch, older]);
    actor.send({ type: 'editor.broadcasts.search', text: 'katalog' });
    delays.fire('editor.broadcasts.searchSettled');
    client.settle('broadcast_list', { error: apiError('rate_limited', 'Terlalu banyak permintaan.') });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({
      rows: [launch, older],
      loading: false,
      noMatch: false,
      error: { reason: 'rate_limited', message: 'Terlalu banyak permintaan.' },
    });
    actor.send({ type: 'editor.broadcasts.search', text: 'katalog 2025' });
    delays.fire('editor.broadcasts.searchSettled');
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ loading: true, error: null });
    client.settle('broadcast_list', { data: [older], total_page: 1 });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ rows: [older], error: null });
    actor.stop();
  });

  it('takes a search typed while the newest load, and asks for it in their place', async () => {
    const { actor, client, delays } = open(replyTo(older.id));
    actor.send({ type: 'editor.broadcasts.search', text: 'katalog' });
    delays.fire('editor.broadcasts.searchSettled');
    // The first page is given up (its request cancelled); the search is asked for.
    expect(client.signals[client.calls.findIndex((call) => call.name === 'broadcast_list')]?.aborted).toBe(
      true,
    );
    expect(broadcastLists(client).at(-1)).toEqual({ key: automationKey, page: 0, search: 'katalog' });
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    // The page given up ends as a cancelled request does.
    client.settle('broadcast_list', { error: new DOMException('The operation was aborted.', 'AbortError') });
    client.settle('broadcast_list', { data: [older], total_page: 1 });
    await flush();
    // The matches name the stored trigger's broadcast: it is not read on its own.
    expect(client.calls.map((call) => call.name)).not.toContain('broadcast_get');
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({ rows: [older], error: null });
    actor.stop();
  });

  it("shows the stored trigger's broadcast by its id when it cannot be read", async () => {
    const { actor, client } = open(replyTo(spring.id));
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    client.settle('broadcast_list', { data: [launch], total_page: 1 });
    await flush();
    client.settle('broadcast_get', { error: apiError('not_found', 'Siaran tidak ditemukan.') });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({
      rows: [launch, { id: spring.id, name: spring.id }],
      error: null,
    });
    actor.stop();
  });

  it('asks nothing for a member who may not view broadcasts, whatever is typed', async () => {
    const { actor, client, delays } = open(replyTo(older.id), 'auto_reply', { mayViewBroadcasts: false });
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    await flush();
    actor.send({ type: 'editor.broadcasts.search', text: 'katalog' });
    expect(delays.pending()).toEqual([]);
    expect(client.calls.map((call) => call.name).filter((name) => name.startsWith('broadcast_'))).toEqual([]);
    // The picked one by its id, and no search field.
    expect(selectBroadcastPicker(actor.getSnapshot())).toEqual({
      searchable: false,
      rows: [{ id: older.id, name: older.id }],
      search: '',
      loading: false,
      noMatch: false,
      error: null,
    });
    actor.stop();
  });

  it('turns the picker off when the server refuses the broadcasts, and searches nothing then', async () => {
    const { actor, client, delays } = open(null);
    settleLists(client);
    client.settle('gallery_list', { data: [], total_page: 0 });
    client.settle('broadcast_list', { error: apiError('forbidden', 'Anda tidak punya akses.') });
    await flush();
    expect(selectBroadcastPicker(actor.getSnapshot())).toMatchObject({
      searchable: false,
      rows: [],
      error: null,
    });
    actor.send({ type: 'editor.broadcasts.search', text: 'promo' });
    expect(delays.pending()).toEqual([]);
    expect(broadcastLists(client)).toHaveLength(1);
    actor.stop();
  });
});
