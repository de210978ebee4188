/**
 * The broadcast pages' live events (DESIGN.md "Real-time"): the socket's `broadcast.updated` and
 * `broadcast.deleted` of their project, and the connection's `resync`, as their machines' events.
 */
import type { BroadcastDetailEvent } from './broadcastDetailTypes.ts';
import type { BroadcastsEvent } from './broadcastsMachine.ts';
import type { InboxEventSource, ResyncSource } from './inboxRouting.ts';

/**
 * Feeds the broadcasts table of project `key` its live events: every broadcast of that project
 * updated or deleted, and `broadcasts.resync` when the connection is back; answers the function
 * that stops.
 */
export function followBroadcasts(
  source: InboxEventSource,
  connection: ResyncSource,
  key: string,
  target: { send(event: BroadcastsEvent): void },
): () => void {
  const offs = [
    source.on('broadcast.updated', (event) => {
      if (event.key === key) target.send({ type: 'broadcasts.updated', broadcast: event.broadcast });
    }),
    source.on('broadcast.deleted', (event) => {
      if (event.key === key) target.send({ type: 'broadcasts.deleted', broadcastId: event.broadcastId });
    }),
  ];
  const resync = connection.on('resync', () => target.send({ type: 'broadcasts.resync' }));
  return () => {
    for (const off of offs) off();
    resync.unsubscribe();
  };
}

/**
 * Feeds the page of broadcast `id` of project `key` its live events: that broadcast updated or
 * deleted, and `broadcast.resync` when the connection is back; answers the function that stops.
 */
export function followBroadcast(
  source: InboxEventSource,
  connection: ResyncSource,
  key: string,
  id: string,
  target: { send(event: BroadcastDetailEvent): void },
): () => void {
  const offs = [
    source.on('broadcast.updated', (event) => {
      if (event.key === key && event.broadcast.id === id)
        target.send({ type: 'broadcast.updated', broadcast: event.broadcast });
    }),
    source.on('broadcast.deleted', (event) => {
      if (event.key === key && event.broadcastId === id) target.send({ type: 'broadcast.deleted' });
    }),
  ];
  const resync = connection.on('resync', () => target.send({ type: 'broadcast.resync' }));
  return () => {
    for (const off of offs) off();
    resync.unsubscribe();
  };
}
