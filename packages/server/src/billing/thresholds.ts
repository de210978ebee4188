/**
 * A project's low-balance threshold: when an entry leaves the balance below it, the members who
 * see billing (`project.billing.view`) are told once (`low_balance`, a notification pushed live as
 * the others are); `low_notified` remembers it was said until the balance is back at or above the
 * threshold. Decided under the wallet's row lock, in the transaction of the entry, so two charges
 * racing past the threshold tell the members once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/openDatabase.ts';
import { wallets } from '../db/schema.ts';
import type { WalletRow } from '../db/schema.ts';
import { notify } from '../notifications/notify.ts';
import type { NotifyDeps } from '../notifications/notify.ts';
import { listMembers } from '../projects/projects.ts';
import { can, formatRupiah } from '../sdk.ts';
import { lockWallet, walletOf } from './ledger.ts';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * After an entry on `wallet` (locked by `postEntry` in `tx`): answers the wallet with
 * `low_notified` brought up to date, and whether the members are to be told now (the balance
 * went below the threshold and they were not told since it was last at or above it).
 */
export async function settleThreshold(
  tx: Db,
  wallet: WalletRow,
): Promise<{ wallet: WalletRow; crossedLow: boolean }> {
  if (wallet.projectId === null || wallet.lowThreshold === null) return { wallet, crossedLow: false };
  const below = wallet.balance < wallet.lowThreshold;
  if (below === wallet.lowNotified) return { wallet, crossedLow: false };
  const [updated] = await tx
    .update(wallets)
    .set({ lowNotified: below })
    .where(eq(wallets.id, wallet.id))
    .returning();
  return { wallet: updated ?? { ...wallet, lowNotified: below }, crossedLow: below };
}

/**
 * Sets a project's threshold (null: none). The members have not been told about the new one:
 * the next entry that leaves the balance below it tells them.
 */
export async function setThreshold(
  db: Db,
  projectId: string,
  threshold: number | null,
  at: Date,
): Promise<WalletRow> {
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, (await walletOf(tx, { projectId }, at)).id);
    const [updated] = await tx
      .update(wallets)
      .set({ lowThreshold: threshold, lowNotified: false, updatedAt: at })
      .where(eq(wallets.id, wallet.id))
      .returning();
    if (updated === undefined) throw new Error('wallet vanished');
    return updated;
  });
}

/** Tells every member holding `project.billing.view` that the balance fell below `threshold`. Never throws. */
export async function notifyLowBalance(
  deps: NotifyDeps,
  projectId: string,
  threshold: number,
  log?: Log,
): Promise<void> {
  try {
    const members = await listMembers(deps.db, projectId);
    const userIds = members
      .filter((member) => can(member.permissions, 'project.billing.view'))
      .map((member) => member.userId);
    await notify(deps, { userIds, kind: 'low_balance', projectId, subject: formatRupiah(threshold) }, log);
  } catch (error) {
    log?.warn({ err: error }, 'notifying a low balance failed');
  }
}
