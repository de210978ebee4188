/**
 * Money in the Indonesian locale, currency IDR, whole rupiah (money is stored as integer rupiah):
 * `formatRupiah(150000)` is `'Rp 150.000'`, with the no-break space (U+00A0) Intl puts after `Rp`.
 */
let formatter: Intl.NumberFormat | undefined;

export function formatRupiah(amount: number): string {
  formatter ??= new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return formatter.format(amount);
}
