/**
 * What the server published (in-process, before the real-time layer fans it out): an act's or a
 * delivery's announcements are recorded by the time it answered, so tests read them without
 * sockets or waiting.
 */
import type { Published } from '../../src/realtime/Publisher.ts';
import type { ServerEventName, ServerEventPayload } from '../../src/sdk.ts';
import type { TestServer } from './testServer.ts';

export interface PublishedLog {
  readonly all: Published[];
  /** The payloads of one event, in order. */
  of<E extends ServerEventName>(event: E): ServerEventPayload<E>[];
  /** Forgets what was recorded so far. */
  clear(): void;
  stop(): void;
}

export function recordPublished(server: TestServer): PublishedLog {
  const all: Published[] = [];
  const stop = server.app.sapa.services.publisher.subscribe((published) => all.push(published));
  return {
    all,
    of: <E extends ServerEventName>(event: E) =>
      all
        .filter((published) => published.event === event)
        .map((published) => published.payload as ServerEventPayload<E>),
    clear: () => void all.splice(0),
    stop,
  };
}
