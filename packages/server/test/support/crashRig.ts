/**
 * What the crash tests share (sendCrash.test.ts, broadcastCrash.test.ts): a data directory and a
 * database of their own (PGlite in that directory, or a PostgreSQL database of its own in the
 * `server-postgres` project), the server run as `pnpm start` runs it (spawnServer.ts), `kill -9`ed
 * and started again on the same data, and, at the end, every process still running killed and the
 * data dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/openDatabase.ts';
import type { Db } from '../../src/db/openDatabase.ts';
import { spawnServer } from './spawnServer.ts';
import type { SpawnedServer } from './spawnServer.ts';
import { createTestDatabase } from './testDatabase.ts';

export interface CrashRig {
  /** `PGlite` or `PostgreSQL`, for the figures a test prints. */
  databaseName: string;
  /** Opens the data the server runs on (it may be running), hands it to `use`, then closes it. */
  withDatabase<T>(use: (db: Db) => Promise<T>): Promise<T>;
  /** The server's environment: this data, no demo, `port` on loopback, Meta's Graph API at `graphBaseUrl`. */
  serverEnv(options: {
    port: number;
    appSecret: string;
    graphBaseUrl: string;
  }): Record<string, string | undefined>;
  /** Keeps a process the test started, to be killed at the end if it still runs. */
  track(spawned: SpawnedServer): void;
  /** Starts the server (kept like `track`) and resolves once it listens. */
  startServer(env: Record<string, string | undefined>): Promise<SpawnedServer>;
  /** `kill -9`s the server; resolves once it is gone, with when that was (`Date.now()`). */
  killServer(server: SpawnedServer): Promise<number>;
  /** Runs `close` at the end, after the processes are killed and before the data is dropped. */
  defer(close: () => Promise<void>): void;
  /** Kills every process still running, runs what was deferred, and drops the database and directory. */
  dispose(): Promise<void>;
}

/** A rig whose data directory is a fresh temporary one named `<prefix>…`. */
export async function createCrashRig(prefix: string): Promise<CrashRig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const database = await createTestDatabase();
  const started: SpawnedServer[] = [];
  const deferred: (() => Promise<void>)[] = [];
  const track = (spawned: SpawnedServer) => {
    started.push(spawned);
  };
  return {
    databaseName: database.url === null ? 'PGlite' : 'PostgreSQL',
    async withDatabase(use) {
      const { db, close } = await openDatabase({ databaseUrl: database.url, dataDir });
      try {
        return await use(db);
      } finally {
        await close();
      }
    },
    serverEnv: ({ port, appSecret, graphBaseUrl }) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      SAPA_DEMO: '0',
      SAPA_DATA_DIR: dataDir,
      SAPA_WEB_DIST: path.join(dataDir, 'no-dist'),
      DATABASE_URL: database.url ?? undefined,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_GRAPH_BASE_URL: graphBaseUrl,
      // Status webhooks reach a restarted server within the simulator's retry back-off (a few
      // seconds), and the server reads them before the grace ends: the default grace, as in
      // production. 20 s was too short on a loaded CI machine, where a restarted PGlite server sent
      // again what its statuses would have settled (61 and 312 recipients twice in two runs).
      WHATSAPP_SEND_GRACE_MS: '60000',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
    }),
    track,
    async startServer(env) {
      const server = spawnServer(env);
      track(server);
      await server.waitForLine(/^Sapa listening on /);
      return server;
    },
    async killServer(server) {
      server.child.kill('SIGKILL');
      await server.exited;
      return Date.now();
    },
    defer(close) {
      deferred.push(close);
    },
    async dispose() {
      for (const spawned of started) {
        if (spawned.child.exitCode === null && spawned.child.signalCode === null)
          spawned.child.kill('SIGKILL');
        await spawned.exited;
      }
      for (const close of deferred) await close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port free on loopback just now (the kernel's pick, released for the server to take). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
