/**
 * Who a broadcast goes to (issue 17): the project's customers matching the customers table's
 * filters (`customerConditions`, the same SQL the table runs), or the phones of a CSV
 * (`readAudienceCsv`). Opted-out customers are always left out. `countAudience` answers the
 * preview; `insertRecipients` resolves the audience once, when the broadcast starts, into its
 * recipient rows in send order.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import type { BroadcastRow } from '../db/schema.ts';
import { customerConditions } from '../crm/customers.ts';
import type { AudienceRowError, BroadcastAudience, BroadcastFilter } from '../sdk.ts';
import { readAudienceCsv } from './csvPhones.ts';
import type { AudienceCsv } from './csvPhones.ts';

/** A CSV audience's row errors listed at most (the rest are only counted). */
export const AUDIENCE_ROW_ERRORS_SHOWN = 200;

export interface AudienceCount {
  /** Who it would go to now. */
  recipients: number;
  /** Customers it matched who opted out (left out). */
  optedOut: number;
  /** A CSV's rows left out, the first `AUDIENCE_ROW_ERRORS_SHOWN`. */
  rowErrors: AudienceRowError[];
  rowErrorCount: number;
  /** A CSV with more rows than `AUDIENCE_CSV_MAX_ROWS`: nothing was read (`recipients` 0). */
  tooMany?: boolean;
}

/** The filter's conditions on `customers`, as the customers table applies them. */
function filterConditions(projectId: string, timeZone: string, filter: BroadcastFilter): SQL {
  // A broadcast's audience is resolved by the server, which sees every phone.
  const conditions = customerConditions({ projectId, timeZone, seesPhones: true }, filter);
  return sql.join(conditions, sql` and `);
}

/** The phones (E.164) of the project's customers who opted out. */
async function optedOutPhones(db: Db, projectId: string): Promise<Set<string>> {
  const rows = await queryRows<{ phone: string }>(
    db,
    sql`select phone from customers where project_id = ${projectId} and opted_out_at is not null`,
  );
  return new Set(rows.map((row) => row.phone));
}

async function readCsv(db: Db, projectId: string, csv: string): Promise<AudienceCsv> {
  const optedOut = await optedOutPhones(db, projectId);
  return readAudienceCsv(csv, { isOptedOut: (phone) => optedOut.has(phone) });
}

/**
 * How many the audience reaches now: a filter's matching customers not opted out (and those opted
 * out, counted apart); a CSV's valid, distinct phones not of an opted-out customer, with its rows
 * left out (`phone`, `duplicate`, `opted_out`).
 */
export async function countAudience(
  db: Db,
  project: { id: string; timeZone: string },
  audience: BroadcastAudience,
): Promise<AudienceCount> {
  if (audience.kind === 'filter') {
    const [row] = await queryRows<{ recipients: number; opted_out: number }>(
      db,
      sql`select count(*) filter (where opted_out_at is null)::int as recipients,
        count(*) filter (where opted_out_at is not null)::int as opted_out
      from customers where ${filterConditions(project.id, project.timeZone, audience.filter)}`,
    );
    return {
      recipients: row?.recipients ?? 0,
      optedOut: row?.opted_out ?? 0,
      rowErrors: [],
      rowErrorCount: 0,
    };
  }
  const read = await readCsv(db, project.id, audience.csv);
  if (read.tooMany) return { recipients: 0, optedOut: 0, rowErrors: [], rowErrorCount: 0, tooMany: true };
  const errors: AudienceRowError[] = [];
  let optedOut = 0;
  for (const row of read.rows) {
    if (row.problem === null) continue;
    if (row.problem === 'opted_out') optedOut += 1;
    errors.push({ line: row.line, phone: row.input, problem: row.problem });
  }
  return {
    recipients: read.phones.length,
    optedOut,
    rowErrors: errors.slice(0, AUDIENCE_ROW_ERRORS_SHOWN),
    rowErrorCount: errors.length,
  };
}

/**
 * Resolves `broadcast`'s audience at `now` into its recipient rows (`queued`, `seq` 1, 2, 3 … in
 * a stable order: a filter's customers oldest first, a CSV's phones in file order), inside `tx`,
 * and answers how many. A CSV phone that is not a customer of the project yet becomes one (named
 * by the phone) in the same transaction. Customers who opted out are left out, even when they did
 * after the broadcast was created.
 */
export async function insertRecipients(
  tx: Db,
  broadcast: BroadcastRow,
  timeZone: string,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const audience = broadcast.audience;
  if (audience.kind === 'filter') {
    const inserted = await queryRows<{ count: number }>(
      tx,
      sql`with added as (
        insert into broadcast_recipients (id, broadcast_id, seq, customer_id, phone, name, state, updated_at)
        select gen_random_uuid(), ${broadcast.id}::uuid,
          row_number() over (order by created_at, id), id, phone, name, 'queued', ${at}::timestamptz
        from customers
        where ${filterConditions(broadcast.projectId, timeZone, audience.filter)} and opted_out_at is null
        returning 1
      ) select count(*)::int as count from added`,
    );
    return inserted[0]?.count ?? 0;
  }
  const read = await readCsv(tx, broadcast.projectId, audience.csv);
  if (read.tooMany || read.phones.length === 0) return 0;
  const phones = JSON.stringify(read.phones);
  await tx.execute(sql`
    insert into customers (id, project_id, phone, name, created_at)
    select gen_random_uuid(), ${broadcast.projectId}::uuid, phone, phone, ${at}::timestamptz
    from jsonb_array_elements_text(${phones}::jsonb) as listed(phone)
    on conflict (project_id, phone) do nothing`);
  const inserted = await queryRows<{ count: number }>(
    tx,
    sql`with added as (
      insert into broadcast_recipients (id, broadcast_id, seq, customer_id, phone, name, state, updated_at)
      select gen_random_uuid(), ${broadcast.id}::uuid, row_number() over (order by listed.ord),
        c.id, c.phone, c.name, 'queued', ${at}::timestamptz
      from jsonb_array_elements_text(${phones}::jsonb) with ordinality as listed(phone, ord)
      join customers c on c.project_id = ${broadcast.projectId}::uuid and c.phone = listed.phone
      where c.opted_out_at is null
      returning 1
    ) select count(*)::int as count from added`,
  );
  return inserted[0]?.count ?? 0;
}
