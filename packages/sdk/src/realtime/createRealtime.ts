/**
 * The one real-time connection of a client (DESIGN.md "Real-time"): a socket.io socket that
 * sends the session token and the push token as headers on every (re)connect, reconnects with
 * the settings of SPEC.md section 9, logs "Network disconnected" when it drops (section 8), and
 * tells its callers when it is back so they refetch what was loading and resume pending sends
 * (section 4). Like every stateful SDK object it has `subscribe` and `getSnapshot`.
 * socket.io-client itself is loaded (`import()`) on the first `connect()`, so a web app's first
 * load (the sign-in page) does without it; `on()` may be called before.
 */
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { PushTokenStore } from '../auth/pushTokenStore.ts';
import type { TokenStore } from '../auth/tokenStore.ts';
import { socketOptions } from '../constants.ts';
import type { ServerEventName, ServerToClientEvents } from '../contract/events.ts';
import { createListeners } from '../internal/createListeners.ts';
import { on } from './on.ts';
import type { RealtimeSocket, SocketEvents } from './on.ts';

export type { RealtimeSocket };
export type RealtimeSocketOptions = Partial<ManagerOptions & SocketOptions>;
/** socket.io-client's `io`, or a test double of it. */
export type SocketFactory = (url: string | undefined, options: RealtimeSocketOptions) => RealtimeSocket;

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  /** Reconnection attempts since the connection was last up. */
  attempts: number;
  /** The last connection error's message (`unauthenticated` when the server refused the token). */
  lastError: string | null;
}

export interface ReconnectInfo {
  /** True when the server replayed what was missed (connection-state recovery); refetch anyway when false. */
  recovered: boolean;
}

export interface RealtimeLogger {
  warn(message: string): void;
}

/** The reconnect timings a caller may shorten (tests); everything else follows SPEC.md section 9. */
export type ReconnectTimings = Partial<
  Pick<ManagerOptions, 'reconnectionDelay' | 'reconnectionDelayMax' | 'randomizationFactor' | 'timeout'>
>;

export interface RealtimeOptions {
  /** The server's origin; same origin (the page's) when left out. */
  url?: string;
  tokens: TokenStore;
  pushToken?: PushTokenStore;
  /** socket.io-client's `io` by default (loaded on the first `connect()`). */
  io?: SocketFactory;
  /** How the default `io` is loaded when `io` is left out: `import('socket.io-client')` (tests replace it). */
  loadIo?: () => Promise<SocketFactory>;
  /** Where "Network disconnected" goes; `console` by default. */
  logger?: RealtimeLogger;
  reconnect?: ReconnectTimings;
}

export interface Realtime {
  /** Opens the connection (idempotent while open or reconnecting). */
  connect(): void;
  /** Closes it for good: no reconnection until `connect()` again. */
  disconnect(): void;
  /** Listens to one server event; answers the function that stops listening. */
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void;
  /** Called each time the connection comes back after a drop. */
  onReconnect(listener: (info: ReconnectInfo) => void): () => void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): RealtimeSnapshot;
}

export const NETWORK_DISCONNECTED = 'Network disconnected';

/** The headers every handshake carries, read from the stores at that moment. */
export function handshakeHeaders(tokens: TokenStore, pushToken?: PushTokenStore): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = tokens.get();
  const fcm = pushToken?.get() ?? null;
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (fcm !== null) headers['x-fcm-token'] = fcm;
  return headers;
}

/** socket.io-client's `io`, loaded when first needed (its own chunk in a web build). */
async function loadSocketIo(): Promise<SocketFactory> {
  const { io } = await import('socket.io-client');
  return (url, opts) => (url === undefined ? io(opts) : io(url, opts));
}

/** A server event handler given to `on()`, attached to the socket once there is one. */
interface Subscription {
  event: ServerEventName;
  handler: SocketEvents[ServerEventName];
  detach: (() => void) | null;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const { tokens, pushToken, logger = console } = options;
  let factory: SocketFactory | null = options.io ?? null;
  let loading: Promise<SocketFactory> | null = null;
  const listeners = createListeners();
  const reconnectListeners = new Set<(info: ReconnectInfo) => void>();
  const subscriptions = new Set<Subscription>();
  let snapshot: RealtimeSnapshot = { status: 'idle', attempts: 0, lastError: null };
  let socket: RealtimeSocket | null = null;
  let wasConnected = false;
  /** connect() was called and disconnect() not since (what a socket.io-client still loading waits for). */
  let wanted = false;

  const update = (next: Partial<RealtimeSnapshot>) => {
    const merged = { ...snapshot, ...next };
    if (
      merged.status === snapshot.status &&
      merged.attempts === snapshot.attempts &&
      merged.lastError === snapshot.lastError
    )
      return;
    snapshot = merged;
    listeners.notify();
  };

  function open(create: SocketFactory): RealtimeSocket {
    const created = create(options.url, {
      ...socketOptions,
      ...options.reconnect,
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      autoConnect: false,
      // Each Realtime owns its connection: no sharing a Manager (and its headers) with another.
      forceNew: true,
      extraHeaders: handshakeHeaders(tokens, pushToken),
    });
    // Fresh tokens for every reconnection attempt (the Manager opens a new engine with its opts).
    on(created.io, 'reconnect_attempt', (attempt: number) => {
      created.io.opts.extraHeaders = handshakeHeaders(tokens, pushToken);
      update({ status: 'reconnecting', attempts: attempt });
    });
    on(created, 'connect', () => {
      const back = wasConnected;
      wasConnected = true;
      update({ status: 'connected', attempts: 0, lastError: null });
      if (back) for (const listener of [...reconnectListeners]) listener({ recovered: created.recovered });
    });
    on(created, 'disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      logger.warn(NETWORK_DISCONNECTED);
      update({ status: created.active ? 'reconnecting' : 'disconnected' });
    });
    on(created, 'connect_error', (error) => {
      // A refusal by the server's middleware (bad token) is final; a network error is retried.
      update({ status: created.active ? snapshot.status : 'disconnected', lastError: error.message });
    });
    for (const subscription of subscriptions) {
      subscription.detach = on(created, subscription.event, subscription.handler);
    }
    return created;
  }

  /** Loads socket.io-client (once at a time), then connects if still wanted. */
  function load(): void {
    if (loading !== null) return;
    loading = (options.loadIo ?? loadSocketIo)();
    loading.then(
      (loaded) => {
        factory = loaded;
        if (wanted) connect();
      },
      (error: unknown) => {
        loading = null;
        if (wanted)
          update({
            status: 'disconnected',
            lastError: error instanceof Error ? error.message : String(error),
          });
      },
    );
  }

  function connect(): void {
    wanted = true;
    if (socket?.active === true) return;
    if (socket === null) {
      if (factory === null) {
        update({ status: 'connecting', attempts: 0, lastError: null });
        load();
        return;
      }
      socket = open(factory);
    }
    socket.io.opts.extraHeaders = handshakeHeaders(tokens, pushToken);
    update({ status: 'connecting', attempts: 0, lastError: null });
    socket.connect();
  }

  return {
    connect,
    disconnect() {
      wanted = false;
      socket?.disconnect();
      wasConnected = false;
      if (snapshot.status !== 'idle') update({ status: 'disconnected', attempts: 0 });
    },
    on(event, handler) {
      if (socket === null && factory !== null) socket = open(factory);
      const subscription: Subscription = {
        event,
        handler: handler as SocketEvents[ServerEventName],
        detach: socket === null ? null : on(socket, event, handler as SocketEvents[typeof event]),
      };
      subscriptions.add(subscription);
      return () => {
        if (!subscriptions.delete(subscription)) return;
        subscription.detach?.();
      };
    },
    onReconnect(listener) {
      const entry = (info: ReconnectInfo) => listener(info);
      reconnectListeners.add(entry);
      return () => reconnectListeners.delete(entry);
    },
    subscribe: listeners.subscribe,
    getSnapshot: () => snapshot,
  };
}
