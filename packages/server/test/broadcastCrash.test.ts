/**
 * Issue 17, "Done when": a broadcast of 2,000 recipients, the server process sending it
 * `kill -9`ed mid-broadcast and started again on the same data (a PGlite data directory, or
 * PostgreSQL in the `server-postgres` project), finds every recipient sent exactly once at the
 * simulator. The server runs as `pnpm start` runs it (`node --conditions=@sapa/source --import tsx
 * src/main.ts`); Meta is the simulator in this process, answering each send 100 ms late (so the
 * kill lands between requests reaching it and their answers being stored) and retrying its status
 * webhooks while the server is down, as Meta does. The number sends 1,000 a second, so the
 * broadcast goes as fast as the server can.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateCreateBody } from '@sapa/sdk';
import { createSession } from '../src/auth/sessions.ts';
import { createUser } from '../src/auth/users.ts';
import { enqueueBroadcastStart } from '../src/broadcasts/control.ts';
import { ledgerMismatches } from '../src/billing/ledger.ts';
import { broadcastRecipients, broadcasts, waAccounts, waTemplates } from '../src/db/schema.ts';
import { createAccount } from '../src/inbox/accounts.ts';
import { createProject } from '../src/projects/projects.ts';
import { createSimulator } from '../src/simulator/index.ts';
import { wabaIdOf } from '../src/simulator/types.ts';
import type { BroadcastSummary, TemplateDraft } from '../src/sdk.ts';
import { fundProject } from './support/billing.ts';
import { chargesOf } from './support/broadcastEngine.ts';
import { createCrashRig, freePort } from './support/crashRig.ts';
import type { CrashRig } from './support/crashRig.ts';

const SECRET = 'broadcast-crash-app-secret';
const ACCOUNT = {
  phoneNumberId: '109876543219999',
  displayPhone: '6281210009999',
  accessToken: 'broadcast-crash-access-token',
};
const RECIPIENTS = 2_000;
/** Sends the simulator must have taken before the kill. */
const BEFORE_KILL = 400;
const MARKETING = 715;
const DRAFT: TemplateDraft = {
  name: 'promo_crash',
  language: 'id',
  category: 'MARKETING',
  header: null,
  body: 'Halo {{1}}, diskon 20% untuk semua sepatu minggu ini!',
  bodyExamples: ['Budi'],
  footer: null,
  buttons: [],
};

let rig: CrashRig;

beforeAll(async () => {
  rig = await createCrashRig('sapa-broadcast-crash-');
});

afterAll(async () => {
  await rig.dispose();
});

/** A project with the simulator's number sending 1,000 a second, 2,000 customers, the balance for them, and a broadcast to all of them due now. */
async function seed(): Promise<{ token: string; key: string; broadcastId: string }> {
  return rig.withDatabase(async (db) => {
    const now = new Date();
    const user = await createUser(db, { name: 'Agen Uji', phone: '+6281299990002', passwordHash: 'x', now });
    if (user === undefined) throw new Error('no user');
    const { project } = await createProject(db, { name: 'Toko Uji', userId: user.id, now });
    const account = await createAccount(db, {
      projectId: project.id,
      name: 'Nomor Promo',
      phoneNumberId: ACCOUNT.phoneNumberId,
      displayPhone: `+${ACCOUNT.displayPhone}`,
      accessToken: ACCOUNT.accessToken,
      wabaId: wabaIdOf(ACCOUNT),
      now,
    });
    if (account === null) throw new Error('no account');
    await db.update(waAccounts).set({ broadcastRate: 1_000 }).where(eq(waAccounts.id, account.id));
    await db.execute(sql`
      insert into customers (id, project_id, phone, name, created_at)
      select gen_random_uuid(), ${project.id}::uuid, '+62813' || lpad(i::text, 8, '0'), 'Pelanggan ' || i,
        ${now.toISOString()}::timestamptz - (${RECIPIENTS} - i) * interval '1 second'
      from generate_series(1, ${RECIPIENTS}) as i`);
    await fundProject(db, project.id, RECIPIENTS * MARKETING, now);
    const content = {
      header: null,
      body: DRAFT.body,
      bodyExamples: DRAFT.bodyExamples,
      footer: null,
      buttons: [],
    };
    const [template] = await db
      .insert(waTemplates)
      .values({
        id: randomUUID(),
        projectId: project.id,
        accountId: account.id,
        wabaId: wabaIdOf(ACCOUNT),
        metaId: '1387372356720001',
        name: DRAFT.name,
        language: DRAFT.language,
        category: DRAFT.category,
        status: 'APPROVED',
        content,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (template === undefined) throw new Error('no template');
    const broadcastId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(broadcasts)
        .values({
          id: randomUUID(),
          projectId: project.id,
          accountId: account.id,
          clientId: randomUUID(),
          name: 'Promo 2.000 pelanggan',
          templateId: template.id,
          template: { name: DRAFT.name, language: DRAFT.language, content },
          category: DRAFT.category,
          values: { body: [{ source: 'name', value: '', fallback: 'Kak' }] },
          audience: { kind: 'filter', filter: {} },
          status: 'scheduled',
          scheduledAt: now,
          estimated: RECIPIENTS,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (row === undefined) throw new Error('no broadcast');
      await enqueueBroadcastStart(tx, row, now);
      return row.id;
    });
    const token = await createSession(db, user.id, now, 1);
    return { token, key: project.key, broadcastId };
  });
}

/** The broadcast as `broadcast_get` answers it; `null` while the server is not answering. */
async function summaryOf(
  base: string,
  token: string,
  key: string,
  id: string,
): Promise<BroadcastSummary | null> {
  try {
    const response = await fetch(`${base}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ act: 'broadcast_get', token, key, id }),
    });
    const answer = (await response.json()) as { code: string; data: BroadcastSummary };
    return answer.code === '1' ? answer.data : null;
  } catch {
    return null;
  }
}

describe('a broadcast whose server is killed mid-way', () => {
  it(
    'reaches each of its 2,000 recipients exactly once after the restart',
    { timeout: 600_000 },
    async () => {
      const { token, key, broadcastId } = await seed();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const sim = await createSimulator({
        target: `${base}/webhooks/whatsapp`,
        appSecret: SECRET,
        accounts: [ACCOUNT],
        customers: 1,
        limits: { messagesPerSecond: 5_000 },
        sendLatencyMs: 100,
        statusDelaysMs: { sent: 20, delivered: 40, read: 60 },
        // Meta keeps retrying a webhook for days; here until the server is back.
        webhook: { maxAttempts: 1_000, backoffMs: 100, maxBackoffMs: 1_000 },
      });
      rig.defer(() => sim.close());
      sim.graph.seedTemplate(sim.graph.wabaIdOf(ACCOUNT.phoneNumberId) ?? '', templateCreateBody(DRAFT), {
        status: 'APPROVED',
      });
      const arrived = new Map<string, number>();
      const accepted = new Map<string, number>();
      let wake = () => {};
      sim.graph.onRequest((request) => {
        const to = (request.body as { to?: string } | undefined)?.to;
        if (request.method === 'POST' && to !== undefined) arrived.set(to, request.at);
      });
      sim.graph.onSend((send) => {
        accepted.set(send.waId, (accepted.get(send.waId) ?? 0) + 1);
        wake();
      });
      // The simulator retries its status webhooks at most 1 s apart: within the server's send grace.
      const env = rig.serverEnv({ port, appSecret: SECRET, graphBaseUrl: sim.graphBaseUrl });

      const first = await rig.startServer(env);
      await new Promise<void>((resolve, reject) => {
        wake = () => {
          if (accepted.size >= BEFORE_KILL) resolve();
        };
        first.exited.then((code) =>
          reject(new Error(`the server exited (${code}) first: ${first.stderr()}`)),
        );
      });
      const killedAt = await rig.killServer(first);
      const reachedBeforeKill = new Set([...arrived].filter(([, at]) => at <= killedAt).map(([to]) => to));

      const second = await rig.startServer(env);
      let summary: BroadcastSummary | null = null;
      while (summary?.status !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        summary = await summaryOf(base, token, key, broadcastId);
      }
      await sim.idle();
      // Done: the server is killed again (its shutdown is not what this test is about; the status
      // webhooks retried after the restart can keep it busy for a while).
      await rig.killServer(second);

      // Counted at the Cloud API: every recipient accepted exactly once.
      const phones = Array.from(
        { length: RECIPIENTS },
        (_, index) => `62813${String(index + 1).padStart(8, '0')}`,
      );
      const duplicates = [...accepted.values()].filter((times) => times > 1).length;
      const missing = phones.filter((phone) => !accepted.has(phone));
      console.log(
        `broadcast crash test on ${rig.databaseName}: killed after ${reachedBeforeKill.size} sends reached the simulator; ${accepted.size} recipients reached, ${duplicates} more than once, ${missing.length} never`,
      );
      expect(reachedBeforeKill.size).toBeGreaterThanOrEqual(BEFORE_KILL);
      expect(reachedBeforeKill.size).toBeLessThan(RECIPIENTS);
      expect(duplicates).toBe(0);
      expect(missing).toEqual([]);
      expect(accepted.size).toBe(RECIPIENTS);
      expect(summary.total).toBe(RECIPIENTS);
      expect(summary.counts.queued + summary.counts.sending + summary.counts.failed).toBe(0);

      // And the server agrees: each recipient sent with one message, charged once.
      await rig.withDatabase(async (db) => {
        const rows = await db
          .select({ state: broadcastRecipients.state, messageId: broadcastRecipients.messageId })
          .from(broadcastRecipients)
          .where(eq(broadcastRecipients.broadcastId, broadcastId));
        expect(rows).toHaveLength(RECIPIENTS);
        expect(rows.filter((row) => !['sent', 'delivered', 'read'].includes(row.state))).toEqual([]);
        const charges = await chargesOf(db, broadcastId);
        expect(charges.size).toBe(RECIPIENTS);
        expect(
          [...charges.values()].every((total) => total.charged === MARKETING && total.refunded === 0),
        ).toBe(true);
        expect(await ledgerMismatches(db)).toEqual([]);
      });
    },
  );
});
