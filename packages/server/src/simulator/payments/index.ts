// The payment gateway simulator: Midtrans Snap's side on loopback (see README.md).
export { PaymentSimulator } from './PaymentSimulator.ts';
export type { PaymentRequestRecord, PaymentSimulatorOptions, SentNotification } from './PaymentSimulator.ts';
export type { OrderStatus, PaymentMethod, SimulatedOrder } from './transactionBody.ts';
export { NotificationSender } from './NotificationSender.ts';
export type { NotificationSenderOptions } from './NotificationSender.ts';
