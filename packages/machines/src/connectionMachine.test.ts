import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectionMachine, selectConnectionStatus } from './connectionMachine.ts';
import { createFakeRealtime } from './paths/fakeRealtime.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('connection', (get) => {
  it('coming back online from reconnecting resyncs, and only then', () => {
    const runs = runsThrough(get(), ['connection.lost', 'connection.restored']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const step = run.steps.find(
        (s, index) =>
          s.event.type === 'connection.restored' && run.steps[index - 1]?.snapshot.matches('reconnecting'),
      );
      expect(step?.snapshot.value).toBe('online');
    }
  });

  it('opens the socket on connection.connect and closes it on connection.disconnect', () => {
    const runs = runsThrough(get(), ['connection.connect', 'connection.disconnect']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs) {
      const realtime = (run.world.input as { realtime: ReturnType<typeof createFakeRealtime> }).realtime;
      expect(realtime.calls.slice(0, 1)).toEqual(['connect']);
      expect(realtime.calls).toContain('disconnect');
    }
  });
});

function start() {
  const realtime = createFakeRealtime();
  const actor = createActor(connectionMachine, { input: { realtime } });
  let resyncs = 0;
  actor.on('resync', () => (resyncs += 1));
  actor.start();
  return { realtime, actor, resyncs: () => resyncs };
}

describe('connection rules', () => {
  it('follows the socket: connecting, online, reconnecting, online again with one resync', async () => {
    const { realtime, actor, resyncs } = start();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'connection.connect' });
    expect(realtime.calls).toEqual(['connect']);
    expect(actor.getSnapshot().hasTag('connecting')).toBe(true);
    realtime.set('connected');
    await flush();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('online');
    expect(resyncs()).toBe(0);
    realtime.set('reconnecting');
    realtime.set('reconnecting', 'xhr poll error');
    await flush();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('reconnecting');
    realtime.set('connected');
    await flush();
    expect(selectConnectionStatus(actor.getSnapshot())).toBe('online');
    expect(resyncs()).toBe(1);
  });

  it('a refused token ends offline with the reason; connecting again clears it', async () => {
    const { realtime, actor } = start();
    actor.send({ type: 'connection.connect' });
    realtime.set('disconnected', 'unauthenticated');
    await flush();
    expect(actor.getSnapshot().value).toBe('offline');
    expect(actor.getSnapshot().context.error).toBe('unauthenticated');
    actor.send({ type: 'connection.connect' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(realtime.calls).toEqual(['connect', 'connect']);
  });

  it('a resync action can be provided instead of listening for the emitted event', async () => {
    const realtime = createFakeRealtime();
    let resynced = 0;
    const machine = connectionMachine.provide({ actions: { resync: () => (resynced += 1) } });
    const actor = createActor(machine, { input: { realtime } }).start();
    actor.send({ type: 'connection.connect' });
    realtime.set('connected');
    realtime.set('reconnecting');
    realtime.set('connected');
    await flush();
    expect(resynced).toBe(1);
  });

  it('stops watching the socket when stopped', () => {
    const { realtime, actor } = start();
    actor.stop();
    realtime.set('connected');
    expect(actor.getSnapshot().value).toBe('offline');
  });
});
