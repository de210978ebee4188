/**
 * Works off the durable job table: claims due jobs, runs each kind's handler, retries failures
 * with exponential backoff up to `maxAttempts`, then gives up (the handler's `giveUp` records why).
 * A claim's lease is short and renewed while its jobs run, so a job of a process that died comes
 * back within one lease, and one that runs long is never taken over by another process.
 * `runOnce()` works off everything due now and resolves when done: tests await it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import type { JobRow } from '../db/schema.ts';
import { Drain } from './Drain.ts';
import type { JobKinds } from './jobQueue.ts';
import {
  claimJobs,
  completeJob,
  completeJobs,
  deferJob,
  renewClaim,
  retryJob,
  saveJobPayload,
  stillHeld,
} from './jobQueue.ts';
import { rootMessage } from '../errors/rootMessage.ts';

/** What a handler may do with its job while it runs. */
export interface JobRun {
  /**
   * Stores `payload` as the job's before the run goes on (say, before a request whose outcome a
   * later run must know about). `false` when this run no longer holds the job (its lease ran out
   * and another run took it): it must stop without side effects.
   */
  save(payload: Record<string, unknown>): Promise<boolean>;
}

/**
 * Nothing: the job is done. `deferUntil`: not yet; run it again then (with `payload`), and this
 * run does not count as an attempt.
 */
export type JobResult = void | { deferUntil: Date; payload: Record<string, unknown> };

export interface JobHandler {
  /** Does the job; throwing retries it later (up to the runner's `maxAttempts`). */
  run(job: JobRow, run: JobRun): Promise<JobResult>;
  /**
   * Does several of the kind's jobs claimed together as one (sharing their reads), all done when
   * it resolves. Throwing runs each again on its own with `run` (so one bad job fails alone).
   * Only for kinds whose jobs never defer and need no `JobRun`.
   */
  runMany?(jobs: readonly JobRow[]): Promise<void>;
  /** After the last attempt failed with `error`. */
  giveUp?(job: JobRow, error: unknown): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  now: () => Date;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  maxAttempts?: number;
  /** Delay before retry `attempt` (1-based). Default 2 s, doubling, at most 5 minutes. */
  backoffMs?: (attempt: number) => number;
  pollMs?: number;
  /** How long a claim holds its jobs without renewal (default 15 s): a crashed process's jobs wait this long. */
  leaseMs?: number;
  /** How often a claim's running jobs get their lease renewed (default a third of `leaseMs`). */
  renewMs?: number;
  batch?: number;
  /**
   * After a claim that found fewer than `batch` jobs, how long the runner waits before it claims
   * again (default 0: at once). Jobs queued meanwhile are then claimed together, so each batch's
   * fixed work (the claim, the handler's shared reads, the completion) serves more of them, for
   * at most this much delay; kicks meanwhile do not cut the wait short, stopping does. For a runner
   * whose work may wait that long (the automation process's: src/app.ts), not one that sends an
   * agent's reply.
   */
  gatherMs?: number;
  /** Waits `ms` milliseconds (default a timer; tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The kinds this runner claims (default: all). A batch is waited for as a whole before the next
   * claim, so work that runs long (a broadcast's sending slices) gets a runner of its own and the
   * other runners leave it out.
   */
  kinds?: JobKinds;
}

export const defaultBackoffMs = (attempt: number): number => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

export const DEFAULT_LEASE_MS = 15_000;

export class JobRunner {
  readonly #options: Required<Omit<JobRunnerOptions, 'db' | 'now' | 'handlers' | 'log' | 'kinds'>> &
    Pick<JobRunnerOptions, 'db' | 'now' | 'handlers' | 'log' | 'kinds'>;
  readonly #drain: Drain;
  #timer: NodeJS.Timeout | null = null;
  /** Ends the wait between two claims (`gatherMs`) early, when the runner stops. */
  #endGathering: (() => void) | null = null;
  /** Stopping: the pass under way ends after its batch (a job that defers itself is not taken again). */
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#options = {
      maxAttempts: 5,
      backoffMs: defaultBackoffMs,
      pollMs: 1_000,
      batch: 20,
      gatherMs: 0,
      sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
      renewMs: Math.max(1, Math.floor(leaseMs / 3)),
      ...options,
      leaseMs,
    };
    this.#drain = new Drain(() => this.#pass());
  }

  /** Works off every job due now; resolves when they are done (or rescheduled). */
  runOnce(): Promise<void> {
    return this.#drain.run();
  }

  /** Whether this runner claims jobs of `kind` (its `kinds`). */
  claims(kind: string): boolean {
    const { kinds } = this.#options;
    if (kinds === undefined) return true;
    return 'only' in kinds ? kinds.only.includes(kind) : !kinds.except.includes(kind);
  }

  /** The kinds this runner has a handler for and claims: those it wants to hear of (jobWakeups.ts). */
  handledKinds(): string[] {
    return Object.keys(this.#options.handlers).filter((kind) => this.claims(kind));
  }

  /** Asks for a pass soon (after an enqueue), without waiting for it. */
  kick(): void {
    this.runOnce().catch((error: unknown) => this.#options.log.error({ err: error }, 'job pass failed'));
  }

  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.kick(), this.#options.pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#endGathering?.();
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#drain.idle();
  }

  async #pass(): Promise<void> {
    while (!this.#stopped) {
      const { db, now, leaseMs, batch, kinds } = this.#options;
      const claimed = await claimJobs(db, now(), leaseMs, batch, kinds);
      const claimId = claimed[0]?.claimId;
      if (claimId === undefined || claimId === null) return;
      const running = new Set(claimed.map((job) => job.id));
      const stopRenewing = this.#renewWhile(claimId, running);
      try {
        await Promise.all(
          this.#batches(claimed).map((batch) =>
            this.#runBatch(batch).finally(() => {
              for (const job of batch) running.delete(job.id);
            }),
          ),
        );
      } finally {
        stopRenewing();
      }
      if (this.#options.gatherMs > 0 && claimed.length < batch) await this.#gather();
    }
  }

  /** Waits `gatherMs` before the next claim, or until the runner stops. */
  async #gather(): Promise<void> {
    if (this.#stopped) return;
    try {
      await new Promise<void>((resolve) => {
        this.#endGathering = resolve;
        void this.#options.sleep(this.#options.gatherMs).then(resolve, resolve);
      });
    } finally {
      this.#endGathering = null;
    }
  }

  /** Renews the lease of the claim's jobs still `running`, every `renewMs`, until told to stop. */
  #renewWhile(claimId: string, running: ReadonlySet<string>): () => void {
    const { db, now, leaseMs, renewMs, log } = this.#options;
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing || running.size === 0) return;
      renewing = true;
      renewClaim(db, claimId, [...running], new Date(now().getTime() + leaseMs))
        .catch((error: unknown) => log.warn({ err: error }, 'renewing job leases failed'))
        .finally(() => {
          renewing = false;
        });
    }, renewMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The claimed jobs as they run: those of a kind with `runMany` together, every other alone. */
  #batches(claimed: readonly JobRow[]): JobRow[][] {
    const together = new Map<string, JobRow[]>();
    const alone: JobRow[][] = [];
    for (const job of claimed) {
      if (this.#options.handlers[job.kind]?.runMany === undefined) alone.push([job]);
      else together.set(job.kind, [...(together.get(job.kind) ?? []), job]);
    }
    return [...together.values(), ...alone];
  }

  async #runBatch(batch: readonly JobRow[]): Promise<void> {
    const [first] = batch;
    const runMany = first === undefined ? undefined : this.#options.handlers[first.kind]?.runMany;
    if (first === undefined || runMany === undefined || batch.length === 1) {
      await Promise.all(batch.map((job) => this.#runJob(job)));
      return;
    }
    const { db, now, log } = this.#options;
    try {
      await runMany(batch);
    } catch (error) {
      log.warn({ kind: first.kind, jobs: batch.length, err: error }, 'job batch failed; running each alone');
      for (const job of batch) await this.#runJob(job);
      return;
    }
    await completeJobs(db, batch, now());
  }

  async #runJob(job: JobRow): Promise<void> {
    const { db, now, handlers, log, maxAttempts, backoffMs } = this.#options;
    const handler = handlers[job.kind];
    if (handler === undefined) {
      log.error({ jobId: job.id, kind: job.kind }, 'no handler for job kind');
      await completeJob(db, job, now(), { failed: true, error: `no handler for ${job.kind}` });
      return;
    }
    try {
      const result = await handler.run(job, { save: (payload) => saveJobPayload(db, job, payload) });
      if (result === undefined) await completeJob(db, job, now());
      else await deferJob(db, job, result.deferUntil, result.payload);
    } catch (error) {
      const text = rootMessage(error);
      if (job.attempts >= maxAttempts) {
        // A run that lost its job (another took it over) leaves the giving up to that one.
        if (!(await stillHeld(db, job))) return;
        log.warn({ jobId: job.id, kind: job.kind, err: error }, 'job gave up');
        await handler.giveUp?.(job, error);
        await completeJob(db, job, now(), { failed: true, error: text });
        return;
      }
      log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job will retry');
      await retryJob(db, job, new Date(now().getTime() + backoffMs(job.attempts)), text);
    }
  }
}
