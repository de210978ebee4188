/**
 * The catalogue's words for a top-up's status, its payment method and its gateway. Which method a
 * gateway's `payment_type` is comes from the SDK (`paymentMethodOf`); this only names it.
 */
import type { MessageKey, PaymentMethod, TopupInputProblem, TopupStatus } from '@sapa/sdk';
import { formatRupiah, paymentMethodOf, TOPUP_MAX, TOPUP_MIN } from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';

export const statusKeys = {
  pending: 'saldo.status.pending',
  paid: 'saldo.status.paid',
  expired: 'saldo.status.expired',
  failed: 'saldo.status.failed',
} as const satisfies Record<TopupStatus, MessageKey>;

const methodKeys = {
  qris: 'saldo.method.qris',
  gopay: 'saldo.method.gopay',
  shopeepay: 'saldo.method.shopeepay',
  bank_transfer: 'saldo.method.bank_transfer',
  echannel: 'saldo.method.echannel',
  credit_card: 'saldo.method.credit_card',
  cstore: 'saldo.method.cstore',
  akulaku: 'saldo.method.akulaku',
} as const satisfies Record<PaymentMethod, MessageKey>;

/** The method's name; the gateway's own word for one not named here; "not chosen yet" for none. */
export function methodText(t: Translate, paymentType: string | null): string {
  const method = paymentMethodOf(paymentType);
  if (method !== null) return t(methodKeys[method]);
  return paymentType ?? t('saldo.method.none');
}

const gatewayKeys: Record<string, MessageKey> = {
  midtrans: 'saldo.gateway.midtrans',
  simulator: 'saldo.gateway.simulator',
};

export function gatewayText(t: Translate, gateway: string): string {
  const key = gatewayKeys[gateway];
  return key === undefined ? gateway : t(key);
}

const problemKeys = {
  required: 'saldo.topup.problem.required',
  tooSmall: 'saldo.topup.problem.tooSmall',
  tooLarge: 'saldo.topup.problem.tooLarge',
  decimals: 'saldo.topup.problem.decimals',
} as const satisfies Record<Exclude<TopupInputProblem, null>, MessageKey>;

/** What to say of a top-up amount's problem (null: nothing). */
export function problemText(t: Translate, problem: TopupInputProblem): string | null {
  if (problem === null) return null;
  return t(problemKeys[problem], { min: formatRupiah(TOPUP_MIN), max: formatRupiah(TOPUP_MAX) });
}
