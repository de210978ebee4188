/**
 * The customers table (`/crm/customer/{key}`): a page of customers with their labels, stage and
 * latest conversation, filtered by words, label, stage, division, WhatsApp number and first-contact
 * dates. A page is two steps: its ids with the exact total, then what goes with those ten rows, so
 * the cost does not grow with the project:
 *
 * - the whole project, or first-contact dates, newest or oldest first: `sapa_customer_page`
 *   (migration 0010) finds the page through the project's counted blocks of customers, and the
 *   dates' total as the difference of two ranks;
 * - a label or a stage (with or without dates): its count kept by triggers, its customers from the
 *   `customer_labels` / `customer_stages` index on their customer's `created_at`;
 * - anything else (words, several filters, a division, a WhatsApp number, the name order): the
 *   conditions below, served by the GIN indexes on the name's words and the phone's digits, counted
 *   (a one-word search from counts kept by triggers), then the page along the sort's index or from
 *   the matches, whichever reads fewer rows.
 *
 * The rows of a page come from `sapa_customers_shown`, whose plan PGlite keeps between calls.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { conversations, customerCounts, customerNamePrefixes, customers } from '../db/schema.ts';
import type { CustomerRow } from '../db/schema.ts';
import { maskPhone } from '../otp/maskPhone.ts';
import type { Customer } from '../sdk.ts';
import { carriesLabel } from './labels.ts';
import { inDivision } from './divisions.ts';
import { inStage } from './stages.ts';
import { phoneSearchCondition } from './phoneSearch.ts';
import { isUniqueViolation } from './uniqueViolation.ts';

export const CUSTOMER_PAGE_SIZE = 10;

export interface CustomerFilters {
  search?: string | undefined;
  labelId?: string | undefined;
  stageId?: string | undefined;
  divisionId?: string | undefined;
  accountId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CustomerViewer {
  projectId: string;
  timeZone: string;
  seesPhones: boolean;
}

/** The first moment of a day (`yyyy-mm-dd`) in the project's time zone. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
/** The first moment after a day. */
const dayEnd = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

/**
 * The search's words as a text search query: each the start of a word of the name, in the order
 * typed, next to each other (`sari de` finds "Sari Dewi"), split as the index splits the name.
 */
function wordsQuery(search: string): SQL {
  return sql`to_tsquery('simple', regexp_replace(phraseto_tsquery('simple', ${search})::text, '''( |$)', ''':*\\1', 'g'))`;
}

/** The 3-digit pieces of `digits`, all of which a phone holding them has (`sapa_phone_trigrams`). */
function digitsQuery(digits: string): string {
  const pieces = new Set<string>();
  for (let start = 0; start + 3 <= digits.length; start += 1) pieces.add(digits.slice(start, start + 3));
  return [...pieces].join(' & ');
}

/** What a search looks for: the start of words of the name, digits of the phone. */
function searchParts(viewer: CustomerViewer, search: string): { byName?: SQL; byPhone?: SQL } {
  const parts: { byName?: SQL; byPhone?: SQL } = {};
  // A search without a letter or digit has no word to start.
  if (/[\p{L}\p{N}]/u.test(search)) {
    parts.byName = sql`to_tsvector('simple', ${customers.name}) @@ ${wordsQuery(search)}`;
  }
  // Masked callers cannot search by number: the answer would reveal the hidden digits.
  const byPhone = viewer.seesPhones
    ? phoneSearchCondition(
        customers.phone,
        search,
        (digits) =>
          sql`sapa_phone_trigrams(${customers.phone}) @@ to_tsquery('simple', ${digitsQuery(digits)})`,
      )
    : undefined;
  if (byPhone !== undefined) parts.byPhone = byPhone;
  return parts;
}

/** The conditions of the filters, on `customers`. */
export function customerConditions(viewer: CustomerViewer, filters: CustomerFilters): SQL[] {
  const conditions: SQL[] = [eq(customers.projectId, viewer.projectId)];
  const search = filters.search?.trim() ?? '';
  if (search !== '') {
    const { byName, byPhone } = searchParts(viewer, search);
    conditions.push(or(byName, byPhone) ?? sql`false`);
  }
  if (filters.labelId !== undefined) conditions.push(carriesLabel(customers.id, filters.labelId));
  if (filters.stageId !== undefined) conditions.push(inStage(customers.id, filters.stageId));
  if (filters.divisionId !== undefined) conditions.push(inDivision(customers.id, filters.divisionId));
  if (filters.accountId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${conversations} WHERE ${conversations.customerId} = ${customers.id} AND ${conversations.accountId} = ${filters.accountId})`,
    );
  }
  // A day starts at midnight in the project's time zone.
  if (filters.from !== undefined) {
    conditions.push(sql`${customers.createdAt} >= ${dayStart(filters.from, viewer.timeZone)}`);
  }
  if (filters.to !== undefined) {
    conditions.push(sql`${customers.createdAt} < ${dayEnd(filters.to, viewer.timeZone)}`);
  }
  return conditions;
}

export type CustomerSort = 'newest' | 'oldest' | 'name';

const ORDER = {
  newest: [desc(customers.createdAt), desc(customers.id)],
  oldest: [asc(customers.createdAt), asc(customers.id)],
  name: [asc(sql`lower(${customers.name})`), asc(customers.id)],
} as const;
const REVERSED = {
  newest: ORDER.oldest,
  oldest: ORDER.newest,
  name: [desc(sql`lower(${customers.name})`), desc(customers.id)],
} as const;

/** A customer as `sapa_customers_shown` (migration 0010) answers it. */
interface ShownRow {
  id: string;
  name: string;
  phone: string;
  notes: string;
  custom_fields: Record<string, string>;
  created_at: string | Date;
  labels: { id: string; name: string; color: string }[];
  stage: { id: string; name: string; color: string } | null;
  conversation_id: string | null;
  last_message_at: string | Date | null;
  /** From `customers` beside the function (`optedOut`). */
  opted_out_at: string | Date | null;
  opted_out_via: Customer['optedOutVia'];
}

/**
 * A customer's opt-out of broadcasts beside `sapa_customers_shown`'s columns: the customer row
 * `shown` names, joined by its key.
 */
const optedOut = {
  columns: sql.raw('oc.opted_out_at, oc.opted_out_via'),
  join: sql.raw('LEFT JOIN customers AS oc ON oc.id = shown.id'),
};

/** The customers of `ids` as the table shows them, in the order of `ids` (those of the project only). */
function shownInOrder(viewer: CustomerViewer, ids: string[], rows: ShownRow[]): Customer[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined) return [];
    return [
      {
        id: row.id,
        name: row.name,
        phone: viewer.seesPhones ? row.phone : maskPhone(row.phone),
        notes: row.notes,
        customFields: row.custom_fields,
        labels: row.labels,
        stage: row.stage,
        conversationId: row.conversation_id,
        lastMessageAt: row.last_message_at === null ? null : new Date(row.last_message_at).toISOString(),
        optedOutAt: row.opted_out_at === null ? null : new Date(row.opted_out_at).toISOString(),
        optedOutVia: row.opted_out_at === null ? null : row.opted_out_via,
        createdAt: new Date(row.created_at).toISOString(),
      },
    ];
  });
}

/** `uuid[]` as one parameter, the same on PGlite and node-postgres. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

async function loadCustomers(db: Db, viewer: CustomerViewer, ids: string[]): Promise<Customer[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ShownRow>(
    db,
    sql`SELECT shown.*, ${optedOut.columns}
      FROM sapa_customers_shown(${viewer.projectId}::uuid, ${uuidArray(ids)}) AS shown ${optedOut.join}`,
  );
  return shownInOrder(viewer, ids, rows);
}

/**
 * The page of the counted paths and its customers in one statement: `sapa_customer_page`
 * (migration 0010) for the project, its first-contact dates, a label or a stage.
 */
async function countedPage(
  db: Db,
  viewer: CustomerViewer,
  options: CustomerFilters & { page: number; sort: CustomerSort },
): Promise<{ data: Customer[]; total: number }> {
  const { labelId, stageId, from, to } = options;
  const start = from === undefined ? sql`NULL` : dayStart(from, viewer.timeZone);
  const end = to === undefined ? sql`NULL` : dayEnd(to, viewer.timeZone);
  const rows = await queryRows<{ total: number; ids: string[] } & ({ id: null } | ShownRow)>(
    db,
    sql`SELECT page.total::int AS total, to_json(page.ids) AS ids, shown.*, ${optedOut.columns}
      FROM sapa_customer_page(${viewer.projectId}::uuid, ${labelId ?? null}::uuid, ${stageId ?? null}::uuid,
        ${start}, ${end}, ${options.page * CUSTOMER_PAGE_SIZE}, ${CUSTOMER_PAGE_SIZE}, ${options.sort === 'newest'}) AS page
      LEFT JOIN LATERAL sapa_customers_shown(${viewer.projectId}::uuid, page.ids) AS shown ON true ${optedOut.join}`,
  );
  const shown = rows.filter((row): row is { total: number; ids: string[] } & ShownRow => row.id !== null);
  return { total: rows[0]?.total ?? 0, data: shownInOrder(viewer, rows[0]?.ids ?? [], shown) };
}

/**
 * What reading a row along the sort's index costs (its heap fetch, the filters: a name's words are
 * split again), against fetching a match through the filters' indexes.
 */
const WALK_COST = 4;

/**
 * How many customers the conditions keep. The project's total is kept by triggers, and so is the
 * number of customers with a word starting with a one-word search of up to 10 characters
 * (`customer_name_prefixes`), the words split as the name's index splits them; else counted.
 */
function totalOf(viewer: CustomerViewer, conditions: SQL[], search: string): SQL {
  if (conditions.length === 1) {
    return sql`coalesce((SELECT ${customerCounts.customers} FROM ${customerCounts} WHERE ${customerCounts.projectId} = ${viewer.projectId}), 0)`;
  }
  const counted = sql`(SELECT count(*) FROM ${customers} WHERE ${and(...conditions)})`;
  const { byName, byPhone } = searchParts(viewer, search);
  if (conditions.length !== 2 || byName === undefined || byPhone !== undefined) return counted;
  return sql`(SELECT CASE WHEN count(*) = 1 AND max(cardinality(w.positions)) = 1 AND max(length(w.lexeme)) <= 10
      THEN coalesce((SELECT ${customerNamePrefixes.customers} FROM ${customerNamePrefixes}
        WHERE ${customerNamePrefixes.projectId} = ${viewer.projectId} AND ${customerNamePrefixes.prefix} = min(w.lexeme)), 0)
      ELSE ${counted} END
    FROM unnest(to_tsvector('simple', ${search})) AS w)`;
}

/**
 * A page through the conditions: counted first; knowing how many match, the page is read the
 * cheaper way: along the sort's index until the page when matches are dense enough (about
 * `(offset + 10) × customers / total` rows, each dearer), else every match fetched through the
 * filters' indexes and sorted (`total` rows), from whichever end of the list is nearer.
 */
async function filteredPage(
  db: Db,
  viewer: CustomerViewer,
  conditions: SQL[],
  options: { page: number; sort: CustomerSort; search?: string | undefined },
): Promise<{ data: Customer[]; total: number }> {
  const offset = options.page * CUSTOMER_PAGE_SIZE;
  const where = and(...conditions);
  const [count] = await queryRows<{ total: number; customers: number }>(
    db,
    sql`SELECT ${totalOf(viewer, conditions, options.search?.trim() ?? '')}::int AS total,
      ${totalOf(viewer, conditions.slice(0, 1), '')}::int AS customers`,
  );
  const total = count?.total ?? 0;
  if (offset >= total) return { total, data: [] };
  // A page nearer the end is read from the end, in the reverse order.
  const end = Math.min(offset + CUSTOMER_PAGE_SIZE, total);
  const fromEnd = total - end < offset;
  const order = sql.join([...(fromEnd ? REVERSED[options.sort] : ORDER[options.sort])], sql`, `);
  const skip = fromEnd ? total - end : offset;
  const take = end - offset;
  // Without a filter, the index is the only way.
  const alongIndex =
    conditions.length === 1 || WALK_COST * (skip + take) * (count?.customers ?? 0) <= total * total;
  const ids = alongIndex
    ? sql`SELECT ${customers.id} FROM ${customers} WHERE ${where} ORDER BY ${order} OFFSET ${skip} LIMIT ${take}`
    : // The matches first (`OFFSET 0` keeps the planner from walking the sort's index), then sorted;
      // the derived table takes the name `customers`, so the sort's columns name its columns.
      sql`SELECT ${customers.id} FROM (
          SELECT ${customers.id}, ${customers.createdAt}, ${customers.name} FROM ${customers} WHERE ${where} OFFSET 0
        ) AS ${customers} ORDER BY ${order} OFFSET ${skip} LIMIT ${take}`;
  // `OFFSET 0`: the page's ids are found once, not once for each use of `page.ids`.
  const rows = await queryRows<{ ids: string[] } & ({ id: null } | ShownRow)>(
    db,
    sql`SELECT to_json(page.ids) AS ids, shown.*, ${optedOut.columns}
      FROM (SELECT ARRAY(${ids}) AS ids OFFSET 0) AS page
      LEFT JOIN LATERAL sapa_customers_shown(${viewer.projectId}::uuid, page.ids) AS shown ON true ${optedOut.join}`,
  );
  const shown = rows.filter((row): row is { ids: string[] } & ShownRow => row.id !== null);
  const inOrder = rows[0]?.ids ?? [];
  return { total, data: shownInOrder(viewer, fromEnd ? [...inOrder].reverse() : inOrder, shown) };
}

/** The rows as the table shows them, in the order of `rows`. */
export async function describeCustomers(
  db: Db,
  viewer: CustomerViewer,
  rows: CustomerRow[],
): Promise<Customer[]> {
  return loadCustomers(
    db,
    viewer,
    rows.map((row) => row.id),
  );
}

export async function listCustomers(
  db: Db,
  viewer: CustomerViewer,
  options: CustomerFilters & { page: number; sort: CustomerSort },
): Promise<{ data: Customer[]; total_page: number }> {
  const conditions = customerConditions(viewer, options);
  const { labelId, stageId, from, to } = options;
  // What the counted paths stand for: the project, one label or one stage, dates. A condition
  // beyond those (words, a division, a WhatsApp number, a filter added later) takes the conditions.
  const counted =
    1 +
    Number(labelId !== undefined) +
    Number(stageId !== undefined) +
    Number(from !== undefined) +
    Number(to !== undefined);
  const page =
    conditions.length === counted &&
    options.sort !== 'name' &&
    !(labelId !== undefined && stageId !== undefined)
      ? await countedPage(db, viewer, options)
      : await filteredPage(db, viewer, conditions, options);
  return { data: page.data, total_page: Math.ceil(page.total / CUSTOMER_PAGE_SIZE) };
}

export async function findCustomer(db: Db, viewer: CustomerViewer, id: string): Promise<Customer | null> {
  const [found] = await loadCustomers(db, viewer, [id]);
  return found ?? null;
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
