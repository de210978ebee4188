/**
 * Test support for the broadcast engine (issue 17): a project whose number talks to a simulator of
 * its own (Meta's limits, status webhooks back to the test server), its customers, a template Meta
 * approved, and broadcasts stored as the acts store them. The engine runs on a job runner of the
 * test's own on the server's clock, and its waits move that clock instead of sleeping, as does the
 * simulator's.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { templateCreateBody } from '@sapa/sdk';
import type { Db } from '../../src/db/openDatabase.ts';
import {
  broadcastRecipients,
  broadcasts,
  customers,
  jobs,
  projects,
  waAccounts,
  waTemplates,
} from '../../src/db/schema.ts';
import type { BroadcastRecipientRow, BroadcastRow, TemplateRow } from '../../src/db/schema.ts';
import { broadcastJobHandlers, BROADCAST_JOB_KINDS } from '../../src/broadcasts/engine.ts';
import type { BroadcastDeps } from '../../src/broadcasts/engine.ts';
import { enqueueBroadcastStart } from '../../src/broadcasts/control.ts';
import { BroadcastProgress } from '../../src/broadcasts/progress.ts';
import { JobRunner } from '../../src/jobs/JobRunner.ts';
import { createSimulator } from '../../src/simulator/index.ts';
import type { Simulator } from '../../src/simulator/index.ts';
import type { SimulatorLimits } from '../../src/simulator/types.ts';
import type { BroadcastAudience, BroadcastValues, TemplateDraft } from '../../src/sdk.ts';
import { fundProject } from './billing.ts';
import { inboxProject } from './inbox.ts';
import type { InboxProject } from './inbox.ts';
import { TEST_APP_SECRET } from './testServer.ts';
import type { TestServer } from './testServer.ts';

/** A promotion with one body variable: the customer's name. */
export function promoDraft(category: 'MARKETING' | 'UTILITY' = 'MARKETING'): TemplateDraft {
  return {
    name: `promo_${randomUUID().slice(0, 8)}`,
    language: 'id',
    category,
    header: null,
    body: 'Halo {{1}}, diskon 20% untuk semua sepatu minggu ini!',
    bodyExamples: ['Budi'],
    footer: null,
    buttons: [],
  };
}

export const NAME_VALUES: BroadcastValues = { body: [{ source: 'name', value: '', fallback: 'Kak' }] };

export interface BroadcastSetup extends InboxProject {
  projectId: string;
  simulator: Simulator;
  template: TemplateRow;
  /** The project's customers, in the order they were added (the simulator's, by default). */
  customers: { id: string; phone: string; name: string }[];
}

/**
 * A project with a number on a simulator of its own (`limits`, statuses at once) knowing an
 * approved template (`draft`), `customers` of the simulator's customers as the project's, and
 * `funds` on its balance (default Rp1.000.000). The number sends `rate` a second (default 1,000).
 */
export async function broadcastSetup(
  server: TestServer,
  options: {
    customers?: number;
    limits?: Partial<SimulatorLimits>;
    draft?: TemplateDraft;
    funds?: number;
    rate?: number | null;
  } = {},
): Promise<BroadcastSetup> {
  const setup = await inboxProject(server);
  const db = server.app.sapa.services.db;
  const wabaId = setup.account.wabaId;
  if (wabaId === null) throw new Error('the account has no WABA');
  const simulator = await createSimulator({
    target: `${server.url}/webhooks/whatsapp`,
    appSecret: TEST_APP_SECRET,
    accounts: [
      {
        phoneNumberId: setup.account.phoneNumberId,
        displayPhone: '6281210009000',
        accessToken: `token-${setup.account.phoneNumberId}`,
        wabaId,
      },
    ],
    customers: options.customers ?? 5,
    distinctNames: true,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    now: () => server.clock.now().getTime(),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    webhook: { maxAttempts: 20, backoffMs: 20, maxBackoffMs: 200 },
  });
  const draft = options.draft ?? promoDraft();
  const atMeta = simulator.graph.seedTemplate(wabaId, templateCreateBody(draft), { status: 'APPROVED' });
  const now = server.clock.now();
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.key, setup.project.key));
  if (project === undefined) throw new Error('no project');
  await db
    .update(waAccounts)
    .set({
      graphBaseUrl: simulator.graphBaseUrl,
      broadcastRate: options.rate === undefined ? 1_000 : options.rate,
    })
    .where(eq(waAccounts.id, setup.account.id));
  const [template] = await db
    .insert(waTemplates)
    .values({
      id: randomUUID(),
      projectId: project.id,
      accountId: setup.account.id,
      wabaId,
      metaId: atMeta.id,
      name: draft.name,
      language: draft.language,
      category: draft.category,
      status: 'APPROVED',
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
  if (template === undefined) throw new Error('no template');
  const added = await db
    .insert(customers)
    .values(
      simulator.customers.map((customer, index) => ({
        id: randomUUID(),
        projectId: project.id,
        name: customer.name,
        phone: customer.phone,
        // Oldest first in the customers table's order: the filter audience sends in this order.
        createdAt: new Date(now.getTime() - (simulator.customers.length - index) * 1_000),
      })),
    )
    .returning({ id: customers.id, phone: customers.phone, name: customers.name });
  const funds = options.funds ?? 1_000_000;
  if (funds > 0) await fundProject(db, project.id, funds, now);
  return { ...setup, projectId: project.id, simulator, template, customers: added };
}

/** Stores a broadcast of the setup's template as `broadcast_create` does, and queues its start. */
export async function createBroadcast(
  server: TestServer,
  setup: BroadcastSetup,
  options: { audience?: BroadcastAudience; values?: BroadcastValues; scheduledAt?: Date } = {},
): Promise<BroadcastRow> {
  const db = server.app.sapa.services.db;
  const now = server.clock.now();
  const { template } = setup;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({
        id: randomUUID(),
        projectId: setup.projectId,
        accountId: setup.account.id,
        clientId: randomUUID(),
        name: 'Promo akhir tahun',
        templateId: template.id,
        template: { name: template.name, language: template.language, content: template.content },
        category: template.category,
        values: options.values ?? NAME_VALUES,
        audience: options.audience ?? { kind: 'filter', filter: {} },
        status: 'scheduled',
        scheduledAt: options.scheduledAt ?? now,
        estimated: setup.customers.length,
        createdBy: setup.owner.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row === undefined) throw new Error('no broadcast');
    await enqueueBroadcastStart(tx, row, now);
    return row;
  });
}

/**
 * The engine as one more process on the server's database and clock: its own job runner over the
 * broadcast kinds, its waits moving the clock (a wait that ends before another's does not move it
 * back), its announcements into the server's publisher.
 */
export function engineProcess(
  server: TestServer,
  options: { sliceMs?: number } = {},
): { runner: JobRunner; deps: BroadcastDeps; stopping: AbortController; progress: BroadcastProgress } {
  const services = server.app.sapa.services;
  const stopping = new AbortController();
  const progress = new BroadcastProgress({ db: services.db, publisher: services.publisher }, 0);
  const deps: BroadcastDeps = {
    db: services.db,
    config: services.config,
    now: server.clock.now,
    publisher: services.publisher,
    files: services.media.files,
    log: server.app.log,
    progress,
    stopping: stopping.signal,
    ...(options.sliceMs === undefined ? {} : { sliceMs: options.sliceMs }),
    sleep: async (ms) => {
      const until = server.clock.now().getTime() + ms;
      // Let the sends under way take their turn first, as they would while a timer runs.
      await new Promise((resolve) => setImmediate(resolve));
      const ahead = until - server.clock.now().getTime();
      if (ahead > 0) server.clock.advance(ahead);
    },
  };
  const runner = new JobRunner({
    db: services.db,
    now: server.clock.now,
    log: server.app.log,
    kinds: { only: BROADCAST_JOB_KINDS },
    maxAttempts: 3,
    backoffMs: () => 0,
    handlers: broadcastJobHandlers(deps),
  });
  return { runner, deps, stopping, progress };
}

export async function broadcastNow(db: Db, id: string): Promise<BroadcastRow> {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (row === undefined) throw new Error('no broadcast');
  return row;
}

export async function recipientsOf(db: Db, id: string): Promise<BroadcastRecipientRow[]> {
  return db
    .select()
    .from(broadcastRecipients)
    .where(eq(broadcastRecipients.broadcastId, id))
    .orderBy(asc(broadcastRecipients.seq));
}

/** The accepted sends (`wa_id`s) the simulator took for the broadcast's template, in order. */
export function acceptedSends(setup: BroadcastSetup): string[] {
  return setup.simulator
    .sent()
    .filter((request) => request.method === 'POST' && request.status === 200 && request.wamid !== undefined)
    .map((request) => String((request.body as { to?: string } | undefined)?.to ?? '').replace(/^\+/, ''));
}

/** The charges and refunds of the broadcast's messages, summed per message. */
export async function chargesOf(
  db: Db,
  broadcastId: string,
): Promise<Map<string, { charged: number; refunded: number }>> {
  const rows = await db.execute(
    sql`select e.message_id, e.kind, e.amount from ledger_entries e
      join messages m on m.id = e.message_id where m.broadcast_id = ${broadcastId}::uuid`,
  );
  const totals = new Map<string, { charged: number; refunded: number }>();
  for (const row of (
    rows as unknown as { rows: { message_id: string; kind: string; amount: string | number }[] }
  ).rows) {
    const total = totals.get(row.message_id) ?? { charged: 0, refunded: 0 };
    if (row.kind === 'charge') total.charged += -Number(row.amount);
    if (row.kind === 'refund') total.refunded += Number(row.amount);
    totals.set(row.message_id, total);
  }
  return totals;
}

/** Every status webhook the simulator has under way delivered and stored, their progress announced. */
export async function settleWebhooks(server: TestServer, setup: BroadcastSetup): Promise<void> {
  await setup.simulator.idle();
  await server.app.sapa.processPendingDeliveries();
  await server.app.sapa.broadcastProgress.idle();
}

/**
 * Runs the engine until the broadcast has stopped sending (done, paused, cancelled), moving the
 * clock to each time its pump deferred itself to (a backoff, the grace for a status webhook).
 */
export async function runUntilStopped(
  server: TestServer,
  setup: BroadcastSetup,
  engine: ReturnType<typeof engineProcess>,
  broadcastId: string,
): Promise<BroadcastRow> {
  const db = server.app.sapa.services.db;
  for (let round = 0; round < 50; round += 1) {
    await engine.runner.runOnce();
    await settleWebhooks(server, setup);
    const broadcast = await broadcastNow(db, broadcastId);
    if (broadcast.status !== 'sending' && broadcast.status !== 'scheduled') return broadcast;
    // Its start, or its pump: when it runs next.
    const [due] = await db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          inArray(jobs.kind, [...BROADCAST_JOB_KINDS]),
          sql`${jobs.payload}->>'broadcastId' = ${broadcastId}`,
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1);
    const wait = (due?.runAt.getTime() ?? 0) - server.clock.now().getTime();
    if (wait > 0) server.clock.advance(wait);
  }
  throw new Error('the broadcast never stopped sending');
}

/**
 * Sends the setup's template to `phone` straight to the simulated Graph API (another sender of the
 * number, or a request of a process that died before storing its answer, with `callbackData`).
 */
export async function sendDirectly(
  setup: BroadcastSetup,
  phone: string,
  callbackData?: string,
): Promise<Response> {
  return fetch(`${setup.simulator.graphBaseUrl}/v23.0/${setup.account.phoneNumberId}/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer token-${setup.account.phoneNumberId}`,
    },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: setup.template.name,
        language: { code: setup.template.language },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Kak' }] }],
      },
      ...(callbackData === undefined ? {} : { biz_opaque_callback_data: callbackData }),
    }),
  });
}
