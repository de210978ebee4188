/**
 * Jobs queued by any process, heard at once (PostgreSQL only): the trigger of migrations 0025 and
 * 0034 notifies channel `sapa_jobs.<kind>` for each kind a statement queued, when its transaction
 * commits, and this listener, on the channels of the kinds its process runs, hands them to `wake`.
 * Several processes on one database then claim one another's jobs without waiting for a poll: an
 * automation process the messages a web process took in, a web process the sends a rule queued
 * (config.ts, `ServerRole`). A process is not told of kinds it does not run: a web process does
 * not hear of each customer message queued for the engine.
 *
 * It holds one connection of its own (LISTEN does not work through the pool). When that
 * connection drops it connects again after `RECONNECT_MS` and wakes every kind once (what was
 * queued meanwhile went unheard); the runners' polls find jobs in between, so a lost connection
 * only costs time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export const JOB_CHANNEL = 'sapa_jobs';

/** The channel jobs of `kind` are announced on (migration 0034). */
export const jobChannel = (kind: string): string => `${JOB_CHANNEL}.${kind}`;

/** `LISTEN` on `channel`, quoted: a kind's dots are no identifier's. */
const listen = (channel: string): string => `LISTEN "${channel.replaceAll('"', '""')}"`;

/** How long a dropped listening connection waits before connecting again. */
export const RECONNECT_MS = 1_000;

/** `wake`'s argument when any kind may have been queued unheard (after connecting). */
export const EVERY_KIND = null;

export interface JobWakeupsOptions {
  url: string;
  /** The kinds to hear of: those this process's runners claim. */
  kinds: readonly string[];
  /** Jobs of `kinds` were queued (`EVERY_KIND`: any may have been). */
  wake(kinds: readonly string[] | typeof EVERY_KIND): void;
  log: FastifyBaseLogger;
}

export class JobWakeups {
  readonly #options: JobWakeupsOptions;
  #client: pg.Client | null = null;
  #retry: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: JobWakeupsOptions) {
    this.#options = options;
  }

  /** Connects and listens; resolves once listening (or once the first attempt failed: it retries). */
  start(): Promise<void> {
    return this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const { url, kinds, wake, log } = this.#options;
    const kindOf = new Map(kinds.map((kind) => [jobChannel(kind), kind]));
    // node-postgres loads only where PostgreSQL is used (as in db/openDatabase.ts).
    const { default: postgres } = await import('pg');
    if (this.#closed) return;
    const client = new postgres.Client({ connectionString: url });
    this.#client = client;
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.#closed || this.#client !== client) return;
      this.#client = null;
      if (error !== undefined) log.warn({ err: error }, 'job wake-ups: connection lost; polling meanwhile');
      void client.end().catch(() => undefined);
      this.#retry = setTimeout(() => {
        this.#retry = null;
        void this.#connect();
      }, RECONNECT_MS);
      this.#retry.unref();
    };
    client.on('notification', (message) => {
      const kind = kindOf.get(message.channel);
      if (kind !== undefined) wake([kind]);
    });
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      if (kindOf.size > 0) await client.query([...kindOf.keys()].map(listen).join('; '));
    } catch (error) {
      drop(error);
      return;
    }
    if (this.#client === client) wake(EVERY_KIND);
  }
}
