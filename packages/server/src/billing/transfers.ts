/**
 * Paying into a project ("Bayar", `billing_pay`): money moves from the member's saldo into the
 * project's balance in one transaction, as two entries sharing a `transferId`
 * (`transfer:<clientId>:out` on the saldo, `transfer:<clientId>:in` on the project). The sender's
 * `clientId` makes it happen once: asking again finds the stored transfer and moves nothing.
 * Wallets are locked saldo first, then project (a charge locks only the project's), so two
 * transfers never wait on each other in a cycle.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/openDatabase.ts';
import type { LedgerEntryRow, WalletRow } from '../db/schema.ts';
import type { BillingChange } from './charges.ts';
import { entryByKey, postEntry, walletOf } from './ledger.ts';
import { settleThreshold } from './thresholds.ts';

export interface Transfer {
  userId: string;
  projectId: string;
  amount: number;
  clientId: string;
  at: Date;
}

export type TransferResult =
  | {
      ok: true;
      /** The saldo's entry (`transfer_out`) and the saldo after it. */
      saldoEntry: LedgerEntryRow;
      saldo: WalletRow;
      /** The project's entry (`transfer_in`), to announce. */
      project: BillingChange;
    }
  /** This `clientId` was used already: by this transfer (`repeated`), or for another one (`client_id_used`). */
  | { ok: false; reason: 'repeated' | 'client_id_used' | 'insufficient_saldo' };

export const transferKeys = (clientId: string) => ({
  out: `transfer:${clientId}:out`,
  in: `transfer:${clientId}:in`,
});

/** Moves `amount` from the user's saldo into the project's balance, or tells why not (nothing moved). */
export async function payIntoProject(db: Db, transfer: Transfer): Promise<TransferResult> {
  return db.transaction(async (tx) => {
    const saldo = await walletOf(tx, { userId: transfer.userId }, transfer.at);
    const project = await walletOf(tx, { projectId: transfer.projectId }, transfer.at);
    const keys = transferKeys(transfer.clientId);
    const transferId = randomUUID();
    const out = await postEntry(tx, {
      walletId: saldo.id,
      kind: 'transfer_out',
      amount: -transfer.amount,
      idempotencyKey: keys.out,
      at: transfer.at,
      actorUserId: transfer.userId,
      transferId,
      counterpartWalletId: project.id,
    });
    if (!out.ok) {
      if (out.reason === 'insufficient') return { ok: false, reason: 'insufficient_saldo' } as const;
      const stored = await entryByKey(tx, keys.out);
      const same =
        stored !== null &&
        stored.walletId === saldo.id &&
        stored.counterpartWalletId === project.id &&
        stored.amount === -transfer.amount;
      return { ok: false, reason: same ? 'repeated' : 'client_id_used' } as const;
    }
    const into = await postEntry(tx, {
      walletId: project.id,
      kind: 'transfer_in',
      amount: transfer.amount,
      idempotencyKey: keys.in,
      at: transfer.at,
      actorUserId: transfer.userId,
      transferId,
      counterpartWalletId: saldo.id,
    });
    if (!into.ok)
      throw new Error(`transfer ${transfer.clientId}: its project entry was refused (${into.reason})`);
    const settled = await settleThreshold(tx, into.wallet);
    return {
      ok: true,
      saldoEntry: out.entry,
      saldo: out.wallet,
      project: { projectId: transfer.projectId, entry: into.entry, ...settled },
    } as const;
  });
}
