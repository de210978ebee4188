/**
 * Listens to `event` on a socket or its manager and answers the function that stops listening,
 * as socket.io-client does internally: every subscription carries its own cleanup.
 */
import type { ManagerReservedEvents, Socket, SocketReservedEvents } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/events.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeManager = RealtimeSocket['io'];
/** What a socket emits: its own lifecycle events and the server's events. */
export type SocketEvents = SocketReservedEvents & ServerToClientEvents;

/** The untyped view of socket.io's emitters, used once the overloads have checked the types. */
interface LooseEmitter {
  on(event: string, fn: (...args: never[]) => void): unknown;
  off(event: string, fn: (...args: never[]) => void): unknown;
}

export function on<Ev extends keyof SocketEvents>(
  socket: RealtimeSocket,
  event: Ev,
  fn: SocketEvents[Ev],
): () => void;
export function on<Ev extends keyof ManagerReservedEvents>(
  manager: RealtimeManager,
  event: Ev,
  fn: ManagerReservedEvents[Ev],
): () => void;
export function on(
  emitter: RealtimeSocket | RealtimeManager,
  event: string,
  fn: (...args: never[]) => void,
): () => void {
  const target = emitter as unknown as LooseEmitter;
  target.on(event, fn);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    target.off(event, fn);
  };
}
