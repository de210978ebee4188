/**
 * Follow-up sequences (issue 18, src/automation/followUps.ts) through the webhook, the acts and the
 * job runner, with the test clock: a customer's silence gets the sequence's steps at their times
 * inside working hours (in the project's zone, across a clock change and a zone change), free-form
 * while the 24-hour window is open and templates after; a reply, a stage change or an agent's
 * cancel ends the run; each step goes out once however often, and by however many runners, its
 * job runs. And who may see and cancel a customer's runs.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTOMATION_MESSAGE_JOB, automationMessageJob } from '../src/automation/engine.ts';
import { FOLLOW_UP_JOB, followUpsOnMessage, RepliedRuns } from '../src/automation/followUps.ts';
import { contextOf, conversationState } from '../src/automation/conversationState.ts';
import { ruleOf } from '../src/automation/rules.ts';
import { followUpStepJob } from '../src/automation/followUpStep.ts';
import {
  automationActivity,
  automationRules,
  conversations,
  customers,
  followUpRuns,
  followUpSteps,
  jobs,
  messages,
  projects,
} from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import { JobRunner } from '../src/jobs/JobRunner.ts';
import { defaultPriceTable, translate } from '../src/sdk.ts';
import type { FollowUpRunView, PermissionKey, Stage } from '../src/sdk.ts';
import { entriesOfMessage } from './support/billing.ts';
import { uniquePhone } from './support/flows.ts';
import { addMember, CHAT_AGENT, CHAT_VIEWER, dataOf, deliver, inbound, reasonOf } from './support/inbox.ts';
import { HOUR_MS, orderUpdate, sendsOf, storedTemplate } from './support/outreach.ts';
import { automationDepsOf, automationFile, MONDAY_10 } from './support/automation.ts';
import type { World } from './support/automation.ts';

const t = automationFile({ billing: { prices: [...defaultPriceTable] } });
const { world, create, db, runJobs, sentIn, server, published } = t;

const MINUTE_MS = 60_000;

/**
 * `at` is `expected`, give or take the test's own running time (the test clock moves with the
 * wall clock between the jumps tests make).
 */
function expectNear(at: Date | null | undefined, expected: Date): void {
  expect(at).toBeInstanceOf(Date);
  expect(Math.abs((at?.getTime() ?? 0) - expected.getTime())).toBeLessThan(5_000);
  expect(at?.getTime()).toBeGreaterThanOrEqual(expected.getTime());
}

const text = (message: string) => ({ kind: 'send_text', text: message });
const minutes = (amount: number) => ({ amount, unit: 'minutes' });

/** A follow-up on the customer's message (or on `trigger`), with `steps`. */
const sequence = (steps: unknown[], fields: Record<string, unknown> = {}) => ({
  kind: 'follow_up',
  name: 'Masih tertarik?',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [],
  steps,
  ...fields,
});

/** The customer `phone` writes `body` at `at` (the clock's now by default); answers the message's conversation. */
async function write(w: World, phone: string, body: string, at = server().clock.now()) {
  const payload = inbound('inbound-text.json', {
    phoneNumberId: w.setup.account.phoneNumberId,
    from: phone,
    text: body,
    timestamp: at,
  });
  expect((await deliver(server(), payload)).status).toBe(200);
  await server().app.sapa.processPendingDeliveries();
  const wamid = (payload as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] }).entry[0]!
    .changes[0]!.value.messages[0]!.id;
  const [row] = await db()
    .select({ conversationId: messages.conversationId, customerId: conversations.customerId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.wamid, wamid))
    .limit(1);
  if (row === undefined) throw new Error('message not stored');
  return row;
}

async function runsIn(conversationId: string) {
  return db()
    .select()
    .from(followUpRuns)
    .where(eq(followUpRuns.conversationId, conversationId))
    .orderBy(asc(followUpRuns.startedAt), asc(followUpRuns.id));
}

async function onlyRun(conversationId: string) {
  const runs = await runsIn(conversationId);
  expect(runs).toHaveLength(1);
  return runs[0]!;
}

async function jobOf(jobId: string | null): Promise<JobRow> {
  if (jobId === null) throw new Error('the run names no job');
  const [row] = await db().select().from(jobs).where(eq(jobs.id, jobId));
  if (row === undefined) throw new Error('no such job');
  return row;
}

function handler() {
  return followUpStepJob(automationDepsOf(server()));
}

/** Runs `job` with a handler of its own, as another process would (beside the app's runner). */
async function runDirectly(job: JobRow): Promise<void> {
  await handler().run(job, { save: async () => true });
}

describe('follow-up steps', () => {
  it('sends a step 2 minutes after silence, to the simulator, once', async () => {
    const w = await world();
    const rule = await create(w, sequence([{ delay: minutes(2), message: text('Masih tertarik, kak?') }]));
    const { conversationId } = await write(w, uniquePhone(), 'Halo', MONDAY_10);
    await runJobs();
    const run = await onlyRun(conversationId);
    expect(run).toMatchObject({
      ruleId: rule.id,
      state: 'pending',
      anchor: 'last_customer_message',
      nextStep: 0,
    });
    expectNear(run.dueAt, new Date(MONDAY_10.getTime() + 2 * MINUTE_MS));
    expect((await jobOf(run.jobId)).runAt.toISOString()).toBe(run.dueAt?.toISOString());
    expect(
      published()
        .of('follow_up.changed')
        .map((event) => event.conversationId),
    ).toContain(conversationId);

    server().clock.advance(MINUTE_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);

    server().clock.advance(MINUTE_MS);
    const before = sendsOf(server(), w.setup.account.phoneNumberId).length;
    await runJobs();
    const sent = await sentIn(conversationId);
    expect(sent.map((row) => [row.caption, row.automationRuleId, row.status])).toEqual([
      ['Masih tertarik, kak?', rule.id, 'sent'],
    ]);
    expect(sendsOf(server(), w.setup.account.phoneNumberId)).toHaveLength(before + 1);
    // Announced named after its rule, as the thread lists it ("Otomatis · <rule>").
    expect(
      published()
        .of('message.new')
        .find((event) => event.message.id === sent[0]?.id)?.message.automation,
    ).toEqual({ ruleId: rule.id, ruleName: rule.name });
    const ended = await onlyRun(conversationId);
    expect(ended).toMatchObject({ state: 'done', nextStep: 1, jobId: null });
    const steps = await db().select().from(followUpSteps).where(eq(followUpSteps.runId, run.id));
    expect(steps.map((step) => [step.step, step.state, step.messageId])).toEqual([[0, 'sent', sent[0]?.id]]);
    expect(sent[0]?.clientId).toBe(steps[0]?.clientId);
    const lines = await db()
      .select()
      .from(automationActivity)
      .where(eq(automationActivity.eventKey, `step:${run.id}:0`));
    expect(lines.map((line) => [line.outcome, line.step, line.followUpRunId])).toEqual([
      ['fired', 0, run.id],
    ]);

    server().clock.advance(HOUR_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(1);
  });

  it('sends nothing to a customer who replied first, and stops the run', async () => {
    const w = await world();
    // Only a question about price starts the sequence; the customer's thanks does not.
    await create(
      w,
      sequence([{ delay: minutes(2), message: text('Jadi pesan, kak?') }], {
        conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      }),
    );
    const phone = uniquePhone();
    const { conversationId } = await write(w, phone, 'Harganya berapa?');
    await runJobs();
    const run = await onlyRun(conversationId);

    // The reply is stored before the step is due; the step's job comes first (its own process).
    server().clock.advance(MINUTE_MS);
    await write(w, phone, 'Oke makasih');
    server().clock.advance(MINUTE_MS);
    await runDirectly(await jobOf(run.jobId));
    expect(await onlyRun(conversationId)).toMatchObject({ state: 'stopped', reason: 'customer_replied' });
    await runJobs();
    server().clock.advance(HOUR_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
  });

  it('stops the run for a reply written in the same second as the message it counts from', async () => {
    const w = await world();
    await create(
      w,
      sequence([{ delay: minutes(2), message: text('Jadi pesan, kak?') }], {
        conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      }),
    );
    const phone = uniquePhone();
    // WhatsApp's timestamps count seconds: both messages carry 10:00:00.
    const { conversationId } = await write(w, phone, 'Harganya berapa?', MONDAY_10);
    await runJobs();
    const run = await onlyRun(conversationId);
    const [asked] = await db()
      .select({ seq: messages.seq, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'in')));
    expect(run.anchorSeq).toBe(asked?.seq);
    server().clock.advance(500);
    await write(w, phone, 'Oke makasih', MONDAY_10);
    await runJobs();
    const [, thanks] = await db()
      .select({ createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'in')))
      .orderBy(asc(messages.seq));
    expect(thanks?.createdAt.getTime()).toBe(asked?.createdAt.getTime());
    expect(await onlyRun(conversationId)).toMatchObject({ state: 'stopped', reason: 'customer_replied' });
    server().clock.advance(HOUR_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
  });

  it('a new message replaces the run: the old one stops, the new one counts from it', async () => {
    const w = await world();
    await create(w, sequence([{ delay: minutes(2), message: text('Ada yang bisa dibantu?') }]));
    const phone = uniquePhone();
    const { conversationId } = await write(w, phone, 'Halo');
    await runJobs();
    server().clock.advance(MINUTE_MS);
    await write(w, phone, 'Halo lagi');
    await runJobs();
    const runs = await runsIn(conversationId);
    expect(runs.map((run) => [run.state, run.reason])).toEqual([
      ['stopped', 'customer_replied'],
      ['pending', null],
    ]);
    expectNear(runs[1]?.dueAt, new Date(MONDAY_10.getTime() + 3 * MINUTE_MS));
    server().clock.advance(MINUTE_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    server().clock.advance(MINUTE_MS);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Ada yang bisa dibantu?']);
  });

  it('starts one run for a message whose job runs twice, concurrently and again', async () => {
    const w = await world();
    const rule = await create(w, sequence([{ delay: minutes(2), message: text('Ada yang bisa dibantu?') }]));
    const { conversationId } = await write(w, uniquePhone(), 'Halo');
    const [job, ...others] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, AUTOMATION_MESSAGE_JOB), isNull(jobs.doneAt)));
    expect(others).toHaveLength(0);
    if (job === undefined) throw new Error('no automation job');
    // As two processes, then a retry, would: each starts from the same message.
    const judge = automationMessageJob(automationDepsOf(server()));
    const context = { save: async () => true };
    await Promise.all([judge.run(job, context), judge.run(job, context)]);
    await judge.run(job, context);
    const run = await onlyRun(conversationId);
    expect(run.state).toBe('pending');
    const lines = await db().select().from(automationActivity).where(eq(automationActivity.ruleId, rule.id));
    expect(lines.map((line) => [line.outcome, line.followUpRunId, line.actions])).toEqual([
      ['fired', run.id, [{ kind: 'start_follow_up', status: 'done', reason: null, targetId: run.id }]],
    ]);
    const stepJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, FOLLOW_UP_JOB), sql`${jobs.payload}->>'runId' = ${run.id}`));
    expect(stepJobs.map((row) => row.id)).toEqual([run.jobId]);
    expectNear(stepJobs[0]?.runAt, new Date(run.anchorAt.getTime() + 2 * MINUTE_MS));
  });

  it('holds a step due after closing time until the next opening', async () => {
    const w = await world();
    await create(w, sequence([{ delay: minutes(30), message: text('Besok kami hubungi lagi.') }]));
    // Monday 16:50 in Jakarta: due 17:20, after closing; Tuesday 09:00 it goes.
    const at = new Date('2027-01-04T16:50:00+07:00');
    await t.setClock(at);
    const { conversationId } = await write(w, uniquePhone(), 'Halo', at);
    await runJobs();
    const tuesday9 = new Date('2027-01-05T09:00:00+07:00');
    const run = await onlyRun(conversationId);
    expect(run.dueAt?.toISOString()).toBe(tuesday9.toISOString());
    await t.setClock(new Date('2027-01-04T17:20:00+07:00'));
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    await t.setClock(tuesday9);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Besok kami hubungi lagi.']);
  });

  it('follows the project to another time zone: a step due while it is closed there waits for its opening', async () => {
    const w = await world();
    await create(w, sequence([{ delay: minutes(30), message: text('Masih di sana, kak?') }]));
    const at = new Date('2027-01-04T16:00:00+07:00');
    await t.setClock(at);
    const { conversationId } = await write(w, uniquePhone(), 'Halo', at);
    await runJobs();
    expectNear((await onlyRun(conversationId)).dueAt, new Date('2027-01-04T16:30:00+07:00'));
    // The project moves to New York: 16:30 in Jakarta is 04:30 there, closed until 09:00.
    await db().update(projects).set({ timeZone: 'America/New_York' }).where(eq(projects.id, w.projectId));
    await t.setClock(new Date('2027-01-04T16:30:00+07:00'));
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    const nineInNewYork = new Date('2027-01-04T09:00:00-05:00');
    expect((await onlyRun(conversationId)).dueAt?.toISOString()).toBe(nineInNewYork.toISOString());
    await t.setClock(nineInNewYork);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Masih di sana, kak?']);
    expect((await onlyRun(conversationId)).state).toBe('done');
  });

  it('counts days on the calendar across a clock change, and sends a template once the window closed', async () => {
    const w = await world();
    const template = await storedTemplate(server(), w.setup, orderUpdate());
    // Amsterdam, open every day 09:00–17:00; clocks go forward on Sunday 28 March 2027.
    await db()
      .update(projects)
      .set({
        timeZone: 'Europe/Amsterdam',
        workingHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => ({
          day,
          open: true,
          from: '09:00',
          to: '17:00',
        })),
      })
      .where(eq(projects.id, w.projectId));
    await create(
      w,
      sequence([
        { delay: { amount: 1, unit: 'days' }, message: text('Sudah sempat lihat katalognya?') },
        { delay: { amount: 2, unit: 'days' }, message: text('Tidak terkirim: jendela tertutup.') },
        {
          delay: { amount: 3, unit: 'days' },
          message: {
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
        },
      ]),
    );
    // Saturday 27 March, 10:00 CET (09:00 UTC).
    const saturday10 = new Date('2027-03-27T10:00:00+01:00');
    await t.setClock(saturday10);
    const { conversationId } = await write(w, uniquePhone(), 'Halo', saturday10);
    await runJobs();
    // A day later is Sunday 10:00 CEST: 23 hours, not 24.
    const sunday10 = new Date('2027-03-28T10:00:00+02:00');
    expectNear((await onlyRun(conversationId)).dueAt, sunday10);
    await t.setClock(sunday10);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.type)).toEqual(['text']);

    // Monday 10:00: the window has closed, the text step is skipped with its reason.
    const monday10 = new Date('2027-03-29T10:00:00+02:00');
    expectNear((await onlyRun(conversationId)).dueAt, monday10);
    // (Due as long after Sunday's send as Monday is after Sunday: the send's own seconds too.)
    await t.setClock(new Date(monday10.getTime() + 5_000));
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.type)).toEqual(['text']);
    const run = await onlyRun(conversationId);
    const skipped = await db().select().from(followUpSteps).where(eq(followUpSteps.runId, run.id));
    expect(skipped.map((step) => [step.step, step.state, step.reason])).toEqual([
      [0, 'sent', null],
      [1, 'skipped', 'outside_window_needs_template'],
    ]);

    // Tuesday 10:00: the template goes, and is paid for.
    await t.setClock(new Date('2027-03-30T10:00:10+02:00'));
    await runJobs();
    const sent = await sentIn(conversationId);
    expect(sent.map((row) => row.type)).toEqual(['text', 'template']);
    expect((await entriesOfMessage(db(), sent[1]?.id ?? '')).map((entry) => entry.amount)).toEqual([-350]);
    expect(await onlyRun(conversationId)).toMatchObject({ state: 'done', nextStep: 3 });
  });
});

describe('fallback templates', () => {
  it('sends a free-form step’s fallback template once the window closed, charged once; without one it skips', async () => {
    const w = await world();
    const template = await storedTemplate(server(), w.setup, orderUpdate());
    const fallback = {
      kind: 'send_template',
      templateId: template.id,
      values: {
        body: [
          { source: 'name', value: '', fallback: 'Kak' },
          { source: 'fixed', value: 'INV-9', fallback: '' },
        ],
        buttonUrl: { source: 'fixed', value: 'INV-9', fallback: '' },
      },
    };
    const rule = await create(
      w,
      sequence([
        { delay: { amount: 2, unit: 'days' }, message: text('Masih tertarik, kak?'), fallback },
        { delay: { amount: 3, unit: 'days' }, message: text('Tidak terkirim: tanpa cadangan.') },
      ]),
    );
    expect(rule.kind === 'follow_up' && rule.steps[0]?.fallback?.templateId).toBe(template.id);
    const { conversationId } = await write(w, uniquePhone(), 'Halo', MONDAY_10);
    await runJobs();
    const run = await onlyRun(conversationId);

    // Wednesday 10:00: the window closed a day ago; the fallback template goes instead of the text.
    const wednesday10 = new Date(MONDAY_10.getTime() + 48 * HOUR_MS);
    expectNear(run.dueAt, wednesday10);
    await t.setClock(new Date(wednesday10.getTime() + 5_000));
    const before = sendsOf(server(), w.setup.account.phoneNumberId).length;
    await runJobs();
    const sent = await sentIn(conversationId);
    expect(sent.map((row) => [row.type, row.automationRuleId])).toEqual([['template', rule.id]]);
    expect(sendsOf(server(), w.setup.account.phoneNumberId)).toHaveLength(before + 1);
    expect((await entriesOfMessage(db(), sent[0]?.id ?? '')).map((entry) => entry.amount)).toEqual([-350]);
    const [line] = await db()
      .select()
      .from(automationActivity)
      .where(eq(automationActivity.eventKey, `step:${run.id}:0`));
    expect([line?.outcome, line?.actions?.map((action) => [action.kind, action.status])]).toEqual([
      'fired',
      [['send_template', 'done']],
    ]);

    // The step's job again (a process that sent it and died before marking it done): nothing more.
    await runDirectly(await jobOf(run.jobId));
    expect(await sentIn(conversationId)).toHaveLength(1);
    expect(sendsOf(server(), w.setup.account.phoneNumberId)).toHaveLength(before + 1);

    // Thursday 10:00: a text step without a fallback is skipped, as before.
    await t.setClock(new Date(MONDAY_10.getTime() + 72 * HOUR_MS + 10_000));
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(1);
    const steps = await db().select().from(followUpSteps).where(eq(followUpSteps.runId, run.id));
    expect(steps.map((step) => [step.step, step.state, step.reason, step.messageId])).toEqual([
      [0, 'sent', null, sent[0]?.id],
      [1, 'skipped', 'outside_window_needs_template', null],
    ]);
    expect(sent[0]?.clientId).toBe(steps[0]?.clientId);
    expect(await onlyRun(conversationId)).toMatchObject({ state: 'done', nextStep: 2 });
  });

  it('refuses a fallback template that is not the project’s, on its field', async () => {
    const w = await world();
    const reply = await server().act('automation_rule_create', {
      token: w.token,
      key: w.key,
      rule: sequence([
        {
          delay: minutes(2),
          message: text('Halo'),
          fallback: { kind: 'send_template', templateId: randomUUID(), values: { body: [] } },
        },
      ]),
    });
    expect(reasonOf(reply)).toBe('invalid_input');
    expect(reply.body.errors).toEqual({
      'rule.steps.0.fallback.templateId': translate('id', 'field.automation_not_in_project'),
    });
  });
});

describe('stages', () => {
  async function stage(w: World, name: string): Promise<Stage> {
    return dataOf<Stage>(
      await server().act('stage_create', { token: w.token, key: w.key, name, color: '#00aa00' }),
    );
  }

  it('starts a run on entering a stage and stops it when the customer moves on', async () => {
    const w = await world();
    const offered = await stage(w, 'Penawaran');
    const paid = await stage(w, 'Bayar');
    const rule = await create(
      w,
      sequence([{ delay: minutes(60), message: text('Bagaimana penawarannya, kak?') }], {
        trigger: { kind: 'stage_entered', stageId: offered.id },
      }),
    );
    const { conversationId, customerId } = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    expect(await runsIn(conversationId)).toHaveLength(0);

    server().clock.advance(10 * MINUTE_MS);
    published().clear();
    dataOf(
      await server().act('customer_stage_set', {
        token: w.token,
        key: w.key,
        customerId,
        stageId: offered.id,
      }),
    );
    const run = await onlyRun(conversationId);
    expect(run).toMatchObject({
      ruleId: rule.id,
      anchor: 'stage_entered',
      stageId: offered.id,
      state: 'pending',
    });
    expectNear(run.dueAt, new Date(MONDAY_10.getTime() + 70 * MINUTE_MS));
    expect(published().of('follow_up.changed')).toEqual([{ key: w.key, customerId, conversationId }]);

    dataOf(
      await server().act('customer_stage_set', { token: w.token, key: w.key, customerId, stageId: paid.id }),
    );
    expect(await onlyRun(conversationId)).toMatchObject({
      state: 'stopped',
      reason: 'stage_changed',
      jobId: null,
    });
    await t.setClock(new Date(MONDAY_10.getTime() + 2 * HOUR_MS));
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
  });

  it('judges the rules again when an agent moved the customer after the job read their stage', async () => {
    const w = await world();
    const paid = await stage(w, 'Bayar');
    const { conversationId, customerId } = await write(w, uniquePhone(), 'Sudah transfer');
    // Rules made after the message, as the job will judge them: one needs the "Bayar" stage.
    const chase = await create(
      w,
      sequence([{ delay: minutes(30), message: text('Jadi kak?') }], {
        name: 'Bayar ditanya lagi',
        conditions: [{ kind: 'stage', stageIds: [paid.id] }],
      }),
    );
    const plain = await create(w, sequence([{ delay: minutes(60), message: text('Masih tertarik?') }]));
    const [message] = await db()
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.seq))
      .limit(1);
    const state = await conversationState(db(), conversationId);
    if (message === undefined || state === null) throw new Error('no message');
    const now = server().clock.now();
    const rules = (
      await db().select().from(automationRules).where(eq(automationRules.projectId, w.projectId))
    ).map(ruleOf);
    const event = {
      kind: 'message' as const,
      author: 'customer' as const,
      text: message.caption,
      newCustomer: false,
      adSource: null,
      broadcastId: null,
    };
    const judgedIn = (stageId: string | null) => {
      const context = contextOf(state, event, now);
      return { ...context, conversation: { ...context.conversation, stageId } };
    };
    const loaded = { message, conversation: state.conversation, project: state.project, rules };
    const replied = new RepliedRuns();

    // The job read the customer in "Bayar"; an agent has moved them out since.
    expect(state.stageId).toBeNull();
    const moved = await followUpsOnMessage(
      automationDepsOf(server()),
      { ...loaded, context: judgedIn(paid.id) },
      now,
      replied,
    );
    // Judged again on no stage: the "Bayar" rule does not fire, the plain one does.
    expect(moved).toEqual({ changed: true });
    expect((await runsIn(conversationId)).map((run) => [run.ruleId, run.state, run.anchorSeq])).toEqual([
      [plain.id, 'pending', message.seq],
    ]);
    const lines = async () =>
      (
        await db()
          .select()
          .from(automationActivity)
          .where(eq(automationActivity.customerId, customerId))
          .orderBy(asc(automationActivity.ruleName))
      ).map((line) => [line.ruleName, line.outcome, line.followUpRunId !== null]);
    expect(await lines()).toEqual([[plain.name, 'fired', true]]);

    // As the job read it: one call; the message's lines are there, so nothing starts again.
    expect(
      await followUpsOnMessage(
        automationDepsOf(server()),
        { ...loaded, context: judgedIn(null) },
        now,
        replied,
      ),
    ).toEqual({ changed: false });
    expect(await runsIn(conversationId)).toHaveLength(1);
    expect(await lines()).toEqual([[plain.name, 'fired', true]]);
    expect(chase.id).not.toBe(plain.id);
  });

  it('starts a run when an auto-stage rule moves the customer', async () => {
    const w = await world();
    const offered = await stage(w, 'Penawaran');
    await create(w, {
      kind: 'auto_stage',
      name: 'Minta penawaran',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['penawaran'] }],
      actions: [{ kind: 'set_stage', stageId: offered.id }],
    });
    await create(
      w,
      sequence([{ delay: minutes(5), message: text('Penawarannya sudah kami kirim.') }], {
        trigger: { kind: 'stage_entered', stageId: offered.id },
      }),
    );
    const { conversationId } = await write(w, uniquePhone(), 'Minta penawaran dong');
    await runJobs();
    expect(await onlyRun(conversationId)).toMatchObject({ anchor: 'stage_entered', state: 'pending' });
    server().clock.advance(5 * MINUTE_MS);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual([
      'Penawarannya sudah kami kirim.',
    ]);
  });
});

describe('exactly once', () => {
  it('a restart with a due job, and a job run twice, send once', async () => {
    const w = await world();
    await create(
      w,
      sequence([
        { delay: minutes(2), message: text('Satu') },
        { delay: minutes(4), message: text('Dua') },
      ]),
    );
    const { conversationId } = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    const run = await onlyRun(conversationId);
    // The process that claimed the due job died: its lease holds the job until it runs out.
    server().clock.advance(2 * MINUTE_MS);
    await db()
      .update(jobs)
      .set({
        claimId: randomUUID(),
        lockedUntil: new Date(server().clock.now().getTime() + 15_000),
        attempts: 1,
      })
      .where(eq(jobs.id, run.jobId ?? ''));
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    server().clock.advance(16_000);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Satu']);

    // The first step's job again (a process that sent it and died before marking it done): stale.
    await runDirectly(await jobOf(run.jobId));
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Satu']);
    server().clock.advance(2 * MINUTE_MS);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Satu', 'Dua']);
  });

  it('two runners claiming the same due jobs, and two handlers on one job, send once', async () => {
    const w = await world();
    await create(w, sequence([{ delay: minutes(2), message: text('Sekali saja') }]));
    const first = await write(w, uniquePhone(), 'Halo');
    const second = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    server().clock.advance(2 * MINUTE_MS);
    const { services } = server().app.sapa;
    const engine = () =>
      new JobRunner({
        db: services.db,
        now: server().clock.now,
        log: server().app.log,
        kinds: { only: [FOLLOW_UP_JOB] },
        handlers: { [FOLLOW_UP_JOB]: handler() },
      });
    const [a, b] = [engine(), engine()];
    const secondJob = await jobOf((await onlyRun(second.conversationId)).jobId);
    await Promise.all([a.runOnce(), b.runOnce(), runDirectly(secondJob), runDirectly(secondJob)]);
    await runJobs();
    for (const { conversationId } of [first, second]) {
      expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Sekali saja']);
      expect((await onlyRun(conversationId)).state).toBe('done');
    }
  });

  it('re-plans a step when its rule changed', async () => {
    const w = await world();
    const rule = await create(w, sequence([{ delay: minutes(2), message: text('Lama') }]));
    const { conversationId } = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    dataOf(
      await server().act('automation_rule_update', {
        token: w.token,
        key: w.key,
        id: rule.id,
        rule: sequence([{ delay: minutes(10), message: text('Baru') }]),
      }),
    );
    server().clock.advance(2 * MINUTE_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    expectNear((await onlyRun(conversationId)).dueAt, new Date(MONDAY_10.getTime() + 10 * MINUTE_MS));
    server().clock.advance(8 * MINUTE_MS);
    await runJobs();
    expect((await sentIn(conversationId)).map((row) => row.caption)).toEqual(['Baru']);
  });
});

describe('the customer panel', () => {
  const list = (token: string, w: World, customerId: string) =>
    server().act('follow_up_list', { token, key: w.key, customerId });
  const cancel = (token: string, w: World, runId: string) =>
    server().act('follow_up_cancel', { token, key: w.key, runId });

  async function started(w: World) {
    await create(
      w,
      sequence([
        { delay: minutes(2), message: text('Satu') },
        { delay: minutes(4), message: text('Dua') },
      ]),
    );
    const wrote = await write(w, uniquePhone(), 'Halo');
    await runJobs();
    return { ...wrote, run: await onlyRun(wrote.conversationId) };
  }

  it('lists a customer’s runs, pending first, and an agent cancels one', async () => {
    const w = await world();
    const { conversationId, customerId, run } = await started(w);
    const views = dataOf<FollowUpRunView[]>(await list(w.token, w, customerId));
    expect(views).toEqual([
      expect.objectContaining({
        id: run.id,
        rule: { id: run.ruleId, name: 'Masih tertarik?' },
        conversationId,
        state: 'pending',
        nextStep: 0,
        totalSteps: 2,
        dueAt: expect.any(String),
        cancellable: true,
      }),
    ]);
    expectNear(new Date(views[0]?.dueAt ?? 0), new Date(MONDAY_10.getTime() + 2 * MINUTE_MS));
    published().clear();
    const cancelled = dataOf<FollowUpRunView>(await cancel(w.token, w, run.id));
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      reason: 'agent',
      cancelledBy: { id: w.setup.owner.userId },
      dueAt: null,
      cancellable: false,
    });
    expect(published().of('follow_up.changed')).toEqual([{ key: w.key, customerId, conversationId }]);
    expect(reasonOf(await cancel(w.token, w, run.id))).toBe('conflict');
    server().clock.advance(HOUR_MS);
    await runJobs();
    expect(await sentIn(conversationId)).toHaveLength(0);
    expect((await jobOf(run.jobId)).doneAt).not.toBeNull();
  });

  it('lets the conversation’s agent and crm.autofu.edit cancel; others only look, or not at all', async () => {
    const w = await world();
    const { conversationId, customerId, run } = await started(w);
    const member = (permissions: PermissionKey[]) => addMember(server(), w.setup.project, permissions);
    const agent = await member(CHAT_AGENT);
    const watcher = await member([...CHAT_AGENT, 'crm.chat.show_all_chat']);
    const reader = await member(['crm.menu', 'crm.autofu.menu', 'crm.autofu.view']);
    const editor = await member(['crm.menu', 'crm.autofu.menu', 'crm.autofu.view', 'crm.autofu.edit']);
    const stranger = await member(['crm.menu', 'crm.stage.menu', 'crm.stage.view']);
    const viewer = await member(CHAT_VIEWER);

    // Not their conversation: they do not see it.
    expect(reasonOf(await list(agent.token, w, customerId))).toBe('not_found');
    expect(reasonOf(await cancel(agent.token, w, run.id))).toBe('not_found');
    // They see every conversation, but it is not theirs to cancel.
    expect(
      dataOf<FollowUpRunView[]>(await list(watcher.token, w, customerId)).map((view) => view.cancellable),
    ).toEqual([false]);
    expect(reasonOf(await cancel(watcher.token, w, run.id))).toBe('forbidden');
    // The follow-up screen's readers see any customer's runs; cancelling needs its edit key.
    expect(dataOf<FollowUpRunView[]>(await list(reader.token, w, customerId)).map((view) => view.id)).toEqual(
      [run.id],
    );
    expect(reasonOf(await cancel(reader.token, w, run.id))).toBe('forbidden');
    expect(reasonOf(await list(stranger.token, w, customerId))).toBe('forbidden');

    // Assigned to a viewer, who may not reply there: not theirs to cancel either.
    await db()
      .update(conversations)
      .set({ assignedUserId: viewer.userId })
      .where(eq(conversations.id, conversationId));
    expect(
      dataOf<FollowUpRunView[]>(await list(viewer.token, w, customerId)).map((view) => view.cancellable),
    ).toEqual([false]);
    expect(reasonOf(await cancel(viewer.token, w, run.id))).toBe('forbidden');

    // Assigned to the agent: theirs to cancel.
    await db()
      .update(conversations)
      .set({ assignedUserId: agent.userId })
      .where(eq(conversations.id, conversationId));
    expect(
      dataOf<FollowUpRunView[]>(await list(agent.token, w, customerId)).map((view) => view.cancellable),
    ).toEqual([true]);
    expect(dataOf<FollowUpRunView>(await cancel(agent.token, w, run.id)).cancelledBy?.id).toBe(agent.userId);

    // The screen's editor may cancel any run of the project.
    server().clock.advance(MINUTE_MS);
    await write(w, (await customerPhone(customerId)) ?? '', 'Halo lagi');
    await runJobs();
    const pending = (await runsIn(conversationId)).find((row) => row.state === 'pending');
    expect(dataOf<FollowUpRunView>(await cancel(editor.token, w, pending?.id ?? '')).state).toBe('cancelled');

    // Another project's run is not found.
    const other = await world();
    expect(reasonOf(await cancel(other.token, other, pending?.id ?? ''))).toBe('not_found');
    expect(reasonOf(await list(other.token, other, customerId))).toBe('not_found');
  });
});

async function customerPhone(customerId: string): Promise<string | null> {
  const [row] = await db()
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.phone ?? null;
}
