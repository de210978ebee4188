// The WhatsApp Cloud API protocol: what the channel routes, storage and simulator build on.
export { verifyWebhook } from './verifyWebhook.ts';
export type { WebhookVerification, WebhookVerificationQuery } from './verifyWebhook.ts';

export { SIGNATURE_HEADER, sign, verifySignature } from './signature.ts';
export type { SignatureCheck } from './signature.ts';

export {
  webhookPayloadSchema,
  changeValueSchema,
  inboundMessageSchema,
  statusSchema,
  whatsAppErrorSchema,
  KNOWN_MESSAGE_TYPES,
  STATUS_VALUES,
  templateStatusValueSchema,
  templateCategoryValueSchema,
  templateWebhookPayloadSchema,
} from './webhookSchema.ts';
export type {
  TemplateWebhookPayload,
  WebhookPayload,
  InboundMessagePayload,
  StatusPayload,
  WhatsAppErrorPayload,
} from './webhookSchema.ts';

export { httpUrl, parseWebhook } from './parseWebhook.ts';
export type { ParseWebhookOptions } from './parseWebhook.ts';
export { dedupKey } from './dedupKey.ts';
export type {
  AdReferral,
  ErrorEvent,
  IgnoredEvent,
  InboundMedia,
  InboundMessageContent,
  InvalidEvent,
  MessageContext,
  MessageEvent,
  MessageStatus,
  SharedContact,
  StatusEvent,
  TemplateCategoryEvent,
  TemplateStatusEvent,
  WebhookEvent,
  WebhookOrigin,
  WhatsAppError,
} from './types.ts';

export {
  audioMessage,
  bodyParameters,
  contactsMessage,
  documentMessage,
  imageMessage,
  reactionMessage,
  stickerMessage,
  templateMessage,
  textMessage,
  videoMessage,
  withCallbackData,
  CALLBACK_DATA_MAX_LENGTH,
} from './sendRequest.ts';
export type {
  Addressing,
  MediaSource,
  OutboundContact,
  SendMessageBody,
  TemplateComponent,
  TemplateParameter,
} from './sendRequest.ts';

export {
  GraphClient,
  DEFAULT_GRAPH_API_VERSION,
  DEFAULT_GRAPH_BASE_URL,
  PHONE_NUMBER_FIELDS,
  TEMPLATE_FIELDS,
} from './graphClient.ts';
export type {
  CreatedTemplate,
  DownloadedMedia,
  GraphClientOptions,
  MediaUrl,
  MetaTemplate,
  PhoneNumberInfo,
  SentMessage,
  TemplatePage,
  WabaPhoneNumber,
} from './graphClient.ts';
export { GraphApiError, isGraphApiError } from './GraphApiError.ts';
export type { GraphApiErrorFields } from './GraphApiError.ts';
export { GraphRequestError, isGraphRequestError, neverReachedServer } from './GraphRequestError.ts';
export type { GraphRequestFailure } from './GraphRequestError.ts';
export { WhatsAppErrorCode, isRateLimitCode } from './errorCodes.ts';
