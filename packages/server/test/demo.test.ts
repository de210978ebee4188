import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../src/auth/users.ts';
import type { Db } from '../src/db/openDatabase.ts';
import { queryRows } from '../src/db/queryRows.ts';
import { referenceProblems } from '../src/automation/references.ts';
import { ruleOf } from '../src/automation/rules.ts';
import {
  automationRules,
  conversations,
  customers,
  media,
  messages,
  projectMembers,
  projects,
  serverSettings,
  users,
  waAccounts,
} from '../src/db/schema.ts';
import { readDemoSettings, seedInbox, startDemo } from '../src/demo/index.ts';
import { DEMO_TEMPLATES } from '../src/demo/demoTemplates.ts';
import { DEMO_RULES } from '../src/demo/seedAutomation.ts';
import { seedCrm } from '../src/demo/seedCrm.ts';
import type { Demo, DemoOptions, DemoWrite } from '../src/demo/index.ts';
import { hashPassword } from '../src/security/password.ts';
import { acts, allPermissionKeys, isWithinWorkingHours } from '../src/sdk.ts';
import type {
  AutomationActivity,
  ConversationSummary,
  MessageTemplate,
  Project,
  ThreadMessage,
  WhatsAppAccount,
} from '../src/sdk.ts';
import { createCustomers } from '../src/simulator/index.ts';
import { projectSettings } from '../src/team/settings.ts';
import { registerUser, signIn } from './support/flows.ts';
import { dataOf } from './support/inbox.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import type { TestDatabase } from './support/testDatabase.ts';
import { startTestServer, TEST_APP_SECRET } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

/** The demo's data outlives each server: one data directory (or PostgreSQL database) for all starts. */
let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-demo-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const startServer = () => startTestServer({ dataDir, databaseUrl: database.url });

interface Started {
  demo: Demo;
  printed: string;
}

/** `startDemo` as main.ts calls it, against a test server, with what it prints captured. */
async function runDemo(server: TestServer, options: Partial<DemoOptions> = {}): Promise<Started> {
  let printed = '';
  const demo = await startDemo({
    services: server.app.sapa.services,
    appUrl: server.url,
    webhookUrl: `${server.url}/webhooks/whatsapp`,
    appSecret: TEST_APP_SECRET,
    log: server.app.log,
    print: (text) => {
      printed += text;
    },
    trickle: false,
    ...options,
  });
  // The messages the demo just had delivered, stored.
  await server.app.sapa.processPendingDeliveries();
  return { demo, printed };
}

function printedCredentials(printed: string): { phone: string; password: string } {
  const phone = /^ {2}Phone {5}(08\d{8,12})$/m.exec(printed)?.[1];
  const password = /^ {2}Password {2}(\S+)$/m.exec(printed)?.[1];
  if (phone === undefined || password === undefined) throw new Error(`no credentials in:\n${printed}`);
  return { phone, password };
}

async function tableCounts(db: Db) {
  const countOf = async (table: typeof users | typeof projects | typeof waAccounts | typeof customers) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [conversationCount] = await db.select({ n: count() }).from(conversations);
  const [messageCount] = await db.select({ n: count() }).from(messages);
  return {
    users: await countOf(users),
    projects: await countOf(projects),
    accounts: await countOf(waAccounts),
    customers: await countOf(customers),
    conversations: conversationCount?.n ?? 0,
    messages: messageCount?.n ?? 0,
  };
}

/** The project's labels (with customers carrying each), stages in board order and shortcuts. */
async function crmSet(db: Db, projectId: string) {
  const labelRows = await queryRows<{ name: string; carried: number | string }>(
    db,
    sql`select l.name, (select count(*) from customer_labels cl where cl.label_id = l.id) as carried
      from labels l where l.project_id = ${projectId} order by l.name`,
  );
  const stageRows = await queryRows<{ name: string; position: number; placed: number | string }>(
    db,
    sql`select s.name, s.position, (select count(*) from customer_stages cs where cs.stage_id = s.id) as placed
      from stages s where s.project_id = ${projectId} order by s.position`,
  );
  const replyRows = await queryRows<{ shortcut: string; text: string }>(
    db,
    sql`select shortcut, text from quick_replies where project_id = ${projectId} order by shortcut`,
  );
  return {
    labels: labelRows.map((row) => ({ name: row.name, carried: Number(row.carried) })),
    stages: stageRows.map((row) => ({ name: row.name, position: row.position, placed: Number(row.placed) })),
    quickReplies: replyRows,
  };
}

/** The project's automation rules by name, and the ids of the rows the demo's rules name. */
async function demoAutomation(db: Db, projectId: string) {
  const rows = await db.select().from(automationRules).where(eq(automationRules.projectId, projectId));
  const [named] = await queryRows<{ sales: string; bayar: string; promo: string }>(
    db,
    sql`select
      (select id from divisions where project_id = ${projectId}::uuid and name = 'Sales') as sales,
      (select id from stages where project_id = ${projectId}::uuid and name = 'Bayar') as bayar,
      (select id from wa_templates where project_id = ${projectId}::uuid and name = 'promo_akhir_pekan') as promo`,
  );
  if (named === undefined) throw new Error('no demo rows');
  return { rules: new Map(rows.map((row) => [row.name, row])), ...named };
}

/**
 * Conversations of the project whose messages or summary break the inbox's rules: seqs not
 * 1..last_seq without gaps, or last_message, last_message_at, last_inbound_at not those of its
 * messages. Empty when the history is consistent.
 */
async function inconsistentConversations(db: Db, projectId: string) {
  return queryRows<{ id: string }>(
    db,
    sql`
    select c.id from conversations c
    join lateral (
      select count(*)::int as n, min(seq) as first_seq, max(seq) as last_seq,
        max(created_at) as last_at, max(created_at) filter (where direction = 'in') as last_in
      from messages m where m.conversation_id = c.id
    ) s on true
    left join messages newest on newest.conversation_id = c.id and newest.seq = c.last_seq
    where c.project_id = ${projectId}::uuid and (
      s.n <> c.last_seq or s.first_seq <> 1 or s.last_seq <> c.last_seq
      or c.last_message_at is distinct from s.last_at
      or c.last_inbound_at is distinct from s.last_in
      or newest.id is null
      or c.last_message is distinct from jsonb_build_object('type', newest.type, 'caption', newest.caption,
        'filename', newest.filename, 'name', newest.name, 'direction', newest.direction, 'status', newest.status)
      or c.unread < 0
      or exists (select 1 from messages later where later.conversation_id = c.id
        and later.seq > 1 and later.created_at < (select created_at from messages earlier
          where earlier.conversation_id = c.id and earlier.seq = later.seq - 1)))`,
  );
}

/** Settles an agent's send: the job sends to the simulator, whose status webhooks are then stored. */
async function settleSend(server: TestServer, demo: Demo, messageId: string): Promise<string> {
  await server.app.sapa.runJobsOnce();
  let status = '';
  // A status may come before its send is stored and wait for a retry: move the clock, not the wall.
  for (let round = 0; round < 10 && status !== 'read' && status !== 'failed'; round += 1) {
    await demo.simulator.idle();
    server.clock.advance(30_000);
    await server.app.sapa.processPendingDeliveries();
    const [row] = await server.app.sapa.services.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, messageId));
    status = row?.status ?? '';
  }
  return status;
}

describe('the demo (startDemo)', () => {
  let first: TestServer;
  let started: Started;
  let projectId: string;
  let userId: string;
  let token: string;
  let trickled: DemoWrite;

  beforeAll(async () => {
    first = await startServer();
    started = await runDemo(first);
  });
  let firstClosed = false;
  afterAll(async () => {
    await started.demo.stop();
    if (!firstClosed) await first.close();
  });

  it('makes a demo user, their project and the simulated number on first start', async () => {
    const { db } = first.app.sapa.services;
    expect(started.demo.created).toBe(true);
    const { phone, password } = printedCredentials(started.printed);
    const e164 = `+62${phone.slice(1)}`;
    expect(e164).toMatch(/^\+628\d{9,11}$/);
    expect(started.demo.credentials).toMatchObject({ phone: e164, password });

    const [user] = await db.select().from(users).where(eq(users.phone, e164));
    if (user === undefined) throw new Error('no demo user');
    userId = user.id;
    // Stored hashed like anyone's password.
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(password);

    const [project] = await db
      .select()
      .from(projects)
      .where(eq(projects.key, started.demo.credentials.projectKey));
    if (project === undefined) throw new Error('no demo project');
    projectId = project.id;
    expect(project.createdBy).toBe(user.id);
    const [member] = await db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user.id)));
    expect([...(member?.permissions ?? [])].sort()).toEqual([...allPermissionKeys].sort());

    const accounts = await db.select().from(waAccounts).where(eq(waAccounts.projectId, project.id));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.graphBaseUrl).toBe(started.demo.simulator.graphBaseUrl);
    expect(accounts[0]?.status).toBe('connected');

    // A gallery to pick from: the sample photo and price list, kept for good.
    const gallery = await db.select().from(media).where(eq(media.projectId, project.id));
    expect(
      gallery.map((file) => [file.filename, file.mimeType, file.inGallery, file.expiresAt]).sort(),
    ).toEqual([
      ['Daftar harga.pdf', 'application/pdf', true, null],
      ['Katalog batik parang.jpg', 'image/jpeg', true, null],
    ]);

    // The setting that remembers it.
    const settings = await readDemoSettings(db);
    expect(settings).toMatchObject({ projectKey: project.key, userId: user.id, phone: e164, password });
  });

  it('seeds labels, stages and quick replies, with labels and stages on some customers', async () => {
    const { db } = first.app.sapa.services;
    const crm = await crmSet(db, projectId);
    expect(crm.labels.map((label) => label.name)).toEqual(['Komplain', 'Pelanggan Baru', 'Reseller', 'VIP']);
    for (const label of crm.labels) expect(label.carried).toBeGreaterThan(0);
    // Some customers, not all: 300 seeded, a sixth at most for the widest label.
    expect(Math.max(...crm.labels.map((label) => label.carried))).toBeLessThanOrEqual(50);
    expect(crm.stages.map((stage) => [stage.name, stage.position])).toEqual([
      ['Prospek', 0],
      ['Negosiasi', 1],
      ['Deal', 2],
      ['Bayar', 3],
      ['Selesai', 4],
    ]);
    for (const stage of crm.stages) expect(stage.placed).toBeGreaterThan(0);
    expect(crm.quickReplies.map((reply) => reply.shortcut)).toEqual(['harga', 'ongkir', 'rekening', 'salam']);
    for (const reply of crm.quickReplies) expect(reply.text).toContain('{nama}');
    // The labels' kept counts agree with who carries them.
    const counted = await queryRows<{ name: string; customer_count: number }>(
      db,
      sql`select name, customer_count from labels where project_id = ${projectId} order by name`,
    );
    expect(counted.map((row) => row.customer_count)).toEqual(crm.labels.map((label) => label.carried));
  });

  it('switches on four automation rules, valid drafts that name the Sales division, the stage Bayar and a template', async () => {
    const { db } = first.app.sapa.services;
    const { rules, sales, bayar, promo } = await demoAutomation(db, projectId);
    expect([...rules.values()].map((row) => [row.kind, row.name, row.enabled]).sort()).toEqual([
      ['auto_division', DEMO_RULES.price, true],
      ['auto_reply', DEMO_RULES.greeting, true],
      ['auto_stage', DEMO_RULES.paid, true],
      ['follow_up', DEMO_RULES.followUp, true],
    ]);
    // What `automation_rule_create` checks: the draft field, then the project's own rows.
    const field = acts.automation_rule_create.input.shape.rule;
    for (const row of rules.values()) {
      const rule = ruleOf(row);
      expect(field.safeParse(rule).error).toBeUndefined();
      expect((await referenceProblems(db, projectId, rule)).problems).toEqual([]);
    }
    const rule = (name: string) => ruleOf(rules.get(name) ?? expect.fail(`no rule ${name}`));
    expect(rule(DEMO_RULES.greeting)).toMatchObject({
      trigger: { kind: 'outside_working_hours' },
      conditions: [],
      actions: [{ kind: 'send_text' }],
      quietPeriodMinutes: 720,
    });
    expect(rule(DEMO_RULES.price)).toMatchObject({
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      actions: [
        { kind: 'assign_division', divisionId: sales },
        { kind: 'assign_agent', strategy: 'round_robin', userIds: [] },
      ],
    });
    expect(rule(DEMO_RULES.paid)).toMatchObject({
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['transfer'] }],
      actions: [{ kind: 'set_stage', stageId: bayar }],
    });
    expect(rule(DEMO_RULES.followUp)).toMatchObject({
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', keywords: ['harga'] }],
      steps: [
        { delay: { amount: 2, unit: 'minutes' }, message: { kind: 'send_text' } },
        { delay: { amount: 1, unit: 'days' }, message: { kind: 'send_template', templateId: promo } },
      ],
    });
  });

  it("seeds the simulator's customers with a consistent, mostly closed history", async () => {
    const { db } = first.app.sapa.services;
    const seeded = createCustomers(340, 1).slice(0, 300);
    const stored = await db
      .select({ phone: customers.phone, name: customers.name })
      .from(customers)
      .where(eq(customers.projectId, projectId));
    const storedPhones = new Set(stored.map((customer) => customer.phone));
    for (const customer of seeded) expect(storedPhones.has(customer.phone)).toBe(true);
    expect(stored.find((customer) => customer.phone === seeded[0]?.phone)?.name).toBe(seeded[0]?.name);
    // 300 with history, plus the new customers who wrote "earlier today".
    expect(stored.length).toBeGreaterThan(300);

    expect(await inconsistentConversations(db, projectId)).toEqual([]);

    const [facts] = await queryRows<Record<string, number>>(
      db,
      sql`select
        count(distinct c.id)::int as conversations,
        count(distinct c.id) filter (where c.unread > 0)::int as unread,
        count(distinct c.id) filter (where c.assigned_user_id = ${userId}::uuid)::int as assigned,
        count(distinct c.id) filter (where c.last_inbound_at > now() - interval '24 hours')::int as open,
        count(*) filter (where m.type not in ('text', 'vcard', 'template'))::int as media,
        count(*) filter (where m.type = 'vcard')::int as vcards,
        count(*) filter (where m.reply_to is not null)::int as replies,
        count(*) filter (where m.caption ~ '[{](name|resi)[}]')::int as placeholders,
        count(*) filter (where m.direction = 'out')::int as outbound,
        count(*) filter (where m.direction = 'out' and (m.sender_user_id is distinct from ${userId}::uuid
          or m.status not in ('sent', 'delivered', 'read') or m.wamid is null)
          -- The demo broadcast's two recipients that Meta failed (seedBroadcasts.ts).
          and not (m.status = 'failed' and m.broadcast_id is not null and m.error is not null))::int as bad_outbound,
        count(*) filter (where m.direction = 'in' and m.wamid is null)::int as inbound_without_wamid
      from conversations c join messages m on m.conversation_id = c.id
      where c.project_id = ${projectId}::uuid`,
    );
    expect(facts).toMatchObject({ media: 0, bad_outbound: 0, inbound_without_wamid: 0, placeholders: 0 });
    expect(facts?.conversations).toBeGreaterThan(300);
    expect(facts?.unread).toBeGreaterThan(20);
    expect(facts?.assigned).toBeGreaterThan(20);
    expect(facts?.vcards).toBeGreaterThan(0);
    expect(facts?.replies).toBeGreaterThan(0);
    expect(facts?.outbound).toBeGreaterThan(300);
    // A few windows open (what the simulator delivered "earlier today"), most closed.
    expect(facts?.open).toBeGreaterThanOrEqual(5);
    expect(facts?.open).toBeLessThan(30);
    // A broadcast that finished with its results, and one scheduled for later (seedBroadcasts.ts).
    const made = await queryRows<{ status: string; recipients: number }>(
      db,
      sql`select b.status, (select count(*)::int from broadcast_recipients r where r.broadcast_id = b.id) as recipients
        from broadcasts b where b.project_id = ${projectId}::uuid order by b.scheduled_at`,
    );
    expect(made.map((row) => row.status)).toEqual(['done', 'scheduled']);
    expect(made[0]?.recipients).toBeGreaterThan(10);

    // Two divisions, the demo user in Sales, a fifth of the seeded conversations in each.
    const teams = await queryRows<{ name: string; members: number; conversations: number }>(
      db,
      sql`select d.name,
        (select count(*) from division_members m where m.division_id = d.id and m.user_id = ${userId}::uuid)::int as members,
        (select count(*) from conversations c where c.division_id = d.id)::int as conversations
      from divisions d where d.project_id = ${projectId}::uuid order by d.name`,
    );
    expect(teams.map((team) => [team.name, team.members])).toEqual([
      ['Sales', 1],
      ['Support', 0],
    ]);
    for (const team of teams) expect(team.conversations).toBe(60);
  });

  it('lets the demo user sign in with the printed phone and password', async () => {
    const { phone, password } = printedCredentials(started.printed);
    expect(started.printed).toContain(`OTP +62${phone.slice(1)} <code>`);
    token = await signIn(first, phone, password);
    const page = await first.act('conversation_list', { token, key: started.demo.credentials.projectKey });
    const listed = dataOf<ConversationSummary[]>(page);
    expect(listed).toHaveLength(20);
    expect(page.body.total_page).toBeGreaterThanOrEqual(15);
    // Newest first: those written "earlier today", with their window open.
    expect(listed[0]?.windowClosesAt).not.toBeNull();
  });

  it('routes a customer who asks the price to Sales and moves one who transferred to Bayar, in the activity log', async () => {
    const { db } = first.app.sapa.services;
    const key = started.demo.credentials.projectKey;
    const { sales, bayar } = await demoAutomation(db, projectId);
    // Two customers with history, quiet for a day, in neither Sales nor Bayar yet.
    const [asker, payer] = await queryRows<{ phone: string; customer_id: string; conversation_id: string }>(
      db,
      sql`select cu.phone, cu.id as customer_id, c.id as conversation_id
        from conversations c join customers cu on cu.id = c.customer_id
        where c.project_id = ${projectId}::uuid and c.last_inbound_at < now() - interval '25 hours'
          and c.division_id is distinct from ${sales}::uuid
          and not exists (select 1 from customer_stages s where s.customer_id = cu.id and s.stage_id = ${bayar}::uuid)
        order by c.created_at, c.id limit 2`,
    );
    if (asker === undefined || payer === undefined) throw new Error('no quiet customers');
    const asked = await started.demo.simulator.customerWrites(
      asker.phone,
      'Kak, harganya berapa untuk batik tulis?',
    );
    const paid = await started.demo.simulator.customerWrites(payer.phone, 'Sudah saya transfer ya kak');
    expect([asked.delivery.ok, paid.delivery.ok]).toEqual([true, true]);
    await first.app.sapa.processPendingDeliveries();
    await first.app.sapa.runJobsOnce();

    const linesOf = async (customerId: string, wamid: string) => {
      const [message] = await db.select({ id: messages.id }).from(messages).where(eq(messages.wamid, wamid));
      const lines = dataOf<AutomationActivity[]>(
        await first.act('automation_activity_list', { token, key, customerId }),
      );
      return lines.filter((line) => line.messageId === message?.id);
    };
    const priceLines = await linesOf(asker.customer_id, asked.wamid);
    expect(priceLines.find((line) => line.rule.name === DEMO_RULES.price)).toMatchObject({
      rule: { kind: 'auto_division' },
      event: 'message',
      outcome: 'fired',
      keyword: 'harga',
    });
    const [routed] = await db
      .select({ divisionId: conversations.divisionId })
      .from(conversations)
      .where(eq(conversations.id, asker.conversation_id));
    expect(routed?.divisionId).toBe(sales);
    // The greeting answers only while the project is closed, at the time the engine judged the
    // message (the routing line's); inside working hours it leaves no line (skipLogged).
    const greeting = priceLines.find((line) => line.rule.name === DEMO_RULES.greeting);
    const routing = priceLines.find((line) => line.rule.name === DEMO_RULES.price);
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    if (routing === undefined || project === undefined) throw new Error('no routing line');
    const settings = await projectSettings(db, project);
    const open = isWithinWorkingHours(new Date(routing.at), settings.timeZone, settings.workingHours);
    expect(greeting?.outcome ?? 'no line').toBe(open ? 'no line' : 'fired');

    const paidLines = await linesOf(payer.customer_id, paid.wamid);
    expect(paidLines.find((line) => line.rule.name === DEMO_RULES.paid)).toMatchObject({
      rule: { kind: 'auto_stage' },
      outcome: 'fired',
      keyword: 'transfer',
    });
    const placed = await queryRows<{ stage_id: string }>(
      db,
      sql`select stage_id from customer_stages where customer_id = ${payer.customer_id}::uuid`,
    );
    expect(placed).toEqual([{ stage_id: bayar }]);
    // Neither message sets off the other rule.
    const fired = (lines: AutomationActivity[], name: string) =>
      lines.filter((line) => line.rule.name === name && line.outcome === 'fired');
    expect(fired(priceLines, DEMO_RULES.paid)).toEqual([]);
    expect(fired(paidLines, DEMO_RULES.price)).toEqual([]);
  });

  it("keeps customers writing in: the trickle's message arrives through the webhook", async () => {
    // The same demo again, now with its trickle on (short pauses): the first message it writes. It
    // goes on writing until the later start; each message is an automation job (the demo's rules),
    // which the job runs of the tests below work off, so the pauses leave them time to.
    await started.demo.stop();
    let written: (write: DemoWrite) => void = () => undefined;
    const firstWrite = new Promise<DemoWrite>((resolve) => (written = resolve));
    started = {
      ...(await runDemo(first, { trickle: { minMs: 250, maxMs: 500 }, onWrite: (write) => written(write) })),
    };
    expect(started.demo.created).toBe(false);
    trickled = await firstWrite;
    expect(trickled.result.delivery.ok).toBe(true);
    await first.app.sapa.processPendingDeliveries();

    const [stored] = await first.app.sapa.services.db
      .select()
      .from(messages)
      .where(eq(messages.wamid, trickled.result.wamid));
    expect(stored?.direction).toBe('in');
    const listed = dataOf<ConversationSummary[]>(
      await first.act('conversation_list', {
        token,
        key: started.demo.credentials.projectKey,
        search: trickled.result.customer.phone,
      }),
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]?.lastSeq).toBeGreaterThanOrEqual(stored?.seq ?? Infinity);
    expect(listed[0]?.windowClosesAt).not.toBeNull();
  });

  it("answers the agent's reply with status webhooks from the simulator", async () => {
    const [conversation] = dataOf<ConversationSummary[]>(
      await first.act('conversation_list', {
        token,
        key: started.demo.credentials.projectKey,
        search: trickled.result.customer.phone,
      }),
    );
    const sent = dataOf<ThreadMessage>(
      await first.act('message_send', {
        token,
        key: started.demo.credentials.projectKey,
        conversationId: conversation?.id,
        clientId: randomUUID(),
        type: 'text',
        caption: 'Halo kak, ada yang bisa kami bantu?',
      }),
    );
    expect(await settleSend(first, started.demo, sent.id)).toBe('read');
  });

  it("offers the demo's approved templates and reaches a customer whose window has closed", async () => {
    const key = started.demo.credentials.projectKey;
    const [account] = dataOf<WhatsAppAccount[]>(await first.act('account_list', { token, key }));
    if (account === undefined) throw new Error('no demo account');
    expect(account.wabaId).toMatch(/^\d{15}$/);
    const templates = dataOf<MessageTemplate[]>(
      await first.act('template_list', { token, key, accountId: account.id }),
    );
    const approved = templates.filter((template) => template.status === 'APPROVED');
    expect(approved.map((template) => template.name)).toEqual(
      expect.arrayContaining(DEMO_TEMPLATES.map((draft) => draft.name)),
    );
    const promo = approved.find((template) => template.name === 'promo_akhir_pekan');
    expect(promo?.header).toMatchObject({ format: 'IMAGE' });
    const update = approved.find((template) => template.name === 'update_pesanan');
    expect(update?.buttons).toMatchObject([{ type: 'URL', url: 'https://tokodemo.example/lacak/{{1}}' }]);

    const [closed] = await queryRows<{ id: string }>(
      first.app.sapa.services.db,
      sql`select id from conversations where project_id = ${projectId}::uuid
        and last_inbound_at < now() - interval '25 hours' order by last_message_at desc limit 1`,
    );
    const reminder = approved.find((template) => template.name === 'pengingat_pembayaran');
    if (closed === undefined || reminder === undefined) throw new Error('no closed conversation or reminder');
    const refused = await first.act('message_send', {
      token,
      key,
      conversationId: closed.id,
      clientId: randomUUID(),
      type: 'text',
      caption: 'Halo kak',
    });
    expect(refused.body).toMatchObject({ code: '0', reason: 'window_closed' });
    const sent = dataOf<ThreadMessage>(
      await first.act('message_send', {
        token,
        key,
        conversationId: closed.id,
        clientId: randomUUID(),
        type: 'template',
        template: { id: reminder.id, values: { body: ['{nama}', 'Rp150.000'] } },
      }),
    );
    expect(sent.template?.name).toBe('pengingat_pembayaran');
    expect(sent.caption).toContain('Rp150.000');
    expect(sent.caption).not.toContain('{nama}');
    expect(['delivered', 'read']).toContain(await settleSend(first, started.demo, sent.id));
  });

  describe('a later start on the same data', () => {
    let second: TestServer;
    let again: Started;
    let before: Awaited<ReturnType<typeof tableCounts>>;

    let crmBefore: Awaited<ReturnType<typeof crmSet>>;
    let rulesBefore: string[];
    let templatesBefore: { id: string; name: string; status: string; meta_id: string }[];

    beforeAll(async () => {
      await started.demo.stop();
      await first.app.sapa.processPendingDeliveries();
      // The last customer messages' automation jobs (a rule's reply is a new message) run here, not
      // in the second server after the count.
      await first.app.sapa.runJobsOnce();
      before = await tableCounts(first.app.sapa.services.db);
      // The team deletes a seeded label: a restart must not bring it back.
      await first.app.sapa.services.db.execute(
        sql`delete from labels where project_id = ${projectId} and name = 'Komplain'`,
      );
      crmBefore = await crmSet(first.app.sapa.services.db, projectId);
      // And an automation rule: a restart must not bring it back either.
      await first.app.sapa.services.db
        .delete(automationRules)
        .where(and(eq(automationRules.projectId, projectId), eq(automationRules.name, DEMO_RULES.paid)));
      rulesBefore = [...(await demoAutomation(first.app.sapa.services.db, projectId)).rules.keys()].sort();
      templatesBefore = await queryRows(
        first.app.sapa.services.db,
        sql`select id, name, status, meta_id from wa_templates where project_id = ${projectId}::uuid order by name`,
      );
      await first.close();
      firstClosed = true;
      second = await startServer();
      again = await runDemo(second);
    });
    afterAll(async () => {
      await again.demo.stop();
      await second.close();
    });

    it('creates nothing new and prints the same credentials', async () => {
      expect(again.demo.created).toBe(false);
      expect(printedCredentials(again.printed)).toEqual(printedCredentials(started.printed));
      expect(again.demo.credentials).toEqual(started.demo.credentials);
      expect(await tableCounts(second.app.sapa.services.db)).toEqual(before);
      // The new simulator's port.
      const [account] = await second.app.sapa.services.db
        .select({ graphBaseUrl: waAccounts.graphBaseUrl })
        .from(waAccounts)
        .where(eq(waAccounts.projectId, projectId));
      expect(account?.graphBaseUrl).toBe(again.demo.simulator.graphBaseUrl);
      expect(again.demo.simulator.graphBaseUrl).not.toBe(started.demo.simulator.graphBaseUrl);
    });

    it('gives the new simulator the templates the project holds, keeping their ids', async () => {
      const { db } = second.app.sapa.services;
      const rows = await queryRows<{ id: string; name: string; status: string; meta_id: string }>(
        db,
        sql`select id, name, status, meta_id from wa_templates where project_id = ${projectId}::uuid order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(DEMO_TEMPLATES.map((draft) => draft.name)),
      );
      expect(rows).toEqual(templatesBefore);
      const wabaId = (await db.select().from(waAccounts).where(eq(waAccounts.projectId, projectId)))[0]
        ?.wabaId;
      for (const row of rows) {
        expect(
          again.demo.simulator.graph.templates.find(wabaId ?? '', row.name, 'id')?.id ?? row.meta_id,
        ).toBe(row.meta_id);
      }
    });

    it('leaves the CRM set and the automation rules as the team left them', async () => {
      expect(crmBefore.labels.map((label) => label.name)).not.toContain('Komplain');
      expect(await crmSet(second.app.sapa.services.db, projectId)).toEqual(crmBefore);
      expect(rulesBefore).toEqual([DEMO_RULES.followUp, DEMO_RULES.greeting, DEMO_RULES.price].sort());
      const { rules } = await demoAutomation(second.app.sapa.services.db, projectId);
      expect([...rules.keys()].sort()).toEqual(rulesBefore);
    });

    it('answers a reply to a customer who wrote before the restart, whose window is still open', async () => {
      const { phone, password } = printedCredentials(again.printed);
      const signedIn = await signIn(second, phone, password);
      const [conversation] = await second.app.sapa.services.db
        .select({ id: conversations.id })
        .from(conversations)
        .innerJoin(customers, eq(customers.id, conversations.customerId))
        .where(
          and(eq(conversations.projectId, projectId), eq(customers.phone, trickled.result.customer.phone)),
        );
      const sent = dataOf<ThreadMessage>(
        await second.act('message_send', {
          token: signedIn,
          key: again.demo.credentials.projectKey,
          conversationId: conversation?.id,
          clientId: randomUUID(),
          type: 'text',
          caption: 'Pesanan kakak sudah kami kirim ya',
        }),
      );
      // Not 'failed' with 131047: the new simulator knows the window.
      expect(await settleSend(second, again.demo, sent.id)).toBe('read');
    });

    it('says so instead of printing a password the demo user has changed', async () => {
      const { db } = second.app.sapa.services;
      await setPassword(db, userId, await hashPassword('a-new-password-1'), second.clock.now());
      const third = await runDemo(second);
      await third.demo.stop();
      expect(third.demo.credentials.password).toBeNull();
      expect(third.printed).toMatch(/^ {2}Password {2}\(changed since the demo made it/m);
      expect(third.printed).not.toContain(started.demo.credentials.password ?? 'none');
      const settingRows = await db.select().from(serverSettings).where(eq(serverSettings.key, 'demo'));
      expect(settingRows).toHaveLength(1);
    });
  });
});

describe('seedInbox', () => {
  let server: TestServer;
  let ids: { projectId: string; accountId: string; agentUserId: string };
  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.app.sapa.services;
    const now = server.clock.now();
    const agentUserId = randomUUID();
    const projectId = randomUUID();
    const accountId = randomUUID();
    await db.insert(users).values({
      id: agentUserId,
      name: 'Agen',
      phone: '+6281299990001',
      passwordHash: 'scrypt$x',
      passwordChangedAt: now,
      createdAt: now,
    });
    await db.insert(projects).values({
      id: projectId,
      key: 'seedbench1',
      name: 'Bench',
      createdBy: agentUserId,
      ownerId: agentUserId,
      createdAt: now,
    });
    await db.insert(waAccounts).values({
      id: accountId,
      projectId,
      name: 'Bench',
      phoneNumberId: '199990000000001',
      displayPhone: '+6281210009000',
      accessToken: 'token',
      createdAt: now,
      updatedAt: now,
    });
    ids = { projectId, accountId, agentUserId };
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes thousands of conversations and a long thread that agree with their messages', async () => {
    const { db } = server.app.sapa.services;
    const seeded = createCustomers(5_000, 9);
    const result = await seedInbox(db, {
      ...ids,
      customers: seeded,
      longThreads: [{ customer: 17, messages: 3_000 }],
      now: server.clock.now(),
    });
    expect(result.conversations).toBe(5_000);
    const [stored] = await db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.projectId, ids.projectId));
    expect(stored?.n).toBe(result.messages);
    expect(await inconsistentConversations(db, ids.projectId)).toEqual([]);

    const [long] = await db
      .select({ lastSeq: conversations.lastSeq })
      .from(conversations)
      .innerJoin(customers, eq(customers.id, conversations.customerId))
      .where(and(eq(conversations.projectId, ids.projectId), eq(customers.phone, seeded[17]?.phone ?? '')));
    expect(long?.lastSeq).toBe(3_000);

    const [shares] = await queryRows<{ open: number; ads: number; future: number }>(
      db,
      sql`select
        count(*) filter (where last_inbound_at > ${server.clock.now().toISOString()}::timestamptz - interval '24 hours')::int as open,
        count(*) filter (where referral is not null)::int as ads,
        count(*) filter (where last_message_at > ${server.clock.now().toISOString()}::timestamptz)::int as future
      from conversations where project_id = ${ids.projectId}::uuid`,
    );
    // About 5 % of windows open (the default), a conversation per ad customer, nothing in the future.
    expect(shares?.open).toBeGreaterThan(100);
    expect(shares?.open).toBeLessThan(500);
    expect(shares?.ads).toBe(seeded.filter((customer) => customer.fromAd).length);
    expect(shares?.future).toBe(0);
  });

  it('leaves customers who already have a conversation on the account alone', async () => {
    const { db } = server.app.sapa.services;
    const before = await tableCounts(db);
    const again = await seedInbox(db, {
      ...ids,
      customers: createCustomers(5_010, 9),
      now: server.clock.now(),
    });
    expect(again.conversations).toBe(10);
    const after = await tableCounts(db);
    expect(after.conversations - before.conversations).toBe(10);
    expect(after.messages - before.messages).toBe(again.messages);
    expect(await inconsistentConversations(db, ids.projectId)).toEqual([]);
  });

  it("stores names as they are (quotes, commas, braces), also inside a caller's transaction", async () => {
    const { db } = server.app.sapa.services;
    const name = 'Siti "Bu RT", {Toko} \\ Jaya';
    // Inside a caller's transaction, which goes on with its foreign-key checks on.
    const role = await db.transaction(async (tx) => {
      await seedInbox(tx, { ...ids, customers: [{ phone: '+6281299990777', name }] });
      return queryRows<{ role: string }>(tx, sql`select current_setting('session_replication_role') as role`);
    });
    expect(role).toEqual([{ role: 'origin' }]);
    const [stored] = await db.select().from(customers).where(eq(customers.phone, '+6281299990777'));
    expect(stored?.name).toBe(name);
  });

  it('refuses an account of another project', async () => {
    const { db } = server.app.sapa.services;
    await expect(
      seedInbox(db, { ...ids, projectId: randomUUID(), customers: createCustomers(3, 1) }),
    ).rejects.toThrow(/not one of the project's/);
  });
});

describe('seedCrm', () => {
  it('adds only what the project lacks, and a second run adds nothing', async () => {
    const server = await startTestServer();
    try {
      const { db } = server.app.sapa.services;
      const owner = await registerUser(server);
      const project = dataOf<Project>(
        await server.act('project_create', { token: owner.token, name: 'Toko' }),
      );
      const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, project.key));
      if (row === undefined) throw new Error('no project');
      // The team made "VIP" and a stage already: kept, and the seeded stages come after it.
      await server.act('label_create', {
        token: owner.token,
        key: project.key,
        name: 'vip',
        color: '#000000',
      });
      await server.act('stage_create', {
        token: owner.token,
        key: project.key,
        name: 'Baru',
        color: '#000000',
      });

      const now = server.clock.now();
      expect(await seedCrm(db, { projectId: row.id, now })).toEqual({
        labels: 3,
        stages: 5,
        quickReplies: 4,
      });
      const once = await crmSet(db, row.id);
      expect(once.labels.map((label) => label.name)).toEqual([
        'Komplain',
        'Pelanggan Baru',
        'Reseller',
        'vip',
      ]);
      expect(once.stages.map((stage) => [stage.name, stage.position])).toEqual([
        ['Baru', 0],
        ['Prospek', 1],
        ['Negosiasi', 2],
        ['Deal', 3],
        ['Bayar', 4],
        ['Selesai', 5],
      ]);
      expect(await seedCrm(db, { projectId: row.id, now })).toEqual({
        labels: 0,
        stages: 0,
        quickReplies: 0,
      });
      expect(await crmSet(db, row.id)).toEqual(once);
    } finally {
      await server.close();
    }
  });
});
