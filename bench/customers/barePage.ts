/**
 * The customers table's floor: a bare `node:http` route answering one plain indexed page query
 * (`select … order by created_at desc, id desc limit 10 offset n`, along the act's own
 * `customers_project_created_idx`) on the same database, as JSON. No session, validation,
 * envelope, counts or per-row labels: what any page of this table costs at least.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../packages/server/src/db/queryRows.ts';
import type { Db } from '../../packages/server/src/db/openDatabase.ts';
import { post } from '../inbox/sapa.ts';

export interface BarePage {
  /** POSTs `{ offset }` to the route and waits for its rows, like the act's client does. */
  page(offset: number): Promise<void>;
  /** The bare query's plan (first line), to show it reads the index. */
  plan: string;
  close(): Promise<void>;
}

export async function startBarePage(db: Db, projectKey: string): Promise<BarePage> {
  const [project] = await queryRows<{ id: string }>(
    db,
    sql`select id from projects where key = ${projectKey}`,
  );
  if (project === undefined) throw new Error('no project');
  const query = (offset: number) => sql`
    select id, name, phone, created_at from customers where project_id = ${project.id}
    order by created_at desc, id desc limit 10 offset ${offset}`;
  const explained = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query(0)}`);
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { offset } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { offset: number };
      queryRows(db, query(offset)).then(
        (rows) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ code: '1', data: rows }));
        },
        (error: unknown) => {
          response.statusCode = 500;
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/page`;
  return {
    plan: explained.map((row) => row['QUERY PLAN'].trim()).join(' / '),
    async page(offset) {
      const response = await post(url, JSON.stringify({ offset }));
      const answer = (await response.json()) as { data: unknown[] };
      if (answer.data.length !== 10) throw new Error(`the bare page answered ${answer.data.length} rows`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
