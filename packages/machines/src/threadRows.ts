/**
 * How a thread reads on screen: a day separator before each day's first message (days in the
 * project's time zone), stable row keys (a send keeps its key from pending to stored, so its row
 * is not rebuilt), and the delivery mark of each outbound message.
 */
import { formatDate } from '@sapa/sdk';
import type { MessageStatus, ThreadMessage } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import type { ThreadItem } from './threadMessages.ts';

export type ThreadRow = { kind: 'day'; key: string; label: string } | (ThreadItem & { key: string });

/** An outbound message's tick: pending (clock), sent, delivered, read (blue), or failed. */
export interface DeliveryMark {
  status: MessageStatus;
  /** Meta's error (code and title) when WhatsApp refused it. */
  error: ThreadMessage['error'];
  /** A send of ours that never reached the server: it can be resent or discarded. */
  local: FlowError | null;
}

/** The row key of an item: the send's client id when it has one, so it survives being stored. */
export function rowKey(item: ThreadItem): string {
  if (item.kind === 'pending') return `c:${item.pending.clientId}`;
  return item.message.clientId === null ? `m:${item.message.id}` : `c:${item.message.clientId}`;
}

function createdAtOf(item: ThreadItem): string {
  return item.kind === 'message' ? item.message.createdAt : item.pending.createdAt;
}

/** The thread's rows: each item, with a day separator wherever the day changes. */
export function threadRows(items: readonly ThreadItem[], timeZone: string): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let day = '';
  for (const item of items) {
    const label = formatDate(createdAtOf(item), timeZone);
    if (label !== day) {
      day = label;
      rows.push({ kind: 'day', key: `day:${label}`, label });
    }
    rows.push({ ...item, key: rowKey(item) });
  }
  return rows;
}

/** The delivery mark of an outbound row; `null` for the customer's messages. */
export function deliveryMark(item: ThreadItem): DeliveryMark | null {
  if (item.kind === 'message') {
    if (item.message.direction === 'in') return null;
    return { status: item.message.status, error: item.message.error, local: null };
  }
  const { pending } = item;
  if (pending.status === 'failed') return { status: 'failed', error: null, local: pending.error };
  const early = pending.serverStatus;
  return { status: early?.status ?? 'pending', error: early?.error ?? null, local: null };
}
