/**
 * How a saldo's ledger reads: the kinds of entry a saldo has (what its filter offers), an amount
 * with its sign, and what each entry was for.
 */
import type { LedgerEntry, LedgerKind } from '../contract/billingTypes.ts';
import { formatRupiah } from '../format/formatRupiah.ts';
import type { MessageKey } from '../i18n/translate.ts';

/**
 * The kinds of entry a saldo's ledger holds: top-ups in, transfers out into projects, and an
 * operator's adjustments (charges and refunds belong to projects' balances).
 */
export const saldoLedgerKinds = [
  'topup',
  'transfer_out',
  'adjustment',
] as const satisfies readonly LedgerKind[];
export type SaldoLedgerKind = (typeof saldoLedgerKinds)[number];

export function isSaldoLedgerKind(value: unknown): value is SaldoLedgerKind {
  return saldoLedgerKinds.some((kind) => kind === value);
}

/**
 * A change of a balance with its sign: `+Rp 50.000` for a credit, `−Rp 20.000` (a minus sign,
 * U+2212) for a debit, `Rp 0` for nothing.
 */
export function formatSignedRupiah(amount: number): string {
  if (amount > 0) return `+${formatRupiah(amount)}`;
  if (amount < 0) return `\u2212${formatRupiah(-amount)}`;
  return formatRupiah(0);
}

/** A catalogue text and its values. */
export interface EntryText {
  key: MessageKey;
  params: Record<string, string>;
}

const kindKeys = {
  topup: 'saldo.kind.topup',
  transfer_in: 'saldo.kind.transfer_in',
  transfer_out: 'saldo.kind.transfer_out',
  charge: 'saldo.kind.charge',
  refund: 'saldo.kind.refund',
  adjustment: 'saldo.kind.adjustment',
} as const satisfies Record<LedgerKind, MessageKey>;

/** The catalogue key of a kind of entry (`Top up`, `Transfer ke proyek` …). */
export function ledgerKindKey(kind: LedgerKind): MessageKey {
  return kindKeys[kind];
}

/**
 * What a saldo entry was for: the top-up's order, the project money went to or came from, an
 * adjustment's or refund's note; the kind itself when the entry says no more.
 */
export function saldoEntryText(entry: LedgerEntry): EntryText {
  if (entry.kind === 'topup' && entry.topup !== null)
    return { key: 'saldo.entry.topup', params: { order: entry.topup.orderId } };
  if (entry.kind === 'transfer_out' && entry.project !== null)
    return { key: 'saldo.entry.transferOut', params: { project: entry.project.name } };
  if (entry.kind === 'transfer_in' && entry.project !== null)
    return { key: 'saldo.entry.transferIn', params: { project: entry.project.name } };
  const memo = entry.memo?.trim() ?? '';
  if (memo !== '' && entry.kind === 'adjustment') return { key: 'saldo.entry.adjustment', params: { memo } };
  if (memo !== '' && entry.kind === 'refund') return { key: 'saldo.entry.refund', params: { memo } };
  return { key: ledgerKindKey(entry.kind), params: {} };
}
