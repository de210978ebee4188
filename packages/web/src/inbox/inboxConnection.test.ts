import { describe, expect, it } from 'vitest';
import { createInboxConnection } from './inboxConnection.ts';
import { createFakeRealtime } from './fakeRealtime.ts';

function signal(initial: boolean) {
  let signedIn = initial;
  const listeners = new Set<() => void>();
  return {
    isSignedIn: () => signedIn,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: boolean) {
      signedIn = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('the inbox connection', () => {
  it('connects on sign-in and disconnects on sign-out, once each', () => {
    const realtime = createFakeRealtime();
    const session = signal(false);
    const inbox = createInboxConnection({
      realtime,
      signedIn: session,
      isReading: () => true,
      onRefused: () => {},
    });
    expect(realtime.calls).toEqual([]);
    session.set(true);
    session.set(true);
    expect(realtime.calls).toEqual(['connect']);
    realtime.set('connected');
    expect(inbox.connection.getSnapshot().value).toBe('online');
    session.set(false);
    expect(realtime.calls).toEqual(['connect', 'disconnect']);
    expect(inbox.connection.getSnapshot().value).toBe('offline');
    inbox.stop();
  });

  it('connects at once for a session already signed in, and asks for a token check when refused', () => {
    const realtime = createFakeRealtime();
    let refusals = 0;
    const inbox = createInboxConnection({
      realtime,
      signedIn: signal(true),
      isReading: () => true,
      onRefused: () => (refusals += 1),
    });
    expect(realtime.calls).toEqual(['connect']);
    realtime.set('disconnected', 'unauthenticated');
    expect(refusals).toBe(1);
    inbox.stop();
    expect(realtime.calls.at(-1)).toBe('disconnect');
  });

  it('routes socket events to what the screens attach', () => {
    const realtime = createFakeRealtime();
    const inbox = createInboxConnection({
      realtime,
      signedIn: signal(true),
      isReading: () => true,
      onRefused: () => {},
    });
    const seen: string[] = [];
    inbox.router.attachList('k1', { send: (event) => seen.push(event.type) });
    realtime.emit('conversation.removed', { key: 'k1', conversationId: 'c1' });
    expect(seen).toEqual(['list.conversationRemoved']);
    inbox.stop();
    realtime.emit('conversation.removed', { key: 'k1', conversationId: 'c1' });
    expect(seen).toHaveLength(1);
  });

  it('has the screens fetch again when data read before the first connection was shown, once', () => {
    const realtime = createFakeRealtime();
    const answers = [true, false];
    const session = signal(true);
    const inbox = createInboxConnection({
      realtime,
      signedIn: session,
      isReading: () => true,
      onRefused: () => {},
      readBeforeConnected: () => answers.shift() ?? false,
    });
    const seen: string[] = [];
    inbox.router.attachList('k1', { send: (event) => seen.push(event.type) });
    inbox.resyncs.on('resync', () => seen.push('resync'));
    realtime.set('connected');
    expect(seen).toEqual(['list.resync', 'resync']);
    // A drop and its return resync as before; a later first connection asks again.
    realtime.set('reconnecting');
    realtime.set('connected');
    expect(seen).toEqual(['list.resync', 'resync', 'list.resync', 'resync']);
    session.set(false);
    session.set(true);
    realtime.set('connected');
    expect(answers).toEqual([]);
    expect(seen).toHaveLength(4);
    inbox.stop();
  });
});
