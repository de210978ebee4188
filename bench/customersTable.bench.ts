/**
 * The customers table (issue 5): `customer_list` over 100,000 customers of one project on PGlite,
 * through the real act endpoint on loopback, one request at a time. Scenarios: a random page of the
 * whole table, a name search, a label filter, a stage filter and a date range. Prints p50 / p99 of
 * each against the 20 ms budget.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { act, startBenchSapa } from './inbox/sapa.ts';
import type { Benchmark } from './types.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const REQUESTS = 200;
const BUDGET_MS = 20;

const NAMES = [
  'Sari',
  'Budi',
  'Dewi',
  'Agus',
  'Rina',
  'Andi',
  'Putri',
  'Joko',
  'Wati',
  'Eko',
  'Lestari',
  'Bambang',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const bench: Benchmark = {
  name: `customers table: customer_list over ${CUSTOMERS.toLocaleString('en')} customers (PGlite)`,
  budget: `p99 <= ${BUDGET_MS} ms in every scenario (page, search, label, stage, dates)`,
  async run() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-customers-'));
    const sapa = await startBenchSapa({
      dataDir: path.join(dir, 'data'),
      backgroundWork: false,
      account: { phoneNumberId: '100000000000088', displayPhone: '+6281200008888', accessToken: 'bench' },
    });
    try {
      const call = (fields: Record<string, unknown>) =>
        act(sapa.url, { act: 'customer_list', token: sapa.token, key: sapa.key, ...fields });
      const label = await act(sapa.url, {
        act: 'label_create',
        token: sapa.token,
        key: sapa.key,
        name: 'VIP',
        color: '#aa0000',
      });
      const stage = await act(sapa.url, {
        act: 'stage_create',
        token: sapa.token,
        key: sapa.key,
        name: 'Deal',
        color: '#00aa00',
      });
      const { db } = sapa.app.sapa.services;
      const seeded = performance.now();
      // Names from a list with a number, phones in sequence, first contacts over the last 400 days;
      // every 10th customer labelled, every 5th in the stage.
      await db.execute(sql`
        INSERT INTO customers (id, project_id, phone, name, created_at)
        SELECT gen_random_uuid(), p.id, '+62813' || lpad(i::text, 8, '0'),
               (${sql.raw(`ARRAY[${NAMES.map((name) => `'${name}'`).join(',')}]`)})[1 + i % ${NAMES.length}] || ' ' || i,
               now() - (i % 400) * interval '1 day' - (i % 86400) * interval '1 second'
        FROM generate_series(1, ${CUSTOMERS}) AS i, projects p WHERE p.key = ${sapa.key}`);
      await db.execute(sql`
        INSERT INTO customer_labels (customer_id, label_id, created_at)
        SELECT c.id, ${String(label.id)}::uuid, now() FROM customers c JOIN projects p ON p.id = c.project_id
        WHERE p.key = ${sapa.key} AND right(c.phone, 1) = '0'`);
      await db.execute(sql`
        INSERT INTO customer_stages (customer_id, stage_id, since)
        SELECT c.id, ${String(stage.id)}::uuid, now() FROM customers c JOIN projects p ON p.id = c.project_id
        WHERE p.key = ${sapa.key} AND right(c.phone, 1) IN ('1', '6')`);
      await db.execute(sql`ANALYZE`);
      const seedMs = performance.now() - seeded;

      const today = new Date();
      const day = (offset: number) =>
        new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
      const scenarios: [string, (i: number) => Record<string, unknown>][] = [
        ['page', (i) => ({ page: (i * 7919) % Math.ceil(CUSTOMERS / 10) })],
        ['search', (i) => ({ search: `${NAMES[i % NAMES.length]}` })],
        ['search + page 3', (i) => ({ search: NAMES[(i + 3) % NAMES.length]?.slice(0, 3), page: 3 })],
        ['label', (i) => ({ labelId: label.id, page: i % 50 })],
        ['stage', (i) => ({ stageId: stage.id, page: i % 50 })],
        ['dates', (i) => ({ from: day(30 + (i % 30)), to: day(i % 30) })],
      ];
      // Warm-up: every scenario a few times.
      for (const [, fields] of scenarios) for (let i = 0; i < 10; i += 1) await call(fields(i));

      const lines = [`seeded ${CUSTOMERS.toLocaleString('en')} customers in ${(seedMs / 1000).toFixed(1)} s`];
      let pass = true;
      for (const [name, fields] of scenarios) {
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i += 1) {
          const started = performance.now();
          await call(fields(i));
          times.push(performance.now() - started);
        }
        const p99 = percentile(times, 99);
        if (!(p99 <= BUDGET_MS)) pass = false;
        lines.push(
          `${name.padEnd(16)} p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${REQUESTS} requests)`,
        );
      }
      return { lines, pass };
    } finally {
      await sapa.app.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
