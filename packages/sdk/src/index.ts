/**
 * The public surface of `@sapa/sdk`, by name. Anything not listed here is internal.
 */

// The act contract
export {
  acts,
  isActName,
  phoneField,
  passwordField,
  nameField,
  challengeField,
  otpCodeField,
  projectKeyField,
} from './contract/acts.ts';
export type { Acts, ActName, ActInput, ActParsed, ActOutput } from './contract/acts.ts';
export { defineAct } from './contract/defineAct.ts';
export { billingActs } from './contract/billingActs.ts';
export { ledgerKinds, priceCategories } from './contract/billingTypes.ts';
export type {
  BillingStatement,
  LedgerEntry,
  LedgerKind,
  PriceCategory,
  PriceRow,
  ProjectBilling,
  Saldo,
  SpendDay,
  Topup,
  TopupStatus,
} from './contract/billingTypes.ts';
export {
  defaultPriceTable,
  jakartaDay,
  priceAt,
  priceCategoryOf,
  priceRowAt,
  pricesInForce,
  priceTableProblems,
  upcomingPrices,
} from './billing/prices.ts';
export {
  AMOUNT_MAX,
  TOPUP_EXPIRY_MINUTES,
  TOPUP_MAX,
  TOPUP_MIN,
  TOPUP_PRESETS,
  TRANSFER_MIN,
  topupAmountProblem,
  transferAmountProblem,
} from './billing/amounts.ts';
export type { TopupAmountProblem, TransferAmountProblem } from './billing/amounts.ts';

// Broadcasts: opt-out words, retry schedule, cost estimate
export {
  DEFAULT_OPT_OUT_WORDS,
  OPT_OUT_WORDS_MAX,
  OPT_OUT_WORD_MAX_LENGTH,
  isOptOutMessage,
  normalizeOptOutWord,
  normalizeOptOutWords,
} from './broadcasts/optOut.ts';
export {
  OPT_OUT_DEFAULT_REPLY_KEY,
  OPT_OUT_REPLY_MAX,
  isDefaultOptOutWords,
  optOutProblemLimit,
  optOutReplyProblem,
  optOutSettingsProblems,
  optOutWordProblem,
  optOutWordsOf,
  optOutWordsProblem,
} from './broadcasts/optOutSettings.ts';
export type {
  OptOutReplyProblem,
  OptOutSettings,
  OptOutSettingsProblems,
  OptOutWordProblem,
  OptOutWordsProblem,
} from './broadcasts/optOutSettings.ts';
export { optOutSettingsField } from './contract/optOutActs.ts';
export { broadcastRateOf, readBroadcastRate } from './broadcasts/rate.ts';
export {
  PAIR_RATE_BACKOFF_CAP_MS,
  THROUGHPUT_BACKOFF_CAP_MS,
  broadcastBackoffMs,
  broadcastFailureKind,
  broadcastRetryDelayMs,
  numberBackoffMs,
  pairRateBackoffMs,
  throughputBackoffMs,
} from './broadcasts/backoff.ts';
export type { BroadcastBackoff, BroadcastFailureKind, BroadcastFailureReason } from './broadcasts/backoff.ts';
export { broadcastCostEstimate, coversEstimate, estimateShortfall } from './broadcasts/estimate.ts';
export { renderBroadcastValue, renderBroadcastValues } from './broadcasts/values.ts';
export type { BroadcastCustomer } from './broadcasts/values.ts';
export type { BroadcastEstimate } from './broadcasts/estimate.ts';
// The broadcast composer's rules: what its values must fill, when it may start.
export { broadcastValueProblems, broadcastValueSourcesFor } from './broadcasts/valueProblems.ts';
export type { BroadcastSlot, BroadcastValueProblem } from './broadcasts/valueProblems.ts';
export {
  BROADCAST_SCHEDULE_GRACE_MS,
  broadcastScheduleAt,
  broadcastScheduleDays,
  broadcastScheduleParts,
  broadcastScheduleProblem,
  isScheduleTime,
} from './broadcasts/schedule.ts';
export type { BroadcastScheduleProblem, ScheduleParts } from './broadcasts/schedule.ts';
export {
  BROADCAST_CSV_MAX_BYTES,
  BROADCAST_CSV_MAX_ROWS,
  BROADCAST_DEFAULT_RATE,
  BROADCAST_NAME_MAX,
  BROADCAST_RATE_MAX,
  BROADCAST_SCHEDULE_MAX_DAYS,
} from './broadcasts/limits.ts';
export {
  audienceRowProblems,
  broadcastPauseReasons,
  broadcastStatuses,
  broadcastValueSources,
  recipientStates,
} from './contract/broadcastTypes.ts';
export type {
  AudienceRowError,
  AudienceRowProblem,
  BroadcastAudience,
  BroadcastDetail,
  BroadcastFilter,
  BroadcastPauseReason,
  BroadcastPreview,
  BroadcastRecipient,
  BroadcastStatus,
  BroadcastSummary,
  BroadcastValue,
  BroadcastValues,
  BroadcastValueSource,
  RecipientState,
} from './contract/broadcastTypes.ts';
export { broadcastAudienceField, broadcastValuesField } from './contract/broadcastActs.ts';
export { readTopupInput, topupInputProblem } from './billing/topupInput.ts';
export type { TopupInputProblem } from './billing/topupInput.ts';
export { paymentMethodOf, paymentMethods, SALDO_TIME_ZONE, topupReceipt } from './billing/topupReceipt.ts';
export type { PaymentMethod, ReceiptPayer, TopupReceipt } from './billing/topupReceipt.ts';
export {
  formatSignedRupiah,
  isSaldoLedgerKind,
  ledgerKindKey,
  saldoEntryText,
  saldoLedgerKinds,
} from './billing/saldoLedger.ts';
export type { EntryText, SaldoLedgerKind } from './billing/saldoLedger.ts';
export {
  addDays,
  addMonths,
  dayIn,
  daysIn,
  daysOf,
  formatMonth,
  formatShortDay,
  isBillingDay,
  isBillingMonth,
  lastDays,
  monthIn,
  monthRange,
  recentMonths,
  SPEND_DEFAULT_DAYS,
  SPEND_PRESET_DAYS,
  SPEND_RANGE_MAX_DAYS,
  spendRangeProblem,
  STATEMENT_MONTHS,
} from './billing/billingDays.ts';
export type { DayRange, SpendRangeProblem } from './billing/billingDays.ts';
export { spendSeries, spendTotals, spendWithEntry, spentCategories } from './billing/spendSeries.ts';
export type { SpendBar, SpendTotals } from './billing/spendSeries.ts';
export { isLowBalance } from './billing/lowBalance.ts';
export { formatRupiahShort } from './billing/formatBilling.ts';
export type { ActAccess, ActDefinition } from './contract/defineAct.ts';
export type { ActFailure, ActPage, ActResponse, ActSuccess, FailureReason } from './contract/envelope.ts';
export type { OtpChallenge, Project, SignedIn, User, UserLanguage, UserTheme } from './contract/types.ts';
export type {
  Invite,
  InvitePreview,
  InviteStatus,
  Notification,
  NotificationKind,
  ProjectMember,
  ProjectSettings,
  ProjectSummary,
  UserSession,
  WorkingDay,
} from './contract/teamTypes.ts';
export type {
  AccountStatus,
  ChatAgent,
  AutomationRuleRef,
  ConversationCustomer,
  ConversationReferral,
  ConversationSummary,
  GalleryItem,
  MediaFile,
  MessageDirection,
  StorageUsage,
  MessageStatus,
  ThreadMessage,
  WhatsAppAccount,
} from './contract/chatTypes.ts';
export {
  templateCategories,
  templateHeaderFormats,
  templateLanguages,
  templateStatuses,
} from './contract/templateTypes.ts';
export type {
  MessagePricing,
  MessageTemplate,
  QualityRating,
  SentTemplate,
  TemplateButton,
  TemplateCategory,
  TemplateDraft,
  TemplateHeader,
  TemplateHeaderFormat,
  TemplateLanguage,
  TemplateStatus,
  TemplateValues,
} from './contract/templateTypes.ts';

// Templates: Meta's rules, rendering, values and Graph bodies (one home for the editor, the picker and the server)
export { templateDraftProblems, templateProblemMessage } from './templates/rules.ts';
export type { TemplateProblem, TemplateProblemCode } from './templates/rules.ts';
export { nextTemplateVariable, templateVariableNames, templateVariables } from './templates/variables.ts';
export {
  fillTemplatePlaceholders,
  prefillTemplateValues,
  templateValueProblems,
  templateValueSlots,
} from './templates/values.ts';
export type { TemplateContent, TemplateContext, TemplateValueSlots } from './templates/values.ts';
export { renderTemplate, sentTemplateOf } from './templates/render.ts';
export type { RenderedTemplate, RenderedTemplateButton } from './templates/render.ts';
export {
  isSendable,
  templateCategoryOf,
  templateCreateBody,
  templateErrorKey,
  templateFromMeta,
  templateSendComponents,
  templateStatusOf,
} from './templates/meta.ts';
export type {
  MetaMediaObject,
  MetaSendComponent,
  MetaTemplate,
  MetaTemplateCreateBody,
  TemplateErrorKey,
  TemplateFromMeta,
} from './templates/meta.ts';

export type {
  Customer,
  CustomerImport,
  CustomerOptOut,
  CustomerStage,
  Division,
  DivisionMember,
  ImportProblem,
  Label,
  QuickReply,
  Stage,
  StageCard,
  StageColumn,
  StageMove,
  OptOutVia,
} from './contract/crmTypes.ts';
export { optOutVias } from './contract/crmTypes.ts';
export type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from './contract/events.ts';
export { isPhone, normalizePhone } from './validation/phone.ts';

// Automation (issue 18): the rule vocabulary and the engine's pure rules, shared by the editors' previews and the server
export {
  adSourceKinds,
  agentAssignmentStrategies,
  automationActionKinds,
  automationConditionKinds,
  automationRuleKinds,
  automationSkipReasons,
  automationTriggerKinds,
  delayUnits,
  followUpAnchors,
  followUpStopReasons,
  freeFormSendKinds,
  keywordMatchModes,
  messageTriggerKinds,
  notifyRecipientKinds,
  ruleVocabulary,
  singleActionKinds,
} from './contract/automationTypes.ts';
export type {
  ActionOf,
  AdSource,
  AdSourceKind,
  AgentAssignmentStrategy,
  AssignAgentAction,
  AutoDivisionDraft,
  AutomationAction,
  AutomationActionKind,
  AutomationCondition,
  AutomationConditionKind,
  AutomationDelay,
  AutomationOutcome,
  AutomationRule,
  AutomationRuleDraft,
  AutomationRuleKind,
  AutomationSkipReason,
  AutomationTrigger,
  AutomationTriggerKind,
  AutoReplyDraft,
  AutoStageDraft,
  DelayUnit,
  FollowUpAnchor,
  FollowUpDraft,
  FollowUpStep,
  FollowUpStopReason,
  KeywordMatchMode,
  NotifyAction,
  NotifyRecipientKind,
  RuleRecord,
  SendAction,
  SendMediaAction,
  SendTemplateAction,
  SendTextAction,
  TriggerOf,
} from './contract/automationTypes.ts';
export {
  AUTOMATION_ACTIONS_MAX,
  AUTOMATION_CAPTION_MAX,
  AUTOMATION_CHAIN_MAX,
  AUTOMATION_CONDITIONS_MAX,
  AUTOMATION_DELAY_MAX_DAYS,
  AUTOMATION_IDS_MAX,
  AUTOMATION_KEYWORD_MAX_LENGTH,
  AUTOMATION_KEYWORDS_MAX,
  AUTOMATION_NOTE_MAX,
  AUTOMATION_QUIET_PERIOD_DEFAULT_MINUTES,
  AUTOMATION_QUIET_PERIOD_MAX_MINUTES,
  AUTOMATION_QUIET_PERIOD_MIN_MINUTES,
  AUTOMATION_REASSIGN_MAX_MINUTES,
  AUTOMATION_RULE_NAME_MAX,
  AUTOMATION_RULES_MAX,
  AUTOMATION_TEXT_MAX,
  FOLLOW_UP_STEPS_MAX,
} from './automation/limits.ts';
export {
  automationActionField,
  automationConditionField,
  automationDelayField,
  automationRuleDraftField,
  automationSendField,
  automationTriggerField,
} from './automation/schemas.ts';
export { matchKeyword, normalizeKeyword } from './automation/keywords.ts';
export { addDelay, delayMinutes } from './automation/delay.ts';
export { isWithinWorkingHours, nextOpening, shiftIntoWorkingHours } from './automation/workingHours.ts';
export {
  changesNothing,
  evaluateRule,
  explainRules,
  firstMatchingRule,
  inRuleOrder,
  needsOpenWindow,
  rulesToApply,
  skipLogged,
} from './automation/evaluate.ts';
export type {
  AutomationContext,
  AutomationConversation,
  AutomationEvent,
  EvaluableRule,
  EventCause,
  FiredRule,
  JudgedRule,
  MessageAuthor,
} from './automation/evaluate.ts';
export {
  followUpAnchorOf,
  followUpStepProblem,
  followUpStepSend,
  followUpStopReason,
  customerRepliedAfter,
  nextFollowUpStep,
} from './automation/followUp.ts';
export type {
  DueFollowUpStep,
  FollowUpRun,
  FollowUpState,
  FollowUpStepSend,
  PendingFollowUp,
} from './automation/followUp.ts';
export { draftGalleryIds } from './automation/draftFiles.ts';
export { pickAgent } from './automation/assignAgent.ts';
export type { AgentCandidate } from './automation/assignAgent.ts';
export { sampleContext, tryRule } from './automation/tryRule.ts';
export type { RuleSample } from './automation/tryRule.ts';
export {
  automationActivityEvents,
  automationActivityOutcomes,
  automationActs,
  automationFailureReasons,
  automationKindsAllowed,
  automationPermission,
  automationPermissionNodes,
  followUpCancelReasons,
  FOLLOW_UP_ENDED_SHOWN,
  ruleSampleField,
} from './contract/automationActs.ts';
export type {
  AutomationActionResult,
  AutomationActivity,
  AutomationActivityEvent,
  AutomationActivityOutcome,
  AutomationActivityReason,
  AutomationFailureReason,
  AutomationMember,
  AutomationRuleView,
  AutomationTryResult,
  AutomationTryRule,
  AutomationVerb,
  FollowUpCancelReason,
  FollowUpRunView,
} from './contract/automationActs.ts';

// The act client
export { createActClient } from './client/createActClient.ts';
export type {
  ActArgs,
  ActCallOptions,
  ActClient,
  ActClientOptions,
  ActPayload,
  PageRow,
} from './client/createActClient.ts';

export { uploadFile } from './client/uploadFile.ts';
export type { UploadFileOptions } from './client/uploadFile.ts';
export { createFilePondClient, dispositionFilename } from './client/filePondClient.ts';
export type {
  FilePondClient,
  FilePondClientOptions,
  RequestOptions,
  ServerFile,
} from './client/filePondClient.ts';
export { isRetryableUploadError, transferFile } from './files/transferFile.ts';
export type { TransferOptions } from './files/transferFile.ts';

// Errors
export { SapaError, isSapaError } from './errors/SapaError.ts';
export type { RequestInfo, SapaErrorKind } from './errors/SapaError.ts';
export { ApiError, isApiError } from './errors/ApiError.ts';
export { EmptyResponseError, isEmptyResponseError } from './errors/EmptyResponseError.ts';
export { HttpError, isHttpError } from './errors/HttpError.ts';
export { NetworkError, isNetworkError } from './errors/NetworkError.ts';
export type { NetworkFailure } from './errors/NetworkError.ts';
export { isActFailure, isEmptyResponse, normalizeResponse } from './errors/normalizeResponse.ts';

// Tokens
export {
  authTokenStorageKey,
  createLocalStorageTokenStore,
  createMemoryTokenStore,
} from './auth/tokenStore.ts';
export type { StorageLike, TokenStore } from './auth/tokenStore.ts';
export { createPushTokenStore, isPushTokenStale } from './auth/pushTokenStore.ts';
export type { PushTokenStore } from './auth/pushTokenStore.ts';

// Real-time
export { createRealtime, handshakeHeaders, NETWORK_DISCONNECTED } from './realtime/createRealtime.ts';
export type {
  Realtime,
  RealtimeLogger,
  RealtimeOptions,
  RealtimeSnapshot,
  RealtimeSocketOptions,
  RealtimeStatus,
  ReconnectInfo,
  ReconnectTimings,
  SocketFactory,
} from './realtime/createRealtime.ts';
export { on } from './realtime/on.ts';
export type { RealtimeManager, RealtimeSocket, SocketEvents } from './realtime/on.ts';

// Tables
export { fetchTablePage } from './table/fetchTablePage.ts';
export type { FetchTablePageOptions, TablePage } from './table/fetchTablePage.ts';
export { canNext, canPrev, pageWindow } from './table/pageWindow.ts';
export { columnId, defaultColumnSizing, validateColumns } from './table/validateColumns.ts';
export type { ColumnLike } from './table/validateColumns.ts';

// Permissions
export { allPermissionKeys, isPermissionKey, permissionTree } from './permissions/tree.ts';
export type { PermissionKey } from './permissions/tree.ts';
export { can, grantAll, parsePermissions, requiredMenus } from './permissions/can.ts';
export type { Permissions } from './permissions/can.ts';
export {
  isRoleTemplate,
  matchingTemplate,
  roleTemplates,
  templatePermissions,
} from './permissions/templates.ts';
export type { RoleTemplate } from './permissions/templates.ts';
export {
  addedKeys,
  grantProblem,
  mayDeleteProject,
  mayEditPermissions,
  mayGrant,
  mayLeaveProject,
  mayManagePermissions,
  mayRemoveMember,
  mayTakeAway,
  mayTransferOwnership,
  ownerKeys,
  removalProblem,
} from './permissions/grants.ts';
export type {
  ActingMember,
  GrantProblem,
  MemberRef,
  PermissionChange,
  RemovalProblem,
} from './permissions/grants.ts';
export { accessAllows } from './permissions/access.ts';
export type { AccessHolder } from './permissions/access.ts';

// Formatters and parsers
export { formatRupiah } from './format/formatRupiah.ts';
export {
  caretAfterMarks,
  caretMarks,
  currencyInputPlaceholder,
  formatCurrencyInput,
  formatRupiahInput,
  parseCurrencyInput,
  readRupiahInput,
  RUPIAH_INPUT_MAX,
  typeRupiah,
} from './format/currencyInput.ts';
export type { RupiahInput, RupiahInputProblem, RupiahTyping } from './format/currencyInput.ts';
export {
  HOUR_FIRST,
  HOUR_LAST,
  hourOfValue,
  hourProblem,
  hourValue,
  isHourValue,
  readHourValue,
} from './format/hourInput.ts';
export type { HourProblem } from './format/hourInput.ts';
export {
  defaultTimeZone,
  formatActivity,
  formatDate,
  formatDateTime,
  formatTime,
  monthAbbreviation,
  monthAbbreviations,
} from './format/formatDate.ts';
export type { MonthAbbreviation } from './format/formatDate.ts';
export { initials } from './format/initials.ts';
export { isMobileUserAgent } from './format/isMobileUserAgent.ts';
export { formatDateInput, hourOptions, parseDateInput } from './format/dateInput.ts';
export { dateInputToDay, dateRangeProblem, dayToDateInput, isDateInput } from './format/dateRange.ts';
export type { CalendarDay, DateRangeProblem } from './format/dateRange.ts';
export { formatFileSize } from './format/formatFileSize.ts';
export { STORAGE_NEARLY_FULL_PERCENT, storageUsageOf } from './format/storageUsage.ts';
export type { StorageUsageView } from './format/storageUsage.ts';

// Files
export {
  expectedTypeNames,
  expectedTypesMessage,
  expectedTypesTemplate,
  invalidFileTypeMessage,
  matchesFileType,
  validateFileType,
} from './files/validateFileType.ts';
export type { FileTypeResult, ValidateFileTypeOptions } from './files/validateFileType.ts';
export { guessMimeType, urlExtension } from './files/guessMimeType.ts';
export { UPLOAD_ACCEPTED_TYPES, UPLOAD_TYPE_LABELS } from './files/uploadTypes.ts';
export { checkMaxFiles, effectiveMaxFiles, maxFilesWarning } from './files/checkMaxFiles.ts';
export type { MaxFilesOptions, MaxFilesResult } from './files/checkMaxFiles.ts';
export { defaultIgnoredFileNames, isIgnoredFile, withoutIgnoredFiles } from './files/ignoredFiles.ts';
export {
  MEDIA_MAX_BYTES,
  fileExtension,
  maxMediaBytes,
  mediaKindOf,
  messageTypeOf,
  mimeTypesOfKind,
} from './files/mediaTypes.ts';
export type { MediaKind } from './files/mediaTypes.ts';

// Chat rendering rules
export {
  fillQuickReply,
  matchQuickReplies,
  quickReplyQuery,
  QUICK_REPLY_PLACEHOLDERS,
} from './chat/quickReplies.ts';
export type { QuickReplyValues } from './chat/quickReplies.ts';
export type { ChatAttachment, MessageKind } from './chat/types.ts';
export { messageKind } from './chat/messageKind.ts';
export { conversationPreview } from './chat/conversationPreview.ts';
export type { ConversationPreview, PreviewIcon } from './chat/conversationPreview.ts';
export { captionToHtml, captionTokens, escapeHtml } from './chat/captionTokens.ts';
export type { CaptionToken } from './chat/captionTokens.ts';
export { captionLineClamp, filenameMaxWidth, thumbnailWidth } from './chat/messageLayout.ts';
export { isWindowOpen, windowRemainingMs } from './chat/conversationWindow.ts';
export { isConversationId, isReceiverOf, receiverOf } from './chat/receiver.ts';

// Constants (SPEC.md section 9)
export {
  TOAST_AUTO_CLOSE_MS,
  QUERY_RETRY,
  QUERY_REFETCH_ON_WINDOW_FOCUS,
  QUERY_REFETCH_ON_RECONNECT,
  queryDefaults,
  TABLE_PAGE_SIZE,
  TABLE_INITIAL_PAGE_INDEX,
  TABLE_PAGE_LINK_SIBLINGS,
  TABLE_PAGE_LINK_COUNT,
  TABLE_PAGE_LINK_MIN_CENTRE,
  TABLE_COLUMN_WIDTH,
  TABLE_COLUMN_MIN_WIDTH,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_CONNECT_TIMEOUT_MS,
  socketOptions,
  PUSH_TOKEN_REFRESH_DAYS,
  PUSH_TOKEN_REFRESH_MS,
  UPLOAD_CHUNK_SIZE,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  NOTIFICATION_PAGE_SIZE,
  CONVERSATION_COUNTED_PAGES_AHEAD,
  UPLOAD_CHUNK_RETRY_DELAYS_MS,
  UPLOAD_MAX_PARALLEL,
  UPLOAD_DEFAULT_MAX_FILES,
  UPLOAD_UNLIMITED_MAX_FILES,
  UPLOAD_PREVIEW_MIN_HEIGHT_PX,
  UPLOAD_PREVIEW_MAX_HEIGHT_PX,
  UPLOAD_PREVIEW_ZOOM_FACTOR,
  UPLOAD_INSTANT_PREVIEW_MAX_BYTES,
  FILE_SIZE_BASE,
  UPLOAD_RESIZE_DEBOUNCE_MS,
  UPLOAD_BROWSE_DELAY_MS,
  UPLOAD_A11Y_NOTICE_CLEAR_MS,
  UPLOAD_A11Y_ADDED_NOTICE_MS,
  UPLOAD_DRAG_THRESHOLD_PX,
  UPLOAD_PROGRESS_FADE_MS,
  AUDIO_LISTEN_INTERVAL_MS,
  IMAGE_ZOOM_SWIPE_CLOSE_PX,
  MEDIA_PROGRESS_INTERVAL_MS,
  MEDIA_PENDING_SEEK_EXPIRY_MS,
  MEDIA_PLAY_BUTTON_PX,
  CHAT_COMPACT_CAPTION_LINES,
  CHAT_COMPACT_TEXT_CAPTION_LINES,
  CHAT_MOBILE_IMAGE_THUMBNAIL_PX,
  CHAT_MOBILE_VIDEO_THUMBNAIL_PX,
  CHAT_FILENAME_MAX_WIDTH_PX,
  CHAT_MAX_ATTACHMENTS,
  CUSTOMER_IMPORT_MAX_BYTES,
  PASSWORD_MIN,
  PASSWORD_MAX,
  NAME_MAX,
  RECORD_NAME_MAX,
  SHORTCUT_MAX,
  QUICK_REPLY_TEXT_MAX,
  GALLERY_IDS_MAX,
  CUSTOMER_NOTES_MAX,
  CUSTOM_FIELDS_MAX,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_VALUE_MAX,
  INVITE_HOURS_MAX,
  INVITE_USES_MAX,
  PHONE_NUMBER_ID_MAX,
  WABA_ID_MAX,
  ACCESS_TOKEN_MAX,
  CUSTOMER_SERVICE_WINDOW_MS,
  FREE_ENTRY_POINT_MS,
  TEMPLATE_NAME_MAX,
  TEMPLATE_BODY_MAX,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_FOOTER_MAX,
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_URL_BUTTONS_MAX,
  TEMPLATE_PHONE_BUTTONS_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_URL_MAX,
  TEMPLATE_VALUE_MAX,
} from './constants.ts';

// i18n
export {
  addMessages,
  createTranslator,
  defaultLocale,
  isLocale,
  locales,
  pickLocale,
  translate,
} from './i18n/translate.ts';
export type { Locale, MessageKey, MessageParams, MessagePart, Translator } from './i18n/translate.ts';
export { addEveryMessage, messages } from './i18n/catalogue.ts';
export {
  automationMessages,
  broadcastComposeMessages,
  broadcastMessages,
  outreachMessages,
  projectBillingMessages,
  saldoMessages,
  teamMessages,
  templateMessages,
  templateRuleMessages,
} from './i18n/parts.ts';
