import { describe, expect, it, vi } from 'vitest';
import { createPushTokenStore } from '../auth/pushTokenStore.ts';
import { createMemoryTokenStore } from '../auth/tokenStore.ts';
import { socketOptions } from '../constants.ts';
import { createRealtime, NETWORK_DISCONNECTED } from './createRealtime.ts';
import type { RealtimeSocketOptions, SocketFactory } from './createRealtime.ts';
import type { RealtimeSocket } from './on.ts';

type Listener = (...args: unknown[]) => void;

class FakeEmitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, fn: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(fn);
    this.listeners.set(event, set);
    return this;
  }
  off(event: string, fn: Listener): this {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  count(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

class FakeSocket extends FakeEmitter {
  active = false;
  recovered = false;
  readonly io: FakeEmitter & { opts: RealtimeSocketOptions };
  connects = 0;
  disconnects = 0;
  constructor(
    readonly url: string | undefined,
    readonly options: RealtimeSocketOptions,
  ) {
    super();
    this.io = Object.assign(new FakeEmitter(), { opts: { ...options } });
  }
  connect(): this {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect(): this {
    this.disconnects += 1;
    this.active = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
}

function setUp(token: string | null = 'tok-1') {
  const sockets: FakeSocket[] = [];
  const io: SocketFactory = (url, options) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket as unknown as RealtimeSocket;
  };
  const tokens = createMemoryTokenStore(token);
  const pushToken = createPushTokenStore();
  pushToken.set('fcm-1');
  const logger = { warn: vi.fn<(message: string) => void>() };
  const realtime = createRealtime({ url: 'http://127.0.0.1:1', tokens, pushToken, io, logger });
  const socket = () => {
    const first = sockets[0];
    if (first === undefined) throw new Error('no socket opened');
    return first;
  };
  return { realtime, sockets, socket, tokens, pushToken, logger };
}

describe('createRealtime', () => {
  it('starts idle and opens one socket with the SPEC section 9 settings and the token headers', () => {
    const { realtime, sockets, socket } = setUp();
    expect(realtime.getSnapshot()).toEqual({ status: 'idle', attempts: 0, lastError: null });
    realtime.connect();
    realtime.connect();
    expect(sockets).toHaveLength(1);
    expect(socket().connects).toBe(1);
    expect(socket().url).toBe('http://127.0.0.1:1');
    expect(socket().options).toMatchObject({
      ...socketOptions,
      reconnectionAttempts: Infinity,
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      autoConnect: false,
      forceNew: true,
    });
    expect(socket().io.opts.extraHeaders).toEqual({ authorization: 'Bearer tok-1', 'x-fcm-token': 'fcm-1' });
    expect(realtime.getSnapshot().status).toBe('connecting');
  });

  it('sends no authorization header without a token', () => {
    const { realtime, socket } = setUp(null);
    realtime.connect();
    expect(socket().io.opts.extraHeaders).toEqual({ 'x-fcm-token': 'fcm-1' });
  });

  it('reads the tokens again at every reconnection attempt', () => {
    const { realtime, socket, tokens, pushToken } = setUp();
    realtime.connect();
    socket().fire('connect');
    tokens.set('tok-2');
    pushToken.set('fcm-2');
    socket().fire('disconnect', 'transport close');
    socket().io.fire('reconnect_attempt', 1);
    expect(socket().io.opts.extraHeaders).toEqual({ authorization: 'Bearer tok-2', 'x-fcm-token': 'fcm-2' });
    expect(realtime.getSnapshot()).toEqual({ status: 'reconnecting', attempts: 1, lastError: null });
  });

  it('logs "Network disconnected", reconnects and tells onReconnect listeners', () => {
    const { realtime, socket, logger } = setUp();
    const reconnected = vi.fn();
    const statuses: string[] = [];
    realtime.subscribe(() => statuses.push(realtime.getSnapshot().status));
    const off = realtime.onReconnect(reconnected);
    realtime.connect();
    socket().fire('connect');
    expect(reconnected).not.toHaveBeenCalled();
    socket().fire('disconnect', 'transport close');
    expect(logger.warn).toHaveBeenCalledWith(NETWORK_DISCONNECTED);
    expect(NETWORK_DISCONNECTED).toBe('Network disconnected');
    socket().io.fire('reconnect_attempt', 1);
    socket().fire('connect_error', new Error('xhr poll error'));
    socket().io.fire('reconnect_attempt', 2);
    expect(realtime.getSnapshot()).toEqual({
      status: 'reconnecting',
      attempts: 2,
      lastError: 'xhr poll error',
    });
    socket().recovered = true;
    socket().fire('connect');
    expect(reconnected).toHaveBeenCalledWith({ recovered: true });
    expect(realtime.getSnapshot()).toEqual({ status: 'connected', attempts: 0, lastError: null });
    // One notification per change: the drop, attempt 1, its error, attempt 2, then back.
    expect(statuses).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'connected',
    ]);
    off();
    socket().fire('disconnect', 'ping timeout');
    socket().fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('stops at a refusal by the server: disconnected with its message', () => {
    const { realtime, socket } = setUp('bad');
    realtime.connect();
    socket().active = false;
    socket().fire('connect_error', new Error('unauthenticated'));
    expect(realtime.getSnapshot()).toEqual({
      status: 'disconnected',
      attempts: 0,
      lastError: 'unauthenticated',
    });
  });

  it('a server-side disconnect without reconnection ends disconnected', () => {
    const { realtime, socket, logger } = setUp();
    realtime.connect();
    socket().fire('connect');
    socket().active = false;
    socket().fire('disconnect', 'io server disconnect');
    expect(logger.warn).toHaveBeenCalledWith('Network disconnected');
    expect(realtime.getSnapshot().status).toBe('disconnected');
  });

  it('disconnect() closes quietly; connect() opens the same socket again', () => {
    const { realtime, socket, logger, sockets } = setUp();
    realtime.connect();
    socket().fire('connect');
    realtime.disconnect();
    expect(socket().disconnects).toBe(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(realtime.getSnapshot().status).toBe('disconnected');
    realtime.connect();
    expect(sockets).toHaveLength(1);
    expect(socket().connects).toBe(2);
    socket().fire('connect');
    expect(realtime.getSnapshot().status).toBe('connected');
  });

  it('on() delivers server events and answers its own cleanup', () => {
    const { realtime, socket } = setUp();
    const seqs: number[] = [];
    const off = realtime.on('message.new', (event) => seqs.push(event.seq));
    realtime.connect();
    socket().fire('message.new', { key: 'k', conversationId: 'c', seq: 7, message: {} });
    off();
    off();
    socket().fire('message.new', { key: 'k', conversationId: 'c', seq: 8, message: {} });
    expect(seqs).toEqual([7]);
    expect(socket().count('message.new')).toBe(0);
  });

  it('loads socket.io-client on the first connect(), with the handlers given to on() before', async () => {
    const sockets: FakeSocket[] = [];
    let loaded: (factory: SocketFactory) => void = () => undefined;
    const load = new Promise<SocketFactory>((resolve) => (loaded = resolve));
    const loadIo = vi.fn(() => load);
    const realtime = createRealtime({ tokens: createMemoryTokenStore('tok-1'), loadIo });
    const seqs: number[] = [];
    realtime.on('message.new', (event) => seqs.push(event.seq));
    const off = realtime.on('notification.count', () => seqs.push(-1));
    off();
    expect(loadIo).not.toHaveBeenCalled();
    realtime.connect();
    realtime.connect();
    expect(loadIo).toHaveBeenCalledTimes(1);
    expect(realtime.getSnapshot().status).toBe('connecting');
    loaded((url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket as unknown as RealtimeSocket;
    });
    // The realtime's own reaction to the load runs before this one (registered first).
    await load;
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    expect(socket.connects).toBe(1);
    expect(socket.options.extraHeaders).toEqual({ authorization: 'Bearer tok-1' });
    socket.fire('message.new', { key: 'k', conversationId: 'c', seq: 3, message: {} });
    socket.fire('notification.count', { unread: 1 });
    expect(seqs).toEqual([3]);
    expect(socket.count('notification.count')).toBe(0);
  });

  it('opens nothing when disconnect() comes while socket.io-client loads; a failed load can be retried', async () => {
    const sockets: FakeSocket[] = [];
    const factory: SocketFactory = (url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket as unknown as RealtimeSocket;
    };
    const loads: Array<{
      done: Promise<SocketFactory>;
      resolve(factory: SocketFactory): void;
      reject(error: Error): void;
    }> = [];
    const loadIo = () => {
      let resolve: (factory: SocketFactory) => void = () => undefined;
      let reject: (error: Error) => void = () => undefined;
      const done = new Promise<SocketFactory>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      loads.push({ done, resolve, reject });
      return done;
    };
    const realtime = createRealtime({ tokens: createMemoryTokenStore('tok-1'), loadIo });
    realtime.connect();
    loads[0]?.reject(new Error('chunk failed'));
    await loads[0]?.done.catch(() => undefined);
    expect(realtime.getSnapshot()).toMatchObject({ status: 'disconnected', lastError: 'chunk failed' });
    realtime.connect();
    expect(loads).toHaveLength(2);
    realtime.disconnect();
    loads[1]?.resolve(factory);
    // The realtime's own reaction to the load runs before this one (registered first).
    await loads[1]?.done;
    expect(realtime.getSnapshot().status).toBe('disconnected');
    // Loaded but not wanted: the next connect() opens the socket, and connects it once.
    realtime.connect();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.connects).toBe(1);
  });

  it('keeps the snapshot stable between changes', () => {
    const { realtime } = setUp();
    expect(realtime.getSnapshot()).toBe(realtime.getSnapshot());
  });
});
