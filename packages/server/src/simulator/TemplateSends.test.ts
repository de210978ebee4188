import { afterEach, describe, expect, it } from 'vitest';
import { GraphClient, textMessage } from '../channels/whatsapp/index.ts';
import type { StatusEvent, WebhookEvent } from '../channels/whatsapp/index.ts';
import { fixtureVariants, loadFixture } from '../channels/whatsapp/fixtures/loadFixture.ts';
import { createSimulator } from './Simulator.ts';
import type { Simulator, SimulatorOptions } from './Simulator.ts';
import { startTestReceiver } from './testReceiver.ts';
import type { TestReceiver } from './testReceiver.ts';
import { TemplateStore } from './TemplateStore.ts';

const SECRET = 'template-send-secret';
const WABA = '102938475610293';
const HOUR = 3_600_000;
const account = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'sim-token',
  wabaId: WABA,
};

let receiver: TestReceiver | undefined;
let simulator: Simulator | undefined;

afterEach(async () => {
  await simulator?.close();
  await receiver?.close();
  simulator = undefined;
  receiver = undefined;
});

async function start(options: Partial<SimulatorOptions> = {}) {
  receiver = await startTestReceiver(SECRET);
  simulator = await createSimulator({
    target: receiver.url,
    appSecret: SECRET,
    accounts: [account],
    customers: 10,
    statusDelaysMs: { sent: 1, delivered: 1, read: 1 },
    templates: new TemplateStore({ sampleTemplates: false }),
    ...options,
  });
  const graph = simulator.graph;
  // The fixtures' templates: the named marketing promo (image header, URL + quick reply buttons)
  // and the positional utility order update.
  graph.seedTemplate(WABA, loadFixture('templates/create-request-marketing-named.json'));
  graph.seedTemplate(WABA, {
    name: 'order_update',
    language: 'id',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Halo {{1}}, pesanan {{2}} sudah kami terima dan sedang diproses.',
        example: { body_text: [['Budi', 'INV-2025-0042']] },
      },
    ],
  });
  const baseUrl = simulator.graphBaseUrl;
  const send = async (body: unknown) => {
    const response = await fetch(`${baseUrl}/v24.0/${account.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  return { simulator, receiver, send, graph };
}

const promo = () =>
  structuredClone(loadFixture('templates/send-request-template-marketing.json')) as {
    to: string;
    template: { name: string; language: { code: string }; components: Record<string, unknown>[] };
  };
const order = (
  parameters: unknown[] = ['Budi', 'INV-2025-0042'].map((text) => ({ type: 'text', text })),
) => ({
  messaging_product: 'whatsapp',
  to: '6281234567890',
  type: 'template',
  template: { name: 'order_update', language: { code: 'id' }, components: [{ type: 'body', parameters }] },
});

/** The shape of a JSON value: keys in order and value types. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return typeof value;
}

const statusesOf = (events: WebhookEvent[], wamid: string) =>
  events.filter((event): event is StatusEvent => event.kind === 'status' && event.wamid === wamid);

describe('template sends', () => {
  it('accepts the fixtures’ template sends against the approved templates', async () => {
    const { send } = await start();
    const marketing = await send(promo());
    expect(marketing.status).toBe(200);
    expect(marketing.json).toMatchObject({ messages: [{ message_status: 'accepted' }] });
    expect((await send(loadFixture('send-request-template.json'))).status).toBe(200);
    // A quick-reply payload is optional; the URL suffix is not.
    const withoutQuickReply = promo();
    withoutQuickReply.template.components.pop();
    expect((await send(withoutQuickReply)).status).toBe(200);
  });

  it('answers send-error-template.json: 132000 for a wrong parameter count, naming the component', async () => {
    const { send } = await start();
    const body = promo();
    (body.template.components[1] as { parameters: unknown[] }).parameters.pop();
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(shapeOf(answer.json))).toBe(
      JSON.stringify(shapeOf(loadFixture('templates/send-error-template.json'))),
    );
    expect(answer.json).toMatchObject({
      error: {
        message: '(#132000) Number of parameters does not match the expected number of params',
        code: 132000,
        error_data: {
          details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
        },
      },
    });
    expect(await send(order([]))).toMatchObject({ json: { error: { code: 132000 } } });
    const noUrl = promo();
    noUrl.template.components.splice(2, 1);
    expect(await send(noUrl)).toMatchObject({
      status: 400,
      json: {
        error: {
          code: 132000,
          error_data: {
            details:
              'button at index 0: number of localizable_params (0) does not match the expected number of params (1)',
          },
        },
      },
    });
  });

  it('answers 132001 for a name or language Meta does not have, or a template not approved', async () => {
    const { send, graph } = await start();
    const variant = fixtureVariants('templates/send-error-template.json')['132001'] as {
      error: { message: string };
    };
    const english = promo();
    english.template.language.code = 'en_US';
    expect(await send(english)).toMatchObject({
      status: 404,
      json: {
        error: {
          message: variant.error.message,
          code: 132001,
          error_data: { details: 'template name (promo_topup_bonus) does not exist in en_US' },
        },
      },
    });
    expect(
      await send({ ...order(), template: { name: 'tidak_ada', language: { code: 'id' } } }),
    ).toMatchObject({
      status: 404,
      json: { error: { code: 132001 } },
    });
    graph.seedTemplate(
      WABA,
      {
        name: 'menunggu',
        language: 'id',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Pesanan diproses.' }],
      },
      { status: 'PENDING' },
    );
    expect(
      await send({ ...order(), template: { name: 'menunggu', language: { code: 'id' } } }),
    ).toMatchObject({
      json: { error: { code: 132001 } },
    });
  });

  it('answers 132015 for a paused template and 132016 for a disabled one', async () => {
    const { send, graph } = await start();
    await graph.setTemplateStatus(WABA, 'order_update', 'PAUSED');
    expect(await send(order())).toMatchObject({ status: 400, json: { error: { code: 132015 } } });
    await graph.setTemplateStatus(WABA, 'order_update', 'APPROVED');
    expect((await send(order())).status).toBe(200);
    await graph.setTemplateStatus(WABA, 'order_update', 'DISABLED');
    expect(await send(order())).toMatchObject({ status: 400, json: { error: { code: 132016 } } });
  });

  it('answers 132012 for a format mismatch: the media header, named against positional', async () => {
    const { send } = await start();
    const variant = fixtureVariants('templates/send-error-template.json')['132012'] as {
      error: { message: string; error_data: { details: string } };
    };
    const noHeader = promo();
    noHeader.template.components.shift();
    expect(await send(noHeader)).toMatchObject({
      status: 400,
      json: {
        error: {
          code: 132012,
          message: variant.error.message,
          error_data: { details: variant.error.error_data.details },
        },
      },
    });
    const video = promo();
    video.template.components[0] = { type: 'header', parameters: [{ type: 'video', video: { id: '1' } }] };
    expect(await send(video)).toMatchObject({
      json: { error: { error_data: { details: 'header: Format mismatch, expected IMAGE, received VIDEO' } } },
    });
    const positional = promo();
    for (const parameter of (positional.template.components[1] as { parameters: Record<string, unknown>[] })
      .parameters) {
      delete parameter.parameter_name;
    }
    expect(await send(positional)).toMatchObject({ json: { error: { code: 132012 } } });
    expect(
      await send(
        order([
          { type: 'text', parameter_name: 'nama', text: 'Budi' },
          { type: 'text', text: 'INV-1' },
        ]),
      ),
    ).toMatchObject({ json: { error: { code: 132012 } } });
    expect(
      await send(
        order([
          { type: 'image', image: { id: '1' } },
          { type: 'text', text: 'INV-1' },
        ]),
      ),
    ).toMatchObject({
      json: {
        error: {
          code: 132012,
          error_data: { details: 'body: Format mismatch, expected TEXT, received IMAGE' },
        },
      },
    });
  });

  it('refuses parameter text Meta refuses: empty (131008), newline, tab or five spaces (100)', async () => {
    const { send } = await start();
    const text = (value: string) =>
      order([
        { type: 'text', text: value },
        { type: 'text', text: 'INV-1' },
      ]);
    expect(await send(text(''))).toMatchObject({ status: 400, json: { error: { code: 131008 } } });
    for (const value of ['Budi\nSantoso', 'Budi\tSantoso', 'Budi     Santoso']) {
      expect(await send(text(value))).toMatchObject({
        status: 400,
        json: {
          error: {
            code: 100,
            error_data: {
              details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
            },
          },
        },
      });
    }
    expect((await send(text('Budi    Santoso'))).status).toBe(200);
    expect(await send(text('x'.repeat(1_100)))).toMatchObject({ json: { error: { code: 132005 } } });
  });

  it('records refused template sends with their code, and does not count them against throughput', async () => {
    const { send, simulator } = await start({ limits: { messagesPerSecond: 1 } });
    await send(order([]));
    expect((await send(order())).status).toBe(200);
    // A refused template creation is no refused send.
    await fetch(`${simulator.graphBaseUrl}/v24.0/${WABA}/message_templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bad Name', language: 'id', category: 'UTILITY', components: [] }),
    });
    expect(simulator.sent().at(-1)).toMatchObject({ status: 400, errorCode: 100, wabaId: WABA });
    expect(simulator.stats().sendsRefused).toEqual({ 132000: 1 });
  });
});

describe('pricing on statuses', () => {
  it('bills a template by its category; a utility template inside the window and a service reply are free', async () => {
    let now = 1_763_780_400_000;
    const { simulator, receiver, send } = await start({ now: () => now });
    const customer = simulator.customers.find((candidate) => !candidate.fromAd);
    if (customer === undefined) throw new Error('no customer without an ad');
    const to = customer.waId;
    const pricingOf = async (wamid: string) => {
      await receiver.waitFor((events) => statusesOf(events, wamid).length === 3);
      const statuses = statusesOf(receiver.events, wamid);
      expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
      expect(statuses[2]?.pricing).toBeUndefined();
      expect(statuses[1]?.pricing).toEqual(statuses[0]?.pricing);
      return statuses[0]?.pricing;
    };
    const wamidOf = (answer: { json: Record<string, unknown> }) =>
      (answer.json.messages as { id: string }[])[0]?.id ?? '';

    // The window is closed: templates only, billed.
    const marketing = await send({ ...promo(), to });
    expect(await pricingOf(wamidOf(marketing))).toMatchObject({
      billable: true,
      pricingModel: 'PMP',
      type: 'regular',
      category: 'marketing',
    });
    const closedUtility = await send({ ...order(), to });
    expect(await pricingOf(wamidOf(closedUtility))).toMatchObject({
      billable: true,
      type: 'regular',
      category: 'utility',
    });

    await simulator.customerWrites(customer.index, 'Halo, pesanan saya?');
    now += HOUR;
    const openUtility = await send({ ...order(), to });
    expect(await pricingOf(wamidOf(openUtility))).toMatchObject({
      billable: false,
      type: 'free_customer_service',
      category: 'utility',
    });
    const openMarketing = await send({ ...promo(), to });
    expect(await pricingOf(wamidOf(openMarketing))).toMatchObject({ billable: true, category: 'marketing' });
    const client = new GraphClient({ accessToken: account.accessToken, baseUrl: simulator.graphBaseUrl });
    const reply = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to, body: 'Sedang dikirim kak' }),
    );
    expect(await pricingOf(reply.wamid)).toMatchObject({
      billable: false,
      type: 'free_customer_service',
      category: 'service',
    });
    // Sent and delivered carry it as status-delivered.json shows it.
    const delivered = JSON.parse(
      receiver.posts.find((post) => post.raw.includes(reply.wamid) && post.raw.includes('"delivered"'))
        ?.raw ?? '{}',
    ) as { entry: { changes: { value: { statuses: unknown[] } }[] }[] };
    const fixture = loadFixture('status-delivered.json') as typeof delivered;
    expect(JSON.stringify(shapeOf(delivered.entry[0]?.changes[0]?.value.statuses[0]))).toBe(
      JSON.stringify(shapeOf(fixture.entry[0]?.changes[0]?.value.statuses[0])),
    );
  });

  it('makes everything free for 72 hours after the first answer to a customer from an ad', async () => {
    let now = 1_763_780_400_000;
    const { simulator, receiver, send } = await start({ now: () => now, seed: 3 });
    const customer = simulator.customers.find((candidate) => candidate.fromAd);
    if (customer === undefined) throw new Error('no customer from an ad');
    const client = new GraphClient({ accessToken: account.accessToken, baseUrl: simulator.graphBaseUrl });
    const pricingOf = async (wamid: string) => {
      await receiver.waitFor((events) => statusesOf(events, wamid).length === 3);
      return statusesOf(receiver.events, wamid)[0]?.pricing;
    };
    const written = await simulator.customerWrites(customer.index);
    expect(written.kind).toBe('text');
    now += 2 * HOUR;
    const answer = await client.sendMessage(
      account.phoneNumberId,
      textMessage({ to: customer.waId, body: 'Halo kak, promo masih berlaku' }),
    );
    const free = { billable: false, type: 'free_entry_point', category: 'referral_conversion' };
    expect(await pricingOf(answer.wamid)).toMatchObject(free);
    now += 48 * HOUR;
    const template = await send({ ...order(), to: customer.waId });
    const wamid = (template.json.messages as { id: string }[])[0]?.id ?? '';
    expect(await pricingOf(wamid)).toMatchObject(free);
    // 72 hours after the answer that opened it (not after the ad message), it is over.
    now += 23 * HOUR + 59 * 60_000;
    const last = await send({ ...order(), to: customer.waId });
    expect(await pricingOf((last.json.messages as { id: string }[])[0]?.id ?? '')).toMatchObject(free);
    now += 60_000;
    const late = await send({ ...order(), to: customer.waId });
    const lateWamid = (late.json.messages as { id: string }[])[0]?.id ?? '';
    expect(await pricingOf(lateWamid)).toMatchObject({
      billable: true,
      type: 'regular',
      category: 'utility',
    });
  });
});

describe('per-user marketing limit', () => {
  it('accepts a marketing template over the limit, then fails it with 131049 as status-failed-template.json', async () => {
    const { simulator, receiver, send } = await start({ limits: { marketingPerUser: 1 } });
    const wamidOf = (answer: { json: Record<string, unknown> }) =>
      (answer.json.messages as { id: string }[])[0]?.id ?? '';
    const first = await send(promo());
    const second = await send(promo());
    const utility = await send(order());
    expect([first.status, second.status, utility.status]).toEqual([200, 200, 200]);
    expect(second.json).toMatchObject({ messages: [{ message_status: 'accepted' }] });
    await simulator.idle();
    const statusNames = (wamid: string) => statusesOf(receiver.events, wamid).map((status) => status.status);
    expect(statusNames(wamidOf(first))).toEqual(['sent', 'delivered', 'read']);
    expect(statusNames(wamidOf(utility))).toEqual(['sent', 'delivered', 'read']);
    expect(statusNames(wamidOf(second))).toEqual(['failed']);
    const [failed] = statusesOf(receiver.events, wamidOf(second));
    expect(failed?.pricing).toBeUndefined();
    expect(failed?.errors).toEqual([
      {
        code: 131049,
        title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        message: 'This message was not delivered to maintain healthy ecosystem engagement.',
        details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ]);
    const wire = JSON.parse(
      receiver.posts.find((post) => post.raw.includes(wamidOf(second)))?.raw ?? '{}',
    ) as { entry: { changes: { value: { statuses: unknown[] } }[] }[] };
    const fixture = loadFixture('templates/status-failed-template.json') as typeof wire;
    expect(JSON.stringify(shapeOf(wire.entry[0]?.changes[0]?.value.statuses[0]))).toBe(
      JSON.stringify(shapeOf(fixture.entry[0]?.changes[0]?.value.statuses[0])),
    );
    expect(simulator.stats().statuses.failed).toBe(1);
  });
});
