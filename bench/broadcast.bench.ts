/**
 * Issue 17's `pnpm bench broadcast`: a broadcast of 10,000 recipients to the simulator at its
 * 80 messages/s limit, from a server with default settings (PGlite, or PostgreSQL with
 * `DATABASE_URL`; the number's default rate). Meta is the simulator CLI in a process of its own
 * (`pnpm simulate`, its default limits and status delays, its status webhooks coming back to the
 * server), sending Meta's sample template `hello_world` that every WABA has. Prints the rate the
 * simulator accepted sends at from its first to its last, the 130429 answers it gave (surfaced: the
 * engine held the number back and sent again) and the recipients failed for them, and the
 * server's memory (RSS and JS heap after a garbage collection) before the broadcast and after it,
 * right after and once the real-time layer's recovery buffer of published events has emptied.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { benchDatabase } from './database.ts';
import { startBenchSapa } from './inbox/sapa.ts';
import type { Benchmark } from './types.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
/** The simulator's (Meta's) throughput per number, and the number's default broadcast rate. */
const LIMIT = 80;
const RATE_SHARE = 0.95;
/** The JS heap after the broadcast may exceed the heap before it by this much at most. */
const HEAP_GROWTH_MB = 32;
/**
 * The real-time layer keeps published events 30 s for sockets that reconnect (RECOVERY_WINDOW_MS),
 * and socket.io drops the older ones once a minute: after this, none from the broadcast is left.
 */
const RECOVERY_WAIT_MS = 95_000;
/** Giving up: the broadcast should take about RECIPIENTS / LIMIT seconds. */
const MAX_WAIT_MS = ((RECIPIENTS / LIMIT) * 3 + 120) * 1_000;
const APP_SECRET = 'bench-app-secret';
const ACCOUNT = {
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'bench-access-token',
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function memory(): { rss: number; heap: number } {
  gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 1e6, heap: usage.heapUsed / 1e6 };
}

const mb = (value: number) => `${value.toFixed(1)} MB`;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `pnpm simulate` in a process of its own, counting the sends it accepts (`--print-sends`). */
function startSimulator(target: string, graphPort: number) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@sapa/source',
      '--import',
      'tsx',
      'packages/server/src/simulator/cli.ts',
      ...['--rate', '0', '--customers', '1', '--print-sends', '--graph-port', String(graphPort)],
      ...['--target', target, '--app-secret', APP_SECRET],
      ...['--phone-number-id', ACCOUNT.phoneNumberId, '--access-token', ACCOUNT.accessToken],
      ...['--display-phone', ACCOUNT.displayPhone],
    ],
    { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
  );
  const accepted: number[] = [];
  const reached = new Map<string, number>();
  let summary = '';
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const send = /^send accepted wamid=\S+ to=(\d+) /.exec(line);
      if (send !== null) {
        accepted.push(performance.now());
        reached.set(send[1] ?? '', (reached.get(send[1] ?? '') ?? 0) + 1);
      } else if (line.startsWith('Done: ')) {
        summary = line;
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    accepted,
    reached,
    /** Stops it; resolves with its summary line (sends accepted, refused by code). */
    async stop(): Promise<string> {
      child.kill('SIGTERM');
      await exited;
      return summary;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

const bench: Benchmark = {
  name: `broadcast: ${RECIPIENTS.toLocaleString('en')} recipients to the simulator at its ${LIMIT}/s limit (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  budget: `achieved rate >= ${RATE_SHARE} x ${LIMIT}/s, no recipient failed for 130429, every recipient sent exactly once, JS heap after <= before + ${HEAP_GROWTH_MB} MB`,
  async run() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-broadcast-'));
    const database = await benchDatabase();
    const cleanup: Array<() => Promise<unknown>> = [
      () => rm(dir, { recursive: true, force: true }),
      () => database.dispose(),
    ];
    try {
      const sapa = await startBenchSapa({
        dataDir: path.join(dir, 'data'),
        databaseUrl: database.url,
        account: { ...ACCOUNT, displayPhone: `+${ACCOUNT.displayPhone}` },
        whatsapp: { appSecret: APP_SECRET },
      });
      cleanup.unshift(() => sapa.app.close());
      const graphPort = await freePort();
      const simulator = startSimulator(`${sapa.url}/webhooks/whatsapp`, graphPort);
      cleanup.unshift(async () => simulator.kill());

      const db = sapa.app.sapa.services.db;
      const seedStart = performance.now();
      const broadcastId = randomUUID();
      await db.execute(
        sql`update wa_accounts set graph_base_url = ${`http://127.0.0.1:${graphPort}`} where id = ${sapa.accountId}::uuid`,
      );
      await db.execute(sql`
        insert into customers (id, project_id, phone, name, created_at)
        select gen_random_uuid(), p.id, '+62813' || lpad(i::text, 8, '0'), 'Pelanggan ' || i,
          now() - (${RECIPIENTS} - i) * interval '1 second'
        from generate_series(1, ${RECIPIENTS}) as i, projects p where p.key = ${sapa.key}`);
      // The balance pays for every recipient (Rp350, a utility template), as a top-up moved in would.
      await db.execute(sql`
        insert into wallets (id, project_id, balance, last_seq, created_at, updated_at)
        select gen_random_uuid(), p.id, 0, 0, now(), now() from projects p where p.key = ${sapa.key}
        on conflict do nothing`);
      await db.execute(sql`
        with w as (select w.* from wallets w join projects p on p.id = w.project_id where p.key = ${sapa.key}),
        e as (insert into ledger_entries (id, wallet_id, seq, kind, amount, balance_after, idempotency_key, memo, created_at)
          select gen_random_uuid(), w.id, w.last_seq + 1, 'adjustment', ${RECIPIENTS * 1_000}, w.balance + ${RECIPIENTS * 1_000},
            ${`adjustment:bench-${broadcastId}`}, 'bench funds', now() from w returning wallet_id, seq, balance_after)
        update wallets set balance = e.balance_after, last_seq = e.seq, updated_at = now() from e where wallets.id = e.wallet_id`);
      const template = {
        name: 'hello_world',
        language: 'en_US',
        content: {
          header: { format: 'TEXT', text: 'Hello World', example: null },
          body: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
          bodyExamples: [],
          footer: 'WhatsApp Business Platform sample message',
          buttons: [],
        },
      };
      await db.execute(sql`
        insert into broadcasts (id, project_id, account_id, client_id, name, template, category, values, audience,
          status, scheduled_at, estimated, created_by, created_at, updated_at)
        select ${broadcastId}::uuid, p.id, ${sapa.accountId}::uuid, gen_random_uuid(), 'Bench',
          ${JSON.stringify(template)}::jsonb, 'UTILITY', ${JSON.stringify({ body: [] })}::jsonb,
          ${JSON.stringify({ kind: 'filter', filter: {} })}::jsonb, 'scheduled', now(), ${RECIPIENTS},
          ${sapa.userId}::uuid, now(), now()
        from projects p where p.key = ${sapa.key}`);
      const seeded = performance.now() - seedStart;
      const before = memory();

      await db.execute(sql`
        insert into jobs (id, kind, payload, run_at, created_at)
        values (gen_random_uuid(), 'broadcast.start', ${JSON.stringify({ broadcastId })}::jsonb, now(), now())`);
      sapa.app.sapa.services.jobs.kick();
      const started = performance.now();
      let status = 'scheduled';
      while (status !== 'done' && performance.now() - started < MAX_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const rows = (await db.execute(
          sql`select status from broadcasts where id = ${broadcastId}::uuid`,
        )) as unknown as { rows: { status: string }[] };
        status = rows.rows[0]?.status ?? 'gone';
      }
      const elapsed = (performance.now() - started) / 1000;
      const summary = await simulator.stop();
      const right = memory();
      // Published events are kept for sockets that reconnect: measured again once they are dropped.
      await new Promise((resolve) => setTimeout(resolve, RECOVERY_WAIT_MS));
      const after = memory();

      const counts = (await db.execute(sql`
        select count(*) filter (where state in ('sent', 'delivered', 'read'))::int as sent,
          count(*) filter (where state = 'failed')::int as failed,
          count(*) filter (where state = 'failed' and (error->>'code')::int = 130429)::int as throughput_failed
        from broadcast_recipients where broadcast_id = ${broadcastId}::uuid`)) as unknown as {
        rows: { sent: number; failed: number; throughput_failed: number }[];
      };
      const { sent = 0, failed = 0, throughput_failed: throughputFailed = 0 } = counts.rows[0] ?? {};
      const refused = Number(/130429×(\d+)/.exec(summary)?.[1] ?? 0);
      const { accepted, reached } = simulator;
      const first = accepted[0] ?? 0;
      const last = accepted.at(-1) ?? 0;
      const rate = accepted.length > 1 ? ((accepted.length - 1) * 1000) / (last - first) : 0;
      const duplicates = [...reached.values()].filter((times) => times > 1).length;
      const pass =
        status === 'done' &&
        rate >= RATE_SHARE * LIMIT &&
        throughputFailed === 0 &&
        reached.size === RECIPIENTS &&
        duplicates === 0 &&
        after.heap <= before.heap + HEAP_GROWTH_MB;
      return {
        lines: [
          `seeding: ${RECIPIENTS.toLocaleString('en')} customers in ${(seeded / 1000).toFixed(1)} s (not budgeted)`,
          `broadcast ${status} in ${elapsed.toFixed(1)} s: ${sent.toLocaleString('en')} sent, ${failed} failed; ${reached.size.toLocaleString('en')} customers reached, ${duplicates} more than once`,
          `achieved rate: ${rate.toFixed(1)} msg/s from the first accepted send to the last (budget >= ${(RATE_SHARE * LIMIT).toFixed(0)}/s; ${((rate / LIMIT) * 100).toFixed(1)}% of the limit)`,
          `130429 answers surfaced: ${refused}; recipients failed for 130429: ${throughputFailed} (budget 0)`,
          `memory before: RSS ${mb(before.rss)}, heap ${mb(before.heap)}; right after: RSS ${mb(right.rss)}, heap ${mb(right.heap)}; ${RECOVERY_WAIT_MS / 1000} s later: RSS ${mb(after.rss)}, heap ${mb(after.heap)} (heap budget <= ${mb(before.heap + HEAP_GROWTH_MB)})`,
          `simulator: ${summary.replace(/^Done: \d+ customer messages written\. /, '')}`,
        ],
        pass,
      };
    } finally {
      for (const step of cleanup) await step().catch(() => undefined);
    }
  },
};

export default bench;
