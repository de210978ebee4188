/**
 * Sending a message template (issue 15): `message_send` with `type: 'template'` checks the send
 * against the number's approved template (the SDK's rules, as the picker runs them), stores the
 * rendered template, and the send job builds Meta's `components`; Meta's own refusals (the
 * simulator keeps its rules) end the message `failed` with Meta's code.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import type { ThreadMessage } from '../src/sdk.ts';
import { maskPhone } from '../src/otp/maskPhone.ts';
import {
  addMember,
  CHAT_AGENT,
  dataOf,
  deliver,
  inboxProject,
  reasonOf,
  statusUpdate,
  uploadPng,
} from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import {
  customerWrote,
  HOUR_MS,
  imagePromo,
  orderUpdate,
  sendsOf,
  storedTemplate,
} from './support/outreach.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.app.sapa.services.db;

function sendTemplate(
  setup: InboxProject,
  conversationId: string,
  template: { id: string; values: Record<string, unknown> },
  token = setup.owner.token,
) {
  return server.act('message_send', {
    token,
    key: setup.project.key,
    conversationId,
    clientId: crypto.randomUUID(),
    type: 'template',
    template,
  });
}

async function thread(setup: InboxProject, conversationId: string): Promise<ThreadMessage[]> {
  return dataOf<ThreadMessage[]>(
    await server.act('message_list', { token: setup.owner.token, key: setup.project.key, conversationId }),
  );
}

/** A customer whose window closed a day ago. */
function closedConversation(setup: InboxProject, name = 'Sari Dewi') {
  return customerWrote(server, setup, { at: new Date(server.clock.now().getTime() - 48 * HOUR_MS), name });
}

describe('message_send with a template', () => {
  it('sends an approved template outside the window: stored rendered, sent with its components', async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate());

    const message = dataOf<ThreadMessage>(
      await sendTemplate(setup, conversation.id, {
        id: template.id,
        values: { body: ['{nama}', 'INV-9'], buttonUrl: 'INV-9' },
      }),
    );
    expect(message).toMatchObject({
      type: 'template',
      direction: 'out',
      status: 'pending',
      caption: 'Halo Sari Dewi, pesanan INV-9 sudah dikirim hari ini.',
      url: null,
      pricing: null,
      template: {
        templateId: template.id,
        name: template.name,
        language: 'id',
        category: 'UTILITY',
        header: null,
        footer: 'Toko Sapa',
        buttons: [
          { type: 'URL', text: 'Lacak pesanan' },
          { type: 'QUICK_REPLY', text: 'Terima kasih' },
        ],
      },
    });

    await server.app.sapa.runJobsOnce();
    const [call] = sendsOf(server, setup.account.phoneNumberId);
    expect(call?.status).toBe(200);
    expect(call?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: conversation.customer.phone.replace('+', ''),
      type: 'template',
      template: {
        name: template.name,
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Sari Dewi' },
              { type: 'text', text: 'INV-9' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'INV-9' }] },
        ],
      },
      biz_opaque_callback_data: message.id,
    });
    const [, stored] = await thread(setup, conversation.id);
    expect(stored).toMatchObject({ id: message.id, status: 'sent', type: 'template' });
    const summary = dataOf<{ lastMessage: unknown }>(
      await server.act('conversation_find', {
        token: setup.owner.token,
        key: setup.project.key,
        receiver: conversation.id,
      }),
    );
    expect(summary.lastMessage).toMatchObject({
      type: 'template',
      caption: message.caption,
      direction: 'out',
    });
  });

  it("refuses values that do not fill the template, keyed by the value's place: nothing stored", async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate());

    const missing = await sendTemplate(setup, conversation.id, {
      id: template.id,
      values: { body: ['Sari'] },
    });
    expect(reasonOf(missing)).toBe('invalid_input');
    expect(Object.keys(missing.body.errors as Record<string, string>).sort()).toEqual([
      'template.values.body.1',
      'template.values.buttonUrl',
    ]);
    expect((missing.body.errors as Record<string, string>)['template.values.body.1']).toBe('Wajib diisi.');

    const extra = await sendTemplate(setup, conversation.id, {
      id: template.id,
      values: { body: ['Sari', 'INV-1', 'lebih'], header: 'Halo', buttonUrl: 'a b' },
    });
    expect(Object.keys(extra.body.errors as Record<string, string>).sort()).toEqual([
      'template.values.body.2',
      'template.values.buttonUrl',
      'template.values.header',
    ]);
    // A value Meta would refuse (a line break) is refused here first.
    const broken = await sendTemplate(setup, conversation.id, {
      id: template.id,
      values: { body: ['Sari\nDewi', 'INV-1'], buttonUrl: 'INV-1' },
    });
    expect(Object.keys(broken.body.errors as Record<string, string>)).toEqual(['template.values.body.0']);

    expect(await thread(setup, conversation.id)).toHaveLength(1);
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toEqual([]);
  });

  it('refuses a template that is not approved, unknown, or of another project', async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const pending = await storedTemplate(server, setup, orderUpdate(), { metaStatus: 'PENDING' });
    const paused = await storedTemplate(server, setup, orderUpdate(), { metaStatus: 'PAUSED' });
    const values = { body: ['Sari', 'INV-1'], buttonUrl: 'INV-1' };
    expect(reasonOf(await sendTemplate(setup, conversation.id, { id: pending.id, values }))).toBe(
      'template_not_approved',
    );
    const pausedAnswer = await sendTemplate(setup, conversation.id, { id: paused.id, values });
    expect(reasonOf(pausedAnswer)).toBe('template_not_approved');
    expect(pausedAnswer.body.msg).toMatch(/belum disetujui/);
    expect(reasonOf(await sendTemplate(setup, conversation.id, { id: crypto.randomUUID(), values }))).toBe(
      'not_found',
    );

    const other = await inboxProject(server);
    const foreign = await storedTemplate(server, other, orderUpdate());
    expect(reasonOf(await sendTemplate(setup, conversation.id, { id: foreign.id, values }))).toBe(
      'not_found',
    );

    expect(await thread(setup, conversation.id)).toHaveLength(1);
  });

  it("fails the message with Meta's code when Meta's template no longer matches the stored copy (132000)", async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const atMeta = orderUpdate();
    // Stored when the body had one variable; Meta's has two now (a sync has not run since).
    const stale = {
      ...atMeta,
      body: 'Halo {{1}}, pesanan Anda sudah dikirim hari ini.',
      bodyExamples: ['Budi'],
    };
    const template = await storedTemplate(server, setup, stale, { atMeta });

    const message = dataOf<ThreadMessage>(
      await sendTemplate(setup, conversation.id, {
        id: template.id,
        values: { body: ['Sari'], buttonUrl: 'INV-1' },
      }),
    );
    await server.app.sapa.runJobsOnce();
    const [call] = sendsOf(server, setup.account.phoneNumberId);
    expect(call).toMatchObject({ status: 400, errorCode: 132000 });
    const [, failed] = await thread(setup, conversation.id);
    expect(failed).toMatchObject({ id: message.id, status: 'failed', error: { code: 132000 } });
    expect(failed?.error?.title).toMatch(/132000/);
    // Final: not sent again.
    await server.app.sapa.runJobsOnce();
    expect(sendsOf(server, setup.account.phoneNumberId)).toHaveLength(1);
  });

  it("keeps Meta's code of a template that fails after it was accepted (131049)", async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const template = await storedTemplate(server, setup, orderUpdate());
    const message = dataOf<ThreadMessage>(
      await sendTemplate(setup, conversation.id, {
        id: template.id,
        values: { body: ['Sari', 'INV-1'], buttonUrl: 'INV-1' },
      }),
    );
    await server.app.sapa.runJobsOnce();
    const [row] = await db()
      .select({ wamid: messages.wamid })
      .from(messages)
      .where(eq(messages.id, message.id));
    const payload = statusUpdate('failed', {
      phoneNumberId: setup.account.phoneNumberId,
      wamid: row?.wamid ?? '',
      to: conversation.customer.phone,
    });
    const entry = payload.entry as { changes: { value: { statuses: Record<string, unknown>[] } }[] }[];
    const status = entry[0]?.changes[0]?.value.statuses[0];
    if (status === undefined) throw new Error('no status');
    status.errors = [
      {
        code: 131049,
        title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        message: 'This message was not delivered to maintain healthy ecosystem engagement.',
      },
    ];
    await deliver(server, payload);
    await server.app.sapa.processPendingDeliveries();
    const [, failed] = await thread(setup, conversation.id);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 131049 } });
  });

  it("sends a media header's file from the gallery, uploaded to the number, and refuses a file of another kind", async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const promo = await storedTemplate(server, setup, imagePromo());
    const mediaId = await uploadPng(server, setup);

    const noFile = await sendTemplate(setup, conversation.id, { id: promo.id, values: { body: ['Sari'] } });
    expect(Object.keys(noFile.body.errors as Record<string, string>)).toEqual([
      'template.values.headerMediaId',
    ]);

    const message = dataOf<ThreadMessage>(
      await sendTemplate(setup, conversation.id, {
        id: promo.id,
        values: { body: ['Sari'], headerMediaId: mediaId },
      }),
    );
    expect(message).toMatchObject({
      type: 'template',
      caption: 'Kak Sari, diskon 20% untuk semua sepatu minggu ini!',
      template: { header: { format: 'IMAGE', text: null }, category: 'MARKETING' },
    });
    expect(message.url).toMatch(new RegExp(mediaId));
    await server.app.sapa.runJobsOnce();
    const requests = server.graph?.sent() ?? [];
    const upload = requests.find(
      (request) =>
        request.method === 'POST' && request.path.endsWith(`/${setup.account.phoneNumberId}/media`),
    );
    expect(upload?.status).toBe(200);
    const [call] = sendsOf(server, setup.account.phoneNumberId);
    expect(call?.status).toBe(200);
    const body = call?.body as { template: { components: unknown[] } };
    expect(body.template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { id: expect.any(String) as unknown } }],
    });

    const video = await storedTemplate(server, setup, {
      ...imagePromo(),
      header: { format: 'VIDEO', exampleUrl: 'https://toko.example/promo.mp4' },
    });
    const wrongKind = await sendTemplate(setup, conversation.id, {
      id: video.id,
      values: { body: ['Sari'], headerMediaId: mediaId },
    });
    expect(Object.keys(wrongKind.body.errors as Record<string, string>)).toEqual([
      'template.values.headerMediaId',
    ]);
  });

  it("fills placeholders as the sender sees the customer: a masked phone for an agent who doesn't see numbers", async () => {
    const setup = await inboxProject(server);
    const conversation = await closedConversation(setup);
    const agent = await addMember(server, setup.project, CHAT_AGENT);
    dataOf(
      await server.act('conversation_assign', {
        token: setup.owner.token,
        key: setup.project.key,
        conversationId: conversation.id,
        userId: agent.userId,
      }),
    );
    const template = await storedTemplate(server, setup, orderUpdate());
    const message = dataOf<ThreadMessage>(
      await sendTemplate(
        setup,
        conversation.id,
        { id: template.id, values: { body: ['{agen} untuk {nama}', '{nomor}'], buttonUrl: 'x' } },
        agent.token,
      ),
    );
    expect(message.caption).toBe(
      `Halo Budi Santoso untuk Sari Dewi, pesanan ${maskPhone(conversation.customer.phone)} sudah dikirim hari ini.`,
    );
    expect(message.senderId).toBe(agent.userId);
  });
});
