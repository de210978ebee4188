/**
 * Message templates per WhatsApp Business Account (issue 15), against the test server's
 * simulated Meta (`server.graph`): created and submitted (`POST /{waba}/message_templates`),
 * reviewed (`graph.reviewNow()`) and moved by Meta's signed webhooks, which come back to the test
 * server; synced page by page; deleted at Meta and here. Replayed and late webhooks change
 * nothing; a webhook about a template a project does not hold yet syncs its copy.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../src/channels/whatsapp/index.ts';
import { loadFixture } from '../src/channels/whatsapp/fixtures/loadFixture.ts';
import { waAccounts } from '../src/db/schema.ts';
import type { MessageTemplate, TemplateDraft, WhatsAppAccount } from '../src/sdk.ts';
import type { TemplateWebhookBody } from '../src/simulator/index.ts';
import { templateCreateBody } from '../src/sdk.ts';
import { fetchTemplates } from '../src/templates/index.ts';
import {
  addMember,
  createAccount,
  dataOf,
  deliver,
  inboxProject,
  reasonOf,
  uniquePhoneNumberId,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { recordPublished } from './support/published.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const graph = () => {
  if (server.graph === null) throw new Error('the test server has no simulated Graph API');
  return server.graph;
};

function act(setup: InboxProject, name: string, fields: Record<string, unknown> = {}) {
  return server.act(name, {
    token: setup.owner.token,
    key: setup.project.key,
    accountId: setup.account.id,
    ...fields,
  });
}

const wabaOf = (setup: InboxProject): string => {
  if (setup.account.wabaId === null) throw new Error('no WABA');
  return setup.account.wabaId;
};

let names = 0;
/** An order update with two body variables, a footer and a link button with a variable. */
function orderUpdate(overrides: Partial<TemplateDraft> = {}): TemplateDraft {
  names += 1;
  return {
    name: `order_update_${names}`,
    language: 'id',
    category: 'UTILITY',
    header: null,
    body: 'Halo {{1}}, pesanan {{2}} sudah kami kirim.',
    bodyExamples: ['Budi', 'INV-2025-0042'],
    footer: 'Toko Sapa',
    buttons: [
      {
        type: 'URL',
        text: 'Lacak pesanan',
        url: 'https://toko.example.com/lacak/{{1}}',
        example: 'https://toko.example.com/lacak/INV-2025-0042',
      },
    ],
    ...overrides,
  };
}

async function listOf(setup: InboxProject): Promise<MessageTemplate[]> {
  return dataOf<MessageTemplate[]>(await act(setup, 'template_list'));
}

async function create(setup: InboxProject, draft: TemplateDraft): Promise<MessageTemplate> {
  return dataOf<MessageTemplate>(await act(setup, 'template_create', { template: draft }));
}

/**
 * Template webhooks the simulated Meta sent about one WABA (and the test server answered), in
 * order. `reviewNow` reviews what other tests left pending too: their webhooks are left out.
 */
function recordWebhooks(wabaId: string): { payloads: TemplateWebhookBody[]; stop: () => void } {
  const payloads: TemplateWebhookBody[] = [];
  const stop = graph().onTemplateWebhook((payload, result) => {
    if (payload.entry[0]?.id !== wabaId) return;
    expect(result).toMatchObject({ ok: true, status: 200 });
    payloads.push(payload);
  });
  return { payloads, stop };
}

/** A copy of a webhook with its `entry.time` moved by `seconds`. */
function shifted(payload: TemplateWebhookBody, seconds: number): TemplateWebhookBody {
  const copy = structuredClone(payload);
  for (const entry of copy.entry) entry.time += seconds;
  return copy;
}

const postsTo = (wabaId: string) =>
  graph()
    .sent()
    .filter((request) => request.method === 'POST' && request.path.endsWith(`/${wabaId}/message_templates`));

describe('template_create', () => {
  it('submits the draft as the SDK builds it, stores it PENDING and announces it', async () => {
    const setup = await inboxProject(server);
    const draft = orderUpdate();
    const published = recordPublished(server);
    let created: MessageTemplate;
    try {
      created = await create(setup, draft);
      expect(published.of('template.updated')).toEqual([{ key: setup.project.key, template: created }]);
    } finally {
      published.stop();
    }
    const [post] = postsTo(wabaOf(setup));
    expect(post?.status).toBe(200);
    expect(post?.body).toEqual(templateCreateBody(draft));
    const atMeta = graph().templates.get(wabaOf(setup), draft.name, 'id');
    expect(created).toMatchObject({
      accountId: setup.account.id,
      wabaId: wabaOf(setup),
      metaId: atMeta.id,
      name: draft.name,
      language: 'id',
      category: 'UTILITY',
      status: 'PENDING',
      reason: null,
      previousCategory: null,
      header: null,
      body: draft.body,
      bodyExamples: draft.bodyExamples,
      footer: 'Toko Sapa',
      buttons: draft.buttons,
    });
    expect(await listOf(setup)).toEqual([created]);
  });

  it('refuses a name and language the WABA already has, here or only at Meta, on the name field', async () => {
    const setup = await inboxProject(server);
    const draft = orderUpdate();
    await create(setup, draft);
    const again = await act(setup, 'template_create', { template: draft });
    expect(reasonOf(again)).toBe('invalid_input');
    expect(again.body.errors).toEqual({ 'template.name': expect.stringContaining('sudah ada') as unknown });
    expect(postsTo(wabaOf(setup))).toHaveLength(1);

    // Made at Meta outside Sapa (not synced yet): Meta's own refusal (2388024) says the same.
    const elsewhere = orderUpdate();
    graph().seedTemplate(wabaOf(setup), templateCreateBody(elsewhere));
    const taken = await act(setup, 'template_create', { template: elsewhere });
    expect(reasonOf(taken)).toBe('invalid_input');
    expect(taken.body.errors).toEqual({ 'template.name': expect.stringContaining('sudah ada') as unknown });
    expect(postsTo(wabaOf(setup)).map((request) => request.errorCode)).toEqual([undefined, 100]);
    expect((await listOf(setup)).map((template) => template.name)).toEqual([draft.name]);
  });

  it("checks Meta's rules before asking Meta", async () => {
    const setup = await inboxProject(server);
    const answer = await act(setup, 'template_create', {
      template: orderUpdate({ body: '{{1}}, pesanan Anda sudah dikirim', bodyExamples: ['Budi'] }),
    });
    expect(reasonOf(answer)).toBe('invalid_input');
    expect(Object.keys(answer.body.errors as object)).toContain('template.body');
    expect(postsTo(wabaOf(setup))).toEqual([]);
  });
});

describe('template status webhooks', () => {
  it("moves a template to APPROVED when Meta's review webhook arrives, and announces it", async () => {
    const setup = await inboxProject(server);
    const created = await create(setup, orderUpdate());
    const published = recordPublished(server);
    const webhooks = recordWebhooks(wabaOf(setup));
    try {
      await graph().reviewNow();
      await server.app.sapa.processPendingDeliveries();
      expect(webhooks.payloads).toHaveLength(1);
      const [approved] = await listOf(setup);
      expect(approved).toMatchObject({ id: created.id, status: 'APPROVED', reason: null });
      const ours = published.of('template.updated').filter((event) => event.key === setup.project.key);
      expect(ours).toEqual([{ key: setup.project.key, template: approved }]);
    } finally {
      published.stop();
      webhooks.stop();
    }
  });

  it('changes nothing on a replay or on older news; newer news applies', async () => {
    const setup = await inboxProject(server);
    const created = await create(setup, orderUpdate());
    const webhooks = recordWebhooks(wabaOf(setup));
    await graph().reviewNow();
    webhooks.stop();
    const [approval] = webhooks.payloads;
    if (approval === undefined) throw new Error('no approval webhook');
    const [approved] = await listOf(setup);

    const published = recordPublished(server);
    try {
      // Meta retries the same delivery: acknowledged, nothing changes.
      for (let replay = 0; replay < 2; replay += 1)
        expect((await deliver(server, JSON.stringify(approval))).status).toBe(200);
      await server.app.sapa.processPendingDeliveries();
      expect(await listOf(setup)).toEqual([approved]);
      expect(published.of('template.updated')).toEqual([]);

      // A pause a minute later applies; the approval delivered late (older) does not undo it.
      const pause = shifted(approval, 60);
      Object.assign(pause.entry[0]!.changes[0]!.value, {
        event: 'PAUSED',
        reason: 'NONE',
        other_info: { title: 'FIRST_PAUSE', description: 'Paused for 3 hours because of low quality.' },
      });
      expect((await deliver(server, JSON.stringify(pause))).status).toBe(200);
      expect((await deliver(server, JSON.stringify(approval))).status).toBe(200);
      expect((await deliver(server, JSON.stringify(pause))).status).toBe(200);
      await server.app.sapa.processPendingDeliveries();
      const [paused] = await listOf(setup);
      expect(paused).toMatchObject({ id: created.id, status: 'PAUSED', reason: 'FIRST_PAUSE' });
      expect(published.of('template.updated').map((event) => event.template.status)).toEqual(['PAUSED']);
    } finally {
      published.stop();
    }
  });

  it("keeps Meta's rejection reason, a disablement, and a completed category change (not an impending one)", async () => {
    const setup = await inboxProject(server);
    const waba = wabaOf(setup);
    const rejected = await create(setup, orderUpdate());
    const recategorised = await create(setup, orderUpdate());
    await graph().setTemplateStatus(waba, rejected.metaId, 'REJECTED', { reason: 'TAG_CONTENT_MISMATCH' });
    await graph().setTemplateStatus(waba, recategorised.metaId, 'APPROVED');
    await graph().recategorizeTemplate(waba, recategorised.metaId, 'MARKETING', {
      impendingAt: Date.now() + 86_400_000,
    });
    await server.app.sapa.processPendingDeliveries();
    const byId = async () => new Map((await listOf(setup)).map((template) => [template.id, template]));
    expect((await byId()).get(rejected.id)).toMatchObject({
      status: 'REJECTED',
      reason: 'TAG_CONTENT_MISMATCH',
    });
    expect((await byId()).get(recategorised.id)).toMatchObject({
      status: 'APPROVED',
      category: 'UTILITY',
      previousCategory: null,
    });

    await graph().recategorizeTemplate(waba, recategorised.metaId, 'MARKETING');
    await graph().setTemplateStatus(waba, rejected.metaId, 'DISABLED');
    await server.app.sapa.processPendingDeliveries();
    expect((await byId()).get(recategorised.id)).toMatchObject({
      category: 'MARKETING',
      previousCategory: 'UTILITY',
    });
    expect((await byId()).get(rejected.id)).toMatchObject({ status: 'DISABLED' });
  });

  it("syncs the project's copy when a webhook names a template it does not hold", async () => {
    const setup = await inboxProject(server);
    const waba = wabaOf(setup);
    const outside = orderUpdate();
    const seeded = graph().seedTemplate(waba, templateCreateBody(outside));
    expect(await listOf(setup)).toEqual([]);
    const published = recordPublished(server);
    try {
      await graph().setTemplateStatus(waba, seeded.id, 'PAUSED');
      await server.app.sapa.processPendingDeliveries();
      const listed = await listOf(setup);
      expect(listed.map((template) => [template.name, template.status])).toEqual([
        ['hello_world', 'APPROVED'],
        [outside.name, 'PAUSED'],
      ]);
      expect(
        published
          .of('template.updated')
          .map((event) => event.template.name)
          .sort(),
      ).toEqual(['hello_world', outside.name].sort());
    } finally {
      published.stop();
    }
  });

  it('reaches every project holding a number of the WABA', async () => {
    const a = await inboxProject(server);
    const b = await inboxProject(server);
    const waba = wabaOf(a);
    const bAccount = await createAccount(server, b.owner.token, b.project.key, uniquePhoneNumberId(), {
      wabaId: waba,
    });
    const bSetup = { ...b, account: bAccount };
    expect(bAccount.wabaId).toBe(waba);
    const created = await create(a, orderUpdate());
    dataOf(await act(bSetup, 'template_sync'));
    expect((await listOf(bSetup)).find((template) => template.name === created.name)?.status).toBe('PENDING');
    const published = recordPublished(server);
    try {
      await graph().reviewNow();
      await server.app.sapa.processPendingDeliveries();
      const keys = new Set([a.project.key, b.project.key]);
      const ours = published.of('template.updated').filter((event) => keys.has(event.key));
      expect(ours.map((event) => [event.key, event.template.status]).sort()).toEqual(
        [
          [a.project.key, 'APPROVED'],
          [b.project.key, 'APPROVED'],
        ].sort(),
      );
    } finally {
      published.stop();
    }
  });
});

describe('template_sync', () => {
  it('reads every template of the WABA, stores what changed, removes what Meta no longer has', async () => {
    const setup = await inboxProject(server);
    const waba = wabaOf(setup);
    graph().seedTemplate(waba, loadFixture('templates/create-request-marketing-positional.json'));
    graph().seedTemplate(waba, loadFixture('templates/create-request-marketing-named.json'), {
      status: 'REJECTED',
      reason: 'PROMOTIONAL',
    });
    const published = recordPublished(server);
    let synced: MessageTemplate[];
    try {
      synced = dataOf<MessageTemplate[]>(await act(setup, 'template_sync'));
      expect(
        synced.map((template) => [template.name, template.language, template.status, template.category]),
      ).toEqual([
        ['flash_sale_topup', 'id', 'APPROVED', 'MARKETING'],
        ['hello_world', 'en_US', 'APPROVED', 'UTILITY'],
        ['promo_topup_bonus', 'id', 'REJECTED', 'MARKETING'],
      ]);
      expect(synced[0]).toMatchObject({
        header: { format: 'TEXT', text: 'Flash sale {{1}} dimulai!', example: 'Harbolnas' },
        body: 'Isi saldo sampai {{1}} dan pakai kode {{2}} untuk bonus {{3}}.',
        bodyExamples: ['31 Desember', 'HEMAT25', '25%'],
        footer: 'Promo terbatas',
        buttons: [
          { type: 'PHONE_NUMBER', text: 'Hubungi kami', phoneNumber: '+6281210009000' },
          { type: 'QUICK_REPLY', text: 'Berhenti promo' },
        ],
      });
      expect(synced[2]).toMatchObject({
        reason: 'PROMOTIONAL',
        bodyExamples: ['Budi', '10%', '30 November'],
      });
      expect(published.of('template.updated')).toHaveLength(3);
      expect(await listOf(setup)).toEqual(synced);

      published.clear();
      expect(dataOf<MessageTemplate[]>(await act(setup, 'template_sync'))).toEqual(synced);
      expect(published.all).toEqual([]);

      const gone = graph().templates.delete(waba, 'flash_sale_topup');
      expect(gone.ok).toBe(true);
      const after = dataOf<MessageTemplate[]>(await act(setup, 'template_sync'));
      expect(after.map((template) => template.name)).toEqual(['hello_world', 'promo_topup_bonus']);
      expect(published.of('template.deleted')).toEqual([
        { key: setup.project.key, accountId: setup.account.id, templateId: synced[0]?.id },
      ]);
    } finally {
      published.stop();
    }
  });

  it("follows Meta's cursor page by page", async () => {
    const setup = await inboxProject(server);
    const waba = wabaOf(setup);
    for (let count = 0; count < 4; count += 1) graph().seedTemplate(waba, templateCreateBody(orderUpdate()));
    const client = new GraphClient({
      accessToken: `token-${setup.account.phoneNumberId}`,
      baseUrl: graph().baseUrl,
    });
    const before = graph().sent().length;
    const fetched = await fetchTemplates(client, waba, { pageSize: 2 });
    expect(fetched.templates).toHaveLength(5);
    expect(new Set(fetched.templates.map((template) => template.metaId)).size).toBe(5);
    const pages = graph()
      .sent()
      .slice(before)
      .map((request) => request.path);
    expect(pages).toHaveLength(3);
  });

  it('answers whatsapp_unreachable when Meta does not answer; a refused token marks the number disconnected', async () => {
    const setup = await inboxProject(server);
    graph().dropNext(1);
    expect(reasonOf(await act(setup, 'template_sync'))).toBe('whatsapp_unreachable');

    await server.app.sapa.services.db
      .update(waAccounts)
      .set({ accessToken: 'token-revoked' })
      .where(eq(waAccounts.id, setup.account.id));
    const published = recordPublished(server);
    try {
      const refused = await act(setup, 'template_sync');
      expect(reasonOf(refused)).toBe('invalid_input');
      expect(refused.body.errors).toHaveProperty('accountId');
      expect(published.of('account.status')).toEqual([
        { key: setup.project.key, accountId: setup.account.id, status: 'disconnected' },
      ]);
    } finally {
      published.stop();
    }
  });
});

describe('template_delete', () => {
  it('deletes the template at Meta (that language, by hsm_id) and here, and announces it', async () => {
    const setup = await inboxProject(server);
    const waba = wabaOf(setup);
    const kept = await create(setup, orderUpdate());
    const doomed = await create(setup, orderUpdate());
    const published = recordPublished(server);
    try {
      expect(dataOf(await act(setup, 'template_delete', { id: doomed.id }))).toEqual({ id: doomed.id });
      expect(published.of('template.deleted')).toEqual([
        { key: setup.project.key, accountId: setup.account.id, templateId: doomed.id },
      ]);
    } finally {
      published.stop();
    }
    const [request] = graph()
      .sent()
      .filter((sent) => sent.method === 'DELETE' && sent.path.startsWith(`/v24.0/${waba}/message_templates`));
    expect(request?.status).toBe(200);
    expect(
      graph()
        .templates.list(waba)
        .map((template) => template.name),
    ).not.toContain(doomed.name);
    expect((await listOf(setup)).map((template) => template.id)).toEqual([kept.id]);
    expect(reasonOf(await act(setup, 'template_delete', { id: doomed.id }))).toBe('not_found');
  });

  it("answers template_refused with Meta's words when Meta will not delete it", async () => {
    const setup = await inboxProject(server);
    const disabled = await create(setup, orderUpdate());
    await graph().setTemplateStatus(wabaOf(setup), disabled.metaId, 'DISABLED');
    await server.app.sapa.processPendingDeliveries();
    const answer = await server.act(
      'template_delete',
      { token: setup.owner.token, key: setup.project.key, accountId: setup.account.id, id: disabled.id },
      { 'accept-language': 'en' },
    );
    expect(reasonOf(answer)).toBe('template_refused');
    expect(answer.body.msg).toContain('disabled');
    expect((await listOf(setup)).map((template) => template.id)).toEqual([disabled.id]);
  });
});

describe('template acts and numbers', () => {
  it('lets an agent who may send list the templates (for the picker), not create them', async () => {
    const setup = await inboxProject(server);
    const created = await create(setup, orderUpdate());
    const agent = await addMember(server, setup.project, [
      'crm.menu',
      'crm.chat.menu',
      'crm.chat.view',
      'crm.chat.send',
    ]);
    const fields = { token: agent.token, key: setup.project.key, accountId: setup.account.id };
    expect(dataOf<MessageTemplate[]>(await server.act('template_list', fields))).toEqual([created]);
    expect(reasonOf(await server.act('template_create', { ...fields, template: orderUpdate() }))).toBe(
      'forbidden',
    );
  });

  it("passes a deleted number's templates to the project's other number of that WABA", async () => {
    const setup = await inboxProject(server);
    const second = await createAccount(server, setup.owner.token, setup.project.key, uniquePhoneNumberId(), {
      wabaId: wabaOf(setup),
    });
    const created = await create(setup, orderUpdate());
    dataOf(
      await server.act('account_delete', {
        token: setup.owner.token,
        key: setup.project.key,
        id: setup.account.id,
      }),
    );
    expect(await listOf({ ...setup, account: second })).toEqual([
      { ...created, accountId: second.id, updatedAt: expect.any(String) as unknown },
    ]);
  });

  it("answers not_found for a deleted number and another project's; nothing for a number without a WABA id", async () => {
    const setup = await inboxProject(server);
    const other = await inboxProject(server);
    expect(reasonOf(await act(setup, 'template_list', { accountId: other.account.id }))).toBe('not_found');

    const legacy = await createAccount(server, setup.owner.token, setup.project.key);
    await server.app.sapa.services.db
      .update(waAccounts)
      .set({ wabaId: null })
      .where(eq(waAccounts.id, legacy.id));
    const legacySetup = { ...setup, account: { ...legacy, wabaId: null } as WhatsAppAccount };
    expect(await listOf(legacySetup)).toEqual([]);
    const sync = await act(legacySetup, 'template_sync');
    expect(reasonOf(sync)).toBe('invalid_input');
    expect(sync.body.errors).toHaveProperty('accountId');

    dataOf(
      await server.act('account_delete', {
        token: setup.owner.token,
        key: setup.project.key,
        id: setup.account.id,
      }),
    );
    expect(reasonOf(await act(setup, 'template_list'))).toBe('not_found');
  });
});
