import { describe, expect, it } from 'vitest';
import { dedupKey } from './dedupKey.ts';
import { loadFixture } from './fixtures/loadFixture.ts';
import { parseWebhook } from './parseWebhook.ts';
import type { MessageEvent, StatusEvent } from './types.ts';

const only = (name: string) => parseWebhook(loadFixture(name))[0] as MessageEvent | StatusEvent;

describe('dedupKey', () => {
  it('keys a message by its wamid and a status by wamid and status', () => {
    expect(dedupKey(only('inbound-text.json'))).toBe(
      '109876543210987:message:wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABIYFDNBMEIxQzJEM0U0RjVBNkI3QzhEAA==',
    );
    expect(dedupKey(only('status-sent.json'))).toBe(
      '109876543210987:status:wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjdGMUEyQjNDNEQ1RTZGNzA4MQA=:sent',
    );
  });

  it('tells apart the statuses of one message and matches a redelivery', () => {
    const keys = ['status-sent.json', 'status-delivered.json', 'status-read.json'].map((name) =>
      dedupKey(only(name)),
    );
    expect(new Set(keys).size).toBe(3);
    expect(dedupKey(only('status-read.json'))).toBe(keys[2]);
  });
});
