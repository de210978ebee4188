import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../channels/whatsapp/fixtures/loadFixture.ts';
import { GraphApiServer } from './GraphApiServer.ts';
import type { GraphApiServerOptions } from './GraphApiServer.ts';
import { startTestReceiver } from './testReceiver.ts';
import type { TestReceiver } from './testReceiver.ts';
import { TemplateStore } from './TemplateStore.ts';
import type { SimulatorAccount } from './types.ts';
import type { TemplateWebhookBody } from './webhookPayloads.ts';

const SECRET = 'template-test-secret';
const WABA = '102938475610293';
const account: SimulatorAccount = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'good-token',
  wabaId: WABA,
  verifiedName: 'Toko Sapa',
};
const second: SimulatorAccount = {
  ...account,
  phoneNumberId: '109876543210988',
  displayPhone: '6281210009001',
};
const stranger: SimulatorAccount = {
  phoneNumberId: '209876543210987',
  displayPhone: '6281310009000',
  accessToken: 'other-token',
  wabaId: '203948576120394',
};

let server: GraphApiServer | undefined;
let receiver: TestReceiver | undefined;

afterEach(async () => {
  await server?.close();
  await receiver?.close();
  server = undefined;
  receiver = undefined;
});

async function start(options: Partial<GraphApiServerOptions> = {}) {
  receiver = await startTestReceiver(SECRET);
  server = new GraphApiServer({
    accounts: [account, second, stranger],
    templates: new TemplateStore({ sampleTemplates: false }),
    templateReviewMs: null,
    webhook: { target: receiver.url, appSecret: SECRET },
    ...options,
  });
  const baseUrl = await server.listen();
  const call = async (method: string, path: string, body?: unknown, token = account.accessToken) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  return { server, receiver, baseUrl, call };
}

/** The structure of a JSON value: keys in order and value types, not the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return typeof value;
}

/** Same keys in the same order, same value types (the fixtures' shapes replayed exactly). */
function expectSameShape(actual: unknown, fixture: unknown): void {
  expect(JSON.stringify(shapeOf(actual))).toBe(JSON.stringify(shapeOf(fixture)));
}

/** Template webhooks the receiver accepted (signature checked), parsed. */
function templateWebhooks(target: TestReceiver): TemplateWebhookBody[] {
  return target.posts
    .filter((post) => post.signed && post.status === 200)
    .map((post) => JSON.parse(post.raw) as TemplateWebhookBody);
}

const reminder = (name: string, text = 'Halo {{1}}, tagihan {{2}} jatuh tempo besok.') => ({
  name,
  language: 'id',
  category: 'UTILITY',
  components: [{ type: 'BODY', text, example: { body_text: [['Budi', 'INV-7']] } }],
});

describe('GraphApiServer: numbers and their WABA', () => {
  it("answers a number's quality, tier and verified name, as Meta re-rates it", async () => {
    const { call, server } = await start();
    const fields =
      'display_phone_number,verified_name,quality_rating,whatsapp_business_manager_messaging_limit,messaging_limit_tier';
    expect((await call('GET', `/v24.0/${account.phoneNumberId}?fields=${fields}`)).json).toEqual({
      display_phone_number: '+62 812-1000-9000',
      verified_name: 'Toko Sapa',
      quality_rating: 'GREEN',
      whatsapp_business_manager_messaging_limit: 'TIER_250',
      messaging_limit_tier: 'TIER_250',
      id: account.phoneNumberId,
    });
    server.updateAccount(account.phoneNumberId, { qualityRating: 'YELLOW', messagingLimit: 'TIER_2K' });
    expect(
      (
        await call(
          'GET',
          `/v24.0/${account.phoneNumberId}?fields=quality_rating,whatsapp_business_manager_messaging_limit`,
        )
      ).json,
    ).toEqual({
      quality_rating: 'YELLOW',
      whatsapp_business_manager_messaging_limit: 'TIER_2K',
      id: account.phoneNumberId,
    });
    expect(() => server.updateAccount('404', { qualityRating: 'RED' })).toThrow(/No simulated number/);
  });

  it("lists a WABA's numbers to a token of the WABA only", async () => {
    const { call } = await start();
    const listed = await call('GET', `/v24.0/${WABA}/phone_numbers?fields=id,display_phone_number&limit=100`);
    expect(listed).toMatchObject({
      status: 200,
      json: {
        data: [
          { display_phone_number: '+62 812-1000-9000', id: account.phoneNumberId },
          { display_phone_number: '+62 812-1000-9001', id: second.phoneNumberId },
        ],
        paging: { cursors: { before: expect.any(String) as unknown, after: expect.any(String) as unknown } },
      },
    });
    expect((listed.json.paging as Record<string, unknown>).next).toBeUndefined();
    // Meta's default fields when none are asked for.
    expect(
      Object.keys(((await call('GET', `/v24.0/${WABA}/phone_numbers`)).json.data as object[])[0] ?? {}),
    ).toEqual([
      'verified_name',
      'code_verification_status',
      'display_phone_number',
      'quality_rating',
      'platform_type',
      'throughput',
      'id',
    ]);
    expect(await call('GET', `/v24.0/${WABA}/phone_numbers`, undefined, 'wrong')).toMatchObject({
      status: 401,
      json: { error: { code: 190, type: 'OAuthException' } },
    });
    const foreign = await call('GET', `/v24.0/${WABA}/phone_numbers`, undefined, stranger.accessToken);
    expect(foreign).toMatchObject({ status: 400, json: { error: { code: 100 } } });
    expect(JSON.stringify(foreign.json)).toContain(`Object with ID '${WABA}' does not exist`);
    expect(await call('GET', '/v24.0/999999999999999/phone_numbers')).toMatchObject({
      status: 400,
      json: { error: { code: 100 } },
    });
  });

  it('answers the WABA itself, and refuses a phone number field asked of it', async () => {
    const { call } = await start();
    expect((await call('GET', `/v24.0/${WABA}?fields=id,name`)).json).toEqual({
      id: WABA,
      name: 'Toko Sapa',
    });
    expect(await call('GET', `/v24.0/${WABA}?fields=display_phone_number,verified_name`)).toMatchObject({
      status: 400,
      json: {
        error: {
          code: 100,
          message:
            '(#100) Tried accessing nonexisting field (display_phone_number) on node type (WhatsAppBusinessAccount)',
        },
      },
    });
  });

  it('derives a WABA per access token when a number names none', async () => {
    const { wabaIdOf } = await import('./types.ts');
    const plain = { phoneNumberId: '1', displayPhone: '62811', accessToken: 'token-a' };
    expect(wabaIdOf(plain)).toMatch(/^1\d{14}$/);
    expect(wabaIdOf({ ...plain, phoneNumberId: '2' })).toBe(wabaIdOf(plain));
    expect(wabaIdOf({ ...plain, accessToken: 'token-b' })).not.toBe(wabaIdOf(plain));
    expect(wabaIdOf({ ...plain, wabaId: WABA })).toBe(WABA);
  });
});

describe('GraphApiServer: message templates', () => {
  it('creates as create-response.json, reviews, and sends the signed approval webhook of the fixture', async () => {
    const { call, server, receiver } = await start();
    const created = await call(
      'POST',
      `/v24.0/${WABA}/message_templates`,
      loadFixture('templates/create-request-marketing-named.json'),
    );
    expect(created.status).toBe(200);
    expectSameShape(created.json, loadFixture('templates/create-response.json'));
    expect(created.json).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    const id = String(created.json.id);
    expect(server.sent().at(-1)).toMatchObject({ method: 'POST', wabaId: WABA, status: 200 });
    expect(receiver.posts).toHaveLength(0);
    await server.reviewNow();
    const [approval] = templateWebhooks(receiver);
    const fixture = loadFixture('templates/webhook-status-approved.json');
    expectSameShape(approval, fixture);
    expect(approval?.entry[0]).toMatchObject({
      id: WABA,
      changes: [
        {
          field: 'message_template_status_update',
          value: {
            event: 'APPROVED',
            message_template_id: Number(id),
            message_template_name: 'promo_topup_bonus',
            message_template_language: 'id',
            reason: 'NONE',
            message_template_category: 'MARKETING',
          },
        },
      ],
    });
    const listed = await call('GET', `/v24.0/${WABA}/message_templates`);
    const [item] = listed.json.data as Record<string, unknown>[];
    const [fixtureItem] = (loadFixture('templates/list-response.json') as { data: Record<string, unknown>[] })
      .data;
    expectSameShape(item, fixtureItem);
    expect({ ...item, id: 'x', components: 'x' }).toEqual({ ...fixtureItem, id: 'x', components: 'x' });
    expect(item?.components).toEqual([
      {
        type: 'HEADER',
        format: 'IMAGE',
        example: {
          header_handle: [expect.stringMatching(/^https:\/\/scontent\.whatsapp\.net\//) as unknown],
        },
      },
      ...((fixtureItem?.components as unknown[]) ?? []).slice(1),
    ]);
  });

  it('reviews on its own after templateReviewMs, rejecting what breaks the format rules', async () => {
    const { call, server, receiver } = await start({ templateReviewMs: 0 });
    const reviewed = new Promise<TemplateWebhookBody>((resolve) =>
      server.onTemplateWebhook((payload) => resolve(payload)),
    );
    const created = await call(
      'POST',
      `/v24.0/${WABA}/message_templates`,
      reminder('sapa_pelanggan', 'Halo pelanggan {{1}} {{2}}.'),
    );
    expect(created.json).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
    const rejection = await reviewed;
    expectSameShape(rejection, loadFixture('templates/webhook-status-rejected.json'));
    expect(rejection.entry[0]?.changes[0]?.value).toMatchObject({
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      message_template_id: Number(created.json.id),
    });
    expect(templateWebhooks(receiver)).toHaveLength(1);
    const listed = await call('GET', `/v24.0/${WABA}/message_templates?fields=name,status,rejected_reason`);
    expect(listed.json.data).toEqual([
      { name: 'sapa_pelanggan', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT', id: created.json.id },
    ]);
  });

  it("refuses a bad body and a duplicate with Meta's management errors; a template of another WABA is unreachable", async () => {
    const { call } = await start();
    const bad = await call('POST', `/v24.0/${WABA}/message_templates`, {
      ...reminder('x'),
      name: 'Promo Bulan Ini',
    });
    expect(bad).toMatchObject({
      status: 400,
      json: {
        error: {
          message: 'Invalid parameter',
          code: 100,
          is_transient: false,
          error_user_title: 'Invalid Message Template Name',
        },
      },
    });
    expect((await call('POST', `/v24.0/${WABA}/message_templates`, reminder('pengingat'))).status).toBe(200);
    expect(await call('POST', `/v24.0/${WABA}/message_templates`, reminder('pengingat'))).toMatchObject({
      status: 400,
      json: {
        error: {
          code: 100,
          error_subcode: 2388024,
          error_user_title: 'Content in This Language Already Exists',
        },
      },
    });
    expect(
      await call('POST', `/v24.0/${WABA}/message_templates`, reminder('lain'), stranger.accessToken),
    ).toMatchObject({
      status: 400,
      json: { error: { code: 100 } },
    });
    expect(await call('GET', `/v24.0/${WABA}/message_templates`, undefined, 'wrong')).toMatchObject({
      status: 401,
      json: { error: { code: 190 } },
    });
  });

  it('pages the list with Graph cursors, newest first, following paging.next until it is absent', async () => {
    let now = 1_763_782_000_000;
    const { call, server, baseUrl } = await start({ now: () => now });
    for (const name of ['satu', 'dua', 'tiga', 'empat', 'lima']) {
      server.seedTemplate(WABA, reminder(name));
      now += 1_000;
    }
    server.seedTemplate(WABA, { ...reminder('promo'), category: 'MARKETING' }, { status: 'PAUSED' });
    const names: string[] = [];
    let path: string | undefined = `/v24.0/${WABA}/message_templates?fields=name,status&limit=4`;
    const pages: Record<string, unknown>[] = [];
    while (path !== undefined) {
      const page: { json: Record<string, unknown> } = await call('GET', path);
      pages.push(page.json);
      names.push(...(page.json.data as { name: string }[]).map((item) => item.name));
      const next = (page.json.paging as { next?: string }).next;
      path = next?.slice(baseUrl.length);
    }
    expect(names).toEqual(['promo', 'lima', 'empat', 'tiga', 'dua', 'satu']);
    expect(pages).toHaveLength(2);
    expectSameShape(
      pages[0]?.paging,
      (loadFixture('templates/list-response.json') as { paging: unknown }).paging,
    );
    expect(pages[1]?.paging).toMatchObject({ previous: expect.stringContaining('before=') as unknown });
    expect((pages[1]?.paging as { next?: string }).next).toBeUndefined();
    const previous = (pages[1]?.paging as { previous: string }).previous.slice(baseUrl.length);
    expect(((await call('GET', previous)).json.data as { name: string }[]).map((item) => item.name)).toEqual([
      'promo',
      'lima',
      'empat',
      'tiga',
    ]);
    const approved = await call(
      'GET',
      `/v24.0/${WABA}/message_templates?status=approved&name=tiga&fields=name`,
    );
    expect(approved.json.data).toEqual([{ name: 'tiga', id: expect.any(String) as unknown }]);
    expect((await call('GET', `/v24.0/${WABA}/message_templates?status=REJECTED`)).json).toEqual({
      data: [],
    });
    expect((await call('GET', `/v24.0/${WABA}/message_templates?limit=0`)).status).toBe(400);
    expect((await call('GET', `/v24.0/${WABA}/message_templates?after=bogus`)).status).toBe(400);
  });

  it('deletes by name or by hsm_id as delete-response.json, and refuses what Meta refuses', async () => {
    const { call, server } = await start();
    const indonesian = server.seedTemplate(WABA, reminder('pengingat'));
    server.seedTemplate(WABA, { ...reminder('pengingat'), language: 'en' });
    server.seedTemplate(WABA, reminder('beku'), { status: 'DISABLED' });
    const byId = await call(
      'DELETE',
      `/v24.0/${WABA}/message_templates?name=pengingat&hsm_id=${indonesian.id}`,
    );
    expect(byId).toEqual({ status: 200, json: loadFixture('templates/delete-response.json') });
    const left = await call('GET', `/v24.0/${WABA}/message_templates?fields=name,language`);
    expect(left.json.data).toEqual([
      { name: 'beku', language: 'id', id: expect.any(String) as unknown },
      { name: 'pengingat', language: 'en', id: expect.any(String) as unknown },
    ]);
    expect((await call('DELETE', `/v24.0/${WABA}/message_templates?name=pengingat`)).json).toEqual({
      success: true,
    });
    expect(await call('DELETE', `/v24.0/${WABA}/message_templates?name=pengingat`)).toMatchObject({
      status: 400,
      json: { error: { code: 100, error_user_title: 'Message Template Not Found' } },
    });
    expect(await call('DELETE', `/v24.0/${WABA}/message_templates?name=beku`)).toMatchObject({
      status: 400,
      json: { error: { error_user_title: "Message Template Can't Be Deleted" } },
    });
    expect(await call('DELETE', `/v24.0/${WABA}/message_templates`)).toMatchObject({
      status: 400,
      json: { error: { message: '(#100) The parameter name is required.' } },
    });
    // Deleted while approved: the name and language cannot be used again for 30 days.
    expect(await call('POST', `/v24.0/${WABA}/message_templates`, reminder('pengingat'))).toMatchObject({
      status: 400,
      json: { error: { error_subcode: 2388023 } },
    });
  });

  it('plays Meta pausing, disabling and recategorising, with the fixtures’ webhooks', async () => {
    const { call, server, receiver } = await start();
    const promo = server.seedTemplate(WABA, loadFixture('templates/create-request-marketing-named.json'));
    const order = server.seedTemplate(WABA, reminder('order_update'));
    expect(await server.setTemplateStatus(WABA, 'promo_topup_bonus', 'PAUSED')).toMatchObject({ ok: true });
    await server.setTemplateStatus(WABA, promo.id, 'DISABLED');
    await server.recategorizeTemplate(WABA, 'order_update', 'MARKETING', { impendingAt: 1_764_041_200_000 });
    await server.recategorizeTemplate(WABA, order.id, 'MARKETING');
    const [paused, disabled, impending, completed] = templateWebhooks(receiver);
    expectSameShape(paused, loadFixture('templates/webhook-status-paused.json'));
    expectSameShape(disabled, loadFixture('templates/webhook-status-disabled.json'));
    expectSameShape(impending, loadFixture('templates/webhook-category-update-impending.json'));
    expectSameShape(completed, loadFixture('templates/webhook-category-update-completed.json'));
    expect(completed?.entry[0]?.changes[0]?.value).toMatchObject({
      message_template_id: Number(order.id),
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });
    const listed = await call(
      'GET',
      `/v24.0/${WABA}/message_templates?fields=name,status,category,previous_category`,
    );
    expect(listed.json.data).toEqual([
      {
        name: 'order_update',
        status: 'APPROVED',
        category: 'MARKETING',
        previous_category: 'UTILITY',
        id: order.id,
      },
      { name: 'promo_topup_bonus', status: 'DISABLED', category: 'MARKETING', id: promo.id },
    ]);
  });

  it('sends template webhooks only once a target is set, and tells listeners either way', async () => {
    const { server, receiver } = await start();
    server.setWebhookTarget(null);
    const seen: (boolean | null)[] = [];
    server.onTemplateWebhook((_, result) => seen.push(result === null ? null : result.ok));
    server.seedTemplate(WABA, reminder('pengingat'));
    expect(await server.setTemplateStatus(WABA, 'pengingat', 'PAUSED')).toBeNull();
    expect(receiver.posts).toHaveLength(0);
    server.setWebhookTarget({ target: receiver.url, appSecret: SECRET });
    expect(await server.setTemplateStatus(WABA, 'pengingat', 'APPROVED')).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(seen).toEqual([null, true]);
    expect(receiver.posts.map((post) => post.signed)).toEqual([true]);
    await server.idle();
  });

  it('shares one store between servers: a template created at one is known to the other', async () => {
    const templates = new TemplateStore({ sampleTemplates: false });
    const { call } = await start({ templates });
    const other = new GraphApiServer({ accounts: [account], templates, templateReviewMs: null });
    try {
      await call('POST', `/v24.0/${WABA}/message_templates`, reminder('pengingat'));
      expect(other.templates.find(WABA, 'pengingat', 'id')).toMatchObject({ status: 'PENDING' });
    } finally {
      await other.close();
    }
  });
});
