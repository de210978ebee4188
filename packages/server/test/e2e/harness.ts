/**
 * The server the e2e tests run against (e2e/globalSetup.ts starts it): the real app (`buildApp`,
 * PGlite in `SAPA_DATA_DIR`, the built web app, the console OTP sender) on `PORT`, plus a control
 * server on `E2E_CONTROL_PORT` through which the tests play the parts no screen offers yet:
 * WhatsApp's side (a simulator per account, speaking the real protocol on loopback) and
 * memberships with chosen permissions (invites come with the team issue).
 *
 * The app's Graph API (`WHATSAPP_GRAPH_BASE_URL`) is the simulator's `GraphApiServer` on loopback,
 * playing Meta's directory of numbers: `account_create` verifies a number there, so a test
 * registers its number first (`POST /numbers`), as a business has its number at Meta before adding
 * it to Sapa. It also keeps the WABAs' templates: one created through it is reviewed
 * `E2E_TEMPLATE_REVIEW_MS` later (default 1500) and its `message_template_status_update` webhook,
 * signed with the app secret, goes to the app, as Meta's would.
 *
 * Control API (JSON, 127.0.0.1 only):
 * - `POST /numbers {phoneNumberId, accessToken, wabaId?, displayPhone?, verifiedName?, qualityRating?,
 *   messagingLimit?}`: Meta knows the number, in that WABA (default: one per token); answers
 *   `{ phoneNumberId, wabaId }`.
 * - `POST /simulators {accountId}`: a simulator for that account of the app (its number and token),
 *   whose Graph API the account's sends now reach; answers `{ id, graphBaseUrl, customers }`.
 * - `POST /simulators/{id}/write {customer, text?, kind?}`: a customer (index or phone) writes.
 * - `GET /simulators/{id}/sent`: every Graph API request the simulator received.
 * - `POST /simulators/{id}/not-on-whatsapp {phone}`: sends to that phone are accepted, then fail with 131026.
 * - `POST /members {key, phone, permissions}`: makes a registered user a member with exactly those keys.
 * - `POST /templates {wabaId, body, status?}`: Meta has had the template for long (`body`: a create
 *   body, SDK `templateCreateBody`; `status` default `APPROVED`), without a webhook: `template_sync`
 *   reads it. Every simulator shares these templates, so their sends are checked against them.
 * - `POST /conversations/age {accountId, phone, hours}`: the customer last wrote `hours` earlier
 *   than they did (their 24-hour window closes as if that much time went by).
 * - `POST /billing/fund {key, amount}`: the project's balance gets `amount` rupiah (an adjustment),
 *   so specs about something else can send paid templates.
 * - `POST /clock/advance {ms}`: the app's clock jumps `ms` ahead (never back), and the simulators'
 *   with it (their messages' timestamps); presence renews its heartbeat at the new time and the due
 *   jobs run, as the server tests' `clock.advance` does: a follow-up's minutes pass without
 *   waiting them. `POST /clock/reset` puts the wall clock back, so a spec that moved the clock
 *   leaves it as it found it for the specs after it.
 * - `POST /presence {userIds}`: which of those users are online (a socket of theirs connected), as
 *   automation's assignment sees them; answers `{ online }`.
 *
 * Top-ups are paid on the payment gateway simulator (src/simulator/payments, PAYMENT_GATEWAY
 * `simulator`): its page is where the browser pays, its notifications come to the app, and payers
 * come back to `/saldo`. Its hooks:
 * - `GET /payments/orders`: the simulator's orders; `GET /payments/notifications?orderId=`: what it sent.
 * - `POST /payments/pay {orderId, method?: 'qris' | 'bca_va'}`: the payer pays without the page.
 * - `POST /payments/redeliver {orderId, times?, status?, concurrently?}`: its last notification
 *   (of that `transaction_status`) delivered again.
 * - `POST /payments/expire {orderId}`, `POST /payments/deny {orderId}`, `POST /payments/refund {orderId, amount?}`.
 * - `POST /payments/fail {count?, mode?: 'error' | 'drop'}` (count default: all) and `POST /payments/restore`:
 *   the gateway's API fails, then works again; `POST /payments/lose {on}`: notifications are lost.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import {
  conversations,
  customers,
  projectMembers,
  projects,
  users,
  waAccounts,
} from '../../src/db/schema.ts';
import { normalizePhone, parsePermissions } from '../../src/sdk.ts';
import { realtimeOf } from '../../src/realtime/attachRealtime.ts';
import { onlineUserIds } from '../../src/realtime/presence.ts';
import { openToken } from '../../src/security/tokenBox.ts';
import { createSimulator, GraphApiServer } from '../../src/simulator/index.ts';
import { fundProject } from '../support/billing.ts';
import { PaymentSimulator } from '../../src/simulator/payments/index.ts';
import type { OrderStatus } from '../../src/simulator/payments/index.ts';
import { MIDTRANS_NOTIFICATION_PATH } from '../../src/billing/payments/index.ts';
import type {
  InboundKind,
  Simulator,
  SimulatorMessagingLimit,
  SimulatorQualityRating,
} from '../../src/simulator/index.ts';

const config = loadConfig();
const reviewMs = Number(process.env.E2E_TEMPLATE_REVIEW_MS ?? 1_500);
const meta = new GraphApiServer({
  accounts: [],
  templateReviewMs: reviewMs,
  webhook: {
    target: `http://127.0.0.1:${config.port}/webhooks/whatsapp`,
    appSecret: config.whatsapp.appSecret,
  },
});
config.whatsapp.graphBaseUrl = await meta.listen();
const gateway = new PaymentSimulator({
  serverKey: 'SB-Mid-server-e2e-simulator',
  notificationUrl: `http://127.0.0.1:${config.port}${MIDTRANS_NOTIFICATION_PATH}`,
  merchantName: 'Sapa',
});
const gatewayUrl = await gateway.listen();
config.publicUrl = `http://127.0.0.1:${config.port}`;
config.payments = {
  ...config.payments,
  gateway: 'simulator',
  serverKey: 'SB-Mid-server-e2e-simulator',
  snapUrl: gatewayUrl,
  apiUrl: gatewayUrl,
  notificationUrl: null,
};
// A marketing template costs Rp10.000 here, so two of them empty the Rp20.000 the billing spec
// moves into its project (e2e/billing.spec.ts); the other categories keep their defaults.
config.billing = {
  ...config.billing,
  prices: [
    ...config.billing.prices.filter((row) => row.category !== 'MARKETING'),
    { category: 'MARKETING', price: 10_000, from: '2025-07-01' },
  ],
};
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 3102);
// The app's clock: the wall clock, moved ahead by `POST /clock/advance`.
let clockOffsetMs = 0;
const app = await buildApp({ config, now: () => new Date(Date.now() + clockOffsetMs) });
await app.listen({ port: config.port, host: config.host });
const webhook = `http://127.0.0.1:${config.port}/webhooks/whatsapp`;
const { db, publisher } = app.sapa.services;
const simulators = new Map<string, Simulator>();

type Json = Record<string, unknown>;

async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Json);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function addSimulator(body: Json): Promise<unknown> {
  const [account] = await db
    .select()
    .from(waAccounts)
    .where(eq(waAccounts.id, String(body.accountId)));
  if (account === undefined) throw new Error(`no account ${String(body.accountId)}`);
  const simulator = await createSimulator({
    target: webhook,
    appSecret: config.whatsapp.appSecret,
    accounts: [
      {
        phoneNumberId: account.phoneNumberId,
        displayPhone: account.displayPhone.replace(/^\+/, ''),
        // Stored sealed: the simulated Meta knows the token itself.
        accessToken: openToken(app.sapa.services.config.whatsapp.tokenKey, account.accessToken),
        ...(account.wabaId === null ? {} : { wabaId: account.wabaId }),
      },
    ],
    // The templates Meta's directory holds: sends are checked against them.
    templates: meta.templates,
    customers: typeof body.customers === 'number' ? body.customers : 5,
    seed: typeof body.seed === 'number' ? body.seed : Date.now() % 100_000,
    // Specs find customers by name.
    distinctNames: true,
    statusDelaysMs: { sent: 50, delivered: 700, read: 1_500 },
    // WhatsApp's timestamps follow the app's clock (`POST /clock/advance`).
    now: () => Date.now() + clockOffsetMs,
  });
  await db
    .update(waAccounts)
    .set({ graphBaseUrl: simulator.graphBaseUrl })
    .where(eq(waAccounts.id, account.id));
  app.sapa.services.accountRoutes.forget(account.phoneNumberId);
  const id = String(simulators.size + 1);
  simulators.set(id, simulator);
  return {
    id,
    graphBaseUrl: simulator.graphBaseUrl,
    customers: simulator.customers.map(({ index, phone, name, fromAd }) => ({ index, phone, name, fromAd })),
  };
}

function addNumber(body: Json): unknown {
  const phoneNumberId = String(body.phoneNumberId);
  meta.addAccount({
    phoneNumberId,
    accessToken: String(body.accessToken),
    displayPhone: typeof body.displayPhone === 'string' ? body.displayPhone : '6281210009000',
    ...(typeof body.verifiedName === 'string' ? { verifiedName: body.verifiedName } : {}),
    ...(typeof body.wabaId === 'string' ? { wabaId: body.wabaId } : {}),
    ...(typeof body.qualityRating === 'string'
      ? { qualityRating: body.qualityRating as SimulatorQualityRating }
      : {}),
    ...(typeof body.messagingLimit === 'string'
      ? { messagingLimit: body.messagingLimit as SimulatorMessagingLimit }
      : {}),
  });
  return { phoneNumberId, wabaId: meta.wabaIdOf(phoneNumberId) };
}

async function addMember(body: Json): Promise<unknown> {
  const phone = normalizePhone(String(body.phone));
  const [user] = phone === null ? [] : await db.select().from(users).where(eq(users.phone, phone));
  const [project] = await db
    .select()
    .from(projects)
    .where(eq(projects.key, String(body.key)));
  if (user === undefined || project === undefined) throw new Error('no such user or project');
  const permissions = parsePermissions(body.permissions);
  await db
    .insert(projectMembers)
    .values({ projectId: project.id, userId: user.id, permissions, createdAt: new Date() })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { permissions } });
  await publisher.membershipChanged({ userId: user.id, key: project.key, permissions });
  return { userId: user.id };
}

function addTemplate(body: Json): unknown {
  const status = typeof body.status === 'string' ? (body.status as 'APPROVED') : 'APPROVED';
  const template = meta.seedTemplate(String(body.wabaId), body.body, { status });
  return { id: template.id, name: template.name, status: template.status };
}

async function ageConversation(body: Json): Promise<unknown> {
  const phone = normalizePhone(String(body.phone));
  const hours = Number(body.hours);
  if (phone === null || !Number.isFinite(hours)) throw new Error('phone and hours needed');
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(conversations, eq(conversations.customerId, customers.id))
    .where(and(eq(customers.phone, phone), eq(conversations.accountId, String(body.accountId))));
  if (customer === undefined) throw new Error(`no conversation with ${phone}`);
  const aged = await db
    .update(conversations)
    .set({
      lastInboundAt: sql`${conversations.lastInboundAt} - ${Math.round(hours)}::int * interval '1 hour'`,
    })
    .where(
      and(eq(conversations.customerId, customer.id), eq(conversations.accountId, String(body.accountId))),
    )
    .returning({ id: conversations.id });
  return { conversationIds: aged.map((row) => row.id) };
}

async function fund(body: Json): Promise<unknown> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.key, String(body.key)));
  if (project === undefined) throw new Error(`no project ${String(body.key)}`);
  const wallet = await fundProject(db, project.id, Number(body.amount));
  return { balance: wallet.balance };
}

async function advanceClock(body: Json): Promise<unknown> {
  const ms = Number(body.ms);
  if (!Number.isFinite(ms) || ms < 0) throw new Error('ms must be a number of milliseconds, not negative');
  clockOffsetMs += ms;
  await realtimeOf(app).presence.heartbeat();
  await app.sapa.runJobsOnce();
  return { now: app.sapa.services.now().toISOString() };
}

async function resetClock(): Promise<unknown> {
  clockOffsetMs = 0;
  await realtimeOf(app).presence.heartbeat();
  return { now: app.sapa.services.now().toISOString() };
}

async function online(body: Json): Promise<unknown> {
  const userIds = Array.isArray(body.userIds) ? body.userIds.map(String) : [];
  return { online: [...(await onlineUserIds(db, userIds, app.sapa.services.now()))] };
}

/** The payment simulator's hooks (`/payments/…`), or null for another path. */
async function paymentRoute(request: IncomingMessage, url: URL): Promise<[number, unknown] | null> {
  if (request.method === 'GET' && url.pathname === '/payments/orders') return [200, gateway.orders()];
  if (request.method === 'GET' && url.pathname === '/payments/notifications') {
    return [200, gateway.notifications(url.searchParams.get('orderId') ?? undefined)];
  }
  if (request.method !== 'POST' || !url.pathname.startsWith('/payments/')) return null;
  const body = await readJson(request);
  const orderId = String(body.orderId);
  switch (url.pathname) {
    case '/payments/pay':
      return [200, await gateway.pay(orderId, body.method === 'bca_va' ? 'bca_va' : 'qris')];
    case '/payments/redeliver':
      return [
        200,
        await gateway.redeliver(orderId, {
          ...(typeof body.times === 'number' ? { times: body.times } : {}),
          ...(typeof body.status === 'string' ? { status: body.status as OrderStatus } : {}),
          concurrently: body.concurrently === true,
        }),
      ];
    case '/payments/expire':
      return [200, await gateway.expire(orderId)];
    case '/payments/deny':
      return [200, await gateway.deny(orderId)];
    case '/payments/refund':
      return [200, await gateway.refund(orderId, typeof body.amount === 'number' ? body.amount : undefined)];
    case '/payments/fail':
      gateway.failNext(
        typeof body.count === 'number' ? body.count : Infinity,
        body.mode === 'drop' ? 'drop' : 'error',
      );
      return [200, {}];
    case '/payments/restore':
      gateway.restore();
      return [200, {}];
    case '/payments/lose':
      gateway.loseNotifications(body.on === true);
      return [200, {}];
    default:
      return null;
  }
}

async function route(request: IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(request.url ?? '/', 'http://control');
  const payments = await paymentRoute(request, url);
  if (payments !== null) return payments;
  const parts = url.pathname.split('/').filter((part) => part !== '');
  if (request.method === 'POST' && url.pathname === '/numbers')
    return [200, addNumber(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/simulators')
    return [200, await addSimulator(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/members')
    return [200, await addMember(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/templates')
    return [200, addTemplate(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/conversations/age')
    return [200, await ageConversation(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/billing/fund')
    return [200, await fund(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/presence')
    return [200, await online(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/clock/advance')
    return [200, await advanceClock(await readJson(request))];
  if (request.method === 'POST' && url.pathname === '/clock/reset') return [200, await resetClock()];
  const simulator = parts[0] === 'simulators' ? simulators.get(parts[1] ?? '') : undefined;
  if (simulator !== undefined && request.method === 'POST' && parts[2] === 'write') {
    const body = await readJson(request);
    const who = typeof body.customer === 'number' ? body.customer : String(body.customer);
    const written = await simulator.customerWrites(
      who,
      typeof body.kind === 'string'
        ? { kind: body.kind as InboundKind, ...(typeof body.text === 'string' ? { text: body.text } : {}) }
        : typeof body.text === 'string'
          ? body.text
          : undefined,
    );
    return [200, { wamid: written.wamid, kind: written.kind, delivered: written.delivery.ok }];
  }
  if (simulator !== undefined && request.method === 'POST' && parts[2] === 'not-on-whatsapp') {
    const body = await readJson(request);
    if (typeof body.phone !== 'string') return [400, { error: 'phone is required' }];
    simulator.graph.markNotOnWhatsApp(body.phone);
    return [200, { ok: true }];
  }
  if (simulator !== undefined && request.method === 'GET' && parts[2] === 'sent')
    return [200, simulator.sent()];
  return [404, { error: 'no such control route' }];
}

const control = createServer((request, response) => {
  route(request).then(
    ([status, body]) => answer(response, status, body),
    (error: unknown) =>
      answer(response, 500, { error: error instanceof Error ? error.message : String(error) }),
  );
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
process.stdout.write(`Sapa listening on http://127.0.0.1:${config.port} (control on ${controlPort})\n`);

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  control.close();
  Promise.all(
    [...simulators.values()].map((simulator) => simulator.close()).concat(meta.close(), gateway.close()),
  )
    .then(() => app.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
