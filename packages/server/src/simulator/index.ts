// The customer-side WhatsApp simulator: Meta's side of the Cloud API on loopback (see README.md).
export { createSimulator } from './Simulator.ts';
export type {
  CustomerMessage,
  CustomerWrite,
  Simulator,
  SimulatorOptions,
  SimulatorStats,
} from './Simulator.ts';
export { GraphApiServer } from './GraphApiServer.ts';
export type {
  AcceptedSend,
  ArrivedRequest,
  GraphApiServerOptions,
  GraphRequestRecord,
} from './GraphApiServer.ts';
export { WebhookSender } from './WebhookSender.ts';
export type { DeliveryResult, WebhookSenderOptions } from './WebhookSender.ts';
export { createCustomers } from './customers.ts';
export type { Customer } from './customers.ts';
export { INBOUND_KINDS } from './inboundMessages.ts';
export type { InboundKind } from './inboundMessages.ts';
export type { RateRun } from './rateRun.ts';
export type { StatusDelays, StatusName } from './StatusResponder.ts';
export { DEFAULT_LIMITS } from './types.ts';
export type { Clock, SimulatorAccount, SimulatorLimits } from './types.ts';
