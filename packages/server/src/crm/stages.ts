/**
 * The project's sales pipeline: stages in board order, where each customer is, and every move
 * (`/crm/stage/{key}`, the board, the chat's customer panel, the inbox's stage filter).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import {
  automationRules,
  conversations,
  customers,
  customerStages,
  stageMoves,
  stages,
  users,
} from '../db/schema.ts';
import type { StageRow } from '../db/schema.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import type { CustomerStage, EventCause, Stage, StageCard, StageColumn, StageMove } from '../sdk.ts';
import { queueAutomationEvent } from '../automation/eventQueue.ts';
import { likePattern } from './labels.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const STAGE_PAGE_SIZE = 10;
export const STAGES_ALL_LIMIT = 200;
export const BOARD_CARDS = 20;

const customersIn = sql<number>`(SELECT count(*) FROM ${customerStages} WHERE ${customerStages.stageId} = ${stages.id})::int`;

function toStage(row: StageRow, customerCount: number): Stage {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    position: row.position,
    customers: customerCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStages(
  db: Db,
  projectId: string,
  options: { page: number; search: string; all: boolean },
): Promise<{ data: Stage[]; total_page: number }> {
  const conditions: SQL[] = [eq(stages.projectId, projectId)];
  for (const word of options.search.split(/\s+/).filter(Boolean))
    conditions.push(ilike(stages.name, likePattern(word)));
  const where = and(...conditions);
  const size = options.all ? STAGES_ALL_LIMIT : STAGE_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ stage: stages, customers: customersIn })
      .from(stages)
      .where(where)
      .orderBy(asc(stages.position), asc(stages.id))
      .limit(size)
      .offset(options.all ? 0 : options.page * size),
    db.select({ n: count() }).from(stages).where(where),
  ]);
  return {
    data: rows.map((row) => toStage(row.stage, row.customers)),
    total_page: options.all ? (rows.length > 0 ? 1 : 0) : Math.ceil((total?.n ?? 0) / size),
  };
}

export async function findStage(db: Db, projectId: string, id: string): Promise<Stage | null> {
  const [row] = await db
    .select({ stage: stages, customers: customersIn })
    .from(stages)
    .where(and(eq(stages.projectId, projectId), eq(stages.id, id)))
    .limit(1);
  return row === undefined ? null : toStage(row.stage, row.customers);
}

/** A new stage at the end of the board, or `null` when the name is taken. */
export async function createStage(
  db: Db,
  stage: { projectId: string; name: string; color: string; now: Date },
): Promise<Stage | null> {
  const [row] = await db
    .insert(stages)
    .values({
      id: randomUUID(),
      projectId: stage.projectId,
      name: stage.name,
      color: stage.color,
      position: sql`(SELECT coalesce(max(${stages.position}) + 1, 0) FROM ${stages} WHERE ${stages.projectId} = ${stage.projectId})`,
      createdAt: stage.now,
    })
    .onConflictDoNothing()
    .returning();
  return row === undefined ? null : toStage(row, 0);
}

/** The changed stage; `'taken'` for a name another stage has; `null` when there is no such stage. */
export async function updateStage(
  db: Db,
  projectId: string,
  id: string,
  change: { name?: string | undefined; color?: string | undefined; position?: number | undefined },
): Promise<Stage | null | 'taken'> {
  try {
    const found = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(stages)
        .where(and(eq(stages.projectId, projectId), eq(stages.id, id)))
        .for('update');
      if (current === undefined) return false;
      if (change.position !== undefined && change.position !== current.position) {
        const [last] = await tx.select({ n: count() }).from(stages).where(eq(stages.projectId, projectId));
        const target = Math.min(change.position, (last?.n ?? 1) - 1);
        // Close the gap it leaves, open one where it goes.
        await tx
          .update(stages)
          .set({ position: sql`${stages.position} - 1` })
          .where(
            and(
              eq(stages.projectId, projectId),
              gte(stages.position, current.position + 1),
              ne(stages.id, id),
            ),
          );
        await tx
          .update(stages)
          .set({ position: sql`${stages.position} + 1` })
          .where(and(eq(stages.projectId, projectId), gte(stages.position, target), ne(stages.id, id)));
        await tx.update(stages).set({ position: target }).where(eq(stages.id, id));
      }
      const set: Partial<Pick<StageRow, 'name' | 'color'>> = {};
      if (change.name !== undefined) set.name = change.name;
      if (change.color !== undefined) set.color = change.color;
      if (Object.keys(set).length > 0) await tx.update(stages).set(set).where(eq(stages.id, id));
      return true;
    });
    if (!found) return null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return findStage(db, projectId, id);
}

export async function deleteStage(db: Db, projectId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(stages)
      .where(and(eq(stages.projectId, projectId), eq(stages.id, id)))
      .returning();
    if (deleted === undefined) return false;
    await tx
      .update(stages)
      .set({ position: sql`${stages.position} - 1` })
      .where(and(eq(stages.projectId, projectId), gte(stages.position, deleted.position)));
    return true;
  });
}

/** Customers of a stage, as a condition on a customer id column. */
export function inStage(customerId: AnyColumn, stageId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${customerStages} WHERE ${customerStages.customerId} = ${customerId} AND ${customerStages.stageId} = ${stageId})`;
}

export async function customerStage(db: Db, customerId: string): Promise<CustomerStage> {
  const [[current], moves] = await Promise.all([
    db
      .select({ id: stages.id, name: stages.name, color: stages.color })
      .from(customerStages)
      .innerJoin(stages, eq(stages.id, customerStages.stageId))
      .where(eq(customerStages.customerId, customerId))
      .limit(1),
    db
      .select({
        move: stageMoves,
        user: { id: users.id, name: users.name },
        rule: { id: automationRules.id, name: automationRules.name },
      })
      .from(stageMoves)
      .leftJoin(users, eq(users.id, stageMoves.userId))
      .leftJoin(automationRules, eq(automationRules.id, stageMoves.ruleId))
      .where(eq(stageMoves.customerId, customerId))
      .orderBy(desc(stageMoves.at), desc(stageMoves.id))
      .limit(100),
  ]);
  const history: StageMove[] = moves.map(({ move, user, rule }) => ({
    from: move.fromName === null ? null : { id: move.fromStageId, name: move.fromName },
    to: move.toName === null ? null : { id: move.toStageId, name: move.toName },
    by: user?.id ? { id: user.id, name: user.name } : null,
    // A rule's move keeps its id (0024); a deleted rule's has no name. Moves by rules deleted
    // before 0024 lost their id and show no mover.
    automation: move.ruleId === null ? null : { ruleId: move.ruleId, ruleName: rule?.name ?? null },
    at: move.at.toISOString(),
  }));
  return { customerId, stage: current ?? null, history };
}

/**
 * Moves a customer of the project to `stageId` (`null`: none) and records the move. Answers
 * `'same'` when they are there already, `'no_stage'` when the stage is not the project's. Runs in
 * `tx`, the caller's transaction (the act's, or a rule's firing), which holds the customer's lock
 * until it commits; it opens no savepoint of its own (two round trips a move, and a failure
 * undoes the caller's transaction anyway).
 */
export async function moveCustomer(
  tx: Db,
  move: {
    projectId: string;
    customerId: string;
    stageId: string | null;
    /** The member who moved them; `null` with `ruleId`: an automation rule did. */
    userId: string | null;
    ruleId?: string | null;
    /** With `ruleId`: how deep in a chain of rules the move is (`EventCause.depth`). */
    depth?: number;
    now: Date;
  },
): Promise<'moved' | 'same' | 'no_stage'> {
  // One move at a time per customer.
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, move.customerId))
    .for('update');
  const [from] = await tx
    .select({ id: stages.id, name: stages.name })
    .from(customerStages)
    .innerJoin(stages, eq(stages.id, customerStages.stageId))
    .where(eq(customerStages.customerId, move.customerId));
  let to: { id: string; name: string } | null = null;
  if (move.stageId !== null) {
    const [found] = await tx
      .select({ id: stages.id, name: stages.name })
      .from(stages)
      .where(and(eq(stages.projectId, move.projectId), eq(stages.id, move.stageId)));
    if (found === undefined) return 'no_stage';
    to = found;
  }
  if ((from?.id ?? null) === (to?.id ?? null)) return 'same';
  if (to === null) {
    await tx.delete(customerStages).where(eq(customerStages.customerId, move.customerId));
  } else {
    await tx
      .insert(customerStages)
      .values({ customerId: move.customerId, stageId: to.id, since: move.now })
      .onConflictDoUpdate({ target: customerStages.customerId, set: { stageId: to.id, since: move.now } });
  }
  await tx.insert(stageMoves).values({
    id: randomUUID(),
    customerId: move.customerId,
    fromStageId: from?.id ?? null,
    fromName: from?.name ?? null,
    toStageId: to?.id ?? null,
    toName: to?.name ?? null,
    userId: move.userId,
    ruleId: move.ruleId ?? null,
    at: move.now,
  });
  // Rules triggered by the stage entered hear of it (src/automation/events.ts), in this transaction.
  if (to !== null) {
    const cause: EventCause =
      move.ruleId == null
        ? { by: 'agent' }
        : { by: 'automation', ruleId: move.ruleId, depth: move.depth ?? 1 };
    await queueAutomationEvent(
      tx,
      { kind: 'stage_entered', customerId: move.customerId, targetId: to.id, cause },
      move.now,
    );
  }
  return 'moved';
}

export async function customerOfProject(db: Db, projectId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.id, customerId)))
    .limit(1);
  return row !== undefined;
}

/** The board: a column per stage in order, then customers in no stage, each with its first cards. */
export async function stageBoard(
  db: Db,
  projectId: string,
  options: { limit: number; search: string; seesPhones: boolean },
): Promise<StageColumn[]> {
  const columns = await db
    .select()
    .from(stages)
    .where(eq(stages.projectId, projectId))
    .orderBy(asc(stages.position), asc(stages.id));
  const search: SQL[] = [];
  for (const word of options.search.split(/\s+/).filter(Boolean)) {
    const either = or(ilike(customers.name, likePattern(word)), ilike(customers.phone, likePattern(word)));
    if (either !== undefined) search.push(either);
  }
  const latestConversation = sql<
    string | null
  >`(SELECT ${conversations.id} FROM ${conversations} WHERE ${conversations.customerId} = ${customers.id} ORDER BY ${conversations.lastMessageAt} DESC NULLS LAST LIMIT 1)`;
  const card = (row: {
    id: string;
    name: string;
    phone: string;
    conversationId: string | null;
    since: Date | null;
  }): StageCard => ({
    customerId: row.id,
    name: row.name,
    phone: options.seesPhones ? row.phone : maskPhone(row.phone),
    conversationId: row.conversationId,
    since: row.since?.toISOString() ?? null,
  });
  const fields = {
    id: customers.id,
    name: customers.name,
    phone: customers.phone,
    conversationId: latestConversation,
    since: customerStages.since,
  };
  const staged = await Promise.all(
    columns.map(async (stage) => {
      const where = and(eq(customerStages.stageId, stage.id), ...search);
      const [rows, [total]] = await Promise.all([
        db
          .select(fields)
          .from(customerStages)
          .innerJoin(customers, eq(customers.id, customerStages.customerId))
          .where(where)
          .orderBy(desc(customerStages.since), asc(customers.id))
          .limit(options.limit),
        db
          .select({ n: count() })
          .from(customerStages)
          .innerJoin(customers, eq(customers.id, customerStages.customerId))
          .where(where),
      ]);
      return {
        stage: { id: stage.id, name: stage.name, color: stage.color, position: stage.position },
        cards: rows.map(card),
        total: total?.n ?? 0,
      };
    }),
  );
  const unstagedWhere = and(eq(customers.projectId, projectId), isNull(customerStages.customerId), ...search);
  const [rows, [total]] = await Promise.all([
    db
      .select(fields)
      .from(customers)
      .leftJoin(customerStages, eq(customerStages.customerId, customers.id))
      .where(unstagedWhere)
      .orderBy(desc(customers.createdAt), asc(customers.id))
      .limit(options.limit),
    db
      .select({ n: count() })
      .from(customers)
      .leftJoin(customerStages, eq(customerStages.customerId, customers.id))
      .where(unstagedWhere),
  ]);
  return [...staged, { stage: null, cards: rows.map(card), total: total?.n ?? 0 }];
}
