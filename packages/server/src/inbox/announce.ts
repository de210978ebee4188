import type { Publisher } from '../realtime/Publisher.ts';
import type { ServerEventName, ServerEventPayload } from '../sdk.ts';

/** A real-time event to publish to a project once the transaction that caused it has committed. */
export type Announcement = {
  [E in ServerEventName]: { key: string; event: E; payload: ServerEventPayload<E> };
}[ServerEventName];

export function announce(publisher: Publisher, announcements: readonly Announcement[]): void {
  for (const item of announcements) publishOne(publisher, item);
}

function publishOne<E extends ServerEventName>(
  publisher: Publisher,
  item: { key: string; event: E; payload: ServerEventPayload<E> },
): void {
  publisher.toProject(item.key, item.event, item.payload);
}
