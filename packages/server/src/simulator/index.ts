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
export { TemplateStore } from './TemplateStore.ts';
export type { SimulatedTemplate, TemplateStoreOptions } from './TemplateStore.ts';
export type { TemplateCategoryName, TemplateStatusName } from './templateWire.ts';
export { WebhookSender } from './WebhookSender.ts';
export type { DeliveryResult, WebhookSenderOptions } from './WebhookSender.ts';
export { DEFAULT_WABA_ID } from './webhookPayloads.ts';
export type { TemplateWebhookBody } from './webhookPayloads.ts';
export { createCustomers } from './customers.ts';
export type { Customer } from './customers.ts';
export { INBOUND_KINDS } from './inboundMessages.ts';
export type { InboundKind } from './inboundMessages.ts';
export type { RateRun } from './rateRun.ts';
export type { StatusDelays, StatusName } from './StatusResponder.ts';
export { DEFAULT_LIMITS, wabaIdOf } from './types.ts';
export type {
  Clock,
  SimulatorAccount,
  SimulatorLimits,
  SimulatorMessagingLimit,
  SimulatorQualityRating,
} from './types.ts';
