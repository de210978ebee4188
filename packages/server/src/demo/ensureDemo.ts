/**
 * The demo's data, made once: a demo user, their project, a WhatsApp account for the simulated
 * number, a few hundred customers with history, two divisions and a CRM set (labels, stages, quick
 * replies), all in one transaction with the setting that remembers them. Later starts find the
 * setting and reuse everything (a demo made before the CRM set gets it once).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createUser } from '../auth/users.ts';
import type { Db } from '../db/openDatabase.ts';
import { projects, users, waAccounts } from '../db/schema.ts';
import type { AccountRow, UserRow } from '../db/schema.ts';
import { createAccount } from '../inbox/accounts.ts';
import { createProject } from '../projects/projects.ts';
import { hashPassword } from '../security/password.ts';
import { sealToken } from '../security/tokenBox.ts';
import { createCustomers } from '../simulator/index.ts';
import { readDemoSettings, writeDemoSettings } from './demoSettings.ts';
import type { DemoSettings } from './demoSettings.ts';
import { seedCrm } from './seedCrm.ts';
import { seedDivisions } from './seedDivisions.ts';
import { seedInbox } from './seedInbox.ts';

export const DEMO_USER_NAME = 'Agen Demo';
export const DEMO_PROJECT_NAME = 'Toko Demo';
export const DEMO_ACCOUNT_NAME = 'Toko Demo (simulator)';
/** The simulator's default business number (its README), in E.164. */
export const DEMO_DISPLAY_PHONE = '+6281210009000';

/**
 * Any constant: one process at a time creates the demo, or adds to it (several processes on one
 * PostgreSQL); held for the transaction (`pg_advisory_xact_lock`).
 */
export const DEMO_LOCK = 727_274_101;
const TRIES = 5;

export interface DemoSize {
  /** Customers with history. */
  customers: number;
  /** Further simulated customers who have not written yet: the trickle's first contacts. */
  newCustomers: number;
  seed: number;
}

export interface EnsuredDemo {
  settings: DemoSettings;
  /** Made by this call (first start, or the stored demo's data had been deleted). */
  created: boolean;
  /** A stored demo was found incomplete and made again. */
  replaced: boolean;
}

/** A mobile number of the demo user: `+62 812` and 8 random digits. */
function demoPhone(): string {
  return `+62812${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A WhatsApp Business Account id for the demo number: 15 digits, as Meta's. */
export function demoWabaId(): string {
  return `2${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e5)).padStart(5, '0')}`;
}

/** 12 characters in groups of 4, easy to type: `k7mq-x2pf-9rtd`. */
export function demoPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
  return groups.join('-');
}

/** Whether the user, project (with the user in it) and account the setting names all still exist. */
async function intact(db: Db, settings: DemoSettings): Promise<boolean> {
  const [row] = await db
    .select({ user: users.id })
    .from(users)
    .innerJoin(projects, eq(projects.key, settings.projectKey))
    .innerJoin(waAccounts, and(eq(waAccounts.projectId, projects.id), eq(waAccounts.id, settings.accountId)))
    .where(eq(users.id, settings.userId))
    .limit(1);
  return row !== undefined;
}

/** Finds the stored demo, or makes it (see the file comment). */
/** `tokenKey` seals the demo number's access token, as `account_create` seals every token. */
export async function ensureDemo(db: Db, size: DemoSize, now: Date, tokenKey: Buffer): Promise<EnsuredDemo> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const stored = await readDemoSettings(tx);
    if (stored !== null && (await intact(tx, stored))) {
      if (stored.crmSeeded === true) return { settings: stored, created: false, replaced: false };
      // A demo made before the CRM set: made once now, never again (the team may delete some).
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.key, stored.projectKey));
      if (project !== undefined) await seedCrm(tx, { projectId: project.id, now });
      const settings: DemoSettings = { ...stored, crmSeeded: true };
      await writeDemoSettings(tx, settings, now);
      return { settings, created: false, replaced: false };
    }

    const password = demoPassword();
    const passwordHash = await hashPassword(password);
    let user: UserRow | undefined;
    for (let attempt = 0; attempt < TRIES && user === undefined; attempt += 1) {
      user = await createUser(tx, { name: DEMO_USER_NAME, phone: demoPhone(), passwordHash, now });
    }
    if (user === undefined) throw new Error('no free phone number for the demo user');
    const { project } = await createProject(tx, { name: DEMO_PROJECT_NAME, userId: user.id, now });
    let account: AccountRow | null = null;
    for (let attempt = 0; attempt < TRIES && account === null; attempt += 1) {
      account = await createAccount(tx, {
        projectId: project.id,
        name: DEMO_ACCOUNT_NAME,
        phoneNumberId: `1${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e5)).padStart(5, '0')}`,
        wabaId: demoWabaId(),
        displayPhone: DEMO_DISPLAY_PHONE,
        // The demo's own simulator plays Meta for this number and answers the same name.
        verifiedName: DEMO_PROJECT_NAME,
        accessToken: sealToken(tokenKey, randomBytes(24).toString('base64url')),
        now,
      });
    }
    if (account === null) throw new Error('no free phone number id for the demo account');

    const customers = createCustomers(size.customers + size.newCustomers, size.seed).slice(0, size.customers);
    await seedInbox(tx, {
      projectId: project.id,
      accountId: account.id,
      agentUserId: user.id,
      customers,
      now,
      seed: size.seed,
      // Open windows come from messages the simulator delivers (startDemo), so it knows them.
      windowOpenShare: 0,
    });
    await seedDivisions(tx, { projectId: project.id, userId: user.id, now });
    await seedCrm(tx, { projectId: project.id, now });
    const settings: DemoSettings = {
      version: 1,
      userId: user.id,
      phone: user.phone,
      password,
      projectKey: project.key,
      accountId: account.id,
      customers: size.customers + size.newCustomers,
      seededCustomers: size.customers,
      seed: size.seed,
      crmSeeded: true,
    };
    await writeDemoSettings(tx, settings, now);
    return { settings, created: true, replaced: stored !== null };
  });
}
