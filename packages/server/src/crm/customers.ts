/**
 * The customers table (`/crm/customer/{key}`): a page of customers with their labels, stage and
 * latest conversation, filtered by words, label, stage, WhatsApp number and first-contact dates.
 * A page is two steps: the page's ids (served by the customers indexes), then what goes with
 * those ten rows, so the cost does not grow with the project.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { conversations, customerLabels, customers, customerStages, labels, stages } from '../db/schema.ts';
import type { CustomerRow } from '../db/schema.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import type { Customer } from '../sdk.ts';
import { carriesLabel, likePattern } from './labels.ts';
import { inStage } from './stages.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const CUSTOMER_PAGE_SIZE = 10;

export interface CustomerFilters {
  search?: string | undefined;
  labelId?: string | undefined;
  stageId?: string | undefined;
  accountId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CustomerViewer {
  projectId: string;
  timeZone: string;
  seesPhones: boolean;
}

/** The conditions of the filters, on `customers`. */
export function customerConditions(viewer: CustomerViewer, filters: CustomerFilters): SQL[] {
  const conditions: SQL[] = [eq(customers.projectId, viewer.projectId)];
  const search = filters.search?.trim() ?? '';
  if (search !== '') {
    const lower = likePattern(search.toLowerCase());
    const byName = or(
      sql`lower(${customers.name}) like ${`${lower}%`}`,
      sql`lower(${customers.name}) like ${`% ${lower}%`}`,
    );
    const digits = search.replace(/\D/g, '').replace(/^08/, '628');
    const byPhone =
      viewer.seesPhones && digits.length >= 3 ? sql`${customers.phone} like ${`%${digits}%`}` : undefined;
    const either = or(byName, byPhone);
    if (either !== undefined) conditions.push(either);
  }
  if (filters.labelId !== undefined) conditions.push(carriesLabel(customers.id, filters.labelId));
  if (filters.stageId !== undefined) conditions.push(inStage(customers.id, filters.stageId));
  if (filters.accountId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${conversations} WHERE ${conversations.customerId} = ${customers.id} AND ${conversations.accountId} = ${filters.accountId})`,
    );
  }
  // A day starts at midnight in the project's time zone.
  if (filters.from !== undefined) {
    conditions.push(
      sql`${customers.createdAt} >= (${filters.from}::date::timestamp AT TIME ZONE ${viewer.timeZone})`,
    );
  }
  if (filters.to !== undefined) {
    conditions.push(
      sql`${customers.createdAt} < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${viewer.timeZone})`,
    );
  }
  return conditions;
}

const ORDER = {
  newest: [desc(customers.createdAt), desc(customers.id)],
  oldest: [asc(customers.createdAt), asc(customers.id)],
  name: [asc(sql`lower(${customers.name})`), asc(customers.id)],
} as const;

/** The rows as the table shows them, in the order of `rows`. */
export async function describeCustomers(
  db: Db,
  viewer: CustomerViewer,
  rows: CustomerRow[],
): Promise<Customer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [labelRows, stageRows, latest] = await Promise.all([
    db
      .select({
        customerId: customerLabels.customerId,
        id: labels.id,
        name: labels.name,
        color: labels.color,
      })
      .from(customerLabels)
      .innerJoin(labels, eq(labels.id, customerLabels.labelId))
      .where(inArray(customerLabels.customerId, ids))
      .orderBy(asc(sql`lower(${labels.name})`)),
    db
      .select({
        customerId: customerStages.customerId,
        id: stages.id,
        name: stages.name,
        color: stages.color,
      })
      .from(customerStages)
      .innerJoin(stages, eq(stages.id, customerStages.stageId))
      .where(inArray(customerStages.customerId, ids)),
    db
      .selectDistinctOn([conversations.customerId], {
        customerId: conversations.customerId,
        id: conversations.id,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .where(inArray(conversations.customerId, ids))
      .orderBy(conversations.customerId, sql`${conversations.lastMessageAt} desc nulls last`),
  ]);
  return rows.map((row) => {
    const stage = stageRows.find((entry) => entry.customerId === row.id);
    const conversation = latest.find((entry) => entry.customerId === row.id);
    return {
      id: row.id,
      name: row.name,
      phone: viewer.seesPhones ? row.phone : maskPhone(row.phone),
      notes: row.notes,
      customFields: row.customFields,
      labels: labelRows
        .filter((entry) => entry.customerId === row.id)
        .map(({ id, name, color }) => ({ id, name, color })),
      stage: stage === undefined ? null : { id: stage.id, name: stage.name, color: stage.color },
      conversationId: conversation?.id ?? null,
      lastMessageAt: conversation?.lastMessageAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function listCustomers(
  db: Db,
  viewer: CustomerViewer,
  options: CustomerFilters & { page: number; sort: keyof typeof ORDER },
): Promise<{ data: Customer[]; total_page: number }> {
  const where = and(...customerConditions(viewer, options));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...ORDER[options.sort])
      .limit(CUSTOMER_PAGE_SIZE)
      .offset(options.page * CUSTOMER_PAGE_SIZE),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return {
    data: await describeCustomers(db, viewer, rows),
    total_page: Math.ceil((total?.n ?? 0) / CUSTOMER_PAGE_SIZE),
  };
}

export async function findCustomer(db: Db, viewer: CustomerViewer, id: string): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.projectId, viewer.projectId), eq(customers.id, id)))
    .limit(1);
  if (row === undefined) return null;
  const [described] = await describeCustomers(db, viewer, [row]);
  return described ?? null;
}

/** The new customer's id, or `null` when the project has a customer with that phone. */
export async function createCustomer(
  db: Db,
  customer: {
    projectId: string;
    name: string;
    phone: string;
    notes: string;
    customFields: Record<string, string>;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(customers)
    .values({
      id: randomUUID(),
      projectId: customer.projectId,
      name: customer.name,
      phone: customer.phone,
      notes: customer.notes,
      customFields: customer.customFields,
      createdAt: customer.now,
    })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  return row?.id ?? null;
}

/** Whether the customer exists in the project; `'taken'` when another customer has the phone. */
export async function updateCustomer(
  db: Db,
  projectId: string,
  id: string,
  change: { [K in 'name' | 'phone' | 'notes' | 'customFields']?: CustomerRow[K] | undefined },
): Promise<boolean | 'taken'> {
  const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  try {
    const rows =
      Object.keys(set).length === 0
        ? await db
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.projectId, projectId), eq(customers.id, id)))
        : await db
            .update(customers)
            .set(set)
            .where(and(eq(customers.projectId, projectId), eq(customers.id, id)))
            .returning({ id: customers.id });
    return rows.length > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function deleteCustomer(db: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return rows.length > 0;
}
