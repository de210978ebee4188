/**
 * Issue 18's `pnpm bench automation`: 200 inbound messages/s with 50 rules switched on, against
 * the same server with them switched off. The webhook-to-agent latency of the inbox benchmark
 * (inboxLatency's machinery: bench/inbox/latencyRun.ts) must stay within 1.2 x its figure without
 * rules, and the engine must keep up: every message's `automation.message` job done, none failed.
 *
 * One app (PGlite in a temp directory, or PostgreSQL with `DATABASE_URL`: bench/database.ts;
 * background work on), one agent socket, one simulator
 * (100 customers). The 50 rules go in through `automation_rule_create` as a team would make them:
 * 13 auto-replies, 12 auto-division, 12 auto-stage and 13 follow-up rules, each of a kind's first
 * rules with five keywords the customers never write, and its last one with a keyword some of
 * them do (`harga`, `komplain`, `transfer`: three messages in ten match one), so every message is
 * judged against every rule of a kind and some set off a reply, a division, a stage or a follow-up;
 * the first auto-reply is an out-of-hours greeting, judged on every message (the project is set
 * open around the clock, so it is skipped the same way whatever the hour). Rounds take turns,
 * off, on, on, off, twice (so the inbox's growing tables weigh on both sides alike), each
 * `BENCH_SECONDS` (default 10 s) at 200 messages/s after a warm-up: 100 messages with the rules
 * on, then three rounds' worth with them off, not counted (`WARMUP_ROUNDS_OFF`: the first counted
 * round used to run slower at p99 than the others, the server still warming); after an
 * "on" round the bench waits for the engine to finish (at most `DRAIN_MS`; jobs still waiting
 * then are abandoned and counted, so the next round measures the inbox alone). A round that loses
 * messages ends the run (FAIL): a server that far behind would only take minutes more.
 *
 * `BENCH_AUTOMATION_STAND_IN=compute|memory` (optionally `BENCH_AUTOMATION_STAND_IN_SHARE`,
 * default 0.14) calibrates the machine instead: the rules stay off in every round, and the "on"
 * rounds run bench/inbox/standIn.ts, a process at nice 19 keeping that share of a core busy (the
 * engine's own share here) with arithmetic or with memory. Its ratios are what any background
 * process of the engine's size costs the inbox on this machine, however it is written.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  ACCOUNT,
  APP_SECRET,
  benchSeconds,
  CUSTOMERS,
  customerSends,
  ms,
  RATE,
  runAtRate,
  startInboxSapa,
  WARMUP_MESSAGES,
  warmUp,
} from './inbox/latencyRun.ts';
import { benchDatabase } from './database.ts';
import { byCommand, byPid, describeCpu, readCpu, thisProcess } from './cpuUse.ts';
import { connectClient, percentile } from './inbox/measure.ts';
import type { LatencyResult } from './inbox/measure.ts';
import { act } from './inbox/sapa.ts';
import { threadsOf } from '../packages/server/src/processPriority.ts';
import { createSimulator } from './inbox/simulator.ts';
import type { Benchmark } from './types.ts';

const BUDGET = 1.2;
const DEFAULT_SECONDS = 10;
const RULES = 50;
/** How long the engine may take to finish after an "on" round before its jobs are abandoned. */
const DRAIN_MS = 30_000;
/** A message not on the agent's socket this long after the last webhook is lost (bounds a round). */
const ROUND_WAIT_MS = 30_000;
const AUTOMATION_JOB = 'automation.message';
const STAND_IN_KINDS = ['compute', 'memory'] as const;
/** The automation process's share of a core in the bench's later "on" rounds (bench/README.md). */
const DEFAULT_STAND_IN_SHARE = 0.14;

/** `BENCH_AUTOMATION_STAND_IN` and its share, or null: the calibration (see the file comment). */
function standInOf(env: NodeJS.ProcessEnv): { kind: (typeof STAND_IN_KINDS)[number]; share: number } | null {
  const kind = env.BENCH_AUTOMATION_STAND_IN?.trim();
  if (kind === undefined || kind === '') return null;
  const known = STAND_IN_KINDS.find((candidate) => candidate === kind);
  if (known === undefined)
    throw new Error(`BENCH_AUTOMATION_STAND_IN must be ${STAND_IN_KINDS.join(' or ')}, not "${kind}"`);
  const shareText = env.BENCH_AUTOMATION_STAND_IN_SHARE?.trim();
  const share = shareText === undefined || shareText === '' ? DEFAULT_STAND_IN_SHARE : Number(shareText);
  if (!(share > 0 && share < 1))
    throw new Error(
      `BENCH_AUTOMATION_STAND_IN_SHARE must be a share of a core between 0 and 1, not "${shareText}"`,
    );
  return { kind: known, share };
}

/** Starts bench/inbox/standIn.ts; resolves once it runs, with its pid and how to stop it. */
async function startStandIn(standIn: { kind: string; share: number }): Promise<{
  pid: number | undefined;
  stop(): Promise<void>;
}> {
  const script = fileURLToPath(new URL('./inbox/standIn.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, standIn.kind, String(standIn.share)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    void exited.then(() => reject(new Error('the stand-in exited before it ran')));
  });
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Off, on, on, off, twice: each side is measured as often early as late in the run, and a stall
 * of the machine (a checkpoint, another process) weighs on one round of four of its side.
 */
const ROUNDS = [false, true, true, false, false, true, true, false] as const;
/**
 * The uncounted warm-up with the rules off, in rounds' worth. The web process's heap is still being
 * sized then: with one round's worth, the first counted round (always "off") took two or three of
 * the run's mark-compact collections (6 to 23 ms pauses, each holding up the 5 to 16 messages that
 * arrived meanwhile) where later rounds took one or none, and its p99 ran 1.5 to 3 times theirs.
 */
const WARMUP_ROUNDS_OFF = 3;

/** Words no customer of the bench writes (five per rule, in turn). */
const UNUSED = [
  'garansi',
  'retur',
  'refund',
  'grosir',
  'reseller',
  'diskon',
  'promo',
  'ukuran',
  'warna',
  'alamat',
  'ongkir',
  'resi',
  'kurir',
  'tukar',
  'cacat',
  'rusak',
  'batal',
  'invoice',
  'katalog',
  'lokasi',
  'libur',
  'voucher',
  'cicilan',
  'kredit',
  'qris',
  'gopay',
  'shopee',
  'tokopedia',
  'sepatu',
  'kaos',
  'kemeja',
  'batik',
  'celana',
  'jaket',
  'topi',
  'sandal',
  'dompet',
  'parfum',
  'sabun',
  'masker',
  'bantal',
  'selimut',
  'gorden',
  'karpet',
  'lampu',
];
/** What a message adds to measure.ts's text, by turn: three in ten match a rule's keyword. */
const ADDED = ['', ' harganya berapa?', '', '', ' mau komplain', '', '', ' sudah transfer ya', '', ''];

/** Customer `i % 100` writes in turn; the added words move on every pass, so each writes all of them. */
const reword = (index: number, text: string) =>
  `${text}${ADDED[(index + Math.floor(index / CUSTOMERS)) % ADDED.length] ?? ''}`;

let nextWord = 0;
const unusedKeywords = () => ({
  kind: 'keyword',
  mode: 'contains',
  keywords: Array.from({ length: 5 }, () => UNUSED[nextWord++ % UNUSED.length]),
});
const keyword = (word: string) => ({ kind: 'keyword', mode: 'contains', keywords: [word] });
const onMessage = { kind: 'customer_message' };
const text = (words: string) => ({ kind: 'send_text', text: `Halo kak {nama}, ${words}` });

/** The 50 drafts, as their editors would submit them (see the file comment). */
function drafts(ids: { sales: string; support: string; prospek: string; bayar: string }) {
  const rules: Record<string, unknown>[] = [];
  const add = (count: number, make: (last: boolean, index: number) => Record<string, unknown>) => {
    for (let index = 0; index < count; index += 1) rules.push(make(index === count - 1, index));
  };
  add(13, (last, index) => ({
    kind: 'auto_reply',
    name: `Balasan ${index}`,
    enabled: true,
    trigger: index === 0 ? { kind: 'outside_working_hours' } : onMessage,
    conditions: index === 0 ? [] : [last ? keyword('harga') : unusedKeywords()],
    actions: [text(last ? 'daftar harga kami kirim sebentar lagi ya.' : 'terima kasih, kami cek dulu ya.')],
    quietPeriodMinutes: last ? 1 : 60,
  }));
  add(12, (last, index) => ({
    kind: 'auto_division',
    name: `Divisi ${index}`,
    enabled: true,
    trigger: onMessage,
    conditions: [last ? keyword('komplain') : unusedKeywords()],
    actions: [{ kind: 'assign_division', divisionId: last ? ids.support : ids.sales }],
  }));
  add(12, (last, index) => ({
    kind: 'auto_stage',
    name: `Tahap ${index}`,
    enabled: true,
    trigger: onMessage,
    conditions: [last ? keyword('transfer') : unusedKeywords()],
    actions: [{ kind: 'set_stage', stageId: last ? ids.bayar : ids.prospek }],
  }));
  add(13, (last, index) => ({
    kind: 'follow_up',
    name: `Tindak lanjut ${index}`,
    enabled: true,
    trigger: onMessage,
    conditions: [last ? keyword('harga') : unusedKeywords()],
    steps: [{ delay: { amount: 30, unit: 'minutes' }, message: text('masih ada yang bisa kami bantu?') }],
  }));
  if (rules.length !== RULES) throw new Error(`${rules.length} rules, not ${RULES}`);
  return rules;
}

type Db = Awaited<ReturnType<typeof startInboxSapa>>['app']['sapa']['services']['db'];

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const undoneJobs = async (db: Db) =>
  (
    await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from jobs where kind = ${AUTOMATION_JOB} and done_at is null`,
    )
  )[0]?.n ?? 0;

type App = Awaited<ReturnType<typeof startInboxSapa>>['app'];

/**
 * Waits until the webhooks are stored and the engine has no job left (at most `DRAIN_MS`);
 * abandons the jobs left, answers how many.
 */
async function drain(app: App): Promise<{ ms: number; abandoned: number }> {
  const { db } = app.sapa.services;
  const started = performance.now();
  const busy = async () => (await app.sapa.webhooksBehind()) || (await undoneJobs(db)) > 0;
  while ((await busy()) && performance.now() - started < DRAIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const abandoned = await rows<{ id: string }>(
    db,
    sql`update jobs set done_at = now(), failed = true, last_error = 'bench: abandoned'
      where kind = ${AUTOMATION_JOB} and done_at is null returning id`,
  );
  return { ms: performance.now() - started, abandoned: abandoned.length };
}

/**
 * Where the engine runs. On PostgreSQL with `REDIS_URL`, as a deployment taking 200 messages a
 * second would run it: in an `automation` process of its own (`SAPA_ROLE`, packages/server
 * config.ts) beside the web process, sharing the database and Redis (for its announcements), unless
 * `BENCH_AUTOMATION_PROCESS=0`. Otherwise (and always on PGlite) in the web process: answers null.
 */
function processArrangement(databaseUrl: string | null): { url: string; prefix: string } | null {
  const redisUrl = process.env.REDIS_URL?.trim();
  if (databaseUrl === null || !redisUrl || process.env.BENCH_AUTOMATION_PROCESS === '0') return null;
  return { url: redisUrl, prefix: `sapa-bench-${randomBytes(6).toString('hex')}-` };
}

/** `pnpm start`'s server as an `automation` process on `databaseUrl` and `redis`; resolves once it runs. */
async function startAutomationProcess(
  databaseUrl: string,
  redis: { url: string; prefix: string },
): Promise<{ pid: number | undefined; stop(): Promise<void> }> {
  const main = fileURLToPath(new URL('../packages/server/src/main.ts', import.meta.url));
  // BENCH_ENGINE_PROFILE=<dir>: a CPU profile of the automation process (written as it exits).
  const profile = process.env.BENCH_ENGINE_PROFILE?.trim();
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, '--conditions=@sapa/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      SAPA_ROLE: 'automation',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes('Sapa automation process running')) resolve();
    });
    void exited.then((code) => reject(new Error(`the automation process exited (${code}) before it ran`)));
  });
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Process `pid`'s threads' nice values, e.g. "12 threads at nice 19". */
function describePriority(pid: number): string {
  const counts = new Map<number, number>();
  for (const thread of threadsOf(pid)) {
    const nice = os.getPriority(thread);
    counts.set(nice, (counts.get(nice) ?? 0) + 1);
  }
  return [...counts].map(([nice, n]) => `${n} thread${n === 1 ? '' : 's'} at nice ${nice}`).join(', ');
}

/** Pools rounds' latencies into one figure per side. */
function pooled(label: string, results: LatencyResult[]) {
  const latencies = results.flatMap((result) => result.latenciesMs).sort((a, b) => a - b);
  const sum = (pick: (result: LatencyResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    label,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    sent: sum((r) => r.sent),
    received: sum((r) => r.received),
    failed: sum((r) => r.failedDeliveries),
  };
}

const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');

const benchmark: Benchmark = {
  name: 'automation: webhook to agent socket with 50 rules on vs off',
  budget: `p99 with ${RULES} rules on <= ${BUDGET} x p99 with them off (${RATE} messages/s), every message received, every automation job done, none failed`,
  async run() {
    const duration = benchSeconds(DEFAULT_SECONDS);
    const standIn = standInOf(process.env);
    const count = Math.round(RATE * duration);
    const cleanup: Array<() => Promise<unknown> | void> = [];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-bench-automation-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    try {
      const database = await benchDatabase();
      cleanup.push(() => database.dispose());
      const arrangement = processArrangement(database.url);
      const sapa = await startInboxSapa(
        dataDir,
        database.url,
        arrangement === null ? {} : { role: 'web', redis: arrangement },
      );
      cleanup.push(() => sapa.app.close());
      let enginePid: number | undefined;
      let enginePriority = 'n/a';
      if (arrangement !== null && database.url !== null) {
        const engine = await startAutomationProcess(database.url, arrangement);
        enginePid = engine.pid;
        // The priority it gave its threads (`SAPA_AUTOMATION_NICE`,
        // packages/server/src/processPriority.ts).
        if (engine.pid !== undefined) enginePriority = describePriority(engine.pid);
        cleanup.push(() => engine.stop());
      }
      let standInPid: number | undefined;
      // Where the CPU goes in each round (Linux): this process is the web app, the simulator and
      // the agent; PostgreSQL's backends and Redis are their own processes (on PGlite, the
      // database is inside this one).
      const cpuGroups = [
        thisProcess('web + simulator + agent'),
        byPid('automation', () => enginePid),
        byCommand('postgres', 'postgres'),
        byCommand('redis', 'redis-server'),
        ...(standIn === null ? [] : [byPid(`stand-in (${standIn.kind})`, () => standInPid)]),
      ];
      const cpu: Array<{ label: string; round: number; use: string }> = [];
      const { db } = sapa.app.sapa.services;
      const { url, token, key } = sapa;
      const agent = await connectClient(url, token);
      cleanup.push(() => agent.disconnect());
      const simulator = await createSimulator({
        target: `${url}/webhooks/whatsapp`,
        appSecret: APP_SECRET,
        accounts: [ACCOUNT],
        customers: CUSTOMERS,
      });
      cleanup.push(() => simulator.close());

      // Open around the clock, so the greeting is judged (and skipped) on every message at any hour.
      // The act takes hours up to 23:00; a day whose end equals its start is open 24 hours
      // (workingHours.ts), written as the act would store it.
      const allDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        day,
        open: true,
        from: '00:00:00',
        to: '00:00:00',
      }));
      await db.execute(
        sql`update projects set working_hours = ${JSON.stringify(allDay)}::jsonb where key = ${key}`,
      );
      const made = async (name: string, kind: 'division' | 'stage') =>
        String((await act(url, { act: `${kind}_create`, token, key, name, color: '#1e90ff' })).id);
      const ids = {
        sales: await made('Sales', 'division'),
        support: await made('Support', 'division'),
        prospek: await made('Prospek', 'stage'),
        bayar: await made('Bayar', 'stage'),
      };
      const ruleIds: string[] = [];
      for (const rule of drafts(ids)) {
        ruleIds.push(String((await act(url, { act: 'automation_rule_create', token, key, rule })).id));
      }
      const switchRules = async (enabled: boolean) => {
        for (const id of ruleIds) await act(url, { act: 'automation_rule_update', token, key, id, enabled });
      };

      /** Progress on stderr, as it goes (the figures come at the end). */
      const progress = (line: string) => process.stderr.write(`  … ${line}\n`);
      const send = customerSends(simulator, reword);
      await warmUp('warm-up, rules on', agent, send);
      let abandoned = (await drain(sapa.app)).abandoned;
      await switchRules(false);
      const warmCount = count * WARMUP_ROUNDS_OFF;
      const warm = await runAtRate('warm-up, rules off', 'w', agent, warmCount, send, ROUND_WAIT_MS);
      if (warm.received < warm.sent)
        throw new Error(`the warm-up lost ${warm.sent - warm.received} messages`);
      progress(
        `warm-up done (rules off: p99 ${ms(warm.p99Ms)}, not counted), ${abandoned} automation jobs abandoned`,
      );
      const results = { off: [] as LatencyResult[], on: [] as LatencyResult[] };
      const drains: number[] = [];
      let rulesOn = false;
      let stoppedAfter: number | null = null;
      for (const [round, on] of ROUNDS.entries()) {
        // The calibration keeps the rules off and runs the stand-in in the "on" rounds instead.
        const running = standIn !== null && on ? await startStandIn(standIn) : null;
        standInPid = running?.pid;
        if (standIn === null && on !== rulesOn) await switchRules(on);
        rulesOn = on;
        const label = on ? (standIn === null ? 'rules on' : 'stand-in on') : 'rules off';
        const cpuBefore = readCpu(cpuGroups);
        // The CPU read before the stand-in stops (an ended process is not counted).
        const measured = await runAtRate(label, `r${round}`, agent, count, send, ROUND_WAIT_MS)
          .then((done) => ({ result: done, use: describeCpu(cpuBefore, readCpu(cpuGroups)) }))
          .finally(() => running?.stop());
        const { result, use } = measured;
        if (use !== null) cpu.push({ label, round, use });
        (on ? results.on : results.off).push(result);
        progress(
          `round ${round} (${result.label}): p99 ${ms(result.p99Ms)}, received ${result.received}/${result.sent}${use === null ? '' : `; CPU: ${use}`}`,
        );
        if (on && standIn === null) {
          const drained = await drain(sapa.app);
          drains.push(drained.ms);
          abandoned += drained.abandoned;
          progress(
            `engine finished in ${(drained.ms / 1000).toFixed(1)} s, ${drained.abandoned} jobs abandoned`,
          );
        }
        // A server that lost messages has failed already; more rounds would only take minutes more.
        if (result.received < result.sent || result.failedDeliveries > 0) {
          stoppedAfter = round;
          break;
        }
      }

      const [jobs] = await rows<{
        done: number;
        failed: number;
        retried: number;
        p50: number | null;
        p95: number | null;
        p99: number | null;
        max: number | null;
      }>(
        db,
        sql`with lag as (
            select extract(epoch from done_at - created_at) * 1000 as ms, failed, last_error, attempts
            from jobs where kind = ${AUTOMATION_JOB} and done_at is not null)
          select count(*) filter (where not failed)::int as done,
            count(*) filter (where failed and last_error <> 'bench: abandoned')::int as failed,
            count(*) filter (where attempts > 1 or (last_error is not null and not failed))::int as retried,
            percentile_disc(0.5) within group (order by ms) filter (where not failed) as p50,
            percentile_disc(0.95) within group (order by ms) filter (where not failed) as p95,
            percentile_disc(0.99) within group (order by ms) filter (where not failed) as p99,
            max(ms) filter (where not failed) as max
          from lag`,
      );
      const work = await rows<{ outcome: string; n: number }>(
        db,
        sql`select outcome || coalesce(' ' || reason, '') as outcome, count(*)::int as n
          from automation_activity group by 1 order by 2 desc`,
      );
      const [sent] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from messages where automation_rule_id is not null`,
      );

      const off = pooled('rules off', results.off);
      const on = pooled(
        standIn === null ? `${RULES} rules on` : `stand-in (${standIn.kind}, ${standIn.share} of a core)`,
        results.on,
      );
      const describe = (side: ReturnType<typeof pooled>) =>
        `${side.label}: p50 ${ms(side.p50)}, p95 ${ms(side.p95)}, p99 ${ms(side.p99)}, max ${ms(side.max)}; received ${side.received}/${side.sent} (${side.failed} webhook POSTs failed)`;
      const p99Ratio = on.p99 / off.p99;
      const complete = (side: ReturnType<typeof pooled>) => side.received === side.sent && side.failed === 0;
      const expectedJobs = WARMUP_MESSAGES + (standIn === null ? count * results.on.length : 0);
      const engineDone =
        jobs !== undefined && jobs.done === expectedJobs && jobs.failed === 0 && abandoned === 0;
      const lagMs = (value: number | null) => ms(value === null ? Number.NaN : Number(value));
      return {
        lines: [
          `database: ${database.label}`,
          ...(standIn === null
            ? []
            : [
                `calibration (BENCH_AUTOMATION_STAND_IN): the rules off in every round; the "on" rounds ran bench/inbox/standIn.ts at nice 19, ${standIn.share} of a core of ${standIn.kind} work`,
              ]),
          arrangement === null
            ? 'engine: in the web process (SAPA_ROLE=all)'
            : `engine: in an automation process of its own (SAPA_ROLE=automation, ${enginePriority}) beside the web process (SAPA_ROLE=web), through Redis`,
          ...(stoppedAfter === null ? [] : [`stopped after round ${stoppedAfter}: messages were lost`]),
          `rounds: ${ROUNDS.map((round) => (round ? 'on' : 'off')).join(', ')}, ${duration} s each at ${RATE} messages/s (${count} messages, ${CUSTOMERS} customers), after ${WARMUP_MESSAGES} warm-up messages with the rules on and ${count * WARMUP_ROUNDS_OFF} with them off`,
          describe(off),
          describe(on),
          `ratios (on / off): p50 ${ratio(on.p50, off.p50)}, p95 ${ratio(on.p95, off.p95)}, p99 ${ratio(on.p99, off.p99)} (budget <= ${BUDGET})`,
          ...[...results.off, ...results.on].map(
            (r) =>
              `  round ${r.label}: p50 ${ms(r.p50Ms)}, p95 ${ms(r.p95Ms)}, p99 ${ms(r.p99Ms)}; sent at ${r.achievedRate.toFixed(0)} msg/s`,
          ),
          ...cpu.map(({ label, round, use }) => `  CPU in round ${round} (${label}): ${use}`),
          `engine: ${jobs?.done ?? 0}/${expectedJobs} automation jobs done, ${jobs?.failed ?? 0} failed, ${jobs?.retried ?? 0} retried, ${abandoned} abandoned after ${DRAIN_MS / 1000} s`,
          `engine lag (message stored -> its job done): p50 ${lagMs(jobs?.p50 ?? null)}, p95 ${lagMs(jobs?.p95 ?? null)}, p99 ${lagMs(jobs?.p99 ?? null)}, max ${lagMs(jobs?.max ?? null)}; after each "on" round it finished in ${drains.map((d) => `${(d / 1000).toFixed(1)} s`).join(', ')}`,
          `engine work: ${sent?.n ?? 0} messages sent by rules; activity lines ${work.map((line) => `${line.outcome} ${line.n}`).join(', ') || 'none'}`,
        ],
        pass: Number.isFinite(p99Ratio) && p99Ratio <= BUDGET && complete(off) && complete(on) && engineDone,
      };
    } finally {
      for (const step of cleanup.reverse()) await step();
    }
  },
};

export default benchmark;
