import { describe, expectTypeOf, it } from 'vitest';
import { createMemoryTokenStore, createRealtime } from '../index.ts';
import type { RealtimeSnapshot, RealtimeStatus } from '../index.ts';

const realtime = createRealtime({ url: 'http://127.0.0.1:3000', tokens: createMemoryTokenStore() });

describe('the realtime surface', () => {
  it('types server events from the contract', () => {
    const off = realtime.on('message.new', (event) => {
      expectTypeOf(event.seq).toEqualTypeOf<number>();
      expectTypeOf(event.conversationId).toEqualTypeOf<string>();
    });
    expectTypeOf(off).toEqualTypeOf<() => void>();
    realtime.on('account.status', (event) => expectTypeOf(event.accountId).toEqualTypeOf<string>());
    // @ts-expect-error: no such event
    realtime.on('message.deleted', () => undefined);
    // @ts-expect-error: the payload of message.new has no such field
    realtime.on('message.new', (event) => event.nope);
  });

  it('exposes subscribe/getSnapshot and onReconnect', () => {
    expectTypeOf(realtime.getSnapshot()).toEqualTypeOf<RealtimeSnapshot>();
    expectTypeOf<RealtimeSnapshot['status']>().toEqualTypeOf<RealtimeStatus>();
    expectTypeOf<RealtimeStatus>().toEqualTypeOf<
      'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected'
    >();
    expectTypeOf(realtime.subscribe(() => undefined)).toEqualTypeOf<() => void>();
    expectTypeOf(realtime.onReconnect((info) => expectTypeOf(info.recovered).toBeBoolean())).toEqualTypeOf<
      () => void
    >();
  });
});
