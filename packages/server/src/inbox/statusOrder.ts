import type { MessageStatus } from '../sdk.ts';

const RANK: Record<MessageStatus, number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Whether a message at `current` may move to `next`. Statuses arrive out of order (read before
 * delivered), so they never move backwards: read > delivered > sent > pending; `failed` wins over
 * all and nothing replaces it.
 */
export function statusAdvances(current: MessageStatus, next: MessageStatus): boolean {
  if (current === 'failed') return false;
  return RANK[next] > RANK[current];
}
