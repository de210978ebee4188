/**
 * Labels of a project and the customers carrying them (`/crm/label/{key}`, the chat's customer
 * panel and the inbox's label filter).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { customerLabels, labels } from '../db/schema.ts';
import type { LabelRow } from '../db/schema.ts';
import type { Label } from '../sdk.ts';
import { queueAutomationEvent } from '../automation/eventQueue.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const LABEL_PAGE_SIZE = 10;
/** The most labels one page of `label_list { all: true }` answers. */
export const LABELS_ALL_LIMIT = 500;

/** `%` and `_` typed by a user match themselves. */
export function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const customersOf = sql<number>`(SELECT count(*) FROM ${customerLabels} WHERE ${customerLabels.labelId} = ${labels.id})::int`;

function toLabel(row: LabelRow, customers: number): Label {
  return { id: row.id, name: row.name, color: row.color, customers, createdAt: row.createdAt.toISOString() };
}

export async function listLabels(
  db: Db,
  projectId: string,
  options: { page: number; search: string; sort: 'name' | 'newest' | 'customers'; all: boolean },
): Promise<{ data: Label[]; total_page: number }> {
  const conditions: SQL[] = [eq(labels.projectId, projectId)];
  for (const word of options.search.split(/\s+/).filter(Boolean))
    conditions.push(ilike(labels.name, likePattern(word)));
  const where = and(...conditions);
  const order =
    options.sort === 'newest'
      ? [desc(labels.createdAt), desc(labels.id)]
      : options.sort === 'customers'
        ? [desc(customersOf), asc(sql`lower(${labels.name})`), asc(labels.id)]
        : [asc(sql`lower(${labels.name})`), asc(labels.id)];
  const size = options.all ? LABELS_ALL_LIMIT : LABEL_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ label: labels, customers: customersOf })
      .from(labels)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(options.all ? 0 : options.page * size),
    db.select({ n: count() }).from(labels).where(where),
  ]);
  return {
    data: rows.map((row) => toLabel(row.label, row.customers)),
    total_page: options.all ? (rows.length > 0 ? 1 : 0) : Math.ceil((total?.n ?? 0) / size),
  };
}

export async function findLabel(db: Db, projectId: string, id: string): Promise<Label | null> {
  const [row] = await db
    .select({ label: labels, customers: customersOf })
    .from(labels)
    .where(and(eq(labels.projectId, projectId), eq(labels.id, id)))
    .limit(1);
  return row === undefined ? null : toLabel(row.label, row.customers);
}

/** A new label, or `null` when the project has one of that name already. */
export async function createLabel(
  db: Db,
  label: { projectId: string; name: string; color: string; now: Date },
): Promise<Label | null> {
  const [row] = await db
    .insert(labels)
    .values({
      id: randomUUID(),
      projectId: label.projectId,
      name: label.name,
      color: label.color,
      createdAt: label.now,
    })
    .onConflictDoNothing()
    .returning();
  return row === undefined ? null : toLabel(row, 0);
}

/** The changed label; `'taken'` when another label has the name, `null` when there is no such label. */
export async function updateLabel(
  db: Db,
  projectId: string,
  id: string,
  change: { name?: string | undefined; color?: string | undefined },
): Promise<Label | null | 'taken'> {
  const set: Partial<Pick<LabelRow, 'name' | 'color'>> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.color !== undefined) set.color = change.color;
  if (Object.keys(set).length > 0) {
    try {
      await db
        .update(labels)
        .set(set)
        .where(and(eq(labels.projectId, projectId), eq(labels.id, id)));
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }
  return findLabel(db, projectId, id);
}

export async function deleteLabel(db: Db, projectId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(labels)
    .where(and(eq(labels.projectId, projectId), eq(labels.id, id)))
    .returning({ id: labels.id });
  return deleted.length > 0;
}

export async function labelsOfCustomer(db: Db, customerId: string): Promise<Label[]> {
  const rows = await db
    .select({ label: labels, customers: customersOf })
    .from(customerLabels)
    .innerJoin(labels, eq(labels.id, customerLabels.labelId))
    .where(eq(customerLabels.customerId, customerId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  return rows.map((row) => toLabel(row.label, row.customers));
}

export async function setCustomerLabel(
  db: Db,
  link: { customerId: string; labelId: string; attached: boolean; now: Date },
): Promise<void> {
  if (link.attached) {
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(customerLabels)
        .values({ customerId: link.customerId, labelId: link.labelId, createdAt: link.now })
        .onConflictDoNothing()
        .returning({ labelId: customerLabels.labelId });
      // Rules triggered by the label hear of it (src/automation/events.ts), in this transaction.
      if (added.length > 0) {
        await queueAutomationEvent(
          tx,
          {
            kind: 'label_added',
            customerId: link.customerId,
            targetId: link.labelId,
            cause: { by: 'agent' },
          },
          link.now,
        );
      }
    });
  } else {
    await db
      .delete(customerLabels)
      .where(and(eq(customerLabels.customerId, link.customerId), eq(customerLabels.labelId, link.labelId)));
  }
}

/** Customers carrying `labelId`, as a condition on a customer id column. */
export function carriesLabel(customerId: SQL | AnyColumn, labelId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${customerLabels} WHERE ${customerLabels.customerId} = ${customerId} AND ${customerLabels.labelId} = ${labelId})`;
}
