/**
 * The job runner's leases, as several server processes on one database see them: a running job's
 * lease is renewed so no one takes it over; a run that lost its job (stalled past its lease, taken
 * over) can record nothing on it; a deferred run is not an attempt.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import { JobRunner } from '../src/jobs/JobRunner.ts';
import type { JobHandler, JobRunnerOptions } from '../src/jobs/JobRunner.ts';
import { claimJobs, enqueueJob } from '../src/jobs/jobQueue.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.app.sapa.services.db;
const jobRow = async (id: string): Promise<JobRow | undefined> =>
  (await db().select().from(jobs).where(eq(jobs.id, id)))[0];

/** A kind of job no other test queues, so runners built here only ever claim their own. */
let kinds = 0;
function newKind(): string {
  kinds += 1;
  return `test.lease.${kinds}.${crypto.randomUUID()}`;
}

/** Another "process": a runner of its own on the same database and clock. */
function runner(kind: string, handler: JobHandler, options: Partial<JobRunnerOptions> = {}): JobRunner {
  return new JobRunner({
    db: db(),
    now: server.clock.now,
    log: server.app.log,
    handlers: { [kind]: handler },
    ...options,
  });
}

/** A promise the test settles by hand. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function queue(kind: string, payload: Record<string, unknown> = {}): Promise<string> {
  const now = server.clock.now();
  return enqueueJob(db(), { kind, payload, runAt: now, now });
}

/** Waits (by polling the table) until `check` holds for the job. */
async function until(id: string, check: (row: JobRow) => boolean): Promise<JobRow> {
  let row = await jobRow(id);
  while (row === undefined || !check(row)) {
    await new Promise((resolve) => setImmediate(resolve));
    row = await jobRow(id);
  }
  return row;
}

describe('job leases', () => {
  it('are renewed while the job runs, so no other process takes it over', async () => {
    const kind = newKind();
    const release = gate();
    let runs = 0;
    const handler: JobHandler = {
      async run() {
        runs += 1;
        await release.opened;
      },
    };
    const first = runner(kind, handler, { leaseMs: 60_000, renewMs: 5 });
    const second = runner(kind, handler, { leaseMs: 60_000 });
    const id = await queue(kind);
    const running = first.runOnce();
    const claimed = await until(id, (row) => row.claimId !== null);
    const firstLease = claimed.lockedUntil?.getTime() ?? 0;

    // 45 s on, a renewal pushes the lease to about 105 s after the claim.
    server.clock.advance(45_000);
    await until(id, (row) => (row.lockedUntil?.getTime() ?? 0) > firstLease + 40_000);
    // 90 s after the claim: past the first lease, within the renewed one.
    server.clock.advance(45_000);
    await second.runOnce();
    expect(runs).toBe(1);

    release.open();
    await running;
    expect(await jobRow(id)).toMatchObject({ attempts: 1, failed: false, claimId: null });
    expect((await jobRow(id))?.doneAt).toBeInstanceOf(Date);
  });

  it('run out when the process stalls; the run that lost the job can record, finish or retry nothing', async () => {
    const kind = newKind();
    const release = gate();
    let saved: boolean | undefined;
    const stalled = runner(
      kind,
      {
        async run(_job, run) {
          await release.opened;
          saved = await run.save({ by: 'stalled' });
          throw new Error('too late');
        },
      },
      // A process that stops renewing (frozen, cut off from the database).
      { leaseMs: 15_000, renewMs: 3_600_000 },
    );
    const takeover = runner(kind, {
      async run(_job, run) {
        expect(await run.save({ by: 'takeover' })).toBe(true);
      },
    });
    const id = await queue(kind, { by: 'nobody' });
    const running = stalled.runOnce();
    const claimed = await until(id, (row) => row.claimId !== null);

    server.clock.advance(15_001);
    await takeover.runOnce();
    const done = await jobRow(id);
    expect(done).toMatchObject({ payload: { by: 'takeover' }, attempts: 2, failed: false, claimId: null });
    expect(done?.claimId).not.toBe(claimed.claimId);

    release.open();
    await running;
    expect(saved).toBe(false);
    // Its retry changed nothing either: still done, as the takeover left it.
    expect(await jobRow(id)).toEqual(done);
  });

  it('are given back by a deferred run, which does not count as an attempt', async () => {
    const kind = newKind();
    let runs = 0;
    const deferring = runner(kind, {
      async run(job) {
        runs += 1;
        if (runs === 1)
          return { deferUntil: new Date(server.clock.now().getTime() + 10_000), payload: { step: 1 } };
        expect(job.payload).toEqual({ step: 1 });
      },
    });
    const id = await queue(kind, { step: 0 });
    await deferring.runOnce();
    expect(await jobRow(id)).toMatchObject({
      attempts: 0,
      payload: { step: 1 },
      doneAt: null,
      claimId: null,
    });
    await deferring.runOnce();
    expect(runs).toBe(1);
    server.clock.advance(10_000);
    await deferring.runOnce();
    expect(runs).toBe(2);
    expect(await jobRow(id)).toMatchObject({ attempts: 1, failed: false });
    expect((await jobRow(id))?.doneAt).toBeInstanceOf(Date);
  });
});

const nameOf = (job: JobRow) => String((job.payload as { n?: string }).n);

describe('jobs of a kind with runMany', () => {
  it('run claimed together as one batch and are done at once; a failing batch runs each alone', async () => {
    const kind = newKind();
    const batches: string[][] = [];
    const alone: string[] = [];
    let failBatch = false;
    const batching = runner(kind, {
      async run(job) {
        alone.push(nameOf(job));
        if (nameOf(job) === 'bad') throw new Error('a bad job');
      },
      async runMany(claimed) {
        batches.push(claimed.map(nameOf).sort());
        if (failBatch) throw new Error('the batch failed');
      },
    });
    const ids = await Promise.all(['a', 'b', 'c'].map((n) => queue(kind, { n })));
    await batching.runOnce();
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(alone).toEqual([]);
    for (const id of ids) {
      const row = await jobRow(id);
      expect(row).toMatchObject({ attempts: 1, failed: false, claimId: null, lastError: null });
      expect(row?.doneAt).toBeInstanceOf(Date);
    }

    // The batch throws: each runs again alone, the good ones done, the bad one retried later.
    failBatch = true;
    const [good, bad] = await Promise.all([queue(kind, { n: 'good' }), queue(kind, { n: 'bad' })]);
    await batching.runOnce();
    expect(batches.at(-1)).toEqual(['bad', 'good']);
    expect(alone.sort()).toEqual(['bad', 'good']);
    expect((await jobRow(good ?? ''))?.doneAt).toBeInstanceOf(Date);
    expect(await jobRow(bad ?? '')).toMatchObject({ doneAt: null, failed: false, lastError: 'a bad job' });

    // A lone job (the bad one waits for its retry) takes `run`.
    failBatch = false;
    await queue(kind, { n: 'lone' });
    await batching.runOnce();
    expect(alone).toContain('lone');
    expect(batches).toHaveLength(2);
  });
});

describe('a runner that gathers (gatherMs)', () => {
  it('waits after a short claim, so jobs queued meanwhile are claimed together; stopping ends the wait', async () => {
    const kind = newKind();
    const batches: string[][] = [];
    const alone: string[] = [];
    const waits: number[] = [];
    const firstWait = gate();
    const waiting = gate();
    const gathering = runner(
      kind,
      {
        async run(job) {
          alone.push(nameOf(job));
        },
        async runMany(claimed) {
          batches.push(claimed.map(nameOf).sort());
        },
      },
      {
        gatherMs: 100,
        // The first wait lasts until the test has queued more; later ones end at once.
        sleep: async (ms) => {
          waits.push(ms);
          if (waits.length > 1) return;
          waiting.open();
          await firstWait.opened;
        },
      },
    );
    await queue(kind, { n: 'a' });
    const pass = gathering.runOnce();
    await waiting.opened;
    // 'a' ran alone; the runner waits before claiming again: these three are claimed as one batch.
    await Promise.all(['b', 'c', 'd'].map((n) => queue(kind, { n })));
    expect(batches).toEqual([]);
    firstWait.open();
    await pass;
    expect(alone).toEqual(['a']);
    expect(batches).toEqual([['b', 'c', 'd']]);
    // A wait after each short claim that found jobs; none after the claim that found nothing.
    expect(waits).toEqual([100, 100]);

    // Stopping during a wait ends it: the pass ends, and a job queued meanwhile stays for later.
    const stalled = gate();
    const stopping = runner(
      kind,
      { async run() {} },
      { gatherMs: 60_000, sleep: () => stalled.opened.then(() => undefined) },
    );
    const first = await queue(kind, { n: 'e' });
    const stopped = stopping.runOnce();
    await until(first, (row) => row.doneAt !== null);
    const later = await queue(kind, { n: 'f' });
    await stopping.stop();
    await stopped;
    expect((await jobRow(later))?.doneAt).toBeNull();
    await gathering.runOnce();
    expect((await jobRow(later))?.doneAt).toBeInstanceOf(Date);
  });

  it('claims again at once after a full batch', async () => {
    const kind = newKind();
    const batches: number[] = [];
    const waits: number[] = [];
    const full = runner(
      kind,
      {
        async run() {
          batches.push(1);
        },
        async runMany(claimed) {
          batches.push(claimed.length);
        },
      },
      { batch: 2, gatherMs: 100, sleep: async (ms) => void waits.push(ms) },
    );
    await Promise.all(['a', 'b', 'c'].map((n) => queue(kind, { n })));
    await full.runOnce();
    // Two full (no wait), then one short (a wait), then nothing.
    expect(batches).toEqual([2, 1]);
    expect(waits).toEqual([100]);
  });
});

describe('claimJobs', () => {
  it('gives jobs claimed at once to one claim each, oldest first, counting an attempt, and none leased twice', async () => {
    const kind = newKind();
    const other = newKind();
    const start = server.clock.now();
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      // Due one millisecond apart, queued newest first: the claims answer them oldest first.
      const runAt = new Date(start.getTime() - index);
      ids.push(await enqueueJob(db(), { kind, payload: { index }, runAt, now: start }));
    }
    const otherId = await queue(other);
    const notYet = await enqueueJob(db(), {
      kind,
      payload: {},
      runAt: new Date(start.getTime() + 60_000),
      now: start,
    });

    // Three claims at once, as three processes would: 12 due jobs of the kind, 5 at most each.
    const claims = await Promise.all(
      [0, 1, 2].map(() => claimJobs(db(), start, 30_000, 5, { only: [kind] })),
    );
    const claimed = claims.flat();
    expect(claimed.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(new Set(claimed.map((job) => job.id)).size).toBe(12);
    for (const claim of claims) {
      expect(claim.length).toBeLessThanOrEqual(5);
      expect(new Set(claim.map((job) => job.claimId)).size).toBe(1);
      const due = claim.map((job) => job.runAt.getTime());
      expect(due).toEqual([...due].sort((a, b) => a - b));
    }
    expect(new Set(claims.map((claim) => claim[0]?.claimId)).size).toBe(3);
    for (const job of claimed) {
      expect(job.attempts).toBe(1);
      expect(job.lockedUntil?.getTime()).toBe(start.getTime() + 30_000);
    }
    // The other kind and the job not yet due were left alone.
    expect((await jobRow(otherId))?.claimId).toBeNull();
    expect((await jobRow(notYet))?.claimId).toBeNull();

    // Leased: nothing to claim until the lease runs out; then each comes back, a second attempt.
    expect(await claimJobs(db(), new Date(start.getTime() + 29_999), 30_000, 20, { only: [kind] })).toEqual(
      [],
    );
    const again = await claimJobs(db(), new Date(start.getTime() + 30_001), 30_000, 20, { only: [kind] });
    expect(again.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(again.every((job) => job.attempts === 2)).toBe(true);
    // All but those kinds: the other kind's job, and not the kind's leased ones.
    const rest = await claimJobs(db(), new Date(start.getTime() + 30_001), 30_000, 20, { except: [kind] });
    expect(rest.map((job) => job.id)).toContain(otherId);
    expect(rest.map((job) => job.id)).not.toContain(ids[0]);
  });
});
