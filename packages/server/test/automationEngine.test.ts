/**
 * The automation engine's first slice (issue 18, src/automation/engine.ts) through the webhook and
 * the job runner, with the test clock: a customer's message queues one `automation.message` job
 * (only in a project with a rule switched on), and the job carries out the first auto-reply,
 * auto-division and auto-stage rule that fires: once per event however often it runs, within an
 * auto-reply's quiet period, in the project's time zone and working hours, free-form only inside
 * the 24-hour window, templates charged, a failing rule skipped without blocking the next.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automationMessageJob, AUTOMATION_MESSAGE_JOB } from '../src/automation/engine.ts';
import { conversationState } from '../src/automation/conversationState.ts';
import {
  automationActivity,
  automationRules,
  conversations,
  customerLabels,
  customerStages,
  followUpRuns,
  jobs,
  messages,
  projects,
  stageMoves,
  waAccounts,
} from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import { defaultPriceTable } from '../src/sdk.ts';
import type { CustomerStage, Division, Label, Stage, ThreadMessage } from '../src/sdk.ts';
import { entriesOfMessage } from './support/billing.ts';
import { uniquePhone } from './support/flows.ts';
import { dataOf, deliver, inbound } from './support/inbox.ts';
import { HOUR_MS, orderUpdate, storedTemplate } from './support/outreach.ts';
import { automationDepsOf, automationFile, MONDAY_10 } from './support/automation.ts';
import type { World } from './support/automation.ts';

const t = automationFile({ billing: { prices: [...defaultPriceTable] } });
const { world, create, db, runJobs, sentIn, activityOf, server, published } = t;

async function label(w: World): Promise<Label> {
  return dataOf<Label>(
    await server().act('label_create', { token: w.token, key: w.key, name: 'Lunas', color: '#daa520' }),
  );
}

/** The project's "Bayar" stage. */
async function bayar(w: World): Promise<Stage> {
  return dataOf<Stage>(
    await server().act('stage_create', { token: w.token, key: w.key, name: 'Bayar', color: '#00aa00' }),
  );
}

/** "Sudah transfer": a customer's "transfer" carries out `actions` (a stage move, say). */
const paidRule = (actions: unknown[]) => ({
  kind: 'auto_stage',
  name: 'Sudah transfer',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['transfer'] }],
  actions,
});

const reply = (text: string, fields: Record<string, unknown> = {}) => ({
  kind: 'auto_reply',
  name: `Balas ${text.slice(0, 10)}`,
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
  actions: [{ kind: 'send_text', text }],
  quietPeriodMinutes: 60,
  ...fields,
});

/** A follow-up rule that asks again 30 minutes after a message of a customer in `stageId`. */
const chaseDraft = (stageId: string) => ({
  kind: 'follow_up',
  name: 'Bayar ditanya lagi',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'stage', stageIds: [stageId] }],
  steps: [{ delay: { amount: 30, unit: 'minutes' }, message: { kind: 'send_text', text: 'Jadi kak?' } }],
});

/** The customer `phone` writes `text` (at `at`, the clock's now by default); the delivery is stored. */
async function write(w: World, phone: string, text: string, at = server().clock.now()): Promise<string> {
  const payload = inbound('inbound-text.json', {
    phoneNumberId: w.setup.account.phoneNumberId,
    from: phone,
    text,
    timestamp: at,
  });
  expect((await deliver(server(), payload)).status).toBe(200);
  await server().app.sapa.processPendingDeliveries();
  const [row] = await db()
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(
      eq(
        messages.wamid,
        (payload as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] }).entry[0]!
          .changes[0]!.value.messages[0]!.id,
      ),
    )
    .limit(1);
  if (row === undefined) throw new Error('message not stored');
  return row.id;
}

async function conversationOf(messageId: string): Promise<string> {
  const [row] = await db().select().from(messages).where(eq(messages.id, messageId));
  if (row === undefined) throw new Error('no message');
  return row.conversationId;
}

async function automationJobsFor(messageId: string): Promise<JobRow[]> {
  return db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, AUTOMATION_MESSAGE_JOB), sql`${jobs.payload}->>'messageId' = ${messageId}`));
}

/** Runs `job` with a handler of its own, as another process would (beside the app's runner). */
async function runDirectly(job: JobRow): Promise<void> {
  const handler = automationMessageJob(automationDepsOf(server()));
  await handler.run(job, { save: async () => true });
}

/**
 * Two auto-division rules in order: "komplain" to Support, then everything to Sales (which acts
 * only when the first does not end the kind's turn).
 */
async function complaintRouting(w: World) {
  const division = async (name: string) =>
    dataOf<Division>(
      await server().act('division_create', { token: w.token, key: w.key, name, color: '#0000aa' }),
    );
  const support = await division('Support');
  const sales = await division('Sales');
  const complaint = await create(w, {
    kind: 'auto_division',
    name: 'Komplain ke Support',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['komplain'] }],
    actions: [{ kind: 'assign_division', divisionId: support.id }],
  });
  const everything = await create(w, {
    kind: 'auto_division',
    name: 'Sisanya ke Sales',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [],
    actions: [{ kind: 'assign_division', divisionId: sales.id }],
  });
  return { support, sales, complaint, everything };
}

describe('automation.message', () => {
  it('answers a keyword once, keeps the quiet period, and answers again after it', async () => {
    const w = await world();
    const rule = await create(w, reply('Harga mulai Rp50.000, kak {nama}.'));
    const phone = uniquePhone();
    const first = await write(w, phone, 'Berapa harganya kak?');
    expect(await automationJobsFor(first)).toHaveLength(1);
    await runJobs();
    const conversationId = await conversationOf(first);
    const sent = await sentIn(conversationId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.caption).toMatch(/^Harga mulai Rp50\.000, kak .+\.$/);
    expect(sent[0]?.caption).not.toContain('{nama}');
    expect(sent[0]?.automationRuleId).toBe(rule.id);
    expect(sent[0]?.senderUserId).toBeNull();
    const news = published()
      .of('message.new')
      .filter((event) => event.message.id === sent[0]?.id);
    expect(news).toHaveLength(1);

    server().clock.advance(10 * 60_000);
    await write(w, phone, 'HARGA?');
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(1);
    const lines = await activityOf(rule.id);
    expect(lines.map((entry) => [entry.outcome, entry.reason])).toEqual([
      ['fired', null],
      ['skipped', 'quiet_period'],
    ]);
    expect(lines[0]?.keyword).toBe('harga');
    expect(lines[0]?.actions).toEqual([
      { kind: 'send_text', status: 'done', reason: null, targetId: sent[0]?.id },
    ]);

    server().clock.advance(60 * 60_000);
    await write(w, phone, 'harga ongkir?');
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(2);

    // The thread says automation sent them, and which rule: live, and read again.
    const named = { ruleId: rule.id, ruleName: rule.name };
    expect(news[0]?.message.automation).toEqual(named);
    const senders = async () =>
      dataOf<ThreadMessage[]>(
        await server().act('message_list', { token: w.token, key: w.key, conversationId }),
      ).map((message) => [message.direction, message.automation]);
    expect(await senders()).toEqual([
      ['in', null],
      ['out', named],
      ['in', null],
      ['in', null],
      ['out', named],
    ]);
    // A deleted rule's messages still say automation sent them, without its name.
    dataOf(await server().act('automation_rule_delete', { token: w.token, key: w.key, id: rule.id }));
    const unnamed = { ruleId: rule.id, ruleName: null };
    expect((await senders()).filter(([direction]) => direction === 'out')).toEqual([
      ['out', unnamed],
      ['out', unnamed],
    ]);
  });

  it('greets out of hours only, in the project’s time zone', async () => {
    const w = await world();
    const rule = await create(w, {
      kind: 'auto_reply',
      name: 'Di luar jam kerja',
      enabled: true,
      trigger: { kind: 'outside_working_hours' },
      conditions: [],
      actions: [{ kind: 'send_text', text: 'Kami buka lagi besok jam 09.00.' }],
      quietPeriodMinutes: 720,
    });
    // Monday 10:00 in Jakarta: open, no greeting.
    const open = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    expect(await sentIn(await conversationOf(open))).toHaveLength(0);
    expect((await activityOf(rule.id)).map((entry) => entry.reason)).toEqual([]);

    // Monday 20:00 in Jakarta: closed.
    await t.setClock(new Date('2027-01-04T20:00:00+07:00'));
    const night = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    expect((await sentIn(await conversationOf(night))).map((row) => row.caption)).toEqual([
      'Kami buka lagi besok jam 09.00.',
    ]);

    // Monday 10:00 in Jakarta is Sunday 22:00 in New York: closed there.
    await t.setClock(MONDAY_10);
    await db().update(projects).set({ timeZone: 'America/New_York' }).where(eq(projects.id, w.projectId));
    const elsewhere = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    expect(await sentIn(await conversationOf(elsewhere))).toHaveLength(1);
  });

  it('routes "harga" to a division and moves "transfer" to a stage, by automation', async () => {
    const w = await world();
    const division = dataOf<Division>(
      await server().act('division_create', { token: w.token, key: w.key, name: 'Sales', color: '#0000aa' }),
    );
    const stage = await bayar(w);
    const label = dataOf<Label>(
      await server().act('label_create', { token: w.token, key: w.key, name: 'Lunas', color: '#daa520' }),
    );
    const routing = await create(w, {
      kind: 'auto_division',
      name: 'Harga ke Sales',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      actions: [{ kind: 'assign_division', divisionId: division.id }],
    });
    const moving = await create(
      w,
      paidRule([
        { kind: 'set_stage', stageId: stage.id },
        { kind: 'add_label', labelId: label.id },
      ]),
    );
    const phone = uniquePhone();
    const asked = await write(w, phone, 'Harganya berapa?');
    await runJobs();
    const conversationId = await conversationOf(asked);
    const [routed] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(routed?.divisionId).toBe(division.id);
    const updates = published()
      .of('conversation.updated')
      .filter((event) => event.conversation.id === conversationId);
    expect(updates.at(-1)?.conversation.division?.id).toBe(division.id);
    // "harga" is no reason to move the stage: its keyword did not match, which the log leaves out (skipLogged).
    expect((await activityOf(moving.id)).map((entry) => entry.reason)).toEqual([]);

    published().clear();
    await write(w, phone, 'Sudah saya transfer ya');
    await runJobs();
    const customerId = routed?.customerId ?? '';
    const [where] = await db().select().from(customerStages).where(eq(customerStages.customerId, customerId));
    expect(where?.stageId).toBe(stage.id);
    const [move] = await db().select().from(stageMoves).where(eq(stageMoves.customerId, customerId));
    expect(move?.ruleId).toBe(moving.id);
    expect(move?.userId).toBeNull();
    // The board and the customer panel follow a rule's move live, as they follow a member's.
    expect(
      published()
        .of('customer.stage')
        .map((event) => [event.key, event.customerId, event.stage?.id]),
    ).toEqual([[w.key, customerId, stage.id]]);
    // Its history says "by automation" and the rule; an agent's move says who.
    const history = async () =>
      dataOf<CustomerStage>(
        await server().act('customer_stage_get', { token: w.token, key: w.key, customerId }),
      ).history;
    expect((await history()).map((entry) => [entry.to?.name, entry.by, entry.automation])).toEqual([
      ['Bayar', null, { ruleId: moving.id, ruleName: 'Sudah transfer' }],
    ]);
    dataOf(
      await server().act('customer_stage_set', { token: w.token, key: w.key, customerId, stageId: null }),
    );
    const [byAgent, byRule] = await history();
    expect([byAgent?.by?.id, byAgent?.automation]).toEqual([w.setup.owner.userId, null]);
    expect(byRule?.automation).toEqual({ ruleId: moving.id, ruleName: 'Sudah transfer' });
    const labels = await db().select().from(customerLabels).where(eq(customerLabels.customerId, customerId));
    expect(labels.map((row) => row.labelId)).toEqual([label.id]);
    expect(
      published()
        .of('conversation.updated')
        .filter((event) => event.conversation.id === conversationId).length,
    ).toBeGreaterThan(0);
    // The routing rule fired on "harga" only; "transfer" did not meet its keyword (no line).
    expect((await activityOf(routing.id)).map((entry) => entry.outcome)).toEqual(['fired']);

    // A deleted rule's move is still automation's, unnamed; it keeps the rule's id (as its messages do).
    dataOf(await server().act('automation_rule_delete', { token: w.token, key: w.key, id: moving.id }));
    expect((await history()).map((entry) => [entry.by?.id ?? null, entry.automation])).toEqual([
      [w.setup.owner.userId, null],
      [null, { ruleId: moving.id, ruleName: null }],
    ]);
  });

  it('records a rule that would change nothing as fired, without overruling it by the next rule of its kind', async () => {
    const w = await world();
    const { support, complaint, everything } = await complaintRouting(w);
    const phone = uniquePhone();
    const first = await write(w, phone, 'Mau komplain');
    await runJobs();
    const conversationId = await conversationOf(first);
    published().clear();

    const again = await write(w, phone, 'Komplain lagi, belum dibalas');
    await runJobs();
    // Already in Support: the complaint rule was met and its kind's turn is over; Sales never acts.
    const [row] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row?.divisionId).toBe(support.id);
    expect(await activityOf(everything.id)).toEqual([]);
    const lineOf = async (messageId: string) =>
      (await activityOf(complaint.id)).filter((entry) => entry.messageId === messageId);
    expect((await lineOf(again)).map((entry) => [entry.outcome, entry.keyword, entry.actions])).toEqual([
      [
        'fired',
        'komplain',
        [{ kind: 'assign_division', status: 'done', reason: null, targetId: support.id }],
      ],
    ]);
    // Nothing changed, so the rule announces nothing: the one update is the inbox's, for the message.
    expect(
      published()
        .of('conversation.updated')
        .filter((event) => event.conversation.id === conversationId)
        .map((event) => [event.conversation.lastMessage?.caption, event.conversation.division?.id]),
    ).toEqual([['Komplain lagi, belum dibalas', support.id]]);
    // Its job run again (another process, a retry) finds the line and does nothing more.
    const [job] = await automationJobsFor(again);
    if (job === undefined) throw new Error('no automation job');
    await runDirectly(job);
    expect(await lineOf(again)).toHaveLength(1);
    expect(await activityOf(everything.id)).toEqual([]);
  });

  it('fails a division action whose division is not the project’s, and leaves the conversation where it was', async () => {
    const w = await world();
    const { complaint } = await complaintRouting(w);
    // A division gone since the rule was saved (as if deleted by a bug): no such row.
    const gone = randomUUID();
    await db()
      .update(automationRules)
      .set({ actions: [{ kind: 'assign_division', divisionId: gone }] as never })
      .where(eq(automationRules.id, complaint.id));
    const messageId = await write(w, uniquePhone(), 'Mau komplain');
    await runJobs();
    const [row] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, await conversationOf(messageId)));
    expect(row?.divisionId).toBeNull();
    expect((await activityOf(complaint.id)).map((entry) => [entry.outcome, entry.actions])).toEqual([
      ['fired', [{ kind: 'assign_division', status: 'failed', reason: null, targetId: null }]],
    ]);
  });

  it('on a re-run, passes over a rule that would change nothing but failed before, and lets the next one act', async () => {
    const w = await world();
    const { sales, complaint, everything } = await complaintRouting(w);
    const phone = uniquePhone();
    const first = await write(w, phone, 'Mau komplain');
    await runJobs();
    const conversationId = await conversationOf(first);
    const again = await write(w, phone, 'Komplain lagi');
    await runJobs();
    const [job] = await automationJobsFor(again);
    if (job === undefined) throw new Error('no automation job');
    const linesOf = async (ruleId: string, messageId: string) =>
      (await activityOf(ruleId))
        .filter((entry) => entry.messageId === messageId)
        .map((entry) => [entry.outcome, entry.reason]);
    // Support already: the complaint rule changes nothing, its line is written with the batch's.
    expect(await linesOf(complaint.id, again)).toEqual([['fired', null]]);
    // As a first run of its job that crashed after logging the complaint rule's failure left it.
    const eventKey = `message:${again}:${complaint.id}`;
    await db()
      .update(automationActivity)
      .set({ outcome: 'skipped', reason: 'error', keyword: null, actions: [] })
      .where(eq(automationActivity.eventKey, eventKey));
    await runDirectly(job);
    // The complaint rule would change nothing (Support already), but it is not answered as fired:
    // its earlier skip stands and the next rule has the turn.
    const [row] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row?.divisionId).toBe(sales.id);
    expect(await linesOf(complaint.id, again)).toEqual([['skipped', 'error']]);
    expect(await linesOf(everything.id, again)).toEqual([['fired', null]]);
    expect(await activityOf(everything.id)).toHaveLength(1);
  });

  it('lets each kind see what the earlier ones did to the same message, and records the follow-up’s version', async () => {
    const w = await world();
    const tag = await label(w);
    const stage = await bayar(w);
    const division = dataOf<Division>(
      await server().act('division_create', { token: w.token, key: w.key, name: 'Grosir', color: '#0000aa' }),
    );
    // A chain on one message: the reply labels, the label routes, the division moves the stage,
    // the stage starts a follow-up. Each kind meets its condition only through the one before.
    await create(
      w,
      reply('Harga kami kirim ya.', {
        actions: [
          { kind: 'send_text', text: 'Harga kami kirim ya.' },
          { kind: 'add_label', labelId: tag.id },
        ],
      }),
    );
    await create(w, {
      kind: 'auto_division',
      name: 'Berlabel ke Grosir',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'label', labelIds: [tag.id] }],
      actions: [{ kind: 'assign_division', divisionId: division.id }],
    });
    const moving = await create(w, {
      kind: 'auto_stage',
      name: 'Grosir ke Bayar',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'division', divisionIds: [division.id] }],
      actions: [{ kind: 'set_stage', stageId: stage.id }],
    });
    const chase = await create(w, chaseDraft(stage.id));
    // Edited twice: its runs record version 3.
    for (const name of ['Bayar ditanya', 'Bayar ditanya lagi'])
      dataOf(
        await server().act('automation_rule_update', {
          token: w.token,
          key: w.key,
          id: chase.id,
          rule: { ...chaseDraft(stage.id), name },
        }),
      );

    const asked = await write(w, uniquePhone(), 'Harganya berapa?');
    await runJobs();
    const conversationId = await conversationOf(asked);
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.divisionId).toBe(division.id);
    const customerId = conversation?.customerId ?? '';
    const [where] = await db().select().from(customerStages).where(eq(customerStages.customerId, customerId));
    expect(where?.stageId).toBe(stage.id);
    expect((await activityOf(moving.id)).map((line) => line.outcome)).toEqual(['fired']);
    const runs = await db().select().from(followUpRuns).where(eq(followUpRuns.ruleId, chase.id));
    expect(runs.map((run) => [run.conversationId, run.state, run.ruleVersion])).toEqual([
      [conversationId, 'pending', 3],
    ]);
  });

  it('outside the window sends and charges a template, and skips a text reply with its reason', async () => {
    const w = await world();
    const template = await storedTemplate(server(), w.setup, orderUpdate());
    const text = await create(w, reply('Harga mulai Rp50.000.', { conditions: [] }));
    const templated = await create(
      w,
      reply('unused', {
        name: 'Pesanan',
        conditions: [],
        actions: [
          {
            kind: 'send_template',
            templateId: template.id,
            values: {
              body: [
                { source: 'name', value: '', fallback: 'Kak' },
                { source: 'fixed', value: 'INV-7', fallback: '' },
              ],
              buttonUrl: { source: 'fixed', value: 'INV-7', fallback: '' },
            },
          },
        ],
      }),
    );
    // The message arrives 25 hours late: the window it opened is closed already.
    const late = await write(
      w,
      uniquePhone(),
      'Pesanan saya?',
      new Date(server().clock.now().getTime() - 25 * HOUR_MS),
    );
    await runJobs();
    const sent = await sentIn(await conversationOf(late));
    expect(sent.map((row) => [row.type, row.automationRuleId])).toEqual([['template', templated.id]]);
    const entries = await entriesOfMessage(db(), sent[0]?.id ?? '');
    expect(entries.map((entry) => entry.amount)).toEqual([-350]);
    expect((await activityOf(text.id)).map((entry) => [entry.outcome, entry.reason])).toEqual([
      ['skipped', 'outside_window_needs_template'],
    ]);
    expect((await activityOf(templated.id)).map((entry) => entry.outcome)).toEqual(['fired']);
  });

  it('acts once when the same job runs twice, concurrently and again', async () => {
    const w = await world();
    const rule = await create(w, reply('Harga mulai Rp50.000.'));
    const messageId = await write(w, uniquePhone(), 'harga?');
    const [job] = await automationJobsFor(messageId);
    if (job === undefined) throw new Error('no automation job');
    await Promise.all([runDirectly(job), runDirectly(job)]);
    await runJobs();
    expect(await sentIn(await conversationOf(messageId))).toHaveLength(1);
    expect((await activityOf(rule.id)).map((entry) => entry.outcome)).toEqual(['fired']);
  });

  it('logs and skips a rule that fails, and the next rule answers', async () => {
    const w = await world();
    const broken = await create(w, reply('Rusak'));
    const working = await create(w, reply('Harga mulai Rp50.000.'));
    // A row the engine cannot carry out (as if stored by a bug): its text is missing.
    await db()
      .update(automationRules)
      .set({ actions: [{ kind: 'send_text', text: null }] as never })
      .where(eq(automationRules.id, broken.id));
    const messageId = await write(w, uniquePhone(), 'harga?');
    await runJobs();
    expect((await sentIn(await conversationOf(messageId))).map((row) => row.caption)).toEqual([
      'Harga mulai Rp50.000.',
    ]);
    expect((await activityOf(broken.id)).map((entry) => [entry.outcome, entry.reason])).toEqual([
      ['skipped', 'error'],
    ]);
    expect((await activityOf(working.id)).map((entry) => entry.outcome)).toEqual(['fired']);
    const [job] = await automationJobsFor(messageId);
    expect(job?.failed).toBe(false);
    expect(job?.doneAt).not.toBeNull();
  });

  it('on a re-run, passes over a rule that failed before and lets the next one answer', async () => {
    const w = await world();
    // A rule of another kind makes the message queue its job, which finds no auto-reply then.
    await create(w, {
      kind: 'auto_stage',
      name: 'Tidak pernah',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'exact', keywords: ['tidak pernah'] }],
      actions: [{ kind: 'add_label', labelId: (await label(w)).id }],
    });
    const messageId = await write(w, uniquePhone(), 'harga?');
    await runJobs();
    const [job] = await automationJobsFor(messageId);
    if (job === undefined) throw new Error('no automation job');
    const failed = await create(w, reply('Pertama'));
    const next = await create(w, reply('Kedua'));
    // As a first run that crashed after logging the first rule's failure left it.
    const conversationId = await conversationOf(messageId);
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await db()
      .insert(automationActivity)
      .values({
        id: randomUUID(),
        projectId: w.projectId,
        ruleId: failed.id,
        ruleName: failed.name,
        kind: 'auto_reply',
        customerId: conversation?.customerId ?? '',
        conversationId,
        messageId,
        event: 'message',
        outcome: 'skipped',
        reason: 'error',
        eventKey: `message:${messageId}:${failed.id}`,
        at: server().clock.now(),
      });
    await runDirectly(job);
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Kedua']);
    expect((await activityOf(failed.id)).map((entry) => entry.reason)).toEqual(['error']);
    expect((await activityOf(next.id)).map((entry) => entry.outcome)).toEqual(['fired']);
  });

  it("judges messages that arrive together as one batch, each seeing what the earlier ones' rules did", async () => {
    const w = await world();
    const stage = await bayar(w);
    const answer = await create(w, reply('Harga mulai Rp50.000.'));
    const moving = await create(w, paidRule([{ kind: 'set_stage', stageId: stage.id }]));
    const chase = await create(w, {
      kind: 'follow_up',
      name: 'Tanya lagi',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      steps: [{ delay: { amount: 30, unit: 'minutes' }, message: { kind: 'send_text', text: 'Jadi kak?' } }],
    });
    // One webhook with four messages: A asks twice and then has paid, B asks once. Their jobs are
    // queued together, so the runner claims them together and the engine judges them as one batch.
    const [a, b] = [uniquePhone(), uniquePhone()];
    const at = (seconds: number) => new Date(MONDAY_10.getTime() + seconds * 1_000);
    const parts = [
      [a, 'Harganya berapa?', 0],
      [b, 'harga ongkir?', 0],
      [a, 'harga grosir juga ya', 1],
      [a, 'Sudah transfer kak', 2],
    ] as const;
    const payload = inbound('inbound-text.json', {
      phoneNumberId: w.setup.account.phoneNumberId,
      from: a,
      text: parts[0][1],
      timestamp: at(0),
    }) as { entry: { changes: { value: { messages: unknown[]; contacts: unknown[] } }[] }[] };
    const value = payload.entry[0]!.changes[0]!.value;
    const model = value.messages[0] as Record<string, unknown>;
    value.messages = parts.map(([phone, text, seconds], index) => ({
      ...model,
      id: `wamid.batch.${randomUUID()}.${index}`,
      from: phone.replace(/^\+/, ''),
      timestamp: String(Math.floor(at(seconds).getTime() / 1000)),
      text: { body: text },
    }));
    value.contacts = [a, b].map((phone) => ({
      ...(value.contacts[0] as Record<string, unknown>),
      wa_id: phone.replace(/^\+/, ''),
    }));
    await t.setClock(at(3));
    expect((await deliver(server(), payload)).status).toBe(200);
    await server().app.sapa.processPendingDeliveries();
    await runJobs();

    const conversationsOf = await db()
      .select({ id: conversations.id, customerId: conversations.customerId })
      .from(conversations)
      .innerJoin(projects, eq(projects.id, conversations.projectId))
      .where(eq(projects.key, w.key));
    expect(conversationsOf).toHaveLength(2);
    const undone = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, AUTOMATION_MESSAGE_JOB), sql`${jobs.doneAt} is null`));
    expect(undone).toEqual([]);
    // The reply: once each; A's second "harga" fell in the quiet period the first one started.
    const lines = await activityOf(answer.id);
    expect(lines.map((line) => [line.outcome, line.reason]).sort()).toEqual([
      ['fired', null],
      ['fired', null],
      ['skipped', 'quiet_period'],
    ]);
    let sent = 0;
    for (const conversation of conversationsOf) sent += (await sentIn(conversation.id)).length;
    expect(sent).toBe(2);
    // A's "transfer" moved A (and only A) to Bayar.
    const stages = await db().select().from(customerStages).where(eq(customerStages.stageId, stage.id));
    expect(stages).toHaveLength(1);
    const aConversation = conversationsOf.find((c) => c.customerId === stages[0]?.customerId);
    expect((await activityOf(moving.id)).map((line) => line.conversationId)).toEqual([aConversation?.id]);
    // Follow-ups: A's first run was replaced by its second "harga", which its "transfer" then
    // stopped; B's run waits.
    const runs = await db()
      .select()
      .from(followUpRuns)
      .where(eq(followUpRuns.ruleId, chase.id))
      .orderBy(asc(followUpRuns.startedAt));
    const ofA = runs.filter((run) => run.conversationId === aConversation?.id);
    const ofB = runs.filter((run) => run.conversationId !== aConversation?.id);
    expect(ofA.map((run) => [run.state, run.reason])).toEqual([
      ['stopped', 'customer_replied'],
      ['stopped', 'customer_replied'],
    ]);
    expect(ofB.map((run) => run.state)).toEqual(['pending']);
  });

  it('gives the event loop a turn before each message it judges when it waits for the inbox', async () => {
    const w = await world();
    const answer = await create(w, reply('Harga mulai Rp50.000.'));
    const asked = [await write(w, uniquePhone(), 'harga?'), await write(w, uniquePhone(), 'harganya?')];
    const queued = (await Promise.all(asked.map(automationJobsFor))).flat();
    expect(queued).toHaveLength(2);
    // Each wait for the inbox notes whether a callback queued for the loop's next turn has run
    // since the last one: PGlite settles statements without a turn, so only the engine gives it.
    let turned = false;
    const seen: boolean[] = [];
    const nextTurn = () => {
      turned = false;
      setImmediate(() => {
        turned = true;
      });
    };
    const handler = automationMessageJob({
      ...automationDepsOf(server()),
      inboxIdle: async () => {
        seen.push(turned);
        nextTurn();
      },
    });
    nextTurn();
    await handler.runMany?.(queued);
    expect(seen).toEqual([true, true]);
    expect((await activityOf(answer.id)).map((line) => line.outcome)).toEqual(['fired', 'fired']);
  });

  it('reads a conversation as the rules judge it: labels, stage, quiet periods, a number gone', async () => {
    const w = await world();
    const rule = await create(w, reply('Harga mulai Rp50.000.'));
    const messageId = await write(w, uniquePhone(), 'harga?');
    await runJobs();
    const conversationId = await conversationOf(messageId);
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const customerId = conversation?.customerId ?? '';
    const tag = await label(w);
    dataOf(
      await server().act('customer_label_set', {
        token: w.token,
        key: w.key,
        customerId,
        labelId: tag.id,
        attached: true,
      }),
    );
    const stage = await bayar(w);
    dataOf(
      await server().act('customer_stage_set', { token: w.token, key: w.key, customerId, stageId: stage.id }),
    );
    const state = await conversationState(db(), conversationId);
    expect(state).toMatchObject({
      labelIds: [tag.id],
      stageId: stage.id,
      accountDeleted: false,
      customer: { id: customerId },
      project: { id: w.projectId },
    });
    expect(Object.keys(state?.lastFiredAt ?? {})).toEqual([rule.id]);
    expect(state?.lastFiredAt[rule.id]).toBeInstanceOf(Date);
    expect((await activityOf(rule.id))[0]?.at).toEqual(state?.lastFiredAt[rule.id]);

    await db()
      .update(waAccounts)
      .set({ deletedAt: server().clock.now() })
      .where(eq(waAccounts.id, conversation?.accountId ?? ''));
    expect((await conversationState(db(), conversationId))?.accountDeleted).toBe(true);
    expect(await conversationState(db(), randomUUID())).toBeNull();
  });

  it('queues no job for a project without rules switched on', async () => {
    const w = await world();
    const none = await write(w, uniquePhone(), 'harga?');
    expect(await automationJobsFor(none)).toHaveLength(0);
    const rule = await create(w, reply('Harga mulai Rp50.000.', { enabled: false }));
    const off = await write(w, uniquePhone(), 'harga?');
    expect(await automationJobsFor(off)).toHaveLength(0);
    dataOf(
      await server().act('automation_rule_update', {
        token: w.token,
        key: w.key,
        id: rule.id,
        enabled: true,
      }),
    );
    const on = await write(w, uniquePhone(), 'harga?');
    const [job] = await automationJobsFor(on);
    expect(job?.payload).toMatchObject({ messageId: on, newCustomer: true });
  });
});
