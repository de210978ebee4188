/**
 * Job wake-ups (src/jobs/jobWakeups.ts, migrations 0025 and 0034): on PostgreSQL, a committed
 * statement that queues jobs is heard by a listener in another connection, once for each kind it
 * queued that the listener runs (never the others), a rolled-back one never is, and a listener
 * hears every kind once as it connects. On PGlite the trigger is in
 * place and queuing works as before (one process, no listener).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase.ts';
import { queryRows } from '../src/db/queryRows.ts';
import type { Database } from '../src/db/openDatabase.ts';
import { jobs } from '../src/db/schema.ts';
import { enqueueJob } from '../src/jobs/jobQueue.ts';
import { EVERY_KIND, JobWakeups } from '../src/jobs/jobWakeups.ts';
import { testServices } from './support/services.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import type { TestDatabase } from './support/testDatabase.ts';
import { until } from './support/realtime.ts';

const silent = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silent,
  level: 'silent',
  silent: () => undefined,
} as never;

let testDatabase: TestDatabase;
let dataDir: string;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-wakeups-'));
  database = await openDatabase({ dataDir, databaseUrl: testDatabase.url });
});

afterAll(async () => {
  await database.close();
  await testDatabase.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const queue = (kind: string) =>
  enqueueJob(database.db, { kind, payload: {}, runAt: new Date(), now: new Date() });

describe('job wake-ups', () => {
  it(
    testServices.databaseUrl === null
      ? 'on PGlite: the trigger is there and queuing works without a listener'
      : 'on PostgreSQL: a committed queue is heard with its kinds, a rolled-back one never',
    async () => {
      const [trigger] = await queryRows<{ name: string }>(
        database.db,
        sql`select tgname as name from pg_trigger where tgname = 'jobs_notify'`,
      );
      expect(trigger?.name).toBe('jobs_notify');
      if (testDatabase.url === null) {
        const id = await queue('test.alone');
        const rows = await database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.id} = ${id}`);
        expect(rows).toHaveLength(1);
        return;
      }
      const heard: (readonly string[] | null)[] = [];
      const wakeups = new JobWakeups({
        url: testDatabase.url,
        // Not `test.other`: a kind this process does not run.
        kinds: ['test.first', 'test.a', 'test.b', 'test.undone', 'test.after'],
        log: silent,
        wake: (kinds) => heard.push(kinds),
      });
      try {
        await wakeups.start();
        // Connected: whatever was queued unheard may be waiting.
        expect(heard).toEqual([EVERY_KIND]);

        await queue('test.first');
        await until(() => heard.length === 2);
        expect(heard[1]).toEqual(['test.first']);

        // One statement queuing two kinds (three jobs) is one notification for each kind; a kind
        // this process does not run is not heard of.
        const job = (kind: string) => ({
          id: randomUUID(),
          kind,
          payload: {},
          runAt: new Date(),
          createdAt: new Date(),
        });
        await database.db
          .insert(jobs)
          .values([job('test.b'), job('test.a'), job('test.b'), job('test.other')]);
        await until(() => heard.length === 4);
        expect(
          heard
            .slice(2)
            .map((kinds) => kinds?.join(','))
            .sort(),
        ).toEqual(['test.a', 'test.b']);

        // A rolled-back queue is never heard: the next committed one arrives alone after it.
        await database.db
          .transaction(async (tx) => {
            await enqueueJob(tx as never, {
              kind: 'test.undone',
              payload: {},
              runAt: new Date(),
              now: new Date(),
            });
            throw new Error('roll back');
          })
          .catch(() => undefined);
        await queue('test.other');
        await queue('test.after');
        await until(() => heard.length === 5);
        expect(heard[4]).toEqual(['test.after']);
        expect(heard.flat()).not.toContain('test.undone');
        expect(heard.flat()).not.toContain('test.other');
      } finally {
        await wakeups.close();
      }
    },
  );
});
