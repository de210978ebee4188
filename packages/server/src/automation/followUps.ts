/**
 * Follow-up sequences (issue 18, docs/automation.md "Follow-ups"): runs of a follow-up rule's
 * timed steps for a customer in a conversation, on the durable job table; their steps come due
 * in followUpStep.ts.
 *
 * - **Starting and stopping.** A customer's message (the `automation.message` job, engine.ts)
 *   stops the conversation's pending runs (`customer_replied`) and starts a run of each enabled
 *   follow-up rule it fires (`evaluateRule`, trigger `customer_message`, anchor its time). A stage
 *   move (`followUpsOnStageMove`, in the mover's transaction) stops the customer's stage-anchored
 *   runs (`stage_changed`) and starts the rules triggered by entering that stage. One pending run
 *   per rule and conversation (a partial unique index): a later trigger wins.
 * - **Each pending step is one job** (`automation.follow_up`), due at the step's time moved into
 *   the project's working hours (`nextFollowUpStep`), queued in the transaction that writes the
 *   run, its id on the run (`job_id`). A job acts only while the pending run still names it (a
 *   stopped, cancelled or rescheduled run makes it stale: it ends doing nothing).
 * - **Announced after commit:** `follow_up.changed` for each conversation whose runs changed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import {
  automationActivity,
  automationRules,
  conversations,
  customerLabels,
  followUpRuns,
  projects,
} from '../db/schema.ts';
import type { ConversationRow, FollowUpEndReason, MessageRow, ProjectRow } from '../db/schema.ts';
import type { Publisher, Published } from '../realtime/Publisher.ts';
import { projectSettings } from '../team/settings.ts';
import {
  CUSTOMER_SERVICE_WINDOW_MS,
  evaluateRule,
  followUpAnchorOf,
  inRuleOrder,
  skipLogged,
  nextFollowUpStep,
} from '../sdk.ts';
import type {
  AdSource,
  AutomationActionResult,
  AutomationContext,
  AutomationRule,
  FollowUpAnchor,
} from '../sdk.ts';
import { queryRows } from '../db/queryRows.ts';
import type { AutomationDeps } from './engine.ts';
import { ruleOf } from './rules.ts';

/** The job kind of a run's pending step. */
export const FOLLOW_UP_JOB = 'automation.follow_up';

type FollowUpRule = Extract<AutomationRule, { kind: 'follow_up' }>;

/** The project's enabled follow-up rules (one index range). */
async function followUpRules(db: Db, projectId: string): Promise<FollowUpRule[]> {
  const rows = await db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.projectId, projectId),
        eq(automationRules.kind, 'follow_up'),
        eq(automationRules.enabled, true),
      ),
    );
  return inRuleOrder(rows.map(ruleOf)).filter((rule): rule is FollowUpRule => rule.kind === 'follow_up');
}

/** An activity line's fields for a rule and an event (`automation_activity`). */
interface LineOf {
  id: string;
  ruleId: string;
  ruleName: string;
  kind: AutomationRule['kind'];
  projectId: string;
  customerId: string;
  conversationId: string;
  messageId: string | null;
  event: 'message' | 'stage_entered';
  eventKey: string;
  at: Date;
}

/** `start_follow_up`'s result on the activity line, by whether a run started (`run`'s id, else null). */
const startResult = (runId: string | null): AutomationActionResult => ({
  kind: 'start_follow_up',
  status: runId === null ? 'skipped' : 'done',
  reason: null,
  targetId: runId,
});

/**
 * Starts a run of `rule` for an event in the conversation, in one statement: its activity line
 * (fired, with `start_follow_up` done or skipped), the run and its first step's job. The line is
 * the claim: an event whose line is there already (handled before: a re-run, another process)
 * starts nothing. No run starts when the rule has no steps or a pending run of the rule is there
 * already (a later trigger started it): the line says `skipped`. Answers the run's id, or null.
 * The callers hold the conversation (a message) or the customer (a stage move) locked, so no other
 * transaction claims the same line meanwhile.
 */
async function startRun(
  tx: Db,
  start: {
    rule: FollowUpRule;
    version: number;
    line: LineOf;
    keyword: string | null;
    conversation: Pick<ConversationRow, 'id' | 'projectId' | 'customerId'>;
    anchor: FollowUpAnchor;
    anchorAt: Date;
    /** The starting customer message's `seq` (a message anchor), else null. */
    anchorSeq: number | null;
    stageId: string | null;
    settings: AutomationContext['project'];
    now: Date;
  },
): Promise<string | null> {
  const { rule, line, conversation, anchorAt, now } = start;
  const first = nextFollowUpStep(rule.steps, { anchorAt, done: 0, lastStepAt: null }, start.settings);
  const lineValues = sql`${line.id}::uuid, ${line.projectId}::uuid, ${line.ruleId}::uuid,
    ${line.ruleName}::text, ${line.kind}::text, ${line.customerId}::uuid, ${line.conversationId}::uuid,
    ${line.messageId}::uuid, ${line.event}::text, ${line.eventKey}::text, ${line.at.toISOString()}::timestamptz,
    'fired', ${start.keyword}::text`;
  const lineColumns = sql`id, project_id, rule_id, rule_name, kind, customer_id, conversation_id, message_id,
    event, event_key, at, outcome, keyword, actions, follow_up_run_id`;
  if (first === null) {
    await tx.execute(sql`INSERT INTO automation_activity (${lineColumns})
      VALUES (${lineValues}, ${JSON.stringify([startResult(null)])}::jsonb, NULL)
      ON CONFLICT (event_key) DO NOTHING`);
    return null;
  }
  const id = randomUUID();
  const jobId = randomUUID();
  const iso = (date: Date) => date.toISOString();
  // The run's `scheduled_at` is its anchor: the stop rules compare a customer's message or stage
  // entry with it. Each part reads the one before it through RETURNING (a statement's parts do not
  // see one another's rows), so the job and the line follow the run; every part runs to completion
  // whether or not the final SELECT reads it.
  const [started] = await queryRows<{ run_id: string | null; line_id: string | null }>(
    tx,
    sql`WITH fresh AS (
      SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM automation_activity WHERE event_key = ${line.eventKey}::text)
    ), run AS (
      INSERT INTO follow_up_runs (id, project_id, rule_id, rule_version, customer_id, conversation_id,
        anchor, anchor_at, anchor_seq, stage_id, scheduled_at, due_at, job_id, started_at, updated_at)
      SELECT ${id}::uuid, ${conversation.projectId}::uuid, ${rule.id}::uuid, ${start.version}::int,
        ${conversation.customerId}::uuid, ${conversation.id}::uuid, ${start.anchor}::text,
        ${iso(anchorAt)}::timestamptz, ${start.anchorSeq}::int, ${start.stageId}::uuid,
        ${iso(anchorAt)}::timestamptz, ${iso(first.dueAt)}::timestamptz, ${jobId}::uuid,
        ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
      FROM fresh
      ON CONFLICT (rule_id, conversation_id) WHERE state = 'pending' DO NOTHING
      RETURNING id
    ), job AS (
      INSERT INTO jobs (id, kind, payload, run_at, created_at)
      SELECT ${jobId}::uuid, ${FOLLOW_UP_JOB}::text, jsonb_build_object('runId', run.id),
        ${iso(first.dueAt)}::timestamptz, ${iso(now)}::timestamptz
      FROM run
      RETURNING id
    ), line AS (
      INSERT INTO automation_activity (${lineColumns})
      SELECT ${lineValues},
        CASE WHEN run.id IS NULL THEN ${JSON.stringify([startResult(null)])}::jsonb
          ELSE ${JSON.stringify([startResult(id)])}::jsonb END,
        run.id
      FROM fresh LEFT JOIN run ON true
      ON CONFLICT (event_key) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT id FROM run) AS run_id, (SELECT id FROM line) AS line_id`,
  );
  const runId = started?.run_id ?? null;
  // A run without its line would be a second start of a handled event: undone with the transaction.
  if (runId !== null && started?.line_id === null)
    throw new Error(`follow-up run of rule ${rule.id} started without its activity line ${line.eventKey}`);
  return runId;
}

export const ended = (
  state: 'done' | 'stopped' | 'cancelled',
  reason: FollowUpEndReason | null,
  now: Date,
) => ({
  state,
  reason,
  jobId: null,
  dueAt: null,
  endedAt: now,
  updatedAt: now,
});

/** The versions of the rules, by id (a run records the version it was planned under). */
async function versionsOf(db: Db, projectId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: automationRules.id, version: automationRules.version })
    .from(automationRules)
    .where(and(eq(automationRules.projectId, projectId), eq(automationRules.kind, 'follow_up')));
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** Judges `rules` on the event and starts a run of each that fires; answers how many started. */
async function startFired(
  tx: Db,
  rules: readonly FollowUpRule[],
  context: AutomationContext,
  event: {
    conversation: Pick<ConversationRow, 'id' | 'projectId' | 'customerId'>;
    kind: 'message' | 'stage_entered';
    /** `message:<messageId>` or `stage:<customerId>:<at>`: the rule's id completes the key. */
    key: string;
    messageId: string | null;
    anchorAt: Date;
    /** The message's `seq` for a message event, else null. */
    anchorSeq: number | null;
    stageId: string | null;
    now: Date;
    /** The rules' versions (`versionsOf`) when the caller read them in `tx` already. */
    versions?: Map<string, number>;
  },
): Promise<number> {
  const { conversation, now } = event;
  const versions = event.versions ?? (await versionsOf(tx, conversation.projectId));
  let started = 0;
  for (const rule of rules) {
    const outcome = evaluateRule(rule, context);
    const line = {
      id: randomUUID(),
      projectId: conversation.projectId,
      ruleId: rule.id,
      ruleName: rule.name,
      kind: rule.kind,
      customerId: conversation.customerId,
      conversationId: conversation.id,
      messageId: event.messageId,
      event: event.kind,
      eventKey: `${event.key}:${rule.id}`,
      at: now,
    };
    if (!outcome.fires) {
      if (skipLogged(outcome.reason, 'event')) {
        await tx
          .insert(automationActivity)
          .values({ ...line, outcome: 'skipped', reason: outcome.reason })
          .onConflictDoNothing({ target: automationActivity.eventKey });
      }
      continue;
    }
    const runId = await startRun(tx, {
      rule,
      version: versions.get(rule.id) ?? 1,
      line,
      keyword: outcome.keyword,
      conversation,
      anchor: followUpAnchorOf(rule.trigger),
      anchorAt: event.anchorAt,
      anchorSeq: event.anchorSeq,
      stageId: event.stageId,
      settings: context.project,
      now,
    });
    if (runId !== null) started += 1;
  }
  return started;
}

/** What a customer's message changed: whether any run of the conversation stopped or started. */
export interface MessageFollowUps {
  changed: boolean;
}

/** A customer's message, as far as stopping runs goes. */
type RepliedMessage = Pick<MessageRow, 'seq' | 'createdAt'>;

/**
 * The pending runs `message` is a reply to (SDK `customerRepliedAfter`, in SQL): those counting
 * from an earlier message of the conversation by place, the others (a stage anchor, a run from
 * before 0024) scheduled before it.
 */
function repliedAfter(message: RepliedMessage): SQL {
  return sql`CASE WHEN ${followUpRuns.anchorSeq} IS NOT NULL THEN ${followUpRuns.anchorSeq} < ${message.seq}
    ELSE ${followUpRuns.scheduledAt} < ${message.createdAt.toISOString()}::timestamptz END`;
}

/**
 * The runs a batch of customer messages stops (`customer_replied`), stopped in one statement once
 * the batch is judged: per conversation, those scheduled before its latest message. A run a
 * message of the batch started is scheduled at that message, so only a later one stops it, as
 * when each message stops its own.
 */
export class RepliedRuns {
  readonly #latest = new Map<
    string,
    { key: string; message: RepliedMessage; conversation: AnnouncedConversation }
  >();

  /** A customer's `message` in `conversation` (as the batch left it: its audience for the announcement). */
  add(key: string, conversation: AnnouncedConversation, message: RepliedMessage): void {
    const was = this.#latest.get(conversation.id);
    if (was === undefined || message.seq > was.message.seq)
      this.#latest.set(conversation.id, { key, message, conversation });
  }

  async stop(deps: Pick<AutomationDeps, 'db' | 'publisher'>, now: Date): Promise<void> {
    if (this.#latest.size === 0) return;
    const replied = [...this.#latest];
    this.#latest.clear();
    const stopped = await deps.db
      .update(followUpRuns)
      .set(ended('stopped', 'customer_replied', now))
      .where(
        and(
          eq(followUpRuns.state, 'pending'),
          or(
            ...replied.map(([conversationId, { message }]) =>
              and(eq(followUpRuns.conversationId, conversationId), repliedAfter(message)),
            ),
          ),
        ),
      )
      .returning({ conversationId: followUpRuns.conversationId });
    // Announced to the conversations' audiences as the batch knows them, without reading them again.
    const of = new Map(replied);
    for (const id of new Set(stopped.map((run) => run.conversationId))) {
      const entry = of.get(id);
      if (entry !== undefined) deps.publisher.publish(followUpChanged(entry.key, entry.conversation));
    }
  }
}

/** What `sapa_follow_up_on_message` (migration 0033) answers. */
type OnMessageAnswer = { stale: true } | { stale: false; stopped: number; started: number };

/**
 * A customer's message (from the `automation.message` job): stops the conversation's runs
 * scheduled before it (`customer_replied`) and starts a run of each follow-up rule it fires, under
 * the conversation's lock. A message handled before starts nothing again (its activity lines are
 * claimed first); a run a later message started stays (the older message neither stops it nor
 * replaces it). When no follow-up rule stirs, only the stop is left, for the batch's `stop` to do
 * for every message of the batch at once.
 *
 * The rules are judged on the context as the job knows it (its kinds' stage, division and
 * labels), then `sapa_follow_up_on_message` (migration 0033) does the rest in one round trip,
 * provided the customer's stage is still the one they were judged on; if an agent moved them
 * meanwhile, `onMessageInTransaction` judges them again on the stage as it is.
 */
export async function followUpsOnMessage(
  deps: Pick<AutomationDeps, 'db' | 'publisher'>,
  loaded: {
    message: MessageRow;
    conversation: ConversationRow;
    project: ProjectRow;
    context: AutomationContext;
    /** The project's enabled rules (the message job loads them all). */
    rules: readonly AutomationRule[];
  },
  now: Date,
  batch: RepliedRuns,
): Promise<MessageFollowUps> {
  const { message, conversation, project, context } = loaded;
  const rules = inRuleOrder(loaded.rules).filter((rule): rule is FollowUpRule => rule.kind === 'follow_up');
  const judged = rules.map((rule) => ({ rule, outcome: evaluateRule(rule, context) }));
  // No rule that would fire or log (or none switched on): only the stop, the batch's. A stage an
  // agent moves meanwhile is the stage move's own to act on (followUpsOnStageMove).
  if (!judged.some(({ outcome }) => outcome.fires || skipLogged(outcome.reason, 'event'))) {
    batch.add(project.key, conversation, message);
    return { changed: false };
  }
  const iso = (date: Date) => date.toISOString();
  const lineOf = (rule: FollowUpRule) => ({
    id: randomUUID(),
    rule_id: rule.id,
    rule_name: rule.name,
    message_id: message.id,
    event_key: `message:${message.id}:${rule.id}`,
  });
  const starts = judged.flatMap(({ rule, outcome }) => {
    if (!outcome.fires) return [];
    const first = nextFollowUpStep(
      rule.steps,
      { anchorAt: message.createdAt, done: 0, lastStepAt: null },
      context.project,
    );
    return [
      {
        rule_id: rule.id,
        run_id: randomUUID(),
        job_id: randomUUID(),
        job_kind: FOLLOW_UP_JOB,
        anchor: followUpAnchorOf(rule.trigger),
        anchor_at: iso(message.createdAt),
        anchor_seq: message.seq,
        stage_id: null,
        due_at: first === null ? null : iso(first.dueAt),
        line: { ...lineOf(rule), keyword: outcome.keyword },
      },
    ];
  });
  const skips = judged.flatMap(({ rule, outcome }) =>
    !outcome.fires && skipLogged(outcome.reason, 'event')
      ? [{ ...lineOf(rule), reason: outcome.reason }]
      : [],
  );
  const [row] = await queryRows<{ answer: OnMessageAnswer }>(
    deps.db,
    sql`SELECT sapa_follow_up_on_message(${JSON.stringify({
      conversation_id: conversation.id,
      customer_id: conversation.customerId,
      project_id: conversation.projectId,
      seq: message.seq,
      created_at: iso(message.createdAt),
      now: iso(now),
      stage_id: context.conversation.stageId,
      starts,
      skips,
    })}::jsonb) AS answer`,
  );
  const answer = row?.answer;
  const changed =
    answer === undefined || answer.stale
      ? await onMessageInTransaction(deps.db, loaded, rules, now)
      : answer.stopped > 0 || answer.started > 0;
  // To the conversation's audience as the job knows it (after its kinds acted), without reading it again.
  if (changed) deps.publisher.publish(followUpChanged(project.key, conversation));
  return { changed };
}

/**
 * `followUpsOnMessage` when the customer's stage moved since the job read it: in one transaction,
 * the conversation locked with its runs stopped, the stage read as it is, and the rules judged
 * again on it. Answers whether any run stopped or started.
 */
async function onMessageInTransaction(
  db: Db,
  loaded: Parameters<typeof followUpsOnMessage>[1],
  rules: readonly FollowUpRule[],
  now: Date,
): Promise<boolean> {
  const { message, conversation } = loaded;
  return db.transaction(async (tx) => {
    // In one statement: the conversation locked first (the order a due step's job takes the
    // locks in: the stop's condition reads `locked` before the update locks any run, and the
    // final SELECT reads it too, so the lock is taken when no run is stopped), the stop, then the
    // stage as it is now and the rules' versions the runs record.
    const stopLocked = tx
      .update(followUpRuns)
      .set(ended('stopped', 'customer_replied', now))
      .where(
        and(
          sql`${followUpRuns.conversationId} = (SELECT id FROM locked)`,
          eq(followUpRuns.state, 'pending'),
          repliedAfter(message),
        ),
      )
      .returning({ id: followUpRuns.id });
    const [current] = await queryRows<{
      stopped: number;
      stage_id: string | null;
      versions: Record<string, number> | null;
    }>(
      tx,
      // (drizzle puts the update in the parentheses a CTE needs)
      sql`WITH locked AS (
        SELECT id FROM conversations WHERE id = ${conversation.id}::uuid FOR UPDATE
      ), stopped AS ${stopLocked}
      SELECT
        (SELECT count(*)::int FROM locked) AS locked,
        (SELECT count(*)::int FROM stopped) AS stopped,
        (SELECT stage_id FROM customer_stages WHERE customer_id = ${conversation.customerId}::uuid LIMIT 1)
          AS stage_id,
        (SELECT json_object_agg(id, version) FROM automation_rules
          WHERE project_id = ${conversation.projectId}::uuid AND kind = 'follow_up') AS versions`,
    );
    const context = {
      ...loaded.context,
      conversation: { ...loaded.context.conversation, stageId: current?.stage_id ?? null },
    };
    const started = await startFired(tx, rules, context, {
      conversation,
      kind: 'message',
      key: `message:${message.id}`,
      messageId: message.id,
      anchorAt: message.createdAt,
      anchorSeq: message.seq,
      stageId: null,
      now,
      versions: new Map(Object.entries(current?.versions ?? {})),
    });
    return (current?.stopped ?? 0) > 0 || started > 0;
  });
}

/** A click-to-WhatsApp referral as an ad source. */
function adSourceOf(referral: ConversationRow['referral']): AdSource | null {
  return referral === null ? null : { kind: 'ad', adId: referral.sourceId ?? null };
}

/**
 * A customer moved from one stage to another (a member, or a rule's `set_stage` with `ruleId`),
 * inside the transaction that moved them: stops their stage-anchored runs (`stage_changed`) and,
 * when they entered a stage, starts a run of each follow-up rule that fires on entering it, in
 * their most recently active conversation. Answers the conversations whose runs changed (to
 * announce once committed).
 */
export async function followUpsOnStageMove(
  tx: Db,
  move: {
    projectId: string;
    customerId: string;
    stageId: string | null;
    /** A rule's `set_stage`, with how deep in a chain of rules the move is (`EventCause.depth`). */
    ruleId: string | null;
    depth?: number;
    now: Date;
  },
): Promise<string[]> {
  const { projectId, customerId, stageId, now } = move;
  const stopped = await tx
    .update(followUpRuns)
    .set(ended('stopped', 'stage_changed', now))
    .where(
      and(
        eq(followUpRuns.customerId, customerId),
        eq(followUpRuns.state, 'pending'),
        eq(followUpRuns.anchor, 'stage_entered'),
      ),
    )
    .returning({ conversationId: followUpRuns.conversationId });
  const touched = new Set(stopped.map((row) => row.conversationId));
  if (stageId === null) return [...touched];
  const rules = (await followUpRules(tx, projectId)).filter((rule) => rule.trigger.kind === 'stage_entered');
  if (rules.length === 0) return [...touched];
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.projectId, projectId), eq(conversations.customerId, customerId)))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt))
    .limit(1);
  if (conversation === undefined) return [...touched];
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (project === undefined) return [...touched];
  const [settings, labelRows] = await Promise.all([
    projectSettings(tx, project),
    tx
      .select({ id: customerLabels.labelId })
      .from(customerLabels)
      .where(eq(customerLabels.customerId, customerId)),
  ]);
  const context: AutomationContext = {
    event: {
      kind: 'stage_entered',
      stageId,
      cause:
        move.ruleId === null
          ? { by: 'agent' }
          : { by: 'automation', ruleId: move.ruleId, depth: move.depth ?? 1 },
    },
    now,
    conversation: {
      accountId: conversation.accountId,
      labelIds: labelRows.map((row) => row.id),
      stageId,
      divisionId: conversation.divisionId,
      adSource: adSourceOf(conversation.referral),
      windowOpen: windowOpen(conversation, now),
    },
    project: { timeZone: settings.timeZone, workingHours: settings.workingHours },
  };
  const started = await startFired(tx, rules, context, {
    conversation,
    kind: 'stage_entered',
    key: `stage:${customerId}:${now.getTime()}:${stageId}`,
    messageId: null,
    anchorAt: now,
    anchorSeq: null,
    stageId,
    now,
  });
  if (started > 0) touched.add(conversation.id);
  return [...touched];
}

export function windowOpen(conversation: Pick<ConversationRow, 'lastInboundAt'>, at: Date): boolean {
  return (
    conversation.lastInboundAt !== null &&
    conversation.lastInboundAt.getTime() > at.getTime() - CUSTOMER_SERVICE_WINDOW_MS
  );
}

/** `follow_up.changed` for a conversation, to the members who may see it. */
/** What `follow_up.changed` names of a conversation, and whom it goes to. */
type AnnouncedConversation = Pick<ConversationRow, 'id' | 'assignedUserId' | 'divisionId' | 'customerId'>;

export function followUpChanged(
  key: string,
  conversation: AnnouncedConversation,
): Published<'follow_up.changed'> {
  return {
    audience: {
      conversation: key,
      assignedUserId: conversation.assignedUserId,
      divisionId: conversation.divisionId,
    },
    event: 'follow_up.changed',
    payload: { key, customerId: conversation.customerId, conversationId: conversation.id },
  };
}

/** Announces `follow_up.changed` for each conversation (after the change committed). */
export async function announceFollowUps(
  deps: { db: Db; publisher: Publisher },
  key: string,
  conversationIds: readonly string[],
): Promise<void> {
  for (const id of new Set(conversationIds)) {
    const [conversation] = await deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id))
      .limit(1);
    if (conversation !== undefined) deps.publisher.publish(followUpChanged(key, conversation));
  }
}
