/**
 * Automation as the contract shows it (issue 18): a rule with who made and last changed it, when
 * it last fired and its follow-up runs under way (`AutomationRuleView`), a kind's rules a page at
 * a time in their order, and the activity log newest first (per rule, per customer, per kind, or
 * the project's), each customer's phone masked for callers without
 * `crm.chat.show_user_contact_detail` (as the inbox and broadcasts mask them).
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { automationActivity, automationRules, customers, followUpRuns, users } from '../db/schema.ts';
import type { AutomationRuleRow } from '../db/schema.ts';
import { likePattern } from '../crm/labels.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import { AUTOMATION_RULES_MAX } from '../sdk.ts';
import type {
  AutomationActivity,
  AutomationActivityOutcome,
  AutomationRuleKind,
  AutomationRuleView,
} from '../sdk.ts';
import { ruleOf } from './rules.ts';

/** Rules and activity lines a page holds. */
export const AUTOMATION_PAGE_SIZE = 10;

const creators = alias(users, 'creators');
const updaters = alias(users, 'updaters');

/** The views of `rows`, in their order: names of who made and changed them, last firing, runs. */
export async function ruleViews(db: Db, rows: readonly AutomationRuleRow[]): Promise<AutomationRuleView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [facts, running] = await Promise.all([
    db
      .select({
        id: automationRules.id,
        creator: creators.name,
        updater: updaters.name,
        lastFiredAt: sql<Date | string | null>`(
          SELECT ${automationActivity.at} FROM ${automationActivity}
          WHERE ${automationActivity.ruleId} = ${automationRules.id} AND ${automationActivity.outcome} = 'fired'
          ORDER BY ${automationActivity.at} DESC, ${automationActivity.id} DESC LIMIT 1)`,
        // Positions run 0, 1, 2 … per kind (rules.ts): the last has none after it.
        last: sql<boolean>`NOT EXISTS (
          SELECT 1 FROM ${automationRules} AS later
          WHERE later.project_id = ${automationRules.projectId} AND later.kind = ${automationRules.kind}
            AND later.position > ${automationRules.position})`,
      })
      .from(automationRules)
      .leftJoin(creators, eq(creators.id, automationRules.createdBy))
      .leftJoin(updaters, eq(updaters.id, automationRules.updatedBy))
      .where(inArray(automationRules.id, ids)),
    db
      .select({ ruleId: followUpRuns.ruleId, runs: count() })
      .from(followUpRuns)
      .where(and(inArray(followUpRuns.ruleId, ids), eq(followUpRuns.state, 'pending')))
      .groupBy(followUpRuns.ruleId),
  ]);
  const factOf = new Map(facts.map((fact) => [fact.id, fact]));
  const runsOf = new Map(running.map((item) => [item.ruleId, Number(item.runs)]));
  return rows.map((row) => {
    const fact = factOf.get(row.id);
    const lastFiredAt = fact?.lastFiredAt ?? null;
    return {
      ...ruleOf(row),
      createdBy: row.createdBy === null ? null : { id: row.createdBy, name: fact?.creator ?? '' },
      updatedBy: row.updatedBy === null ? null : { id: row.updatedBy, name: fact?.updater ?? '' },
      lastFiredAt: lastFiredAt === null ? null : new Date(lastFiredAt).toISOString(),
      runningFollowUps: runsOf.get(row.id) ?? 0,
      last: fact?.last ?? true,
    };
  });
}

/** One rule's view. */
export async function ruleView(db: Db, row: AutomationRuleRow): Promise<AutomationRuleView> {
  const [view] = await ruleViews(db, [row]);
  if (view === undefined) throw new Error('a rule has no view');
  return view;
}

/** A page of a kind's rules in their order (all of them with `all`); `search` matches words of the name. */
export async function listRules(
  db: Db,
  projectId: string,
  options: { kind: AutomationRuleKind; page: number; search: string; all: boolean },
): Promise<{ data: AutomationRuleView[]; total_page: number }> {
  const conditions: SQL[] = [
    eq(automationRules.projectId, projectId),
    eq(automationRules.kind, options.kind),
  ];
  for (const word of options.search.split(/\s+/).filter(Boolean))
    conditions.push(ilike(automationRules.name, likePattern(word)));
  const where = and(...conditions);
  const size = options.all ? AUTOMATION_RULES_MAX : AUTOMATION_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(automationRules)
      .where(where)
      .orderBy(asc(automationRules.position), asc(automationRules.id))
      .limit(size)
      .offset(options.all ? 0 : options.page * size),
    db.select({ n: count() }).from(automationRules).where(where),
  ]);
  return {
    data: await ruleViews(db, rows),
    total_page: options.all ? (rows.length > 0 ? 1 : 0) : Math.ceil((total?.n ?? 0) / size),
  };
}

export interface ActivityFilter {
  /** The kinds the caller may view (none: nothing). */
  kinds: readonly AutomationRuleKind[];
  ruleId?: string | undefined;
  customerId?: string | undefined;
  outcome?: AutomationActivityOutcome | undefined;
  page: number;
}

/** A page of the project's activity, newest first, as `filter` narrows it. */
export async function activityPage(
  db: Db,
  projectId: string,
  filter: ActivityFilter,
  view: { seesContactDetail: boolean },
): Promise<{ data: AutomationActivity[]; total_page: number }> {
  if (filter.kinds.length === 0) return { data: [], total_page: 0 };
  const conditions: SQL[] = [
    eq(automationActivity.projectId, projectId),
    inArray(automationActivity.kind, [...filter.kinds]),
  ];
  if (filter.ruleId !== undefined) conditions.push(eq(automationActivity.ruleId, filter.ruleId));
  if (filter.customerId !== undefined) conditions.push(eq(automationActivity.customerId, filter.customerId));
  if (filter.outcome !== undefined) conditions.push(eq(automationActivity.outcome, filter.outcome));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ line: automationActivity, name: customers.name, phone: customers.phone })
      .from(automationActivity)
      .innerJoin(customers, eq(customers.id, automationActivity.customerId))
      .where(where)
      .orderBy(desc(automationActivity.at), desc(automationActivity.id))
      .limit(AUTOMATION_PAGE_SIZE)
      .offset(filter.page * AUTOMATION_PAGE_SIZE),
    db.select({ n: count() }).from(automationActivity).where(where),
  ]);
  return {
    data: rows.map(({ line, name, phone }) => ({
      id: line.id,
      rule: { id: line.ruleId, name: line.ruleName, kind: line.kind },
      customer: { id: line.customerId, name, phone: view.seesContactDetail ? phone : maskPhone(phone) },
      conversationId: line.conversationId,
      messageId: line.messageId,
      event: line.event,
      outcome: line.outcome,
      reason: line.reason,
      keyword: line.keyword,
      step: line.step,
      actions: line.actions,
      at: line.at.toISOString(),
    })),
    total_page: Math.ceil((total?.n ?? 0) / AUTOMATION_PAGE_SIZE),
  };
}
