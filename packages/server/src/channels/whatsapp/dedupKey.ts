import type { MessageEvent, StatusEvent } from './types.ts';

/**
 * The key that makes a redelivered webhook event a duplicate: Meta retries for up to 7 days and
 * sends to every subscribed app. A message is one per wamid; a status is one per wamid and status.
 */
export function dedupKey(event: MessageEvent | StatusEvent): string {
  return event.kind === 'message'
    ? `${event.phoneNumberId}:message:${event.wamid}`
    : `${event.phoneNumberId}:status:${event.wamid}:${event.status}`;
}
