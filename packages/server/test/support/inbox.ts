/**
 * Test support for the inbox: a fake Graph API on loopback, signed webhook deliveries built from
 * the WhatsApp fixtures (with fresh wamids), and projects with accounts and limited members.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { sign } from '../../src/channels/whatsapp/index.ts';
import { loadFixture } from '../../src/channels/whatsapp/fixtures/loadFixture.ts';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/queryRows.ts';
import { projectMembers, projects, webhookDeliveries } from '../../src/db/schema.ts';
import type { ConversationSummary, PermissionKey, Project, WhatsAppAccount } from '../../src/sdk.ts';
import { registerUser } from './flows.ts';
import { TEST_APP_SECRET } from './testServer.ts';
import type { ApiAnswer, TestServer } from './testServer.ts';

export function dataOf<T>(answer: ApiAnswer): T {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  return answer.body.data as T;
}

export function reasonOf(answer: ApiAnswer): unknown {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('0');
  return answer.body.reason;
}

export interface GraphCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** `lost`: the send is taken (recorded) but its answer never comes back (the connection is cut). */
export type GraphMode = 'ok' | 'error' | 'network' | 'token' | 'lost';

/** The WABA every number of the fake Graph API belongs to (`startFakeGraph`). */
export const FAKE_WABA_ID = '102938475610293';

/**
 * A fake `POST /{version}/{phone-number-id}/messages` on 127.0.0.1, port 0, which also answers
 * `GET /{version}/{phone-number-id}?fields=…` for every number whose token is `token-<id>` (as
 * `createAccount` makes them), and `GET /{version}/{waba-id}/phone_numbers` with that number to
 * that token (any WABA id: use `FAKE_WABA_ID`); other requests: a Graph error.
 */
export interface FakeGraph {
  url: string;
  calls: GraphCall[];
  mode: GraphMode;
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const fake: FakeGraph = { url: '', calls: [], mode: 'ok', close: async () => undefined };
  const handle = (request: IncomingMessage, response: ServerResponse, text: string) => {
    if (fake.mode === 'network') {
      request.socket.destroy();
      return;
    }
    const number = /^\/v\d+\.\d+\/(\d+)\?fields=/.exec(request.url ?? '');
    if (request.method === 'GET' && number?.[1] !== undefined) {
      phoneNumberAnswer(response, number[1], request.headers.authorization);
      return;
    }
    if (request.method === 'GET' && /^\/v\d+\.\d+\/\d+\/phone_numbers(\?|$)/.test(request.url ?? '')) {
      const id = /^Bearer token-(\d+)(?:-\S+)?$/.exec(request.headers.authorization ?? '')?.[1];
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ data: id === undefined ? [] : [{ id, display_phone_number: '+62 812-1000-9000' }] }),
      );
      return;
    }
    if (request.method !== 'POST') {
      // Media lookups of customers' files: this fake holds none (the simulator's tests cover them).
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          error: {
            message: 'Unsupported get request.',
            type: 'GraphMethodException',
            code: 100,
            fbtrace_id: 'AbC',
          },
        }),
      );
      return;
    }
    fake.calls.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(text) as Record<string, unknown>,
    });
    if (fake.mode === 'lost') {
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (fake.mode === 'token') {
      response.statusCode = 401;
      response.end(
        JSON.stringify({
          error: {
            message: 'Error validating access token: Session has expired',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
            fbtrace_id: 'AbC',
          },
        }),
      );
      return;
    }
    if (fake.mode === 'error') {
      response.statusCode = 400;
      response.end(
        JSON.stringify({
          error: {
            message: '(#131026) Message undeliverable',
            type: 'OAuthException',
            code: 131026,
            fbtrace_id: 'AbC',
          },
        }),
      );
      return;
    }
    response.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: '6281234567890', wa_id: '6281234567890' }],
        messages: [{ id: `wamid.out.${randomUUID()}` }],
      }),
    );
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** The fake's `GET /{phone-number-id}`: the number to its `token-<id>`, 190 to any other token. */
function phoneNumberAnswer(response: ServerResponse, id: string, authorization: string | undefined): void {
  response.setHeader('content-type', 'application/json');
  // The number's token, or a renewed one (`token-{id}-…`).
  if (authorization !== `Bearer token-${id}` && !(authorization ?? '').startsWith(`Bearer token-${id}-`)) {
    response.statusCode = 401;
    response.end(
      JSON.stringify({
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: 'AbC',
        },
      }),
    );
    return;
  }
  response.end(
    JSON.stringify({
      display_phone_number: '+62 812-1000-9000',
      verified_name: 'Toko Utama',
      quality_rating: 'GREEN',
      code_verification_status: 'VERIFIED',
      id,
    }),
  );
}

let counter = 0;
/** A phone number id no other test uses. */
export function uniquePhoneNumberId(): string {
  counter += 1;
  return `1${Date.now() % 1_000_000_000}${String(counter).padStart(4, '0')}`;
}

export function freshWamid(): string {
  return `wamid.test.${randomUUID()}`;
}

type Json = Record<string, unknown>;

/** `entry[0].changes[0].value` of a fixture, to edit in place. */
function valueOf(payload: Json): Json {
  const entry = (payload.entry as Json[])[0] as Json;
  const change = (entry.changes as Json[])[0] as Json;
  return change.value as Json;
}

/** A fixture with its business number and the first message or status edited. */
export function inbound(
  fixture: string,
  options: {
    phoneNumberId: string;
    from: string;
    wamid?: string;
    name?: string;
    text?: string;
    timestamp?: Date;
    quotedWamid?: string;
  },
): Json {
  const payload = loadFixture(fixture) as Json;
  const value = valueOf(payload);
  (value.metadata as Json).phone_number_id = options.phoneNumberId;
  const digits = options.from.replace(/^\+/, '');
  const contact = (value.contacts as Json[])[0] as Json;
  contact.wa_id = digits;
  if (options.name !== undefined) contact.profile = { name: options.name };
  const message = (value.messages as Json[])[0] as Json;
  message.from = digits;
  message.id = options.wamid ?? freshWamid();
  message.timestamp = String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000));
  if (options.text !== undefined) message.text = { body: options.text };
  if (options.quotedWamid !== undefined) message.context = { from: '6281210009000', id: options.quotedWamid };
  return payload;
}

export function statusUpdate(
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { phoneNumberId: string; wamid: string; to: string; callbackData?: string },
): Json {
  const payload = loadFixture(`status-${status}.json`) as Json;
  const value = valueOf(payload);
  (value.metadata as Json).phone_number_id = options.phoneNumberId;
  const entry = (value.statuses as Json[])[0] as Json;
  entry.id = options.wamid;
  entry.recipient_id = options.to.replace(/^\+/, '');
  if (options.callbackData !== undefined) entry.biz_opaque_callback_data = options.callbackData;
  return payload;
}

/** POSTs a delivery signed with the test app secret (or the given signature header). */
export async function deliver(
  server: TestServer,
  payload: Json | string,
  signature?: string,
): Promise<Response> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return fetch(`${server.url}/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature ?? sign(body, TEST_APP_SECRET),
    },
    body,
  });
}

export interface InboxProject {
  owner: { token: string; userId: string };
  project: Project;
  account: WhatsAppAccount;
}

/**
 * Adds a number to the project through `account_create`, its token `token-<id>`: Meta (the test
 * server's simulated Graph API, or a test's fake) knows it first, in WABA `wabaId` (the
 * simulator's: one derived from the token unless given; the fake's: `FAKE_WABA_ID`).
 */
export async function createAccount(
  server: TestServer,
  token: string,
  key: string,
  phoneNumberId = uniquePhoneNumberId(),
  options: { wabaId?: string; accessToken?: string } = {},
): Promise<WhatsAppAccount> {
  const accessToken = options.accessToken ?? `token-${phoneNumberId}`;
  server.graph?.addAccount({
    phoneNumberId,
    displayPhone: '6281210009000',
    accessToken,
    verifiedName: 'Toko Utama',
    ...(options.wabaId === undefined ? {} : { wabaId: options.wabaId }),
  });
  const wabaId = server.graph?.wabaIdOf(phoneNumberId) ?? options.wabaId ?? FAKE_WABA_ID;
  return dataOf<WhatsAppAccount>(
    await server.act('account_create', {
      token,
      key,
      name: 'Toko Utama',
      wabaId,
      phoneNumberId,
      displayPhone: '+6281210009000',
      accessToken,
    }),
  );
}

/** An owner, their project and one WhatsApp account. */
export async function inboxProject(server: TestServer): Promise<InboxProject> {
  const owner = await registerUser(server);
  const project = dataOf<Project>(
    await server.act('project_create', { token: owner.token, name: 'Toko Sapa' }),
  );
  const account = await createAccount(server, owner.token, project.key);
  return { owner, project, account };
}

/** A new user made a member of `key` holding exactly `permissions` (there is no invite act yet). */
export async function addMember(
  server: TestServer,
  project: Project,
  permissions: PermissionKey[],
): Promise<{ token: string; userId: string }> {
  const user = await registerUser(server);
  const { db } = server.app.sapa.services;
  const [found] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, project.key));
  if (found === undefined) throw new Error('no such project');
  const projectId = found.id;
  await db
    .insert(projectMembers)
    .values({ projectId, userId: user.userId, permissions, createdAt: new Date() });
  return user;
}

/** An agent of the inbox: the menus, seeing it, replying and assigning (the other `crm.chat.*` keys apart). */
export const CHAT_AGENT: PermissionKey[] = [
  'crm.menu',
  'crm.chat.menu',
  'crm.chat.view',
  'crm.chat.send',
  'crm.chat.assign',
];

/** A member who only sees the inbox (as the Viewer template does): no reply, upload or assignment. */
export const CHAT_VIEWER: PermissionKey[] = ['crm.menu', 'crm.chat.menu', 'crm.chat.view'];

/** A customer writes in on the project's number; answers their conversation as the owner sees it. */
export async function conversationWith(
  server: TestServer,
  setup: InboxProject,
  phone: string,
): Promise<ConversationSummary> {
  const answer = await deliver(
    server,
    // Written now by the test's clock: the 24-hour window is open whatever the clock was moved to.
    inbound('inbound-text.json', {
      phoneNumberId: setup.account.phoneNumberId,
      from: phone,
      timestamp: server.clock.now(),
    }),
  );
  expect(answer.status).toBe(200);
  let list: ConversationSummary[] = [];
  let found: ConversationSummary | undefined;
  // A delivery whose first store failed (a busy database) is kept and tried again after a short
  // back-off, as the worker does: move the clock past it and work it off, a few times at most.
  for (let round = 0; round < 4 && found === undefined; round += 1) {
    if (round > 0) server.clock.advance(5_000);
    await server.app.sapa.processPendingDeliveries();
    list = dataOf<ConversationSummary[]>(
      await server.act('conversation_list', {
        token: setup.owner.token,
        key: setup.project.key,
        // The whole number: six digits that start with 08 would be read as a local number (`08…`).
        search: phone,
      }),
    );
    found = list.find((conversation) => conversation.customer.phone === phone);
  }
  if (found === undefined) {
    // Say where the delivery stands, so a rare failure here can be told apart from a slow one.
    const recent = await server.app.sapa.services.db
      .select({
        attempts: webhookDeliveries.attempts,
        processedAt: webhookDeliveries.processedAt,
        lastError: webhookDeliveries.lastError,
      })
      .from(webhookDeliveries)
      .orderBy(desc(webhookDeliveries.receivedAt))
      .limit(3);
    // And whether the message was stored at all (a listing problem) or never (a routing one).
    const stored = await queryRows<Record<string, unknown>>(
      server.app.sapa.services.db,
      sql`select c.id, c.project_id = (select p.id from projects p where p.key = ${setup.project.key}) as same_project, c.account_id, c.last_seq,
        c.last_message_at, cu.phone from customers cu left join conversations c on c.customer_id = cu.id
        where cu.phone = ${phone}`,
    );
    const account = await queryRows<Record<string, unknown>>(
      server.app.sapa.services.db,
      sql`select id, phone_number_id, status, deleted_at from wa_accounts where id = ${setup.account.id}::uuid`,
    );
    throw new Error(
      `no conversation with ${phone} among ${list.length} found; latest deliveries: ${JSON.stringify(recent)}; stored: ${JSON.stringify(stored)}; account: ${JSON.stringify(account)}`,
    );
  }
  return found;
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads `TINY_PNG` as the project's owner (FilePond's process request); answers the media id. */
export async function uploadPng(server: TestServer, setup: InboxProject): Promise<string> {
  const form = new FormData();
  form.append('filepond', new Blob([new Uint8Array(TINY_PNG)]), 'katalog.png');
  const answer = await fetch(`${server.url}/upload/${setup.project.key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.owner.token}` },
    body: form,
  });
  expect(answer.status).toBe(200);
  return answer.text();
}
