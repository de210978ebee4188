/**
 * The money rules of forms: how much a top-up and a transfer may be. The contract's fields, the
 * machines and the server's checks all read these.
 */

/** The smallest top-up, whole rupiah. */
export const TOPUP_MIN = 10_000;
/** The largest single top-up (a gateway's per-transaction ceiling for VA and QRIS is higher). */
export const TOPUP_MAX = 20_000_000;
/** The amounts `/saldo` offers with one click. */
export const TOPUP_PRESETS: readonly number[] = [50_000, 100_000, 250_000, 500_000, 1_000_000];
/** The smallest transfer from a saldo into a project. */
export const TRANSFER_MIN = 1_000;
/** The largest amount any form takes (transfers, thresholds). */
export const AMOUNT_MAX = 1_000_000_000;
/** How long a top-up may wait for payment before the gateway expires it, minutes. */
export const TOPUP_EXPIRY_MINUTES = 60;

export type TopupAmountProblem = 'required' | 'tooSmall' | 'tooLarge' | null;

/** What is wrong with a top-up of `amount` (null: nothing typed yet counts as `required`). */
export function topupAmountProblem(amount: number | null): TopupAmountProblem {
  if (amount === null) return 'required';
  if (amount < TOPUP_MIN) return 'tooSmall';
  if (amount > TOPUP_MAX) return 'tooLarge';
  return null;
}

export type TransferAmountProblem = 'required' | 'tooSmall' | 'tooLarge' | 'moreThanSaldo' | null;

/** What is wrong with moving `amount` from a saldo of `saldo` into a project. */
export function transferAmountProblem(amount: number | null, saldo: number): TransferAmountProblem {
  if (amount === null) return 'required';
  if (amount < TRANSFER_MIN) return 'tooSmall';
  if (amount > AMOUNT_MAX) return 'tooLarge';
  if (amount > saldo) return 'moreThanSaldo';
  return null;
}
