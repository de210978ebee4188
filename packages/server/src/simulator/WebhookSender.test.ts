import { afterEach, describe, expect, it } from 'vitest';
import { sign } from '../channels/whatsapp/index.ts';
import { startTestReceiver } from './testReceiver.ts';
import type { TestReceiver } from './testReceiver.ts';
import { messagePayload } from './webhookPayloads.ts';
import { WebhookSender } from './WebhookSender.ts';

const SECRET = 'test-app-secret';
const account = { phoneNumberId: '109876543210987', displayPhone: '+62 812-1000-9000', accessToken: 't' };
const payload = messagePayload(
  account,
  { waId: '6281234567890', name: 'Budi Santoso' },
  { from: '6281234567890', id: 'wamid.X', timestamp: '1763780400', type: 'text', text: { body: 'Halo' } },
);

let receiver: TestReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('WebhookSender', () => {
  it('signs the exact bytes it sends', async () => {
    receiver = await startTestReceiver(SECRET);
    const sender = new WebhookSender({ target: receiver.url, appSecret: SECRET });
    expect(await sender.deliver(payload)).toEqual({ ok: true, attempts: 1, status: 200 });
    const post = receiver.posts[0];
    expect(post?.signed).toBe(true);
    expect(post?.raw).toBe(JSON.stringify(payload));
    expect(receiver.events).toMatchObject([
      {
        kind: 'message',
        phoneNumberId: '109876543210987',
        displayPhoneNumber: '6281210009000',
        from: '+6281234567890',
        profileName: 'Budi Santoso',
      },
    ]);
    expect(sign(post?.raw ?? '', SECRET)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('retries a 500 and delivers exactly once', async () => {
    receiver = await startTestReceiver(SECRET, (attempt) => (attempt === 1 ? 500 : 200));
    const sender = new WebhookSender({ target: receiver.url, appSecret: SECRET, backoffMs: 5 });
    expect(await sender.deliver(payload)).toEqual({ ok: true, attempts: 2, status: 200 });
    expect(receiver.posts.map((post) => post.status)).toEqual([500, 200]);
    expect(receiver.events).toHaveLength(1);
  });

  it('gives up after maxAttempts on a network error', async () => {
    receiver = await startTestReceiver(SECRET);
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const sender = new WebhookSender({ target: url, appSecret: SECRET, backoffMs: 1, maxAttempts: 3 });
    const result = await sender.deliver(payload);
    expect(result).toMatchObject({ ok: false, attempts: 3 });
  });

  it('a wrong secret is refused by the receiver and retried until it gives up', async () => {
    receiver = await startTestReceiver(SECRET);
    const sender = new WebhookSender({
      target: receiver.url,
      appSecret: 'other',
      backoffMs: 1,
      maxAttempts: 2,
    });
    expect(await sender.deliver(payload)).toEqual({ ok: false, attempts: 2, status: 401 });
    expect(receiver.events).toHaveLength(0);
  });
});
