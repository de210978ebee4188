import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { grantAll } from '@sapa/sdk';
import type { BroadcastRecipient } from '@sapa/sdk';
import { broadcastDetailMachine } from './broadcastDetailMachine.ts';
import type { BroadcastDetailEmitted, BroadcastDetailEvent } from './broadcastDetailMachine.ts';
import {
  selectBalanceStop,
  selectBodyParts,
  selectBroadcastPageStatus,
  selectCanEditBroadcast,
  selectConfirming,
  selectControls,
  selectProgress,
} from './broadcastDetailSelectors.ts';
import type { RecipientsPayload } from './broadcastActors.ts';
import { followBroadcast } from './followBroadcasts.ts';
import { silentDelay } from './delay.ts';
import { createFakeEventSource } from './paths/fakeEventSource.ts';
import { createFakeClient } from './paths/fakes.ts';
import {
  broadcastKey,
  brokeDetail,
  budiRead,
  createFakeRecipientPages,
  doneDetail,
  finishedConflict,
  pausedDetail,
  promoBroke,
  promoDone,
  promoProgress,
  promoSending,
  refusedBalance,
  sendingDetail,
  wawanFailed,
} from './paths/broadcastFixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';
import type { FetchPage } from './tableMachine.ts';

const stepOf = (run: { steps: Array<{ event: { type: string } }> }, type: string, from = 0) =>
  run.steps.findIndex((step, index) => index >= from && step.event.type === type);

modelSuite('broadcastDetail', (get) => {
  it('keeps progress that came while the broadcast loaded over the answer', () => {
    const runs = runsThrough(get(), ['broadcast.updated', 'xstate.done.actor.broadcast']).filter(
      ({ path }) => path.steps[1]?.event.type === 'broadcast.updated',
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const arrived = run.steps[stepOf(run, 'xstate.done.actor.broadcast')];
      expect(arrived?.snapshot.context['detail']).toMatchObject({ counts: promoProgress.counts });
    }
  });

  it('changes the counts live, asks for the recipients at once, and once for changes during the pause', () => {
    const runs = runsThrough(get(), ['broadcast.updated', 'broadcast.updated', 'broadcast.liveSettled']);
    const stale = runs.filter(({ run }) =>
      run.steps.some((step) => step.snapshot.context['liveStale'] === true),
    );
    expect(stale.length).toBeGreaterThan(0);
    for (const { run } of stale) {
      const second = run.steps.findIndex((step) => step.snapshot.context['liveStale'] === true);
      const first = run.steps
        .slice(0, second)
        .findLastIndex((step) => step.event.type === 'broadcast.updated');
      expect(run.steps[first]?.effects).toEqual(['recipients page 1']);
      expect(run.steps[second]?.effects).toEqual([]);
      expect(run.steps[second]?.snapshot.context['detail']).toMatchObject({ counts: promoProgress.counts });
      const settled = run.steps.slice(second).find((step) => step.event.type === 'broadcast.liveSettled');
      expect(settled?.effects).toEqual(['recipients page 1']);
    }
  });

  it('asks for the broadcast again when it finishes or pauses itself live (its retry count)', () => {
    const changed = get().runs.flatMap(({ run }) =>
      run.steps.filter(
        (step) =>
          step.event.type === 'broadcast.updated' &&
          ['done', 'paused'].includes((step.event['broadcast'] as { status: string }).status) &&
          step.snapshot.matches({ live: 'cooling' }) &&
          !step.snapshot.matches({ control: 'running' }),
      ),
    );
    expect(changed.length).toBeGreaterThan(0);
    for (const step of changed) expect(step.snapshot.matches({ broadcast: 'loading' })).toBe(true);
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls.map((call) => call.name));
    expect(calls.filter((name) => name === 'broadcast_get').length).toBeGreaterThan(get().runs.length);
  });

  it('pauses, then resumes: the broadcast as each act answers, the recipients asked again', () => {
    const runs = runsThrough(get(), [
      'broadcast.control',
      'xstate.done.actor.control',
      'broadcast.control',
      'xstate.done.actor.control',
    ]).filter(({ path }) => path.steps.some((step) => step.event['control'] === 'resume'));
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const paused = run.steps[stepOf(run, 'xstate.done.actor.control')];
      expect(paused?.snapshot.context['detail']).toMatchObject({ status: 'paused', pauseReason: 'manual' });
      expect(paused?.effects).toEqual(['recipients page 1', 'announces pause done']);
      const resumed =
        run.steps[stepOf(run, 'xstate.done.actor.control', stepOf(run, 'xstate.done.actor.control') + 1)];
      expect(resumed?.snapshot.context['detail']).toMatchObject({ status: 'sending' });
      expect(resumed?.effects).toContain('announces resume done');
      const acts = run.world.client.calls.map((call) => call.name);
      expect(acts).toContain('broadcast_pause');
      expect(acts).toContain('broadcast_resume');
    }
  });

  it('asks before cancelling: nothing is sent until confirmed, and a broadcast that finished meanwhile is not cancelled', () => {
    const confirmed = runsThrough(get(), [
      'broadcast.control',
      'broadcast.confirm',
      'xstate.done.actor.control',
    ]).filter(({ path }) => path.steps.some((step) => step.event['control'] === 'cancel'));
    expect(confirmed.length).toBeGreaterThan(0);
    for (const { run } of confirmed) {
      const asked = run.steps[stepOf(run, 'broadcast.control')];
      expect(asked?.snapshot.matches({ control: 'confirming' })).toBe(true);
      expect(run.world.client.calls.slice(0, 1).map((call) => call.name)).toEqual(['broadcast_get']);
    }
    const dismissedOrStale = get().runs.filter(({ path }) =>
      path.steps.some((step) => step.event.type === 'broadcast.dismiss'),
    );
    expect(dismissedOrStale.length).toBeGreaterThan(0);
    for (const { run } of dismissedOrStale)
      expect(run.world.client.calls.some((call) => call.name === 'broadcast_cancel')).toBe(false);
  });

  it('keeps the broadcast as it was when a control fails, and says why', () => {
    const failed = get().runs.flatMap(({ run }) =>
      run.steps.filter((step) => step.event.type === 'xstate.error.actor.control'),
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const step of failed) {
      const detail = step.snapshot.context['detail'] as { status: string };
      expect(['sending', 'paused']).toContain(detail.status);
      expect(step.snapshot.matches({ control: 'idle' })).toBe(true);
      expect(step.effects.some((effect) => effect.startsWith('error toast'))).toBe(true);
      expect(step.effects).not.toContain('recipients page 1');
    }
    const balance = failed.filter((step) => step.event['error'] === refusedBalance);
    expect(balance.length).toBeGreaterThan(0);
    for (const step of balance) expect(step.snapshot.context['detail']).toMatchObject(brokeDetail);
  });

  it('asks again for the broadcast and the recipients when the connection is back', () => {
    const steps = get().runs.flatMap(({ run }) =>
      run.steps.filter(
        (step) => step.event.type === 'broadcast.resync' && step.snapshot.context['detail'] !== null,
      ),
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.snapshot.matches({ broadcast: 'loading' })).toBe(true);
      expect(step.effects).toEqual(['recipients page 1']);
      expect(selectBroadcastPageStatus(step.snapshot as never)).toBe('ready');
    }
  });

  it('asks the recipients for their filters, and exports the state filtered by', () => {
    const effects = get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
    expect(effects).toContain('recipients page 1 state=failed');
    expect(effects).toContain('recipients page 1 replied=true');
    expect(effects).toContain('recipients page 1 search=budi');
    expect(effects).toContain('saves broadcast-promo-lebaran.csv (1 rows)');
    expect(effects).toContain('error toast "Failed to fetch"');
  });
});

function start(
  options: {
    permissions?: readonly string[];
    fetchPage?: FetchPage<BroadcastRecipient, RecipientsPayload>;
  } = {},
) {
  const client = createFakeClient();
  const effects: string[] = [];
  const emitted: BroadcastDetailEmitted[] = [];
  const actor = createActor(broadcastDetailMachine.provide({ actors: { delay: silentDelay } }), {
    input: {
      client,
      key: broadcastKey,
      id: promoSending.id,
      permissions: options.permissions ?? grantAll(),
      fetchPage: options.fetchPage ?? createFakeRecipientPages(effects),
    },
  });
  actor.on('*', (event: BroadcastDetailEmitted) => emitted.push(event));
  actor.start();
  return { client, actor, effects, emitted };
}

const viewer = ['crm.menu', 'crm.broadcast.menu', 'crm.broadcast.view'];
const editor = [...viewer, 'crm.broadcast.edit'];

describe('broadcast detail rules', () => {
  it('shows the controls the status and the permissions allow, disabled while one runs', async () => {
    const { actor, client } = start();
    expect(selectControls(actor.getSnapshot())).toEqual([]);
    client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    expect(selectControls(actor.getSnapshot()).map((view) => view.control)).toEqual(['pause', 'cancel']);
    expect(selectCanEditBroadcast(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'broadcast.control', control: 'pause' });
    expect(selectControls(actor.getSnapshot())).toEqual([
      { control: 'pause', busy: true, disabled: true },
      { control: 'cancel', busy: false, disabled: true },
    ]);
    // Not allowed while sending: ignored.
    actor.send({ type: 'broadcast.control', control: 'delete' });
    expect(client.pending().map((call) => call.name)).toContain('broadcast_pause');
    expect(client.pending().map((call) => call.name)).not.toContain('broadcast_delete');
    client.settle('broadcast_pause', { data: pausedDetail });
    await flush();
    expect(selectControls(actor.getSnapshot()).map((view) => view.control)).toEqual([
      'resume',
      'cancel',
      'retry',
      'delete',
    ]);
  });

  it('lets a viewer only look, and an editor control but not delete', async () => {
    const seen = start({ permissions: viewer });
    seen.client.settle('broadcast_get', { data: pausedDetail });
    await flush();
    expect(selectControls(seen.actor.getSnapshot())).toEqual([]);
    seen.actor.send({ type: 'broadcast.control', control: 'resume' });
    expect(seen.client.pending().map((call) => call.name)).not.toContain('broadcast_resume');
    const edits = start({ permissions: editor });
    edits.client.settle('broadcast_get', { data: pausedDetail });
    await flush();
    expect(selectControls(edits.actor.getSnapshot()).map((view) => view.control)).toEqual([
      'resume',
      'cancel',
      'retry',
    ]);
    const scheduled = start({ permissions: editor });
    scheduled.client.settle('broadcast_get', { data: { ...sendingDetail, status: 'scheduled', total: 0 } });
    await flush();
    expect(selectCanEditBroadcast(scheduled.actor.getSnapshot())).toBe(true);
  });

  it('says the balance stopped it, with the way to pay only for payers', async () => {
    const payer = start();
    payer.client.settle('broadcast_get', { data: brokeDetail });
    await flush();
    expect(selectBalanceStop(payer.actor.getSnapshot())).toEqual({ mayPay: true });
    const member = start({ permissions: editor });
    member.client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    expect(selectBalanceStop(member.actor.getSnapshot())).toBeNull();
    member.actor.send({ type: 'broadcast.updated', broadcast: promoBroke });
    expect(selectBalanceStop(member.actor.getSnapshot())).toEqual({ mayPay: false });
  });

  it('refuses a resume for the balance and keeps the broadcast paused', async () => {
    const { actor, client, emitted } = start();
    client.settle('broadcast_get', { data: brokeDetail });
    await flush();
    actor.send({ type: 'broadcast.control', control: 'resume' });
    client.settle('broadcast_resume', { error: refusedBalance });
    await flush();
    expect(actor.getSnapshot().context.detail).toEqual(brokeDetail);
    expect(actor.getSnapshot().context.controlError?.reason).toBe('insufficient_balance');
    expect(emitted).toContainEqual({
      type: 'broadcast.controlFailed',
      control: 'resume',
      message: 'Saldo proyek tidak cukup.',
    });
    actor.send({ type: 'broadcast.dismissError' });
    expect(actor.getSnapshot().context.controlError).toBeNull();
  });

  it('deletes after asking, and goes back to the broadcasts', async () => {
    const { actor, client, emitted } = start();
    client.settle('broadcast_get', { data: doneDetail });
    await flush();
    actor.send({ type: 'broadcast.control', control: 'delete' });
    expect(selectConfirming(actor.getSnapshot())).toBe('delete');
    expect(client.pending().map((call) => call.name)).not.toContain('broadcast_delete');
    actor.send({ type: 'broadcast.confirm' });
    client.settle('broadcast_delete', { data: { id: promoSending.id } });
    await flush();
    expect(emitted).toContainEqual({ type: 'broadcast.removed', name: 'Promo Lebaran' });
    expect(selectControls(actor.getSnapshot()).every((view) => view.disabled)).toBe(true);
  });

  it('asks for the recipients at most once per pause while updates arrive', async () => {
    const { actor, client, effects } = start();
    client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    effects.length = 0;
    for (let count = 0; count < 5; count += 1)
      actor.send({ type: 'broadcast.updated', broadcast: promoProgress });
    await flush();
    expect(effects).toEqual(['recipients page 1']);
    actor.send({ type: 'broadcast.liveSettled' });
    await flush();
    expect(effects).toEqual(['recipients page 1', 'recipients page 1']);
    actor.send({ type: 'broadcast.liveSettled' });
    await flush();
    expect(effects).toHaveLength(2);
    expect(actor.getSnapshot().matches({ live: 'idle' })).toBe(true);
    // Progress alone does not ask for the broadcast again; finishing does.
    expect(client.calls.filter((call) => call.name === 'broadcast_get')).toHaveLength(1);
    actor.send({ type: 'broadcast.updated', broadcast: promoDone });
    expect(client.calls.filter((call) => call.name === 'broadcast_get')).toHaveLength(2);
  });

  it('reads the progress as parts of the recipients, and the body with where its values come from', async () => {
    const { actor, client } = start();
    client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    expect(selectProgress(actor.getSnapshot())).toMatchObject({
      total: 30,
      estimated: false,
      reached: 16,
      failed: 2,
      processed: 18,
      waiting: 12,
    });
    expect(selectProgress(actor.getSnapshot())?.failedShare).toBeCloseTo(2 / 30);
    expect(selectBodyParts(actor.getSnapshot())).toEqual([
      { kind: 'text', text: 'Halo ' },
      { kind: 'value', name: '1', value: { source: 'name', value: '', fallback: 'Kak' } },
      { kind: 'text', text: ', pakai kode ' },
      { kind: 'value', name: '2', value: { source: 'fixed', value: 'LEBARAN25', fallback: '' } },
      { kind: 'text', text: ' untuk diskon 25%.' },
    ]);
    expect(actor.getSnapshot().children.recipients?.getSnapshot().context.rows).toEqual([
      budiRead,
      wawanFailed,
    ]);
  });

  it('leaves a broadcast deleted elsewhere gone, and gives up its requests when the page goes away', async () => {
    const { actor, client } = start();
    client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    actor.send({ type: 'broadcast.deleted' });
    expect(selectBroadcastPageStatus(actor.getSnapshot())).toBe('gone');
    expect(selectControls(actor.getSnapshot())).toEqual([]);
    const other = start();
    other.actor.stop();
    expect(other.client.signals.every((signal) => signal?.aborted === true)).toBe(true);
  });

  it("answers a finished broadcast's conflict without changing it", async () => {
    const { actor, client } = start();
    client.settle('broadcast_get', { data: sendingDetail });
    await flush();
    actor.send({ type: 'broadcast.control', control: 'pause' });
    client.settle('broadcast_pause', { error: finishedConflict });
    await flush();
    expect(actor.getSnapshot().context.detail).toEqual(sendingDetail);
    expect(actor.getSnapshot().matches({ control: 'idle' })).toBe(true);
  });

  it('follows the live events of its own broadcast only, and the reconnection', () => {
    const source = createFakeEventSource();
    let resync: (() => void) | null = null;
    const connection = {
      on: (_type: 'resync', handler: () => void) => {
        resync = handler;
        return { unsubscribe: () => (resync = null) };
      },
    };
    const received: BroadcastDetailEvent[] = [];
    const stop = followBroadcast(source, connection, broadcastKey, promoSending.id, {
      send: (event) => received.push(event),
    });
    source.emit('broadcast.updated', { key: 'k9other0000', broadcast: promoProgress });
    source.emit('broadcast.updated', { key: broadcastKey, broadcast: { ...promoProgress, id: 'other' } });
    source.emit('broadcast.updated', { key: broadcastKey, broadcast: promoProgress });
    source.emit('broadcast.deleted', { key: broadcastKey, broadcastId: 'other' });
    source.emit('broadcast.deleted', { key: broadcastKey, broadcastId: promoSending.id });
    (resync as (() => void) | null)?.();
    expect(received).toEqual([
      { type: 'broadcast.updated', broadcast: promoProgress },
      { type: 'broadcast.deleted' },
      { type: 'broadcast.resync' },
    ]);
    stop();
    expect(source.count()).toBe(0);
    expect(resync).toBeNull();
  });
});
