/**
 * Test support for the 24-hour window, template sends and starting conversations (issue 15):
 * conversations whose customer last wrote at a chosen time, templates Meta (the test server's
 * simulated Graph API) holds and the project has stored, and what the simulator was sent.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { templateCreateBody } from '@sapa/sdk';
import { projects, waTemplates } from '../../src/db/schema.ts';
import type { TemplateRow } from '../../src/db/schema.ts';
import type { GraphApiServer, GraphRequestRecord } from '../../src/simulator/GraphApiServer.ts';
import type { ConversationSummary, TemplateDraft, TemplateStatus } from '../../src/sdk.ts';
import { fundProject } from './billing.ts';
import { uniquePhone } from './flows.ts';
import { dataOf, deliver, inbound } from './inbox.ts';
import type { InboxProject } from './inbox.ts';
import type { TestServer } from './testServer.ts';

export const HOUR_MS = 3_600_000;

export function graphOf(server: TestServer): GraphApiServer {
  if (server.graph === null) throw new Error('this test server has no simulated Graph API');
  return server.graph;
}

/** The sends (`POST …/{phone-number-id}/messages`) the simulated Meta was asked for, for one number. */
export function sendsOf(server: TestServer, phoneNumberId: string): GraphRequestRecord[] {
  return graphOf(server)
    .sent()
    .filter((request) => request.method === 'POST' && request.path.endsWith(`/${phoneNumberId}/messages`));
}

/** The project's id (tests insert rows for it). */
export async function projectIdOf(server: TestServer, key: string): Promise<string> {
  const [row] = await server.app.sapa.services.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.key, key));
  if (row === undefined) throw new Error(`no project ${key}`);
  return row.id;
}

/**
 * A customer writes a text in on the project's number at `at` (the test clock's now by default),
 * `fixture` giving its shape (`inbound-referral-ctwa.json`: from a click-to-WhatsApp ad); answers
 * their conversation as the owner sees it.
 */
export async function customerWrote(
  server: TestServer,
  setup: InboxProject,
  options: { at?: Date; phone?: string; fixture?: string; name?: string } = {},
): Promise<ConversationSummary> {
  const phone = options.phone ?? uniquePhone();
  const answer = await deliver(
    server,
    inbound(options.fixture ?? 'inbound-text.json', {
      phoneNumberId: setup.account.phoneNumberId,
      from: phone,
      timestamp: options.at ?? server.clock.now(),
      ...(options.name === undefined ? {} : { name: options.name }),
    }),
  );
  expect(answer.status).toBe(200);
  await server.app.sapa.processPendingDeliveries();
  const list = dataOf<ConversationSummary[]>(
    await server.act('conversation_list', {
      token: setup.owner.token,
      key: setup.project.key,
      // The whole number: six digits that start with 08 would be read as a local number (`08…`).
      search: phone,
    }),
  );
  const found = list.find((conversation) => conversation.customer.phone === phone);
  if (found === undefined) throw new Error(`no conversation with ${phone}`);
  return found;
}

/** A draft with a variable in the body and a link button with one at the end of its URL. */
export function orderUpdate(name = `pesanan_${randomUUID().slice(0, 8)}`): TemplateDraft {
  return {
    name,
    language: 'id',
    category: 'UTILITY',
    header: null,
    body: 'Halo {{1}}, pesanan {{2}} sudah dikirim hari ini.',
    bodyExamples: ['{nama}', 'INV-001'],
    footer: 'Toko Sapa',
    buttons: [
      {
        type: 'URL',
        text: 'Lacak pesanan',
        url: 'https://toko.example/lacak/{{1}}',
        example: 'https://toko.example/lacak/INV-001',
      },
      { type: 'QUICK_REPLY', text: 'Terima kasih' },
    ],
  };
}

/** A promotion with an image header and one body variable. */
export function imagePromo(name = `promo_${randomUUID().slice(0, 8)}`): TemplateDraft {
  return {
    name,
    language: 'id',
    category: 'MARKETING',
    header: { format: 'IMAGE', exampleUrl: 'https://toko.example/promo.png' },
    body: 'Kak {{1}}, diskon 20% untuk semua sepatu minggu ini!',
    bodyExamples: ['Budi'],
    footer: null,
    buttons: [],
  };
}

/**
 * A template of the account's WABA: Meta holds `atMeta` (default: `draft`) with `metaStatus`
 * (default `APPROVED`), and the project has stored `draft` with `status` (default: Meta's), as
 * a sync would have. A stored copy that differs from Meta's is what a stale sync leaves behind.
 * Template sends are charged (issue 16): the project's balance gets `funds` (default Rp1.000.000,
 * 0: none) to pay for them.
 */
export async function storedTemplate(
  server: TestServer,
  setup: InboxProject,
  draft: TemplateDraft,
  options: {
    status?: TemplateStatus;
    atMeta?: TemplateDraft;
    metaStatus?: 'APPROVED' | 'PAUSED' | 'PENDING';
    funds?: number;
  } = {},
): Promise<TemplateRow> {
  const wabaId = setup.account.wabaId;
  if (wabaId === null) throw new Error('the account has no WABA');
  const metaStatus = options.metaStatus ?? 'APPROVED';
  const atMeta = graphOf(server).seedTemplate(wabaId, templateCreateBody(options.atMeta ?? draft), {
    status: metaStatus,
  });
  const now = server.clock.now();
  const projectId = await projectIdOf(server, setup.project.key);
  const funds = options.funds ?? 1_000_000;
  if (funds > 0) await fundProject(server.app.sapa.services.db, projectId, funds, now);
  const [row] = await server.app.sapa.services.db
    .insert(waTemplates)
    .values({
      id: randomUUID(),
      projectId,
      accountId: setup.account.id,
      wabaId,
      metaId: atMeta.id,
      name: draft.name,
      language: draft.language,
      category: draft.category,
      status: options.status ?? metaStatus,
      content: {
        header: draft.header,
        body: draft.body,
        bodyExamples: draft.bodyExamples,
        footer: draft.footer,
        buttons: draft.buttons,
      },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('template not stored');
  return row;
}
