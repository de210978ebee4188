/**
 * A chart axis's short rupiah on the billing pages (`Rp 1,5 rb`, `Rp 2 jt`), beside `formatRupiah`
 * and the ledger's `formatSignedRupiah` (saldoLedger.ts).
 */
let compact: Intl.NumberFormat | undefined;

/** A short amount for an axis: `Rp 0`, `Rp 715`, `Rp 1,5 rb`, `Rp 2 jt` (Indonesian short scale). */
export function formatRupiahShort(amount: number): string {
  compact ??= new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
  return `Rp ${compact.format(amount)}`;
}
