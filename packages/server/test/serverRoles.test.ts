/**
 * Server roles (`SAPA_ROLE`, config.ts `ServerRole`): on PostgreSQL and Redis, a `web` process
 * takes in a customer's message and leaves its rules to an `automation` process, which judges them
 * and queues the reply; the web process sends it, and the reply's announcement, made by the
 * automation process, reaches an agent's socket on the web process. On PGlite (one process) the
 * roles are refused with what they need.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { mainRunnerKinds, AUTOMATION_JOB_KINDS } from '../src/app.ts';
import { AUTOMATION_MESSAGE_JOB } from '../src/automation/engine.ts';
import { BROADCAST_JOB_KINDS } from '../src/broadcasts/engine.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { jobs, messages } from '../src/db/schema.ts';
import { threadsOf } from '../src/processPriority.ts';
import type { ServerEventPayload } from '../src/sdk.ts';
import { SEND_JOB } from '../src/inbox/messages.ts';
import { uniquePhone } from './support/flows.ts';
import { dataOf, deliver, inbound, inboxProject } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import type { GraphApiServer } from '../src/simulator/GraphApiServer.ts';
import { listeners, until } from './support/realtime.ts';
import { testServices } from './support/services.ts';
import { spawnServer } from './support/spawnServer.ts';
import { createTestDatabase } from './support/testDatabase.ts';
import { startTestServer } from './support/testServer.ts';
import type { TestServer } from './support/testServer.ts';

const started: TestServer[] = [];
const hearing: ReturnType<typeof listeners>[] = [];

afterAll(async () => {
  for (const ears of hearing) ears.disconnect();
  for (const server of started.reverse()) await server.close();
});

describe('which jobs a process claims', () => {
  it('gives automation’s jobs to an automation process and broadcasts to their own runner', () => {
    expect(mainRunnerKinds('all')).toEqual({ except: BROADCAST_JOB_KINDS });
    expect(mainRunnerKinds('automation')).toEqual({ only: AUTOMATION_JOB_KINDS });
    const web = mainRunnerKinds('web');
    expect('except' in web && [...web.except].sort()).toEqual(
      [...BROADCAST_JOB_KINDS, ...AUTOMATION_JOB_KINDS].sort(),
    );
    expect(AUTOMATION_JOB_KINDS).toContain(AUTOMATION_MESSAGE_JOB);
    expect(AUTOMATION_JOB_KINDS).not.toContain(SEND_JOB);
  });
});

const shared = testServices.databaseUrl !== null && testServices.redisUrl !== null;

type ServerOptions = Parameters<typeof startTestServer>[1];

/** The simulated Graph API `server` sends to. */
function graphOf(server: TestServer): GraphApiServer {
  if (server.graph === null) throw new Error('the server has no simulated Graph API');
  return server.graph;
}

/**
 * On PostgreSQL and Redis, a web process and an automation process on one database (sending to
 * the web one's Graph API); on PGlite, one process of role `all` (`automation` null).
 */
async function processes(options: ServerOptions = {}) {
  const web = await startTestServer(shared ? { role: 'web' } : {}, options);
  started.push(web);
  const graph = graphOf(web);
  if (!shared) return { web, automation: null, graph };
  const automation = await startTestServer(
    {
      role: 'automation',
      databaseUrl: web.config.databaseUrl,
      redisPrefix: web.config.redisPrefix,
      whatsapp: { graphBaseUrl: graph.baseUrl },
    },
    options,
  );
  started.push(automation);
  return { web, automation, graph };
}

/** Redis's connections (`CLIENT LIST`) whose names start with `prefix`: their names and last commands. */
async function redisClientsNamed(prefix: string): Promise<{ name: string; cmd: string }[]> {
  const redis = new Redis(testServices.redisUrl ?? '');
  try {
    const list = String(await redis.call('CLIENT', 'LIST'));
    return list
      .split('\n')
      .map((line) =>
        Object.fromEntries(
          line
            .trim()
            .split(' ')
            .map((field) => field.split('=', 2)),
        ),
      )
      .filter((fields): fields is { name: string; cmd: string } =>
        String(fields.name ?? '').startsWith(prefix),
      );
  } finally {
    redis.disconnect();
  }
}

/** An auto-reply rule of `setup`'s project: `text` to a message containing `keyword`. */
async function replyRule(server: TestServer, setup: InboxProject, keyword: string, text: string) {
  return dataOf<{ id: string }>(
    await server.act('automation_rule_create', {
      token: setup.owner.token,
      key: setup.project.key,
      rule: {
        kind: 'auto_reply',
        name: keyword,
        enabled: true,
        trigger: { kind: 'customer_message' },
        conditions: [{ kind: 'keyword', mode: 'contains', keywords: [keyword] }],
        actions: [{ kind: 'send_text', text }],
        quietPeriodMinutes: 60,
      },
    }),
  );
}

/** A new customer writes `text` to `setup`'s number through `server`'s webhook. */
async function customerWrites(server: TestServer, setup: InboxProject, text: string): Promise<void> {
  const payload = inbound('inbound-text.json', {
    phoneNumberId: setup.account.phoneNumberId,
    from: uniquePhone(),
    text,
    timestamp: server.clock.now(),
  });
  expect((await deliver(server, payload)).status).toBe(200);
}

/** Whether `graph` was asked to send a message containing `text`. */
const sentText = (graph: GraphApiServer, text: string) =>
  graph
    .sent()
    .filter((request) => request.path.endsWith('/messages') && JSON.stringify(request.body).includes(text));

describe('a web process and an automation process', () => {
  it(
    shared
      ? 'on PostgreSQL and Redis: the automation process judges, the web process sends, the agent hears'
      : 'on PGlite: the roles are refused, naming DATABASE_URL and REDIS_URL',
    async () => {
      if (!shared) {
        for (const role of ['web', 'automation']) {
          let refused: unknown = null;
          try {
            loadConfig({ SAPA_ROLE: role });
          } catch (error) {
            refused = error;
          }
          expect(refused).toBeInstanceOf(ConfigError);
          expect(String(refused)).toContain(`SAPA_ROLE=${role}`);
          expect(String(refused)).toMatch(/DATABASE_URL.*REDIS_URL/);
        }
        return;
      }
      const { web, automation, graph } = await processes();
      if (automation === null) throw new Error('no automation process');
      const db = web.app.sapa.services.db;
      const setup = await inboxProject(web);
      const rule = await replyRule(web, setup, 'harga', 'Harga mulai Rp50.000.');
      const ears = listeners(web);
      hearing.push(ears);
      const heard = await ears.listen(setup.owner.token);

      await customerWrites(web, setup, 'Berapa harganya?');
      await web.app.sapa.processPendingDeliveries();
      const pendingRules = () =>
        db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, AUTOMATION_MESSAGE_JOB), isNull(jobs.doneAt)));
      expect(await pendingRules()).toHaveLength(1);

      // The web process leaves the rules alone.
      await web.app.sapa.runJobsOnce();
      expect(await pendingRules()).toHaveLength(1);
      const replies = () =>
        db
          .select()
          .from(messages)
          .where(and(eq(messages.direction, 'out'), sql`${messages.automationRuleId} = ${rule.id}`));
      expect(await replies()).toHaveLength(0);

      // The automation process judges them and queues the reply, which it does not send.
      await automation.app.sapa.runJobsOnce();
      expect(await pendingRules()).toHaveLength(0);
      const [reply] = await replies();
      expect(reply?.caption).toBe('Harga mulai Rp50.000.');
      await automation.app.sapa.runJobsOnce();
      const sends = () => sentText(graph, 'Harga mulai Rp50.000.');
      expect(sends()).toHaveLength(0);

      // Its announcement reaches the agent's socket on the web process (through Redis).
      await until(() =>
        heard.some(
          (entry) =>
            entry.event === 'message.new' &&
            (entry.payload as ServerEventPayload<'message.new'>).message.id === reply?.id,
        ),
      );

      // The automation process only appends to the stream: one connection, which never reads it.
      // The web process's adapter reads it with connections of its own.
      const realtimeClients = await redisClientsNamed(web.config.redisPrefix);
      const publisher = realtimeClients.filter(
        (client) => client.name === `${web.config.redisPrefix}realtime-publisher`,
      );
      expect(publisher).toHaveLength(1);
      expect(publisher[0]?.cmd).not.toBe('xread');
      expect(
        realtimeClients.some(
          (client) => client.name === `${web.config.redisPrefix}realtime` && client.cmd === 'xread',
        ),
      ).toBe(true);

      // The web process sends it, once.
      await web.app.sapa.runJobsOnce();
      expect(sends()).toHaveLength(1);
      await web.app.sapa.runJobsOnce();
      await automation.app.sapa.runJobsOnce();
      expect(sends()).toHaveLength(1);
    },
  );
});

describe('wake-ups between processes (src/jobs/jobWakeups.ts)', () => {
  it(
    shared
      ? 'with polls an hour apart, a customer’s message is answered by wake-ups alone'
      : 'on PGlite, one process answers a customer’s message with its own runner',
    async () => {
      const HOUR = 3_600_000;
      const { web, graph } = await processes({ backgroundWork: true, jobPollMs: HOUR });
      const setup = await inboxProject(web);
      await replyRule(web, setup, 'ongkir', 'Ongkir gratis se-Jawa.');
      await customerWrites(web, setup, 'Ongkir ke Bandung?');
      // Nobody runs a job by hand and no poll comes within the test: the automation process hears
      // of the message's job, and the web process of the reply's send, from PostgreSQL.
      await until(() => sentText(graph, 'Ongkir gratis se-Jawa.').length > 0);
    },
  );
});

describe('`SAPA_ROLE=automation` as `pnpm start` runs it (src/main.ts)', () => {
  it(
    shared
      ? 'runs without listening and exits 0 on SIGTERM'
      : 'without PostgreSQL and Redis, exits 1 saying what it needs',
    async () => {
      const database = shared ? await createTestDatabase() : null;
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sapa-role-'));
      const worker = spawnServer({
        SAPA_ROLE: 'automation',
        SAPA_DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? undefined,
        REDIS_URL: shared ? (testServices.redisUrl ?? undefined) : undefined,
        REDIS_PREFIX: `sapa-role-${process.pid}-`,
        LOG_LEVEL: 'warn',
      });
      try {
        if (!shared) {
          expect(await worker.exited).toBe(1);
          expect(worker.stderr()).toContain('SAPA_ROLE=automation runs beside other Sapa processes');
          return;
        }
        await worker.waitForLine(/^Sapa automation process running \(SAPA_ROLE=automation\)$/);
        expect(worker.lines.some((line) => line.startsWith('Sapa listening on'))).toBe(false);
        // It gives way to web processes on the same host: every thread at SAPA_AUTOMATION_NICE
        // (default 19), V8's and libuv's as well as the main one.
        const threads = threadsOf(worker.child.pid ?? 0);
        expect(threads.length).toBeGreaterThan(1);
        expect(threads.map((thread) => os.getPriority(thread))).toEqual(
          threads.map(() => Math.max(19, os.getPriority())),
        );
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
      } finally {
        if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
        await worker.exited;
        await database?.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
