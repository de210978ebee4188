/**
 * What the server remembers of its demo, in `server_settings` under `demo`: who and where it is,
 * and the demo user's password in clear, so every start can print it again. That is why the demo
 * is for trying Sapa only; production runs with `SAPA_DEMO=0`.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import { serverSettings } from '../db/schema.ts';

export const DEMO_SETTING = 'demo';

const demoSettingsSchema = z.object({
  version: z.literal(1),
  userId: z.string().min(1),
  /** E.164. */
  phone: z.string().min(1),
  password: z.string().min(1),
  projectKey: z.string().min(1),
  accountId: z.string().min(1),
  /** The simulator's customers: the first `seededCustomers` of `createCustomers(customers, seed)` have history. */
  customers: z.number().int().positive(),
  seededCustomers: z.number().int().nonnegative(),
  seed: z.number().int(),
  /** The CRM set (labels, stages, quick replies: seedCrm.ts) was made; absent in older demos. */
  crmSeeded: z.boolean().optional(),
  /** The demo's automation rules (seedAutomation.ts) were made; absent in older demos. */
  automationSeeded: z.boolean().optional(),
});

export type DemoSettings = z.infer<typeof demoSettingsSchema>;

/** The stored demo, or `null` when there is none (or what is stored is not a demo this version reads). */
export async function readDemoSettings(db: Db): Promise<DemoSettings | null> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, DEMO_SETTING))
    .limit(1);
  if (row === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  const parsed = demoSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function writeDemoSettings(db: Db, settings: DemoSettings, now: Date): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insert(serverSettings)
    .values({ key: DEMO_SETTING, value, createdAt: now })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: sql`excluded.value` } });
}
