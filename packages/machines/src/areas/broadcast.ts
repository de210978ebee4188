/**
 * `@sapa/machines/broadcast`: broadcasts (issue 17). The results (the broadcasts table, one
 * broadcast's page with its controls, counts and recipients, live) and the composer. Per machine:
 * the machine, its input, its events and its selectors, plus the rules the screens show.
 */

// The broadcasts table (`/crm/broadcast/{key}`): status filter, search, rows changed live.
export { broadcastsMachine } from '../broadcastsMachine.ts';
export type { BroadcastsInput, BroadcastsEvent } from '../broadcastsMachine.ts';
export {
  selectApprovedTemplates,
  selectBroadcastPermissions,
  selectBroadcastTable,
  selectHasBroadcastFilters,
  selectStatusFilter,
} from '../broadcastsSelectors.ts';
// One broadcast (`/crm/broadcast/{key}/{id}`): status, controls, counts, template, audience, cost,
// recipients (filtered, exported), live.
export { broadcastDetailMachine } from '../broadcastDetailMachine.ts';
export type {
  BroadcastDetailInput,
  BroadcastDetailEvent,
  BroadcastDetailEmitted,
} from '../broadcastDetailMachine.ts';
export {
  selectAudienceConditions,
  selectBalanceStop,
  selectBodyParts,
  selectBroadcast,
  selectBroadcastError,
  selectBroadcastPageStatus,
  selectCanEditBroadcast,
  selectCanExportRecipients,
  selectConfirming,
  selectControlError,
  selectControls,
  selectCostEstimate,
  selectExportingRecipients,
  selectHasRecipientFilters,
  selectProgress,
  selectRecipientFilters,
  selectRecipientTable,
} from '../broadcastDetailSelectors.ts';
export type { BroadcastControlView, BroadcastPageStatus } from '../broadcastDetailSelectors.ts';
export { followBroadcast, followBroadcasts } from '../followBroadcasts.ts';
export { broadcastPermissions } from '../broadcastAccess.ts';
export type { BroadcastPermissions } from '../broadcastAccess.ts';
export {
  broadcastControls,
  broadcastCostEstimateOf,
  broadcastProgress,
  confirmsFirst,
} from '../broadcastRules.ts';
export type {
  AudienceCondition,
  BroadcastBodyPart,
  BroadcastControl,
  BroadcastProgress,
} from '../broadcastRules.ts';
export type { BroadcastExport, BroadcastListPayload, RecipientsPayload } from '../broadcastActors.ts';

// The composer (`/crm/broadcast/{key}/new`, a scheduled one's `/{id}/edit`): number and template,
// values from customer fields or fixed text, the audience (filters or a CSV) counted and priced,
// now or scheduled in the project's time zone.
export { broadcastComposerMachine, slotPath } from '../broadcastComposerMachine.ts';
export type { BroadcastComposerInput, BroadcastComposerEvent } from '../broadcastComposerMachine.ts';
export {
  selectComposerAccountId,
  selectComposerAccounts,
  selectComposerAudience,
  selectComposerBalanceRefusal,
  selectComposerCanSubmit,
  selectComposerEditable,
  selectComposerEditing,
  selectComposerFieldErrors,
  selectComposerFilterOptions,
  selectComposerHasServerErrors,
  selectComposerLoadError,
  selectComposerMedia,
  selectComposerName,
  selectComposerOriginal,
  selectComposerPreview,
  selectComposerPreviewError,
  selectComposerPreviewStatus,
  selectComposerSample,
  selectComposerSaved,
  selectComposerSaveError,
  selectComposerSchedule,
  selectComposerShortfall,
  selectComposerSlots,
  selectComposerStatus,
  selectComposerStep,
  selectComposerSteps,
  selectComposerTemplate,
  selectComposerTemplates,
  selectComposerTemplatesError,
  selectComposerTemplatesStatus,
  selectComposerValues,
  selectTemplateSample,
  selectValuesPreview,
  slotSources,
  slotValue,
} from '../broadcastComposerSelectors.ts';
export type { ComposerFieldError } from '../broadcastComposerSelectors.ts';
export { composerSteps } from '../broadcastComposerTypes.ts';
export type { ComposerSlot, ComposerStep } from '../broadcastComposerTypes.ts';
export { broadcastComposerPermissions } from '../broadcastComposerActors.ts';
