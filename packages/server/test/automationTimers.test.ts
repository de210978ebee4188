/**
 * Automation's timers and label events (issue 18: src/automation/timers.ts, timerStore.ts,
 * events.ts) through the webhook, the acts and the job runner, with the test clock: a no-reply
 * timer fires once when due and not before, an agent's reply or the customer's message cancels
 * it, a timer job left by a dead process or claimed by two runners acts once, a label added by a
 * member or a rule sets off label rules, and a chain of rules stops at `AUTOMATION_CHAIN_MAX`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTOMATION_TIMER_JOB, automationTimerJob } from '../src/automation/timers.ts';
import { AUTOMATION_EVENT_JOB } from '../src/automation/events.ts';
import { customerLabels, customerStages, jobs, messages, stageMoves } from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import { JobRunner } from '../src/jobs/JobRunner.ts';
import { AUTOMATION_CHAIN_MAX } from '../src/sdk.ts';
import type { Label, Stage } from '../src/sdk.ts';
import { automationDepsOf, automationFile } from './support/automation.ts';
import type { World } from './support/automation.ts';
import { dataOf } from './support/inbox.ts';

const t = automationFile();
const { server } = t;
const MINUTE = 60_000;

const waitReply = (minutes: number) => ({
  kind: 'auto_reply',
  name: 'Agen sibuk',
  enabled: true,
  trigger: { kind: 'no_agent_reply', after: { amount: minutes, unit: 'minutes' } },
  conditions: [],
  actions: [{ kind: 'send_text', text: 'Mohon tunggu, agen kami segera membalas.' }],
  quietPeriodMinutes: 60,
});

async function label(w: World, name: string): Promise<Label> {
  return dataOf<Label>(
    await server().act('label_create', { token: w.token, key: w.key, name, color: '#daa520' }),
  );
}

async function attach(w: World, customerId: string, labelId: string): Promise<void> {
  dataOf(
    await server().act('customer_label_set', {
      token: w.token,
      key: w.key,
      customerId,
      labelId,
      attached: true,
    }),
  );
}

async function labelsOf(customerId: string): Promise<string[]> {
  const rows = await t.db().select().from(customerLabels).where(eq(customerLabels.customerId, customerId));
  return rows.map((row) => row.labelId).sort();
}

async function timerJob(conversationId: string): Promise<JobRow> {
  const [timer] = await t.timersOf(conversationId);
  if (timer?.jobId == null) throw new Error('no timer');
  const [job] = await t.db().select().from(jobs).where(eq(jobs.id, timer.jobId));
  if (job === undefined) throw new Error('no timer job');
  return job;
}

function timerHandler() {
  return automationTimerJob(automationDepsOf(server()));
}

describe('no-reply timers', () => {
  it('answers a customer nobody answered once its delay is over, once', async () => {
    const w = await t.world();
    const rule = await t.create(w, waitReply(5));
    const phone = t.uniquePhone();
    const { conversationId, messageId } = await t.write(w, phone, 'Halo, ada yang bisa bantu?');
    await t.runJobs();
    const [timer] = await t.timersOf(conversationId);
    const [message] = await t.db().select().from(messages).where(eq(messages.id, messageId));
    expect(timer?.kind).toBe('no_agent_reply');
    expect(timer?.since).toEqual(message?.createdAt);
    expect(timer?.dueAt.getTime()).toBe((message?.createdAt.getTime() ?? 0) + 5 * MINUTE);

    // The customer writes again: the wait still counts from the first unanswered message.
    await t.advance(2 * MINUTE);
    await t.write(w, phone, 'Halo?');
    await t.runJobs();
    expect((await t.timersOf(conversationId)).map((row) => row.id)).toEqual([timer?.id]);
    await t.advance(2 * MINUTE);
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(0);

    await t.advance(MINUTE);
    await t.runJobs();
    const sent = await t.sentByRules(conversationId);
    expect(sent.map((row) => [row.caption, row.automationRuleId, row.senderUserId])).toEqual([
      ['Mohon tunggu, agen kami segera membalas.', rule.id, null],
    ]);
    const lines = await t.activityOf(rule.id);
    expect(lines.map((line) => [line.event, line.outcome, line.eventKey])).toEqual([
      ['no_agent_reply', 'fired', `timer:${timer?.id}`],
    ]);
    expect(await t.timersOf(conversationId)).toHaveLength(0);

    await t.advance(30 * MINUTE);
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(1);
  });

  it("is cancelled by an agent's reply, and its job ends doing nothing", async () => {
    const w = await t.world();
    const rule = await t.create(w, waitReply(5));
    const { conversationId } = await t.write(w, t.uniquePhone(), 'Halo');
    await t.runJobs();
    const job = await timerJob(conversationId);
    await t.advance(MINUTE);
    await t.reply(w, w.token, conversationId, 'Halo kak, ada yang bisa dibantu?');
    expect(await t.timersOf(conversationId)).toHaveLength(0);
    await t.advance(10 * MINUTE);
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(0);
    expect(await t.activityOf(rule.id)).toHaveLength(0);
    const [ended] = await t.db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(ended?.doneAt).not.toBeNull();
    expect(ended?.failed).toBe(false);
  });

  it("moves a customer who has not answered the agent within hours; the customer's message resets it", async () => {
    const w = await t.world();
    const stage = dataOf<Stage>(
      await server().act('stage_create', { token: w.token, key: w.key, name: 'Dingin', color: '#0000ff' }),
    );
    const rule = await t.create(w, {
      kind: 'auto_stage',
      name: 'Tidak membalas',
      enabled: true,
      trigger: { kind: 'no_customer_reply', after: { amount: 2, unit: 'hours' } },
      conditions: [],
      actions: [{ kind: 'set_stage', stageId: stage.id }],
    });
    const phone = t.uniquePhone();
    const { conversationId } = await t.write(w, phone, 'Berapa harganya?');
    await t.runJobs();
    expect(await t.timersOf(conversationId)).toHaveLength(0);
    await t.reply(w, w.token, conversationId, 'Rp50.000 kak');
    const [first] = await t.timersOf(conversationId);
    expect(first?.kind).toBe('no_customer_reply');

    // The customer answers within the delay: the wait is over; the agent's next message starts another.
    await t.advance(60 * MINUTE);
    await t.write(w, phone, 'Oke, saya pikir dulu');
    await t.runJobs();
    expect(await t.timersOf(conversationId)).toHaveLength(0);
    await t.reply(w, w.token, conversationId, 'Siap kak');
    await t.advance(119 * MINUTE);
    await t.runJobs();
    const customerId = (await t.conversation(conversationId)).customerId;
    expect(
      await t.db().select().from(customerStages).where(eq(customerStages.customerId, customerId)),
    ).toEqual([]);

    await t.advance(MINUTE);
    await t.runJobs();
    const [where] = await t
      .db()
      .select()
      .from(customerStages)
      .where(eq(customerStages.customerId, customerId));
    expect(where?.stageId).toBe(stage.id);
    const [move] = await t.db().select().from(stageMoves).where(eq(stageMoves.customerId, customerId));
    expect([move?.ruleId, move?.userId]).toEqual([rule.id, null]);
    expect((await t.activityOf(rule.id)).map((line) => [line.event, line.outcome])).toEqual([
      ['no_customer_reply', 'fired'],
    ]);
  });

  it('fires a due timer once after the process that held its job died', async () => {
    const w = await t.world();
    const rule = await t.create(w, waitReply(5));
    const { conversationId } = await t.write(w, t.uniquePhone(), 'Halo');
    await t.runJobs();
    const job = await timerJob(conversationId);
    await t.advance(6 * MINUTE);
    // A process claimed the due job, then died before finishing it: its lease still holds.
    const lease = new Date(server().clock.now().getTime() + 15_000);
    await t
      .db()
      .update(jobs)
      .set({ lockedUntil: lease, claimId: randomUUID(), attempts: 1 })
      .where(eq(jobs.id, job.id));
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(0);

    // Its lease runs out: the job comes back and fires, once, however often it runs again.
    await t.advance(16_000);
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(1);
    await timerHandler().run(job, { save: async () => true });
    await t.runJobs();
    expect(await t.sentByRules(conversationId)).toHaveLength(1);
    expect((await t.activityOf(rule.id)).map((line) => line.outcome)).toEqual(['fired']);
  });

  it('fires once when two engines work off the same due timers', async () => {
    const w = await t.world();
    const rule = await t.create(w, waitReply(5));
    const conversations = [];
    for (let index = 0; index < 3; index += 1) {
      conversations.push((await t.write(w, t.uniquePhone(), 'Halo')).conversationId);
    }
    await t.runJobs();
    const timerJobs = await Promise.all(conversations.map(timerJob));
    await t.advance(6 * MINUTE);
    const other = new JobRunner({
      db: t.db(),
      now: server().clock.now,
      log: server().app.log,
      kinds: { only: [AUTOMATION_TIMER_JOB] },
      handlers: { [AUTOMATION_TIMER_JOB]: timerHandler() },
    });
    const handler = timerHandler();
    await Promise.all([
      t.runJobs(),
      other.runOnce(),
      ...timerJobs.map((job) => handler.run(job, { save: async () => true })),
    ]);
    await t.runJobs();
    for (const conversationId of conversations) {
      expect(await t.sentByRules(conversationId)).toHaveLength(1);
    }
    expect(await t.activityOf(rule.id)).toHaveLength(3);
  });
});

describe('label events', () => {
  it("routes a customer when a member labels them, and a rule's own label never sets it off again", async () => {
    const w = await t.world();
    const vip = await label(w, 'VIP');
    const seen = await label(w, 'Ditangani');
    const division = await t.division(w, 'Prioritas');
    const routing = await t.create(w, {
      kind: 'auto_division',
      name: 'VIP ke Prioritas',
      enabled: true,
      trigger: { kind: 'label_added', labelId: vip.id },
      conditions: [],
      actions: [{ kind: 'assign_division', divisionId: division.id }],
    });
    const marking = await t.create(w, {
      kind: 'auto_stage',
      name: 'Tandai',
      enabled: true,
      trigger: { kind: 'label_added', labelId: null },
      conditions: [],
      actions: [{ kind: 'add_label', labelId: seen.id }],
    });
    const { conversationId } = await t.write(w, t.uniquePhone(), 'Halo');
    await t.runJobs();
    const customerId = (await t.conversation(conversationId)).customerId;
    await attach(w, customerId, vip.id);
    const queued = await t
      .db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, AUTOMATION_EVENT_JOB)));
    expect(queued.some((job) => (job.payload as { customerId: string }).customerId === customerId)).toBe(
      true,
    );
    await t.runJobs();
    expect((await t.conversation(conversationId)).divisionId).toBe(division.id);
    expect(await labelsOf(customerId)).toEqual([vip.id, seen.id].sort());
    expect((await t.activityOf(routing.id)).map((line) => [line.event, line.outcome])).toEqual([
      ['label_added', 'fired'],
    ]);
    // Its own label ("Ditangani") came back as an event: the rule did not answer it (no line).
    expect((await t.activityOf(marking.id)).map((line) => [line.event, line.outcome])).toEqual([
      ['label_added', 'fired'],
    ]);
  });

  it(`stops a chain of rules at ${AUTOMATION_CHAIN_MAX} steps`, async () => {
    const w = await t.world();
    const chain: Label[] = [];
    for (let index = 0; index <= AUTOMATION_CHAIN_MAX + 1; index += 1)
      chain.push(await label(w, `L${index}`));
    const rules = [];
    for (let index = 0; index <= AUTOMATION_CHAIN_MAX; index += 1) {
      rules.push(
        await t.create(w, {
          kind: 'auto_stage',
          name: `Rantai ${index}`,
          enabled: true,
          trigger: { kind: 'label_added', labelId: chain[index]!.id },
          conditions: [],
          actions: [{ kind: 'add_label', labelId: chain[index + 1]!.id }],
        }),
      );
    }
    const { conversationId } = await t.write(w, t.uniquePhone(), 'Halo');
    await t.runJobs();
    const customerId = (await t.conversation(conversationId)).customerId;
    await attach(w, customerId, chain[0]!.id);
    await t.runJobs();
    // The member's label set off rule 0; each rule's label set off the next, until the limit.
    expect(await labelsOf(customerId)).toEqual(
      chain
        .slice(0, AUTOMATION_CHAIN_MAX + 1)
        .map((item) => item.id)
        .sort(),
    );
    for (const rule of rules.slice(0, AUTOMATION_CHAIN_MAX)) {
      expect((await t.activityOf(rule.id)).map((line) => line.outcome)).toEqual(['fired']);
    }
    expect(
      (await t.activityOf(rules[AUTOMATION_CHAIN_MAX]!.id)).map((line) => [line.outcome, line.reason]),
    ).toEqual([['skipped', 'chain_limit']]);
  });
});
