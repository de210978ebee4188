/**
 * A follow-up run's pending step coming due (issue 18, docs/automation.md "Follow-ups"): the
 * `automation.follow_up` job. Under the conversation's and the run's row locks, and only while the
 * pending run still names this job: the run ends when `followUpStopReason` says so; a rule changed
 * since (`version`) is re-planned from the anchor; a project closed now (its zone or hours changed)
 * moves the step to its next opening; a text or file step goes as its fallback template while the
 * 24-hour window is closed, or skips without one (`followUpStepSend`), a template step goes. The
 * send (the step's message or its fallback) goes through `storeOutbound`
 * (`sendAction`, client id uuid v5 of `follow_up:<runId>:<step>`), with its `follow_up_steps`
 * row, its activity line (`step:<runId>:<index>`, unique) and its charge in one transaction, which
 * also queues the next step's job or marks the run done. Announced after commit: `message.new`,
 * `conversation.updated`, the balance, `follow_up.changed`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import {
  automationActivity,
  automationRules,
  conversations,
  customerStages,
  customers,
  followUpRuns,
  followUpSteps,
  jobs,
  messages,
  projects,
} from '../db/schema.ts';
import type { ConversationRow, CustomerRow, FollowUpEndReason, FollowUpRunRow } from '../db/schema.ts';
import type { JobHandler } from '../jobs/JobRunner.ts';
import { announce, conversationUpdated, messageNew } from '../inbox/announce.ts';
import type { Announcement } from '../inbox/announce.ts';
import { conversationWithCustomer } from '../inbox/conversations.ts';
import { automationThreadMessages } from '../inbox/messages.ts';
import { publishBillingChanges } from '../billing/announce.ts';
import { projectSettings } from '../team/settings.ts';
import { followUpStepSend, followUpStopReason, nextFollowUpStep, shiftIntoWorkingHours } from '../sdk.ts';
import type { AutomationActionResult, FollowUpStep } from '../sdk.ts';
import { automationClientId, sendAction } from './carryOut.ts';
import type { Carried } from './carryOut.ts';
import type { AutomationDeps } from './engine.ts';
import { ended, FOLLOW_UP_JOB, followUpChanged, windowOpen } from './followUps.ts';

/** Queues the job of a run's pending step; answers its id. */
async function queueStep(tx: Db, runId: string, dueAt: Date, now: Date): Promise<string> {
  const id = randomUUID();
  await tx.insert(jobs).values({ id, kind: FOLLOW_UP_JOB, payload: { runId }, runAt: dueAt, createdAt: now });
  return id;
}

const payloadSchema = z.object({ runId: z.string().uuid() });

/** What a due step did, to announce once committed. */
interface StepDone {
  key: string;
  conversationId: string;
  carried: Carried;
}

/** Moves a run's pending step to `dueAt` with a new job (the running one ends stale). */
async function reschedule(tx: Db, run: FollowUpRunRow, dueAt: Date, version: number, now: Date) {
  const jobId = await queueStep(tx, run.id, dueAt, now);
  await tx
    .update(followUpRuns)
    .set({ dueAt, jobId, ruleVersion: version, updatedAt: now })
    .where(eq(followUpRuns.id, run.id));
}

/** Everything a due step is judged on, under the conversation's and the run's locks. */
async function lockStep(tx: Db, runId: string, jobId: string) {
  const [peek] = await tx
    .select({ conversationId: followUpRuns.conversationId })
    .from(followUpRuns)
    .where(eq(followUpRuns.id, runId))
    .limit(1);
  if (peek === undefined) return null;
  // The conversation before the run: the order a customer's message takes them in.
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(eq(conversations.id, peek.conversationId))
    .for('update');
  const [run] = await tx.select().from(followUpRuns).where(eq(followUpRuns.id, runId)).for('update');
  if (conversation === undefined || run === undefined) return null;
  if (run.state !== 'pending' || run.jobId !== jobId) return null;
  const [[rule], [project], [customer], [stage], [lastInbound]] = await Promise.all([
    run.ruleId === null
      ? Promise.resolve([])
      : tx.select().from(automationRules).where(eq(automationRules.id, run.ruleId)).limit(1),
    tx.select().from(projects).where(eq(projects.id, run.projectId)).limit(1),
    tx.select().from(customers).where(eq(customers.id, run.customerId)).limit(1),
    tx.select().from(customerStages).where(eq(customerStages.customerId, run.customerId)).limit(1),
    // The customer's last message's place, for a run that counts from one (`anchorSeq`).
    run.anchorSeq === null
      ? Promise.resolve([])
      : tx
          .select({ seq: messages.seq })
          .from(messages)
          .where(and(eq(messages.conversationId, conversation.id), eq(messages.direction, 'in')))
          .orderBy(desc(messages.seq))
          .limit(1),
  ]);
  if (project === undefined || customer === undefined) return null;
  return { run, conversation, rule, project, customer, stage, lastInboundSeq: lastInbound?.seq ?? null };
}

/** Sends (or skips) the run's pending step and plans the next, in one transaction. */
async function dueStep(
  deps: AutomationDeps,
  runId: string,
  jobId: string,
  now: Date,
): Promise<StepDone | null> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockStep(tx, runId, jobId);
    if (locked === null) return null;
    const { run, conversation, rule, project, customer, stage, lastInboundSeq } = locked;
    const done: StepDone = {
      key: project.key,
      conversationId: conversation.id,
      carried: { results: [], sent: [], charges: [], changed: false },
    };
    const end = async (state: 'done' | 'stopped', reason: FollowUpEndReason | null) => {
      await tx
        .update(followUpRuns)
        .set(ended(state, reason, now))
        .where(eq(followUpRuns.id, run.id));
      return done;
    };
    if (rule === undefined || rule.kind !== 'follow_up') return end('stopped', 'rule_disabled');
    const stop = followUpStopReason(
      { anchor: run.anchor, scheduledAt: run.scheduledAt, stageId: run.stageId, anchorSeq: run.anchorSeq },
      {
        enabled: rule.enabled,
        lastCustomerMessageAt: conversation.lastInboundAt,
        lastCustomerMessageSeq: lastInboundSeq,
        stageId: stage?.stageId ?? null,
        stageEnteredAt: stage?.since ?? null,
      },
    );
    if (stop !== null) return end('stopped', stop);
    const settings = await projectSettings(tx, project);
    const { timeZone, workingHours } = settings;
    const steps: readonly FollowUpStep[] = rule.steps;
    const planned = { anchorAt: run.anchorAt, done: run.nextStep, lastStepAt: run.lastStepAt };
    if (rule.version !== run.ruleVersion) {
      // The rule changed since this step was planned: its time as the rule has it now.
      const next = nextFollowUpStep(steps, planned, settings);
      if (next === null) return end('done', null);
      if (next.dueAt > now) {
        await reschedule(tx, run, next.dueAt, rule.version, now);
        return done;
      }
    }
    // The project's zone or hours may have changed since: only inside working hours.
    const opening = shiftIntoWorkingHours(now, timeZone, workingHours);
    if (opening.getTime() !== now.getTime()) {
      await reschedule(tx, run, opening, rule.version, now);
      return done;
    }
    const index = run.nextStep;
    const step = steps[index];
    if (step === undefined) return end('done', null);
    const eventKey = `step:${run.id}:${index}`;
    const [claimed] = await tx
      .insert(automationActivity)
      .values({
        id: randomUUID(),
        projectId: project.id,
        ruleId: rule.id,
        ruleName: rule.name,
        kind: 'follow_up',
        customerId: customer.id,
        conversationId: conversation.id,
        followUpRunId: run.id,
        event: 'follow_up_step',
        outcome: 'fired',
        step: index,
        eventKey,
        at: now,
      })
      .onConflictDoNothing({ target: automationActivity.eventKey })
      .returning({ id: automationActivity.id });
    // A line already there (cannot be while the run names this job): the step is behind it.
    if (claimed !== undefined)
      await recordStep(tx, deps, { run, conversation, customer, rule, step, index, now }, claimed.id, done);
    const next = nextFollowUpStep(
      steps,
      { anchorAt: run.anchorAt, done: index + 1, lastStepAt: now },
      settings,
    );
    if (next === null) {
      await tx
        .update(followUpRuns)
        .set({ ...ended('done', null, now), nextStep: index + 1, lastStepAt: now, ruleVersion: rule.version })
        .where(eq(followUpRuns.id, run.id));
      return done;
    }
    const nextJob = await queueStep(tx, run.id, next.dueAt, now);
    await tx
      .update(followUpRuns)
      .set({
        nextStep: index + 1,
        lastStepAt: now,
        scheduledAt: now,
        dueAt: next.dueAt,
        jobId: nextJob,
        ruleVersion: rule.version,
        updatedAt: now,
      })
      .where(eq(followUpRuns.id, run.id));
    return done;
  });
}

/** Sends (or skips) a due step: its message, its `follow_up_steps` row, its activity line's result. */
async function recordStep(
  tx: Db,
  deps: AutomationDeps,
  due: {
    run: FollowUpRunRow;
    conversation: ConversationRow;
    customer: CustomerRow;
    rule: { id: string };
    step: FollowUpStep;
    index: number;
    now: Date;
  },
  lineId: string,
  done: StepDone,
): Promise<void> {
  const { run, conversation, customer, rule, step, index, now } = due;
  const decided = followUpStepSend(step, { windowOpen: windowOpen(conversation, now) });
  const problem = decided.send === null ? decided.problem : null;
  const clientId = automationClientId(`follow_up:${run.id}`, index);
  let result: AutomationActionResult;
  if (decided.send !== null) {
    // The fallback template goes on the step's own client id: one message per step, whichever.
    result = await sendAction(
      tx,
      {
        projectId: run.projectId,
        ruleId: rule.id,
        eventKey: `follow_up:${run.id}`,
        conversation,
        customer,
        now,
        prices: deps.prices,
      },
      decided.send,
      index,
      done.carried,
    );
  } else {
    result = { kind: step.message.kind, status: 'skipped', reason: problem, targetId: null };
  }
  await tx
    .update(automationActivity)
    .set(
      problem === null ? { actions: [result] } : { outcome: 'skipped', reason: problem, actions: [result] },
    )
    .where(eq(automationActivity.id, lineId));
  await tx
    .insert(followUpSteps)
    .values({
      runId: run.id,
      step: index,
      clientId,
      state: result.status === 'done' ? 'sent' : result.status === 'failed' ? 'failed' : 'skipped',
      reason: result.reason,
      messageId: result.status === 'done' ? result.targetId : null,
      dueAt: run.dueAt ?? now,
      at: now,
    })
    .onConflictDoNothing();
}

/** After a step's transaction committed: its message, the conversation, the balance, the panel. */
async function announceStep(deps: AutomationDeps, done: StepDone, now: Date): Promise<void> {
  const found = await conversationWithCustomer(deps.db, done.conversationId);
  if (found === null) return;
  const { carried } = done;
  const sent = await automationThreadMessages(deps.db, carried.sent, { links: deps.links, now });
  const announcements: Announcement[] = sent.map((message) =>
    messageNew(done.key, found.conversation, found.customer, message),
  );
  if (carried.changed) announcements.push(conversationUpdated(done.key, found, now));
  announcements.push(followUpChanged(done.key, found.conversation));
  announce(deps.publisher, announcements);
  if (carried.sent.length > 0) {
    deps.kick();
    await publishBillingChanges(
      { db: deps.db, publisher: deps.publisher, now: deps.now, prices: deps.prices, log: deps.log },
      carried.charges,
    );
  }
}

/** The handler of `automation.follow_up` jobs: a run's pending step came due. */
export function followUpStepJob(deps: AutomationDeps): JobHandler {
  return {
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) {
        deps.log.warn({ jobId: job.id }, 'follow-up job with a bad payload');
        return;
      }
      const now = deps.now();
      const done = await dueStep(deps, parsed.data.runId, job.id, now);
      if (done !== null) await announceStep(deps, done, now);
    },
  };
}
