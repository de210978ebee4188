import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acts, grantAll, messages, broadcastFailureKind } from '@sapa/sdk';
import type { ActName, BroadcastSummary } from '@sapa/sdk';
import { broadcastActAccess, broadcastPermissions, templateListAccess } from './broadcastAccess.ts';
import { broadcastListPayload, recipientsPayload } from './broadcastActors.ts';
import type { BroadcastListPayload } from './broadcastActors.ts';
import {
  audienceConditions,
  audienceNeedsNames,
  broadcastBodyParts,
  broadcastCostEstimateOf,
  broadcastDeletedPatch,
  broadcastMatches,
  broadcastProgress,
  broadcastUpdatedPatch,
  mayControl,
  mayEditBroadcast,
} from './broadcastRules.ts';
import { broadcastsMachine } from './broadcastsMachine.ts';
import type { BroadcastsEvent } from './broadcastsMachine.ts';
import { selectApprovedTemplates, selectHasBroadcastFilters } from './broadcastsSelectors.ts';
import { followBroadcasts } from './followBroadcasts.ts';
import { silentDelay } from './delay.ts';
import { mainNumber } from './paths/billingFixtures.ts';
import {
  broadcastKey,
  cancelledDetail,
  createFakeBroadcastPages,
  doneDetail,
  flashSale,
  newsletterDone,
  pausedDetail,
  promoProgress,
  promoSending,
  sendingDetail,
} from './paths/broadcastFixtures.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { createFakeClient } from './paths/fakes.ts';
import { vip } from './paths/labelFixtures.ts';
import { flush } from './paths/replay.ts';
import type { TablePageAnswer } from './tableMachine.ts';
import type { FetchPage, TablePageRequest } from './tableMachine.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('broadcasts', (get) => {
  it('asks the table for the status filter and the search after the pause, and every broadcast after a reset', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('broadcasts page 1 status=sending');
    expect(effects).toContain('broadcasts page 1 search=promo');
    // The first step also holds the table's first page.
    const typed = get().runs.flatMap(({ run }) =>
      run.steps
        .slice(1)
        .filter((step) => step.event.type === 'broadcasts.search' && step.event['text'] === 'promo'),
    );
    expect(typed.length).toBeGreaterThan(0);
    for (const step of typed) expect(step.effects).toEqual([]);
    const reset = get().runs.flatMap(({ run }) =>
      run.steps.filter((step) => step.event.type === 'broadcasts.resetFilters'),
    );
    expect(reset.length).toBeGreaterThan(0);
    for (const step of reset) {
      expect(step.effects).toEqual(['broadcasts page 1']);
      expect(selectHasBroadcastFilters(step.snapshot as never)).toBe(false);
    }
  });

  it('asks once whether the project has an approved template, and again after a reconnection', () => {
    const answers = get().runs.flatMap(({ run }) =>
      run.steps
        .filter((step) => step.event.type === 'xstate.done.actor.templates')
        .map((step) => [step.event['output'], selectApprovedTemplates(step.snapshot as never)]),
    );
    expect(answers).toContainEqual([true, true]);
    expect(answers).toContainEqual([false, false]);
    expect(answers).toContainEqual([null, null]);
    const again = runsThrough(get(), ['xstate.done.actor.templates', 'broadcasts.resync']);
    expect(again.length).toBeGreaterThan(0);
    for (const { run } of again) {
      const step = run.steps.find((s) => s.event.type === 'broadcasts.resync');
      expect(step?.snapshot.matches({ templates: 'checking' })).toBe(true);
      expect(step?.effects).toEqual(['broadcasts page 1']);
    }
  });

  it('changes rows live without asking the server, and asks for the page again on reconnect', () => {
    const runs = runsThrough(get(), ['broadcasts.updated', 'broadcasts.updated', 'broadcasts.deleted']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      // The first step also holds the table's first page.
      for (const step of run.steps
        .slice(1)
        .filter((s) => /^broadcasts\.(updated|deleted)$/.test(s.event.type)))
        expect(step.effects).toEqual([]);
      const resync = run.steps.find((s) => s.event.type === 'broadcasts.resync');
      expect(resync?.effects).toEqual(['broadcasts page 1']);
    }
  });
});

/** A page source whose answers wait for the test: `answer` settles the oldest request still open. */
function heldPages() {
  const waiting: Array<{
    request: TablePageRequest<BroadcastListPayload>;
    resolve(answer: TablePageAnswer<BroadcastSummary>): void;
  }> = [];
  const fetchPage: FetchPage<BroadcastSummary, BroadcastListPayload> = (request) =>
    new Promise((resolve) => waiting.push({ request, resolve }));
  return {
    fetchPage,
    requests: () => waiting.map((entry) => entry.request),
    async answer(rows: BroadcastSummary[]) {
      waiting.shift()?.resolve({ data: rows, total_page: rows.length === 0 ? 0 : 1 });
      await flush();
    },
  };
}

function start(fetchPage: FetchPage<BroadcastSummary, BroadcastListPayload> = createFakeBroadcastPages()) {
  const client = createFakeClient();
  const actor = createActor(broadcastsMachine.provide({ actors: { delay: silentDelay } }), {
    input: { client, key: broadcastKey, permissions: grantAll(), fetchPage },
  }).start();
  const rows = () => actor.getSnapshot().children.table?.getSnapshot().context.rows ?? [];
  return { client, actor, rows };
}

describe('broadcasts table', () => {
  it('changes a row in place, puts a new broadcast first, and takes a deleted one away', async () => {
    const { actor, rows } = start();
    await flush();
    expect(rows().map((row) => row.name)).toEqual(['Promo Lebaran', 'Kabar Februari']);
    actor.send({ type: 'broadcasts.updated', broadcast: promoProgress });
    expect(rows()[0]).toEqual(promoProgress);
    actor.send({ type: 'broadcasts.updated', broadcast: flashSale });
    expect(rows().map((row) => row.name)).toEqual(['Flash Sale Jumat', 'Promo Lebaran', 'Kabar Februari']);
    actor.send({ type: 'broadcasts.deleted', broadcastId: newsletterDone.id });
    expect(rows().map((row) => row.name)).toEqual(['Flash Sale Jumat', 'Promo Lebaran']);
  });

  it('keeps a live change that came while the page loaded over the older answer', async () => {
    const pages = heldPages();
    const { actor, rows } = start(pages.fetchPage);
    actor.send({ type: 'broadcasts.updated', broadcast: promoProgress });
    actor.send({ type: 'broadcasts.updated', broadcast: flashSale });
    // The server read the page before those changes.
    await pages.answer([promoSending, newsletterDone]);
    expect(rows()).toEqual([flashSale, promoProgress, newsletterDone]);
    expect(actor.getSnapshot().children.table?.getSnapshot().value).toBe('ready');
  });

  it('puts a new broadcast first only where it belongs: the first page, under matching filters', async () => {
    const { actor, rows } = start();
    await flush();
    actor.send({ type: 'broadcasts.status', status: 'done' });
    await flush();
    expect(rows().map((row) => row.name)).toEqual(['Kabar Februari']);
    actor.send({ type: 'broadcasts.updated', broadcast: flashSale });
    expect(rows().map((row) => row.name)).toEqual(['Kabar Februari']);
    // An older broadcast not shown is on a page further on.
    actor.send({ type: 'broadcasts.status', status: null });
    await flush();
    actor.send({
      type: 'broadcasts.updated',
      broadcast: { ...newsletterDone, id: 'old', createdAt: '2024-01-01T00:00:00Z' },
    });
    expect(rows().map((row) => row.name)).toEqual(['Promo Lebaran', 'Kabar Februari']);
  });

  it('fetches the page again when every row shown was deleted, and shows an empty table a new broadcast', async () => {
    const pages = heldPages();
    const { actor, rows } = start(pages.fetchPage);
    await pages.answer([]);
    expect(actor.getSnapshot().children.table?.getSnapshot().value).toBe('empty');
    actor.send({ type: 'broadcasts.updated', broadcast: flashSale });
    expect(actor.getSnapshot().children.table?.getSnapshot().value).toBe('ready');
    actor.send({ type: 'broadcasts.deleted', broadcastId: flashSale.id });
    expect(rows()).toEqual([]);
    expect(pages.requests()).toHaveLength(1);
    await pages.answer([]);
    expect(actor.getSnapshot().children.table?.getSnapshot().value).toBe('empty');
  });

  it('asks about templates only when listing them is allowed', async () => {
    const client = createFakeClient();
    const actor = createActor(broadcastsMachine, {
      input: {
        client,
        key: broadcastKey,
        permissions: ['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.view'],
        fetchPage: createFakeBroadcastPages(),
      },
    }).start();
    actor.send({ type: 'broadcasts.checkTemplates' });
    await flush();
    expect(client.calls).toEqual([]);
    expect(actor.getSnapshot().matches({ templates: 'known' })).toBe(true);
    expect(selectApprovedTemplates(actor.getSnapshot())).toBeNull();
    const owner = start();
    owner.actor.send({ type: 'broadcasts.checkTemplates' });
    owner.client.settle('account_list', { data: [mainNumber] });
    await flush();
    expect(owner.client.pending()).toEqual([
      { name: 'template_list', fields: { key: broadcastKey, accountId: mainNumber.id } },
    ]);
  });

  it('follows the live events of its own project only, and the reconnection', () => {
    const source = createFakeEventSource();
    let resync: (() => void) | null = null;
    const connection = {
      on: (_type: 'resync', handler: () => void) => {
        resync = handler;
        return { unsubscribe: () => (resync = null) };
      },
    };
    const received: BroadcastsEvent[] = [];
    const stop = followBroadcasts(source, connection, broadcastKey, {
      send: (event) => received.push(event),
    });
    source.emit('broadcast.updated', { key: 'k9other0000', broadcast: promoProgress });
    source.emit('broadcast.updated', { key: broadcastKey, broadcast: promoProgress });
    source.emit('broadcast.deleted', { key: 'k9other0000', broadcastId: newsletterDone.id });
    source.emit('broadcast.deleted', { key: broadcastKey, broadcastId: newsletterDone.id });
    (resync as (() => void) | null)?.();
    expect(received).toEqual([
      { type: 'broadcasts.updated', broadcast: promoProgress },
      { type: 'broadcasts.deleted', broadcastId: newsletterDone.id },
      { type: 'broadcasts.resync' },
    ]);
    stop();
    expect(source.count()).toBe(0);
    expect(resync).toBeNull();
  });
});

describe('broadcast rules', () => {
  it('repeats the contract access of each broadcast act and of template_list', () => {
    for (const [name, access] of Object.entries(broadcastActAccess))
      expect(acts[name as ActName].access).toEqual(access);
    expect(acts.template_list.access).toEqual(templateListAccess);
  });

  it('reads what a member may do with broadcasts', () => {
    expect(broadcastPermissions(grantAll())).toEqual({
      menu: true,
      view: true,
      add: true,
      edit: true,
      remove: true,
    });
    expect(broadcastPermissions(['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.view'])).toEqual({
      menu: true,
      view: true,
      add: false,
      edit: false,
      remove: false,
    });
    // Without the node's menu a key is no permission (SPEC.md section 6).
    expect(broadcastPermissions(['crm.broadcast.edit']).edit).toBe(false);
  });

  it('allows each control in the statuses that take it', () => {
    const all = { edit: true, remove: true };
    const allowed = (detail: typeof sendingDetail) =>
      (['pause', 'resume', 'cancel', 'retry', 'delete'] as const).filter((control) =>
        mayControl(detail, control, all),
      );
    expect(allowed({ ...sendingDetail, status: 'scheduled' })).toEqual(['cancel', 'delete']);
    expect(allowed(sendingDetail)).toEqual(['pause', 'cancel']);
    expect(allowed({ ...sendingDetail, retryable: 3 })).toEqual(['pause', 'cancel', 'retry']);
    expect(allowed(pausedDetail)).toEqual(['resume', 'cancel', 'retry', 'delete']);
    expect(allowed({ ...pausedDetail, retryable: 0 })).toEqual(['resume', 'cancel', 'delete']);
    expect(allowed(doneDetail)).toEqual(['retry', 'delete']);
    expect(allowed(cancelledDetail)).toEqual(['delete']);
    expect(mayControl(pausedDetail, 'delete', { edit: true, remove: false })).toBe(false);
    expect(mayControl(pausedDetail, 'resume', { edit: false, remove: true })).toBe(false);
    expect(mayEditBroadcast({ status: 'scheduled' }, { edit: true })).toBe(true);
    expect(mayEditBroadcast({ status: 'sending' }, { edit: true })).toBe(false);
  });

  it('reads progress against the estimate before the audience is resolved, never past the whole', () => {
    expect(broadcastProgress(flashSale)).toMatchObject({
      total: 40,
      estimated: true,
      processed: 0,
      unsent: 40,
      reachedShare: 0,
    });
    expect(broadcastProgress(promoSending)).toMatchObject({ unsent: 10, waiting: 12 });
    expect(broadcastCostEstimateOf(flashSale)).toBe(40 * 715);
    expect(broadcastCostEstimateOf(promoSending)).toBe(30 * 715);
    expect(broadcastProgress({ ...flashSale, status: 'cancelled' })).toMatchObject({
      total: 0,
      estimated: false,
    });
    expect(broadcastCostEstimateOf({ ...flashSale, status: 'cancelled' })).toBeNull();
    const nobody = { ...flashSale, estimated: 0 };
    expect(broadcastProgress(nobody)).toMatchObject({ total: 0, estimated: false, failedShare: 0 });
    const over = broadcastProgress({ ...promoSending, total: 1 });
    expect(over.reachedShare).toBe(1);
  });

  it('matches the table filters as the server does, and patches pages as they are', () => {
    expect(broadcastMatches(flashSale, { status: null, search: 'flash' })).toBe(true);
    expect(broadcastMatches(flashSale, { status: 'done', search: '' })).toBe(false);
    expect(broadcastMatches(flashSale, { status: null, search: 'lebaran' })).toBe(false);
    const patch = broadcastUpdatedPatch(flashSale, { status: null, search: '' });
    const full = Array.from({ length: 10 }, (_, index) => ({ ...newsletterDone, id: `b${index}` }));
    expect(patch(full, { pageIndex: 0, pageSize: 10 }).map((row) => row.id)).toEqual([
      flashSale.id,
      ...full.slice(0, 9).map((row) => row.id),
    ]);
    expect(patch(full, { pageIndex: 1, pageSize: 10 })).toEqual(full);
    expect(broadcastDeletedPatch('b3')(full, { pageIndex: 0, pageSize: 10 })).toHaveLength(9);
  });

  it('splits a body at its variables, named ones too, and leaves unknown braces as text', () => {
    expect(
      broadcastBodyParts('Hi {{first_name}}! {{x-y}}', {
        body: [{ source: 'name', value: '', fallback: '' }],
      }),
    ).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'value', name: 'first_name', value: { source: 'name', value: '', fallback: '' } },
      { kind: 'text', text: '! {{x-y}}' },
    ]);
    expect(broadcastBodyParts('{{1}} {{2}}', { body: [] })).toEqual([
      { kind: 'value', name: '1', value: null },
      { kind: 'text', text: ' ' },
      { kind: 'value', name: '2', value: null },
    ]);
  });

  it("names a filter audience's ids, in the customers table's order", () => {
    const filter = { search: ' promo ', labelId: vip.id, accountId: mainNumber.id, from: '2025-01-01' };
    expect(audienceConditions(filter, null)).toEqual([
      { filter: 'labelId', value: '…' },
      { filter: 'accountId', value: '…' },
      { filter: 'from', value: '2025-01-01' },
      { filter: 'search', value: 'promo' },
    ]);
    const names = { labels: [vip], stages: [], divisions: [], accounts: [mainNumber] };
    expect(audienceConditions(filter, names).slice(0, 2)).toEqual([
      { filter: 'labelId', value: vip.name },
      { filter: 'accountId', value: `${mainNumber.name} (${mainNumber.displayPhone})` },
    ]);
    expect(audienceNeedsNames({ kind: 'filter', filter: { from: '2025-01-01' } })).toBe(false);
    expect(audienceNeedsNames({ kind: 'csv', filename: 'a.csv', rows: 2 })).toBe(false);
    expect(audienceNeedsNames(sendingDetail.audience)).toBe(true);
  });

  it('sends the tables only the filters set', () => {
    expect(broadcastListPayload(broadcastKey, { status: null, search: '  ' })).toEqual({
      act: 'broadcast_list',
      key: broadcastKey,
    });
    expect(broadcastListPayload(broadcastKey, { status: 'paused', search: ' promo ' })).toEqual({
      act: 'broadcast_list',
      key: broadcastKey,
      status: 'paused',
      search: 'promo',
    });
    expect(recipientsPayload(broadcastKey, promoSending.id, { state: 'failed', replied: false }, '')).toEqual(
      {
        act: 'broadcast_recipients',
        key: broadcastKey,
        id: promoSending.id,
        state: 'failed',
        replied: false,
      },
    );
  });

  it('has a text in both languages for every failure reason a send can get', () => {
    const codes = [
      null,
      0,
      1,
      4,
      10,
      190,
      368,
      130429,
      131000,
      131026,
      131031,
      131047,
      131048,
      131049,
      131050,
      131056,
      131057,
      132000,
      132001,
      132012,
      132015,
      132016,
      99999,
    ];
    for (const code of codes) {
      const { reason } = broadcastFailureKind(code);
      expect(messages.id[reason]).toBeTypeOf('string');
      expect(messages.en[reason]).toBeTypeOf('string');
    }
  });
});
