/**
 * Works off the durable job table: claims due jobs, runs each kind's handler, retries failures
 * with exponential backoff up to `maxAttempts`, then gives up (the handler's `giveUp` records why).
 * `runOnce()` works off everything due now and resolves when done: tests await it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import type { JobRow } from '../db/schema.ts';
import { Drain } from './Drain.ts';
import { claimJobs, completeJob, retryJob } from './jobQueue.ts';
import { rootMessage } from '../errors/rootMessage.ts';

export interface JobHandler {
  /** Does the job; throwing retries it later (up to the runner's `maxAttempts`). */
  run(job: JobRow): Promise<void>;
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
  leaseMs?: number;
  batch?: number;
}

export const defaultBackoffMs = (attempt: number): number => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

export class JobRunner {
  readonly #options: Required<Omit<JobRunnerOptions, 'db' | 'now' | 'handlers' | 'log'>> &
    Pick<JobRunnerOptions, 'db' | 'now' | 'handlers' | 'log'>;
  readonly #drain: Drain;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: JobRunnerOptions) {
    this.#options = {
      maxAttempts: 5,
      backoffMs: defaultBackoffMs,
      pollMs: 1_000,
      leaseMs: 120_000,
      batch: 20,
      ...options,
    };
    this.#drain = new Drain(() => this.#pass());
  }

  /** Works off every job due now; resolves when they are done (or rescheduled). */
  runOnce(): Promise<void> {
    return this.#drain.run();
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
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#drain.idle();
  }

  async #pass(): Promise<void> {
    for (;;) {
      const { db, now, leaseMs, batch } = this.#options;
      const claimed = await claimJobs(db, now(), leaseMs, batch);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((job) => this.#runJob(job)));
    }
  }

  async #runJob(job: JobRow): Promise<void> {
    const { db, now, handlers, log, maxAttempts, backoffMs } = this.#options;
    const handler = handlers[job.kind];
    if (handler === undefined) {
      log.error({ jobId: job.id, kind: job.kind }, 'no handler for job kind');
      await completeJob(db, job.id, now(), { failed: true, error: `no handler for ${job.kind}` });
      return;
    }
    try {
      await handler.run(job);
      await completeJob(db, job.id, now());
    } catch (error) {
      const text = rootMessage(error);
      if (job.attempts >= maxAttempts) {
        log.warn({ jobId: job.id, kind: job.kind, err: error }, 'job gave up');
        await handler.giveUp?.(job, error);
        await completeJob(db, job.id, now(), { failed: true, error: text });
        return;
      }
      log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job will retry');
      await retryJob(db, job.id, new Date(now().getTime() + backoffMs(job.attempts)), text);
    }
  }
}
