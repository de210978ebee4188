import { afterEach, describe, expect, it } from 'vitest';
import {
  GraphClient,
  templateMessage,
  textMessage,
  webhookPayloadSchema,
  withCallbackData,
} from '../channels/whatsapp/index.ts';
import type { MessageEvent, StatusEvent, WebhookEvent, WebhookPayload } from '../channels/whatsapp/index.ts';
import { INBOUND_KINDS } from './inboundMessages.ts';
import { createSimulator } from './Simulator.ts';
import type { Simulator, SimulatorOptions } from './Simulator.ts';
import { startTestReceiver } from './testReceiver.ts';
import type { TestReceiver } from './testReceiver.ts';
import { wabaIdOf } from './types.ts';

const SECRET = 'simulator-test-secret';
const account = {
  phoneNumberId: '109876543210987',
  displayPhone: '+62 812-1000-9000',
  accessToken: 'sim-token',
};
const HOUR = 3_600_000;

let receiver: TestReceiver | undefined;
let simulator: Simulator | undefined;

async function start(options: Partial<SimulatorOptions> = {}) {
  receiver = await startTestReceiver(SECRET);
  simulator = await createSimulator({
    target: receiver.url,
    appSecret: SECRET,
    accounts: [account],
    statusDelaysMs: { sent: 1, delivered: 1, read: 1 },
    ...options,
  });
  const client = new GraphClient({ accessToken: account.accessToken, baseUrl: simulator.graphBaseUrl });
  return { receiver, simulator, client };
}

afterEach(async () => {
  await simulator?.close();
  await receiver?.close();
  simulator = undefined;
  receiver = undefined;
});

const messages = (events: WebhookEvent[]) =>
  events.filter((event): event is MessageEvent => event.kind === 'message');
const statusesOf = (events: WebhookEvent[], wamid: string) =>
  events.filter((event): event is StatusEvent => event.kind === 'status' && event.wamid === wamid);

describe('createSimulator', () => {
  it('makes the same Indonesian customers from the same seed', async () => {
    const { simulator } = await start({ customers: 5, seed: 7 });
    expect(simulator.customers).toHaveLength(5);
    for (const customer of simulator.customers) {
      expect(customer.phone).toMatch(/^\+628\d{9,11}$/);
      expect(customer.phone).toBe(`+${customer.waId}`);
    }
    const again = await createSimulator({
      target: receiver?.url ?? '',
      appSecret: SECRET,
      accounts: [account],
      customers: 5,
      seed: 7,
    });
    expect(again.customers).toEqual(simulator.customers);
    await again.close();
  });

  it("delivers customers' messages signed, and they parse into every inbound kind", async () => {
    const { receiver, simulator, client } = await start();
    const budi = simulator.customers[0];
    if (budi === undefined) throw new Error('no customer');
    await simulator.customerWrites(0, 'Halo kak');
    const sent = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: budi.phone, body: 'Halo, ada yang bisa dibantu?' }),
    );
    await receiver.waitFor((events) => statusesOf(events, sent.wamid).length === 3);
    for (const kind of INBOUND_KINDS) {
      const write = await simulator.customerWrites(budi.phone, { kind });
      expect([kind, write.kind, write.delivery.ok]).toEqual([kind, kind, true]);
    }
    expect(receiver.posts.every((post) => post.signed)).toBe(true);
    for (const post of receiver.posts)
      expect(webhookPayloadSchema.safeParse(JSON.parse(post.raw)).success).toBe(true);
    const received = messages(receiver.events);
    expect(received.map((event) => event.message.type)).toEqual([
      'text',
      'text',
      'image',
      'audio',
      'video',
      'document',
      'contacts',
      'location',
      'text',
      'reaction',
    ]);
    for (const event of received) {
      expect(event).toMatchObject({
        phoneNumberId: account.phoneNumberId,
        displayPhoneNumber: '6281210009000',
        from: budi.phone,
        profileName: budi.name,
      });
    }
    expect(received[8]?.context).toMatchObject({ quotedWamid: sent.wamid, quotedFrom: '6281210009000' });
    expect(received[9]?.message).toMatchObject({ type: 'reaction', reactedWamid: sent.wamid });
    const image = received[2]?.message;
    if (image?.type !== 'image') throw new Error('expected an image');
    const url = await client.getMediaUrl(image.mediaId);
    const file = await client.downloadMedia(url.url);
    expect(file.contentType).toBe('image/jpeg');
    expect(file.bytes.byteLength).toBeGreaterThan(0);
    expect(image.url).toContain(simulator.graphBaseUrl);
  });

  it('puts a click-to-WhatsApp referral on the first message of a customer from an ad', async () => {
    const { receiver, simulator } = await start({ customers: 30 });
    const fromAd = simulator.customers.find((customer) => customer.fromAd);
    if (fromAd === undefined) throw new Error('no customer from an ad among 30');
    await simulator.customerWrites(fromAd.index);
    await simulator.customerWrites(fromAd.index, 'lagi');
    const [first, second] = messages(receiver.events);
    expect(first?.referral).toMatchObject({
      sourceType: 'ad',
      ctwaClid: expect.stringMatching(/^Aff-/) as unknown,
    });
    expect(second?.referral).toBeUndefined();
  });

  it('answers a send with sent, delivered and read webhooks in that order', async () => {
    const { receiver, simulator, client } = await start();
    await simulator.customerWrites(1, 'Pesanan saya sudah dikirim?');
    const customer = simulator.customers[1];
    const sent = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Sudah kak' }),
    );
    await receiver.waitFor((events) => statusesOf(events, sent.wamid).length === 3);
    await simulator.idle();
    const statuses = statusesOf(receiver.events, sent.wamid);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toMatchObject({
      recipient: customer?.phone,
      errors: [],
      pricing: { type: 'free_customer_service' },
    });
    expect(simulator.stats()).toMatchObject({
      messagesDelivered: 1,
      sendsAccepted: 1,
      statuses: { sent: 1, delivered: 1, read: 1, failed: 0 },
    });
    expect(simulator.sent()).toMatchObject([{ status: 200, wamid: sent.wamid }]);
  });

  it("echoes a send's biz_opaque_callback_data on each of its statuses, as Meta does", async () => {
    const { receiver, simulator, client } = await start();
    await simulator.customerWrites(2, 'Ada warna merah?');
    const customer = simulator.customers[2];
    const sent = await client.sendMessage(
      account.phoneNumberId,
      withCallbackData(textMessage({ to: customer?.phone ?? '', body: 'Ada kak' }), 'pesan-42'),
    );
    const plain = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Tanpa data' }),
    );
    await receiver.waitFor(
      (events) => statusesOf(events, sent.wamid).length === 3 && statusesOf(events, plain.wamid).length === 3,
    );
    expect(statusesOf(receiver.events, sent.wamid).map((status) => status.callbackData)).toEqual([
      'pesan-42',
      'pesan-42',
      'pesan-42',
    ]);
    expect(statusesOf(receiver.events, plain.wamid).map((status) => status.callbackData)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // Where Meta puts it: on the status object itself.
    const raw = receiver.posts.map((post) => JSON.parse(post.raw) as WebhookPayload);
    const wire = raw.flatMap((body) => body.entry[0]?.changes[0]?.value.statuses ?? []);
    expect(wire.find((status) => status.id === sent.wamid)).toMatchObject({
      biz_opaque_callback_data: 'pesan-42',
    });
  });

  it('answers sends after their latency, and a send whose caller went away still goes out', async () => {
    const { receiver, simulator } = await start({ sendLatencyMs: 50 });
    await simulator.customerWrites(3, 'Halo');
    const customer = simulator.customers[3];
    const caller = new AbortController();
    const arrived: unknown[] = [];
    simulator.graph.onRequest((request) => {
      arrived.push(request.body);
      caller.abort();
    });
    const accepted = new Promise<string>((resolve) => simulator.graph.onSend((send) => resolve(send.wamid)));
    const body = withCallbackData(textMessage({ to: customer?.phone ?? '', body: 'Hilang?' }), 'pesan-43');
    const call = fetch(`${simulator.graphBaseUrl}/v24.0/${account.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: caller.signal,
    });
    await expect(call).rejects.toThrow();
    expect(arrived).toEqual([body]);
    const wamid = await accepted;
    await receiver.waitFor((events) => statusesOf(events, wamid).length === 3);
    expect(statusesOf(receiver.events, wamid)[0]?.callbackData).toBe('pesan-43');
  });

  it('fails a free-form send outside the 24-hour window with 131047 after answering a wamid', async () => {
    let now = 1_763_780_400_000;
    const { receiver, simulator, client } = await start({ now: () => now });
    const [customer, stranger] = simulator.customers;
    await simulator.customerWrites(0, 'Halo');
    now += 25 * HOUR;
    const late = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Maaf telat' }),
    );
    const cold = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: stranger?.phone ?? '', body: 'Promo!' }),
    );
    simulator.graph.seedTemplate(wabaIdOf(account), {
      name: 'promo',
      language: 'id',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Promo akhir pekan: diskon 20% untuk semua produk.' }],
    });
    const template = await client.sendMessage(
      account.phoneNumberId,
      templateMessage({ to: stranger?.phone ?? '', name: 'promo', languageCode: 'id' }),
    );
    expect(late.wamid).toMatch(/^wamid\./);
    await receiver.waitFor((events) => statusesOf(events, template.wamid).length === 3);
    await simulator.idle();
    for (const wamid of [late.wamid, cold.wamid]) {
      const statuses = statusesOf(receiver.events, wamid);
      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toMatchObject({
        status: 'failed',
        errors: [{ code: 131047, title: 'Re-engagement message' }],
      });
    }
    expect(statusesOf(receiver.events, template.wamid).map((status) => status.status)).toEqual([
      'sent',
      'delivered',
      'read',
    ]);
    now += HOUR;
    await simulator.customerWrites(0, 'Halo lagi');
    const reopened = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Siap' }),
    );
    await receiver.waitFor((events) => statusesOf(events, reopened.wamid).length === 3);
  });

  it('reopens a window it is told about, without a message, and only for 24 hours from then', async () => {
    let now = Date.UTC(2026, 10, 22, 8);
    const { receiver, simulator, client } = await start({ now: () => now });
    const [customer, other] = simulator.customers;
    simulator.rememberCustomerWrote(0, now - 2 * HOUR);
    simulator.rememberCustomerWrote(other?.phone ?? '', now - 25 * HOUR);
    expect(messages(receiver.events)).toEqual([]);
    const open = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Ya kak' }),
    );
    const closed = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: other?.phone ?? '', body: 'Ya kak' }),
    );
    await receiver.waitFor((events) => statusesOf(events, open.wamid).length === 3);
    await simulator.idle();
    expect(statusesOf(receiver.events, closed.wamid).map((status) => status.status)).toEqual(['failed']);
    now += 23 * HOUR;
    const late = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer?.phone ?? '', body: 'Lagi' }),
    );
    await receiver.waitFor((events) => statusesOf(events, late.wamid).length > 0);
    await simulator.idle();
    expect(statusesOf(receiver.events, late.wamid)[0]?.status).toBe('failed');
    expect(() => simulator.rememberCustomerWrote(99, now)).toThrow(/No simulated customer/);
  });

  it('writes at about R messages per second: rate × duration messages in all', async () => {
    const { receiver, simulator } = await start({ customers: 5 });
    const run = simulator.writeAtRate({ rate: 40, durationMs: 500 });
    expect(await run.done).toBe(20);
    expect(messages(receiver.events)).toHaveLength(20);
    expect(new Set(messages(receiver.events).map((event) => event.from)).size).toBeLessThanOrEqual(5);
    expect(simulator.stats().messagesDelivered).toBe(20);
  });

  it('stops a run without a duration', async () => {
    const { simulator, receiver } = await start();
    const run = simulator.writeAtRate({ rate: 100 });
    // Stopped once it has written something, however long that took.
    await receiver.waitFor((events) => messages(events).length > 0);
    run.stop();
    const written = await run.done;
    expect(written).toBeGreaterThan(0);
    expect(simulator.stats().messagesDelivered).toBe(written);
  });

  it('sends the approval of a template created through its Graph API to the target, signed', async () => {
    const { receiver, simulator } = await start({ templateReviewMs: 0 });
    const wabaId = wabaIdOf(account);
    const response = await fetch(`${simulator.graphBaseUrl}/v24.0/${wabaId}/message_templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'pengingat_bayar',
        language: 'id',
        category: 'UTILITY',
        components: [
          {
            type: 'BODY',
            text: 'Halo {{1}}, tagihan Anda jatuh tempo besok.',
            example: { body_text: [['Budi']] },
          },
        ],
      }),
    });
    const created = (await response.json()) as { id: string; status: string };
    expect(created.status).toBe('PENDING');
    await receiver.waitFor(() => receiver.posts.length === 1);
    await simulator.idle();
    expect(receiver.posts[0]?.signed).toBe(true);
    expect(JSON.parse(receiver.posts[0]?.raw ?? '{}')).toMatchObject({
      entry: [
        {
          id: wabaId,
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'APPROVED', message_template_id: Number(created.id) },
            },
          ],
        },
      ],
    });
    // Every WABA has Meta's sample, as at Meta.
    expect(simulator.graph.templates.find(wabaId, 'hello_world', 'en_US')?.status).toBe('APPROVED');
  });
});
