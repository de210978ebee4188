/**
 * The one real-time connection of a signed-in session (DESIGN.md "Real-time"): the SDK's
 * realtime object, the `connectionMachine` that follows it (connected while signed in,
 * disconnected on sign-out) and the inbox router that hands its events to the screens' actors.
 * A socket the server refuses (`unauthenticated`) asks the session to check its token again.
 * No React here.
 */
import { createActor } from 'xstate';
import type { Actor } from 'xstate';
import { connectionMachine, createInboxRouter } from '@sapa/machines/inbox';
import type { InboxEventSource, InboxRouter, RealtimeLike } from '@sapa/machines/inbox';

/** Whether someone is signed in, and a way to hear when that changes. */
export interface SignedInSignal {
  isSignedIn(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface InboxConnectionOptions {
  realtime: RealtimeLike & InboxEventSource;
  signedIn: SignedInSignal;
  /** Whether the agent is looking at the page (a customer's message in the open thread is read at once). */
  isReading: () => boolean;
  /** The server refused the socket's token: the session should check it. */
  onRefused: () => void;
  /**
   * Asked each time a connection first comes up (not after a drop, which resyncs anyway):
   * whether the screens show data read before it (session/earlyActs.ts), which they then fetch
   * again through `resyncs` and the router.
   */
  readBeforeConnected?: () => boolean;
}

/** Where to hear `resync`: the connection machine's, after a drop, and the one above. */
export interface ResyncEvents {
  on(type: 'resync', handler: () => void): { unsubscribe(): void };
}

export interface InboxConnection {
  connection: Actor<typeof connectionMachine>;
  /** Every `resync`: use this, not `connection.on('resync')`, to fetch what was missed. */
  resyncs: ResyncEvents;
  router: InboxRouter;
  stop(): void;
}

export function createInboxConnection(options: InboxConnectionOptions): InboxConnection {
  const connection = createActor(connectionMachine, { input: { realtime: options.realtime } });
  connection.start();
  const firstUp = new Set<() => void>();
  const resyncs: ResyncEvents = {
    on(type, handler) {
      const dropped = connection.on(type, handler);
      firstUp.add(handler);
      return {
        unsubscribe() {
          dropped.unsubscribe();
          firstUp.delete(handler);
        },
      };
    },
  };
  const router = createInboxRouter(options.realtime, resyncs, { isReading: options.isReading });
  let connecting = connection.getSnapshot().hasTag('connecting');
  const up = connection.subscribe((snapshot) => {
    const cameUp = connecting && snapshot.hasTag('online');
    connecting = snapshot.hasTag('connecting');
    if (cameUp && options.readBeforeConnected?.() === true) for (const handler of [...firstUp]) handler();
  });

  let signedIn = false;
  const follow = () => {
    const now = options.signedIn.isSignedIn();
    if (now === signedIn) return;
    signedIn = now;
    connection.send({ type: now ? 'connection.connect' : 'connection.disconnect' });
  };
  follow();
  const offSession = options.signedIn.subscribe(follow);

  let refused = false;
  const watch = connection.subscribe((snapshot) => {
    const isRefused = snapshot.context.error === 'unauthenticated';
    if (isRefused && !refused) options.onRefused();
    refused = isRefused;
  });

  return {
    connection,
    resyncs,
    router,
    stop() {
      offSession();
      watch.unsubscribe();
      up.unsubscribe();
      router.stop();
      connection.send({ type: 'connection.disconnect' });
      connection.stop();
    },
  };
}
