/**
 * The customers table's counted paths (migration 0010): pages anywhere in a project of a few
 * thousand customers, by label, stage and dates, and the counts behind them, are those of the plain
 * query (`customerConditions`, `ORDER BY … OFFSET`), before and after customers come and go (one
 * by one, imported, deleted in bulk, moved between stages); search finds the start of words of the
 * name and digits of the phone.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerConditions } from '../src/crm/customers.ts';
import { queryRows } from '../src/db/queryRows.ts';
import type { CustomerFilters, CustomerViewer } from '../src/crm/customers.ts';
import { customerBlocks, customerCounts, customers, labels, projects, stages } from '../src/db/schema.ts';
import type { Customer, Label, Stage } from '../src/sdk.ts';
import { addMember, dataOf, inboxProject } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
let setup: InboxProject;
let viewer: CustomerViewer;
let label: Label;
let stage: Stage;
let otherStage: Stage;

const PAGE = 10;
const DAY = 86_400_000;
/** First contacts: day 0 is 2026-03-01 00:00 UTC (07:00 in Jakarta, the project's time zone). */
const DAY0 = Date.UTC(2026, 2, 1);
const dayText = (day: number) => new Date(DAY0 + day * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  setup = await inboxProject(server);
  const { token } = setup.owner;
  const key = setup.project.key;
  label = dataOf<Label>(await server.act('label_create', { token, key, name: 'VIP', color: '#aa0000' }));
  stage = dataOf<Stage>(await server.act('stage_create', { token, key, name: 'Deal', color: '#00aa00' }));
  otherStage = dataOf<Stage>(
    await server.act('stage_create', { token, key, name: 'Lead', color: '#0000aa' }),
  );
  const { db } = server.app.sapa.services;
  const [project] = await db.select().from(projects).where(eq(projects.key, key));
  if (project === undefined) throw new Error('no project');
  viewer = { projectId: project.id, timeZone: project.timeZone, seesPhones: true };
  // 3,000 customers: 1,200 sharing one first contact (as an import leaves them), the others over
  // 100 days, several to a second; every 7th labelled, every 3rd in Deal, every 5th in Lead.
  await db.execute(sql`
    INSERT INTO customers (id, project_id, phone, name, created_at)
    SELECT gen_random_uuid(), ${project.id}::uuid, '+62815' || lpad(i::text, 7, '0'),
      (ARRAY['Sari', 'Budi', 'Dewi', 'Agus'])[1 + i % 4] || ' ' || i,
      CASE WHEN i <= 1200 THEN ${new Date(DAY0 + 40 * DAY).toISOString()}::timestamptz
        ELSE ${new Date(DAY0).toISOString()}::timestamptz + (i % 100) * interval '1 day' + (i % 7) * interval '1 hour' END
    FROM generate_series(1, 3000) AS i`);
  await db.execute(sql`
    INSERT INTO customer_labels (customer_id, label_id, created_at)
    SELECT id, ${label.id}::uuid, now() FROM customers
    WHERE project_id = ${project.id}::uuid AND right(phone, 7)::int % 7 = 0`);
  await db.execute(sql`
    INSERT INTO customer_stages (customer_id, stage_id, since)
    SELECT id, CASE WHEN right(phone, 7)::int % 3 = 0 THEN ${stage.id}::uuid ELSE ${otherStage.id}::uuid END, now()
    FROM customers
    WHERE project_id = ${project.id}::uuid AND (right(phone, 7)::int % 3 = 0 OR right(phone, 7)::int % 5 = 0)`);
});

afterAll(async () => {
  await server.close();
});

type Sort = 'newest' | 'oldest' | 'name';

/** The page and the number of pages as the plain query gives them. */
async function expected(filters: CustomerFilters, sort: Sort, page: number) {
  const { db } = server.app.sapa.services;
  const where = and(...customerConditions(viewer, filters));
  const order = {
    newest: [desc(customers.createdAt), desc(customers.id)],
    oldest: [asc(customers.createdAt), asc(customers.id)],
    name: [asc(sql`lower(${customers.name})`), asc(customers.id)],
  }[sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: customers.id })
      .from(customers)
      .where(where)
      .orderBy(...order)
      .limit(PAGE)
      .offset(page * PAGE),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { ids: rows.map((row) => row.id), totalPage: Math.ceil((total?.n ?? 0) / PAGE) };
}

async function listed(filters: CustomerFilters, sort: Sort, page: number, token = setup.owner.token) {
  const answer = await server.act('customer_list', { token, key: setup.project.key, sort, page, ...filters });
  return {
    ids: dataOf<Customer[]>(answer).map((customer) => customer.id),
    totalPage: answer.body.total_page as number,
  };
}

/**
 * Every filter set below, newest and oldest first (the name order for two of them), at its first,
 * middle, last and past-the-end pages.
 */
async function expectSameAsPlainQuery() {
  const filterSets: [CustomerFilters, Sort[]][] = [
    [{}, ['newest', 'oldest', 'name']],
    [{ from: dayText(10), to: dayText(45) }, ['newest', 'oldest']],
    [{ from: dayText(40), to: dayText(40) }, ['newest', 'oldest']],
    [{ from: dayText(90) }, ['newest']],
    [{ to: dayText(5) }, ['oldest']],
    [{ from: dayText(60), to: dayText(20) }, ['newest']],
    [{ labelId: label.id }, ['newest', 'oldest', 'name']],
    [{ stageId: stage.id }, ['newest', 'oldest']],
    [{ stageId: otherStage.id, from: dayText(30), to: dayText(70) }, ['newest', 'oldest']],
    [{ labelId: label.id, stageId: stage.id }, ['newest']],
    [{ search: 'sari' }, ['newest', 'oldest']],
    [{ search: '0815 0000 12' }, ['newest']],
    [{ search: 'dewi', labelId: label.id, from: dayText(0), to: dayText(50) }, ['oldest']],
    [{ accountId: setup.account.id }, ['newest']],
  ];
  for (const [filters, sorts] of filterSets) {
    for (const sort of sorts) {
      const { totalPage } = await expected(filters, sort, 0);
      const pages = new Set([0, Math.floor(totalPage / 2), Math.max(totalPage - 1, 0), totalPage]);
      for (const page of pages) {
        expect(await listed(filters, sort, page), JSON.stringify({ filters, sort, page })).toEqual(
          await expected(filters, sort, page),
        );
      }
    }
  }
}

/** The kept counts are the rows' counts. */
async function expectCountsKept() {
  const { db } = server.app.sapa.services;
  const [[kept], [blocks], [real]] = await Promise.all([
    db.select().from(customerCounts).where(eq(customerCounts.projectId, viewer.projectId)),
    db
      .select({
        n: sql<number>`sum(${customerBlocks.customers})::int`,
        biggest: sql<number>`max(${customerBlocks.customers})`,
      })
      .from(customerBlocks)
      .where(eq(customerBlocks.projectId, viewer.projectId)),
    db.select({ n: count() }).from(customers).where(eq(customers.projectId, viewer.projectId)),
  ]);
  expect(kept?.customers).toBe(real?.n);
  expect(blocks?.n).toBe(real?.n);
  expect(blocks?.biggest).toBeLessThanOrEqual(500);
  const [prefixCounts, labelCounts, stageCounts] = await Promise.all([
    db.execute(
      sql`SELECT count(*)::int AS wrong FROM (
        SELECT prefix FROM (
          SELECT prefix, customers FROM customer_name_prefixes WHERE project_id = ${viewer.projectId}::uuid
          UNION ALL
          SELECT p.prefix, -count(*) FROM ${customers}, sapa_name_prefixes(${customers.name}) AS p(prefix)
          WHERE ${customers.projectId} = ${viewer.projectId}::uuid GROUP BY 1
        ) AS both_ways GROUP BY prefix HAVING sum(customers) <> 0
      ) AS differing`,
    ),
    db.execute(
      sql`SELECT count(*)::int AS wrong FROM ${labels} WHERE customer_count <> (SELECT count(*) FROM customer_labels c WHERE c.label_id = ${labels.id})`,
    ),
    db.execute(
      sql`SELECT count(*)::int AS wrong FROM ${stages} WHERE customer_count <> (SELECT count(*) FROM customer_stages c WHERE c.stage_id = ${stages.id})`,
    ),
  ]);
  const wrong = [prefixCounts, labelCounts, stageCounts].map(
    (result) => (result as unknown as { rows: { wrong: number }[] }).rows[0]?.wrong ?? 0,
  );
  expect(wrong).toEqual([0, 0, 0]);
}

describe('customers table paths', () => {
  it('answers the pages and totals of the plain query', async () => {
    await expectCountsKept();
    await expectSameAsPlainQuery();
  });

  it('tells the planner a page is ten rows, so each row joins its customer by key (migration 0028)', async () => {
    const { db } = server.app.sapa.services;
    // The shape of the counted page's statement: at 1,000 x 1,000 rows the planner hashed the
    // whole project's customers for each row's opt-out (23 ms a page over 100,000 customers).
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`EXPLAIN (FORMAT JSON) SELECT page.total, shown.*, oc.opted_out_at
        FROM sapa_customer_page(${viewer.projectId}::uuid, NULL::uuid, NULL::uuid, NULL, NULL, 0, 10, true) AS page
        LEFT JOIN LATERAL sapa_customers_shown(${viewer.projectId}::uuid, page.ids) AS shown ON true
        LEFT JOIN customers AS oc ON oc.id = shown.id`,
    );
    const explained = row?.['QUERY PLAN'];
    const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as {
      Plan: { 'Plan Rows': number };
    }[];
    expect(plan[0]?.Plan['Plan Rows']).toBeLessThanOrEqual(10);
  });

  it('still does after customers come and go one by one, by import, in bulk and between stages', async () => {
    const { token } = setup.owner;
    const key = setup.project.key;
    const { db } = server.app.sapa.services;
    // One by one, through the acts.
    const made: Customer[] = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        dataOf<Customer>(
          await server.act('customer_create', {
            token,
            key,
            name: `Baru ${index}`,
            phone: `+6281699900${index}`,
          }),
        ),
      );
    }
    await db.execute(
      sql`INSERT INTO customer_labels (customer_id, label_id, created_at) VALUES (${made[0]?.id}::uuid, ${label.id}::uuid, now())`,
    );
    dataOf(
      await server.act('customer_stage_set', { token, key, customerId: made[1]?.id, stageId: stage.id }),
    );
    dataOf(await server.act('customer_delete', { token, key, id: made[2]?.id }));
    dataOf(await server.act('customer_update', { token, key, id: made[3]?.id, name: 'Sari Baru' }));
    // An import: 1,500 new customers at one moment (the block they fall in is cut again) and
    // updates of existing ones by phone.
    const lines = ['nama,nomor'];
    for (let index = 0; index < 1500; index += 1)
      lines.push(`Impor ${index},0817${String(index).padStart(7, '0')}`);
    for (let index = 1; index <= 20; index += 1)
      lines.push(`Ganti ${index},0815${String(index).padStart(7, '0')}`);
    expect(dataOf(await server.act('customer_import', { token, key, csv: lines.join('\n') }))).toMatchObject({
      imported: 1520,
      created: 1500,
      updated: 20,
    });
    // Moves between stages, out of a stage, labels taken off, and deletes in bulk.
    await db.execute(
      sql`UPDATE customer_stages SET stage_id = ${otherStage.id}::uuid WHERE stage_id = ${stage.id}::uuid AND customer_id IN (SELECT customer_id FROM customer_stages ORDER BY customer_id LIMIT 300)`,
    );
    await db.execute(
      sql`DELETE FROM customer_stages WHERE customer_id IN (SELECT customer_id FROM customer_stages ORDER BY customer_id DESC LIMIT 100)`,
    );
    await db.execute(
      sql`DELETE FROM customer_labels WHERE customer_id IN (SELECT customer_id FROM customer_labels ORDER BY customer_id LIMIT 50)`,
    );
    await db.execute(
      sql`DELETE FROM customers WHERE project_id = ${viewer.projectId}::uuid AND id IN (SELECT id FROM customers ORDER BY md5(id::text) LIMIT 900)`,
    );
    await expectCountsKept();
    await expectSameAsPlainQuery();
  });

  it('finds the start of words of the name in order, and digits of the phone for those who see them', async () => {
    const own = await inboxProject(server);
    const { token } = own.owner;
    const key = own.project.key;
    const names = ['Sari Dewi', 'Dewi-Sari Putri', 'José Müller', 'Budi Santoso', 'Ari Wibowo'];
    for (const [index, name] of names.entries()) {
      dataOf(await server.act('customer_create', { token, key, name, phone: `+6281898765${index}` }));
    }
    const found = async (search: string, who = token) =>
      dataOf<Customer[]>(await server.act('customer_list', { token: who, key, search }))
        .map((customer) => customer.name)
        .sort();
    expect(await found('dew')).toEqual(['Dewi-Sari Putri', 'Sari Dewi']);
    expect(await found('ari')).toEqual(['Ari Wibowo']);
    expect(await found('Sari de')).toEqual(['Sari Dewi']);
    expect(await found('sari put')).toEqual(['Dewi-Sari Putri']);
    expect(await found('santoso budi')).toEqual([]);
    expect(await found('MÜL')).toEqual(['José Müller']);
    expect(await found('%')).toEqual([]);
    // Digits anywhere in the phone; a local 08… number as 628….
    expect(await found('98765 2')).toEqual(['José Müller']);
    expect(await found('0818 9876 53')).toEqual(['Budi Santoso']);
    const masked = await addMember(server, own.project, [
      'crm.menu',
      'crm.customer.menu',
      'crm.customer.view',
    ]);
    expect(await found('987652', masked.token)).toEqual([]);
    expect(await found('josé', masked.token)).toEqual(['José Müller']);
  });
});
