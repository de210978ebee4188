/**
 * A project's automation rules in storage (issue 18, `automation_rules`): rows to rules and back,
 * and the changes the acts make. Every change that counts or orders a project's rules (create,
 * delete, reorder) runs under the project's automation lock (an advisory lock, held until the
 * transaction ends), so several server processes on one database keep `AUTOMATION_RULES_MAX` and
 * each kind's positions 0, 1, 2 … without gaps or twins.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, followUpRuns } from '../db/schema.ts';
import type { AutomationRuleRow } from '../db/schema.ts';
import { AUTOMATION_RULES_MAX } from '../sdk.ts';
import type { AutomationRule, AutomationRuleDraft, AutomationRuleKind } from '../sdk.ts';

type Executor = Pick<Db, 'select' | 'update' | 'delete' | 'insert' | 'execute'>;

/** First key of the project's automation lock (the second is a hash of the project's id). */
const AUTOMATION_LOCK = 0x5a9a_0018;

/** Holds, until the transaction ends, the lock on a project's set of rules. */
async function lockRules(tx: Executor, projectId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUTOMATION_LOCK}::int, hashtext(${projectId}::text))`);
}

/** `uuid[]` as one parameter, the same on PGlite and node-postgres (ids checked by the contract). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * A stored rule as the contract has it. The row holds what `automationRuleDraftField` accepted
 * for its kind, so its parts are the kind's own.
 */
export function ruleOf(row: AutomationRuleRow): AutomationRule {
  const base = {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    trigger: row.trigger,
    conditions: row.conditions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  switch (row.kind) {
    case 'auto_reply':
      return {
        ...base,
        kind: row.kind,
        actions: row.actions,
        quietPeriodMinutes: row.quietPeriodMinutes ?? 0,
      } as AutomationRule;
    case 'follow_up':
      return { ...base, kind: row.kind, steps: row.steps } as AutomationRule;
    default:
      return { ...base, kind: row.kind, actions: row.actions } as AutomationRule;
  }
}

/** The columns a draft fills: actions or steps by kind, the quiet period only for an auto-reply. */
function columnsOf(draft: AutomationRuleDraft) {
  return {
    name: draft.name,
    enabled: draft.enabled,
    trigger: draft.trigger,
    conditions: draft.conditions,
    actions: draft.kind === 'follow_up' ? [] : draft.actions,
    steps: draft.kind === 'follow_up' ? draft.steps : [],
    quietPeriodMinutes: draft.kind === 'auto_reply' ? draft.quietPeriodMinutes : null,
  };
}

/** A rule of the project, or null (none, or another project's). */
export async function findRule(db: Db, projectId: string, id: string): Promise<AutomationRuleRow | null> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.projectId, projectId), eq(automationRules.id, id)))
    .limit(1);
  return row ?? null;
}

/** A kind's rules of the project in their order. */
export async function rulesOfKind(
  db: Db,
  projectId: string,
  kind: AutomationRuleKind,
): Promise<AutomationRuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.projectId, projectId), eq(automationRules.kind, kind)))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

/** Adds a rule at the end of its kind's list; `'full'` when the project keeps the most it may. */
export async function insertRule(
  db: Db,
  change: { projectId: string; draft: AutomationRuleDraft; userId: string; now: Date },
): Promise<AutomationRuleRow | 'full'> {
  const { projectId, draft, userId, now } = change;
  return db.transaction(async (tx) => {
    await lockRules(tx, projectId);
    const [held] = await tx
      .select({ n: count() })
      .from(automationRules)
      .where(eq(automationRules.projectId, projectId));
    if ((held?.n ?? 0) >= AUTOMATION_RULES_MAX) return 'full';
    const [row] = await tx
      .insert(automationRules)
      .values({
        id: randomUUID(),
        projectId,
        kind: draft.kind,
        ...columnsOf(draft),
        position: sql`(SELECT coalesce(max(${automationRules.position}) + 1, 0) FROM ${automationRules} WHERE ${automationRules.projectId} = ${projectId} AND ${automationRules.kind} = ${draft.kind})`,
        createdBy: userId,
        updatedBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row === undefined) throw new Error('a rule was not stored');
    return row;
  });
}

/**
 * Replaces a rule's parts (`draft`, of its own kind) and/or switches it (`enabled`); its version
 * grows. A follow-up switched off stops its runs under way (`rule_disabled`). Null when the rule
 * is gone.
 */
export async function updateRule(
  db: Db,
  change: {
    projectId: string;
    id: string;
    draft: AutomationRuleDraft | undefined;
    enabled: boolean | undefined;
    userId: string;
    now: Date;
  },
): Promise<AutomationRuleRow | null> {
  const { projectId, id, draft, enabled, userId, now } = change;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(automationRules)
      .where(and(eq(automationRules.projectId, projectId), eq(automationRules.id, id)))
      .for('update');
    if (current === undefined) return null;
    const [row] = await tx
      .update(automationRules)
      .set({
        ...(draft === undefined ? {} : columnsOf(draft)),
        ...(enabled === undefined ? {} : { enabled }),
        version: current.version + 1,
        updatedBy: userId,
        updatedAt: now,
      })
      .where(eq(automationRules.id, id))
      .returning();
    if (row === undefined) return null;
    if (row.kind === 'follow_up' && current.enabled && !row.enabled) {
      await tx
        .update(followUpRuns)
        .set({ state: 'stopped', reason: 'rule_disabled', jobId: null, endedAt: now, updatedAt: now })
        .where(and(eq(followUpRuns.ruleId, id), eq(followUpRuns.state, 'pending')));
    }
    return row;
  });
}

/**
 * Deletes a rule: its pending follow-up runs are cancelled (`rule_deleted`, kept for the customer
 * panel), the rules after it move up; its activity stays (the rule set null), its timers and
 * quiet-period marks go with it. Null when it was not the project's.
 */
export async function deleteRule(
  db: Db,
  change: { projectId: string; id: string; now: Date },
): Promise<AutomationRuleRow | null> {
  const { projectId, id, now } = change;
  return db.transaction(async (tx) => {
    await lockRules(tx, projectId);
    const [row] = await tx
      .select()
      .from(automationRules)
      .where(and(eq(automationRules.projectId, projectId), eq(automationRules.id, id)));
    if (row === undefined) return null;
    await tx
      .update(followUpRuns)
      .set({ state: 'cancelled', reason: 'rule_deleted', jobId: null, endedAt: now, updatedAt: now })
      .where(and(eq(followUpRuns.ruleId, id), eq(followUpRuns.state, 'pending')));
    await tx.delete(automationRules).where(eq(automationRules.id, id));
    await tx
      .update(automationRules)
      .set({ position: sql`${automationRules.position} - 1` })
      .where(
        and(
          eq(automationRules.projectId, projectId),
          eq(automationRules.kind, row.kind),
          gt(automationRules.position, row.position),
        ),
      );
    return row;
  });
}

/** Why an order was refused: an id not of the kind's rules, one given twice, or some left out. */
export type ReorderRefusal = 'not_found' | 'duplicate' | 'stale';

/**
 * Puts a kind's rules in the order of `ids` (every one of them, each once); answers the ids of
 * those whose place changed.
 */
export async function reorderRules(
  db: Db,
  change: { projectId: string; kind: AutomationRuleKind; ids: readonly string[] },
): Promise<{ moved: string[] } | ReorderRefusal> {
  const { projectId, kind, ids } = change;
  return db.transaction(async (tx) => {
    await lockRules(tx, projectId);
    const current = await tx
      .select({ id: automationRules.id })
      .from(automationRules)
      .where(and(eq(automationRules.projectId, projectId), eq(automationRules.kind, kind)));
    const known = new Set(current.map((row) => row.id));
    if (ids.some((id) => !known.has(id))) return 'not_found';
    if (new Set(ids).size !== ids.length) return 'duplicate';
    if (ids.length !== known.size) return 'stale';
    const place = sql`array_position(${uuidArray(ids)}, ${automationRules.id}) - 1`;
    const moved = await tx
      .update(automationRules)
      .set({ position: place })
      .where(
        and(
          eq(automationRules.projectId, projectId),
          eq(automationRules.kind, kind),
          inArray(automationRules.id, [...ids]),
          sql`${automationRules.position} <> ${place}`,
        ),
      )
      .returning({ id: automationRules.id });
    return { moved: moved.map((row) => row.id) };
  });
}
