// Top-ups through a payment gateway (issue 16): see topups.ts and docs/payments.md.
import type { Config } from '../../config.ts';
import { MidtransGateway } from './midtrans.ts';
import type { PaymentGateway } from './PaymentGateway.ts';

export {
  MIDTRANS_NOTIFICATION_PATH,
  MidtransGateway,
  midtransSignature,
  signatureHolds,
} from './midtrans.ts';
export { isPaymentGatewayError, PaymentGatewayError } from './PaymentGateway.ts';
export type {
  NotificationCheck,
  PaymentGateway,
  PaymentOrder,
  PaymentOutcome,
  PaymentPage,
  PaymentStatus,
  StatusLookup,
} from './PaymentGateway.ts';
export {
  applyPaymentStatus,
  checkedRecently,
  createTopup,
  listTopups,
  reconcileTopup,
  TOPUP_RECONCILE_JOB,
  toTopup,
  topupOf,
} from './topups.ts';
export type { TopupDeps } from './topups.ts';
export { topupReconcileJob } from './reconcileJob.ts';
export { registerPaymentNotifications } from './notificationRoute.ts';

/**
 * The gateway `config.payments` names. The simulator speaks Midtrans' protocol, so both are the
 * Midtrans adapter; only the base URLs (the simulator's loopback ones) and the name differ.
 */
export function gatewayFromConfig(payments: Config['payments']): PaymentGateway {
  return new MidtransGateway({
    name: payments.gateway,
    serverKey: payments.serverKey,
    snapUrl: payments.snapUrl,
    apiUrl: payments.apiUrl,
    notificationUrl: payments.notificationUrl,
  });
}
