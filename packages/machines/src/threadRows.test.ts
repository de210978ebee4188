import { describe, expect, it } from 'vitest';
import { deliveryMark, rowKey, threadRows } from './threadRows.ts';
import type { PendingMessage, ThreadItem } from './threadMessages.ts';
import { storedMessage } from './paths/threadModel.ts';

const at = (seq: number, createdAt: string, clientId: string | null = null): ThreadItem => ({
  kind: 'message',
  message: { ...storedMessage(seq, clientId), createdAt },
});

const pending = (over: Partial<PendingMessage> = {}): ThreadItem => ({
  kind: 'pending',
  pending: {
    clientId: 'c9',
    draft: { type: 'text', caption: 'Halo' },
    status: 'sending',
    attempts: 1,
    error: null,
    createdAt: '2025-03-02T01:00:00Z',
    serverStatus: null,
    ...over,
  },
});

describe('thread rows', () => {
  it('puts a day separator before each day, in the project time zone', () => {
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    const rows = threadRows(
      [
        at(1, '2025-03-01T10:00:00Z'),
        at(2, '2025-03-01T17:30:00Z'),
        at(3, '2025-03-01T17:40:00Z'),
        pending(),
      ],
      'Asia/Jakarta',
    );
    expect(rows.map((row) => (row.kind === 'day' ? row.label : row.key))).toEqual([
      '1 Mar 2025',
      'm:m1',
      '2 Mar 2025',
      'm:m2',
      'm:m3',
      'c:c9',
    ]);
    expect(threadRows([at(1, '2025-03-01T16:30:00Z')], 'UTC')[0]).toEqual({
      kind: 'day',
      key: 'day:1 Mar 2025',
      label: '1 Mar 2025',
    });
  });

  it('keys a send by its client id, pending or stored, so its row survives being stored', () => {
    expect(rowKey(pending())).toBe('c:c9');
    expect(rowKey(at(5, '2025-03-01T10:00:00Z', 'c9'))).toBe('c:c9');
  });

  it('marks outbound messages only: pending clock, server status, local failure', () => {
    expect(deliveryMark(at(1, '2025-03-01T10:00:00Z'))).toBeNull();
    const stored = at(2, '2025-03-01T10:00:00Z', 'c1');
    expect(deliveryMark(stored)).toEqual({ status: 'pending', error: null, local: null });
    if (stored.kind === 'message') {
      const failed = {
        ...stored,
        message: {
          ...stored.message,
          status: 'failed' as const,
          error: { code: 131047, title: 'Re-engagement message' },
        },
      };
      expect(deliveryMark(failed)).toEqual({
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message' },
        local: null,
      });
    }
    expect(deliveryMark(pending())).toEqual({ status: 'pending', error: null, local: null });
    expect(
      deliveryMark(pending({ serverStatus: { messageId: 'm9', status: 'delivered', error: null } }))?.status,
    ).toBe('delivered');
    expect(
      deliveryMark(pending({ status: 'failed', error: { reason: 'forbidden', message: 'Tidak boleh' } })),
    ).toEqual({
      status: 'failed',
      error: null,
      local: { reason: 'forbidden', message: 'Tidak boleh' },
    });
  });
});
