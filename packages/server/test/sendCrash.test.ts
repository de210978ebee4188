/**
 * Issue 14, "Replies sent twice after a crash": 50 replies queued, the server process `kill -9`ed
 * while sends are in flight, then started again on the same data (a PGlite data directory, or
 * PostgreSQL in the `server-postgres` project). Meta's side is the simulator CLI in a process of
 * its own, answering each send a second late (so the kill lands between a request reaching the
 * Cloud API and its answer being stored) and retrying its status webhooks while the server is
 * down, as Meta does. Counted at the simulator: each message reached the Cloud API exactly once.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/sessions.ts';
import { createUser } from '../src/auth/users.ts';
import { conversations, customers, messages } from '../src/db/schema.ts';
import { seedInbox } from '../src/demo/index.ts';
import { createAccount } from '../src/inbox/accounts.ts';
import { storeOutbound } from '../src/inbox/messages.ts';
import { createProject } from '../src/projects/projects.ts';
import { createCustomers } from '../src/simulator/customers.ts';
import { createCrashRig, freePort } from './support/crashRig.ts';
import type { CrashRig } from './support/crashRig.ts';
import { spawnScript } from './support/spawnServer.ts';
import type { SpawnedServer } from './support/spawnServer.ts';

const SECRET = 'crash-test-app-secret';
const PHONE_NUMBER_ID = '109876543210987';
const ACCESS_TOKEN = 'crash-test-access-token';
const CUSTOMERS = 50;
const SEED = 1;
/** Sends the simulator must have received before the kill. */
const IN_FLIGHT = 10;

let rig: CrashRig;

beforeAll(async () => {
  rig = await createCrashRig('sapa-crash-');
});

afterAll(async () => {
  await rig.dispose();
});

/** A project with the simulator's number, its 50 customers' conversations, and a reply queued in each. */
async function seed(): Promise<{ token: string; key: string; messageIds: string[] }> {
  return rig.withDatabase(async (db) => {
    const now = new Date();
    const user = await createUser(db, { name: 'Agen Uji', phone: '+6281299990001', passwordHash: 'x', now });
    if (user === undefined) throw new Error('no user');
    const { project } = await createProject(db, { name: 'Toko Uji', userId: user.id, now });
    const account = await createAccount(db, {
      projectId: project.id,
      name: 'Nomor Utama',
      phoneNumberId: PHONE_NUMBER_ID,
      displayPhone: '+6281210009000',
      verifiedName: null,
      accessToken: ACCESS_TOKEN,
      now,
    });
    if (account === null) throw new Error('no account');
    await seedInbox(db, {
      projectId: project.id,
      accountId: account.id,
      customers: createCustomers(CUSTOMERS, SEED).map((customer) => ({
        phone: customer.phone,
        name: customer.name,
      })),
      agentUserId: user.id,
      now,
      messages: { min: 1, max: 1 },
      windowOpenShare: 1,
      assignedShare: 0,
    });
    const threads = await db.select().from(conversations).where(eq(conversations.accountId, account.id));
    const messageIds: string[] = [];
    for (const [index, thread] of threads.entries()) {
      const { message } = await storeOutbound(
        db,
        thread.id,
        {
          type: 'text',
          caption: `Balasan ${index + 1}: pesanan kakak sudah kami proses`,
          url: null,
          mediaId: null,
          filename: null,
          name: null,
          phone: null,
          mediaFileId: null,
          clientId: randomUUID(),
          replyTo: null,
          senderUserId: user.id,
          createdAt: now,
        },
        {},
        [],
      );
      messageIds.push(message.id);
    }
    const token = await createSession(db, user.id, now, 1);
    return { token, key: project.key, messageIds };
  });
}

interface SimulatorLine {
  kind: 'received' | 'accepted' | 'status';
  to: string;
  wamid?: string;
  at: number;
}

/** The simulator's `--print-sends` lines, parsed, with when each arrived. */
function simulatorLines(simulator: SpawnedServer): SimulatorLine[] {
  const parsed: SimulatorLine[] = [];
  for (const [index, line] of simulator.lines.entries()) {
    const at = simulator.times[index] ?? 0;
    const received = /^send received to=(\d+) /.exec(line);
    if (received) parsed.push({ kind: 'received', to: received[1] ?? '', at });
    const accepted = /^send accepted wamid=(\S+) to=(\d+) /.exec(line);
    if (accepted) parsed.push({ kind: 'accepted', wamid: accepted[1] ?? '', to: accepted[2] ?? '', at });
    const status = /^status \w+ wamid=(\S+) to=(\d+) \S+ ok$/.exec(line);
    if (status) parsed.push({ kind: 'status', wamid: status[1] ?? '', to: status[2] ?? '', at });
  }
  return parsed;
}

/** The customers (wa_id) whose reply is still pending, as the inbox shows it; `null` while the server is not answering. */
async function pendingCustomers(base: string, token: string, key: string): Promise<Set<string> | null> {
  const pending = new Set<string>();
  try {
    for (let page = 0; ; page += 1) {
      const response = await fetch(`${base}/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ act: 'conversation_list', token, key, page }),
      });
      const answer = (await response.json()) as {
        code: string;
        data: { customer: { phone: string }; lastMessage: { status: string } | null }[];
      };
      if (answer.code !== '1') return null;
      for (const row of answer.data) {
        if (row.lastMessage?.status === 'pending') pending.add(row.customer.phone.replace(/^\+/, ''));
      }
      if (answer.data.length < 20) return pending;
    }
  } catch {
    return null;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('replies in flight when the server is killed', () => {
  it(
    'reach the Cloud API once each after the restart: no duplicates, no losses',
    { timeout: 600_000 },
    async () => {
      const { token, key, messageIds } = await seed();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const simulator = spawnScript(
        'src/simulator/cli.ts',
        [
          ...['--rate', '0', '--customers', String(CUSTOMERS), '--seed', String(SEED), '--windows-open'],
          ...['--send-latency', '1000', '--webhook-attempts', '1000', '--print-sends', '--graph-port', '0'],
          ...['--target', `${base}/webhooks/whatsapp`, '--app-secret', SECRET],
          ...['--phone-number-id', PHONE_NUMBER_ID, '--access-token', ACCESS_TOKEN],
        ],
        {},
      );
      rig.track(simulator);
      const [, graphUrl = ''] = await simulator.waitForLine(/^Graph API [^:]*: (http:\/\/127\.0\.0\.1:\d+)$/);
      // The simulator retries its status webhooks at most 5 s apart: within the server's send grace.
      const env = rig.serverEnv({ port, appSecret: SECRET, graphBaseUrl: graphUrl });

      const first = await rig.startServer(env);
      await simulator.waitUntil(
        () => simulatorLines(simulator).filter((line) => line.kind === 'received').length >= IN_FLIGHT,
      );
      const killedAt = await rig.killServer(first);
      const reachedBeforeKill = new Set(
        simulatorLines(simulator)
          .filter((line) => line.kind === 'received' && line.at <= killedAt)
          .map((line) => line.to),
      );

      const second = await rig.startServer(env);
      // Poll the inbox until no reply is pending, noting when each one stopped being so.
      const phones = createCustomers(CUSTOMERS, SEED).map((customer) => customer.waId);
      const settledAt = new Map<string, number>();
      for (;;) {
        const pending = await pendingCustomers(base, token, key);
        if (pending !== null) {
          for (const to of phones) if (!pending.has(to) && !settledAt.has(to)) settledAt.set(to, Date.now());
          if (pending.size === 0) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      // Counted at the Cloud API: every customer's reply accepted exactly once.
      const lines = simulatorLines(simulator);
      const accepted = new Map<string, string[]>();
      for (const line of lines) {
        if (line.kind === 'accepted')
          accepted.set(line.to, [...(accepted.get(line.to) ?? []), line.wamid ?? '']);
      }
      const duplicates = [...accepted.values()].reduce((sum, wamids) => sum + wamids.length - 1, 0);
      const losses = phones.filter((to) => !accepted.has(to));
      // Requests that reached the Cloud API before the kill and were answered after it: the
      // answer was lost with the process, the case that used to be sent again.
      const answerLost = new Set(
        lines
          .filter((line) => line.kind === 'accepted' && reachedBeforeKill.has(line.to) && line.at > killedAt)
          .map((line) => line.to),
      );
      const secondsAfterKill = (to: string) => ((settledAt.get(to) ?? killedAt) - killedAt) / 1000;
      const interrupted = [...reachedBeforeKill].map(secondsAfterKill);
      console.log(
        `send crash test on ${rig.databaseName}: ${reachedBeforeKill.size} sends in flight at the kill, ${answerLost.size} answers lost; duplicates ${duplicates}, losses ${losses.length}; those sends pending ${median(interrupted).toFixed(1)} s (median), ${Math.max(0, ...interrupted).toFixed(1)} s (longest) after the kill; every reply settled ${Math.max(0, ...phones.map(secondsAfterKill)).toFixed(1)} s after it`,
      );
      expect(reachedBeforeKill.size).toBeGreaterThanOrEqual(IN_FLIGHT);
      expect(answerLost.size).toBeGreaterThan(0);
      expect(duplicates).toBe(0);
      expect(losses).toEqual([]);

      // And the inbox agrees: each reply sent, with the one wamid the Cloud API gave it.
      await rig.withDatabase(async (db) => {
        const rows = await db
          .select({ id: messages.id, status: messages.status, wamid: messages.wamid, phone: customers.phone })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .innerJoin(customers, eq(customers.id, conversations.customerId))
          .where(inArray(messages.id, messageIds));
        const replies = rows;
        expect(replies).toHaveLength(CUSTOMERS);
        for (const reply of replies) {
          expect(reply.status).not.toBe('pending');
          expect([reply.wamid]).toEqual(accepted.get(reply.phone.replace(/^\+/, '')));
        }
      });
    },
  );
});
