/**
 * Telling the members about a project's balance once its entry has committed: `billing.updated`
 * with the entry goes to the members holding `project.billing.view` (the customer's phone masked
 * for those without `crm.chat.show_user_contact_detail`), and an entry that left the balance
 * below the threshold notifies them (`low_balance`, thresholds.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import { projects, wallets } from '../db/schema.ts';
import type { NotifyDeps } from '../notifications/notify.ts';
import type { Published } from '../realtime/Publisher.ts';
import type { PriceRow, ProjectBilling } from '../sdk.ts';
import type { BillingChange } from './charges.ts';
import { notifyLowBalance } from './thresholds.ts';
import { ledgerEntriesByIds, toProjectBilling } from './views.ts';

/** `billing.updated` for a project whose balance (or threshold) changed, without an entry. */
export function billingUpdated(billing: ProjectBilling): Published<'billing.updated'> {
  return {
    audience: { billing: billing.key },
    event: 'billing.updated',
    payload: { key: billing.key, billing },
  };
}

/**
 * The announcements of `changes` (entries on project balances), built with `db` (inside the
 * transaction that made them, or after it): one `billing.updated` per entry, with the project's
 * balance as that entry left it.
 */
export async function billingAnnouncements(
  db: Db,
  changes: readonly BillingChange[],
  prices: readonly PriceRow[],
  now: Date,
): Promise<Published<'billing.updated'>[]> {
  if (changes.length === 0) return [];
  const projectIds = [...new Set(changes.map((change) => change.projectId))];
  const keys = new Map(
    (
      await db
        .select({ id: projects.id, key: projects.key })
        .from(projects)
        .where(inArray(projects.id, projectIds))
    ).map((row) => [row.id, row.key]),
  );
  const ids = changes.map((change) => change.entry.id);
  const [full, masked] = await Promise.all([
    ledgerEntriesByIds(db, ids, { seesContactDetail: true }),
    ledgerEntriesByIds(db, ids, { seesContactDetail: false }),
  ]);
  return changes.flatMap((change, index) => {
    const key = keys.get(change.projectId);
    const entry = full[index];
    const maskedEntry = masked[index];
    if (key === undefined || entry === undefined || maskedEntry === undefined) return [];
    const billing = toProjectBilling(key, change.wallet, prices, now);
    return [
      {
        audience: { billing: key },
        event: 'billing.updated',
        payload: { key, billing, entry },
        masked: { key, billing, entry: maskedEntry },
      } satisfies Published<'billing.updated'>,
    ];
  });
}

export interface BillingDeps extends NotifyDeps {
  prices: readonly PriceRow[];
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * After the transaction of `changes` committed: announces them and notifies the members of the
 * projects whose balance an entry left below the threshold. Never throws (logged).
 */
export async function publishBillingChanges(
  deps: BillingDeps,
  changes: readonly (BillingChange | null)[],
): Promise<void> {
  const made = changes.filter((change): change is BillingChange => change !== null);
  if (made.length === 0) return;
  try {
    for (const item of await billingAnnouncements(deps.db, made, deps.prices, deps.now())) {
      deps.publisher.publish(item);
    }
  } catch (error) {
    deps.log?.warn({ err: error }, 'announcing a billing change failed');
  }
  for (const change of made) {
    if (!change.crossedLow || change.wallet.lowThreshold === null) continue;
    await notifyLowBalance(deps, change.projectId, change.wallet.lowThreshold, deps.log);
  }
}

/** A project's balance as its billing page shows it now (a wallet not made yet: 0). */
export async function projectBillingOf(
  db: Db,
  project: { id: string; key: string },
  prices: readonly PriceRow[],
  now: Date,
): Promise<ProjectBilling> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.projectId, project.id)).limit(1);
  return toProjectBilling(project.key, wallet ?? null, prices, now);
}
