/**
 * A customer's follow-up runs for the customer panel (`follow_up_list`) and an agent's cancel
 * (`follow_up_cancel`). Who may see and cancel which run is the act's to decide (acts.ts); here
 * the rows: pending runs first (soonest due), then the last `FOLLOW_UP_ENDED_SHOWN` that ended.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, conversations, customers, followUpRuns, users } from '../db/schema.ts';
import type { CustomerRow } from '../db/schema.ts';
import { FOLLOW_UP_ENDED_SHOWN } from '../sdk.ts';
import type { FollowUpRunView } from '../sdk.ts';

const columns = {
  run: followUpRuns,
  ruleName: automationRules.name,
  totalSteps: sql<number | null>`jsonb_array_length(${automationRules.steps})`,
  assignedUserId: conversations.assignedUserId,
  cancelledByName: users.name,
};

type Row = {
  run: typeof followUpRuns.$inferSelect;
  ruleName: string | null;
  totalSteps: number | null;
  assignedUserId: string | null;
  cancelledByName: string | null;
};

async function rowsWhere(db: Db, where: SQL | undefined, order: SQL[], limit: number): Promise<Row[]> {
  return db
    .select(columns)
    .from(followUpRuns)
    .innerJoin(conversations, eq(conversations.id, followUpRuns.conversationId))
    .leftJoin(automationRules, eq(automationRules.id, followUpRuns.ruleId))
    .leftJoin(users, eq(users.id, followUpRuns.cancelledBy))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/**
 * Who asks: whether they may cancel any run (`crm.autofu.edit`), or those of the conversations
 * assigned to them (`crm.chat.send`).
 */
export interface FollowUpViewer {
  userId: string;
  cancelsAny: boolean;
  cancelsOwn: boolean;
}

function viewOf(row: Row, viewer: FollowUpViewer): FollowUpRunView {
  const { run } = row;
  return {
    id: run.id,
    rule: { id: run.ruleId, name: row.ruleName },
    conversationId: run.conversationId,
    anchor: run.anchor,
    stageId: run.stageId,
    state: run.state,
    reason: run.reason,
    nextStep: run.nextStep,
    totalSteps: row.totalSteps === null ? null : Number(row.totalSteps),
    dueAt: run.state === 'pending' && run.dueAt !== null ? run.dueAt.toISOString() : null,
    startedAt: run.startedAt.toISOString(),
    endedAt: run.endedAt?.toISOString() ?? null,
    cancelledBy: run.cancelledBy === null ? null : { id: run.cancelledBy, name: row.cancelledByName ?? '' },
    cancellable:
      run.state === 'pending' &&
      (viewer.cancelsAny || (viewer.cancelsOwn && row.assignedUserId === viewer.userId)),
  };
}

/**
 * The customer's runs (of `conversationIds` only, when given): every pending one, soonest due
 * first, then those that ended last.
 */
export async function followUpRunsOf(
  db: Db,
  projectId: string,
  customerId: string,
  conversationIds: readonly string[] | null,
  viewer: FollowUpViewer,
): Promise<FollowUpRunView[]> {
  if (conversationIds !== null && conversationIds.length === 0) return [];
  const scope = and(
    eq(followUpRuns.projectId, projectId),
    eq(followUpRuns.customerId, customerId),
    conversationIds === null ? undefined : inArray(followUpRuns.conversationId, [...conversationIds]),
  );
  const [pending, ended] = await Promise.all([
    rowsWhere(
      db,
      and(scope, eq(followUpRuns.state, 'pending')),
      [asc(followUpRuns.dueAt), asc(followUpRuns.id)],
      1_000,
    ),
    rowsWhere(
      db,
      and(scope, ne(followUpRuns.state, 'pending')),
      [desc(followUpRuns.endedAt), desc(followUpRuns.id)],
      FOLLOW_UP_ENDED_SHOWN,
    ),
  ]);
  return [...pending, ...ended].map((row) => viewOf(row, viewer));
}

/** One run of the project with its conversation's agent, or null. */
export async function followUpRunOf(
  db: Db,
  projectId: string,
  runId: string,
): Promise<{ customerId: string; conversationId: string; assignedUserId: string | null } | null> {
  const [row] = await db
    .select({
      customerId: followUpRuns.customerId,
      conversationId: followUpRuns.conversationId,
      assignedUserId: conversations.assignedUserId,
    })
    .from(followUpRuns)
    .innerJoin(conversations, eq(conversations.id, followUpRuns.conversationId))
    .where(and(eq(followUpRuns.projectId, projectId), eq(followUpRuns.id, runId)))
    .limit(1);
  return row ?? null;
}

/**
 * Cancels a pending run (`agent`, by `userId`): its job finds it no longer pending and ends.
 * Answers the run as the panel shows it, or `ended` when it was not pending any more.
 */
export async function cancelFollowUpRun(
  db: Db,
  change: { projectId: string; runId: string; userId: string; now: Date },
  viewer: FollowUpViewer,
): Promise<FollowUpRunView | 'ended'> {
  const { projectId, runId, userId, now } = change;
  const [cancelled] = await db
    .update(followUpRuns)
    .set({
      state: 'cancelled',
      reason: 'agent',
      cancelledBy: userId,
      jobId: null,
      dueAt: null,
      endedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(followUpRuns.projectId, projectId),
        eq(followUpRuns.id, runId),
        eq(followUpRuns.state, 'pending'),
      ),
    )
    .returning({ id: followUpRuns.id });
  if (cancelled === undefined) return 'ended';
  const [row] = await rowsWhere(db, eq(followUpRuns.id, runId), [asc(followUpRuns.id)], 1);
  if (row === undefined) return 'ended';
  return viewOf(row, viewer);
}

/** A customer's row, for acts that name one (the project's, else null). */
export async function customerOf(db: Db, projectId: string, customerId: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}
