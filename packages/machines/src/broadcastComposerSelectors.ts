/** What the broadcast composer's screen reads (broadcastComposerMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import {
  broadcastScheduleDays,
  broadcastValueSourcesFor,
  estimateShortfall,
  renderBroadcastValues,
  renderTemplate,
  templateValueSlots,
} from '@sapa/sdk';
import type {
  BroadcastCustomer,
  BroadcastPreview,
  BroadcastValue,
  BroadcastValues,
  BroadcastValueSource,
  MediaFile,
  MessageTemplate,
  RenderedTemplate,
  TemplateValueSlots,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import { balanceRefusal } from './billingAccess.ts';
import type { BalanceRefusal } from './billingAccess.ts';
import {
  broadcastComposerPermissions,
  stepComplete,
  stepProblems,
  stepReachable,
} from './broadcastComposerActors.ts';
import type { ComposerProblem } from './broadcastComposerActors.ts';
import type { broadcastComposerMachine } from './broadcastComposerMachine.ts';
import type {
  BroadcastComposerContext,
  ComposerCsv,
  ComposerSlot,
  ComposerStep,
  ComposerWhen,
  CsvProblem,
} from './broadcastComposerTypes.ts';
import { composerSteps } from './broadcastComposerTypes.ts';
import { filtersValid } from './customerActors.ts';
import type { CustomerFilterOptions, CustomerFilters } from './customerActors.ts';

export type BroadcastComposerSnapshot = SnapshotFrom<typeof broadcastComposerMachine>;
type Snapshot = BroadcastComposerSnapshot;
type Context = BroadcastComposerContext;

/** Per context, a value computed once (selectors run on every snapshot). */
function cached<T>(compute: (context: Context) => T): (snapshot: Snapshot) => T {
  const cache = new WeakMap<Context, T>();
  return (snapshot) => {
    const hit = cache.get(snapshot.context);
    if (hit !== undefined) return hit;
    const value = compute(snapshot.context);
    cache.set(snapshot.context, value);
    return value;
  };
}

export type ComposerStatus = 'loading' | 'failed' | 'locked' | 'editing' | 'saving' | 'saved';

export function selectComposerStatus(snapshot: Snapshot): ComposerStatus {
  if (snapshot.matches({ composing: { form: 'saving' } })) return 'saving';
  if (snapshot.matches('composing')) return 'editing';
  for (const status of ['loading', 'failed', 'locked', 'saved'] as const)
    if (snapshot.matches(status)) return status;
  return 'loading';
}

/** Whether the form takes changes (not while it saves, nor before it loaded). */
export function selectComposerEditable(snapshot: Snapshot): boolean {
  return snapshot.matches({ composing: { form: 'editing' } });
}

/** Whether this edits a scheduled broadcast (else it makes a new one). */
export function selectComposerEditing(snapshot: Snapshot): boolean {
  return snapshot.context.broadcastId !== null;
}

export function selectComposerLoadError(snapshot: Snapshot): FlowError | null {
  return snapshot.context.loadError;
}

/** The step open (the review while saving). */
export function selectComposerStep(snapshot: Snapshot): ComposerStep {
  for (const step of composerSteps)
    if (snapshot.matches({ composing: { form: { editing: step } } })) return step;
  return 'review';
}

/**
 * Each step, in order: whether it can be opened (every step before it is complete) and whether it
 * is complete too (a step that cannot be opened yet is not, whatever its own fields hold).
 */
export interface ComposerStepState {
  step: ComposerStep;
  complete: boolean;
  reachable: boolean;
}

export const selectComposerSteps = cached((context): ComposerStepState[] =>
  composerSteps.map((step) => {
    const reachable = stepReachable(context, step);
    return { step, complete: reachable && stepComplete(context, step), reachable };
  }),
);

/** The project's numbers, and the one chosen. */
export function selectComposerAccounts(snapshot: Snapshot): WhatsAppAccount[] {
  return snapshot.context.accounts;
}

export function selectComposerAccountId(snapshot: Snapshot): string | null {
  return snapshot.context.accountId;
}

export type ComposerTemplatesStatus = 'idle' | 'loading' | 'failed' | 'ready';

export function selectComposerTemplatesStatus(snapshot: Snapshot): ComposerTemplatesStatus {
  for (const status of ['loading', 'failed', 'ready'] as const)
    if (snapshot.matches({ composing: { templates: status } })) return status;
  return 'idle';
}

/** The chosen number's approved templates. */
export function selectComposerTemplates(snapshot: Snapshot): MessageTemplate[] {
  return snapshot.context.templates;
}

export function selectComposerTemplatesError(snapshot: Snapshot): FlowError | null {
  return snapshot.context.templatesError;
}

export function selectComposerTemplate(snapshot: Snapshot): MessageTemplate | null {
  return snapshot.context.chosen;
}

/** The chosen template with its examples, as step 1 shows it. */
export const selectTemplateSample = cached((context): RenderedTemplate | null =>
  context.chosen === null ? null : renderTemplate(context.chosen, 'examples'),
);

/** What the chosen template's values fill (null before one is chosen). */
export const selectComposerSlots = cached((context): TemplateValueSlots | null =>
  context.chosen === null ? null : templateValueSlots(context.chosen),
);

export function selectComposerValues(snapshot: Snapshot): BroadcastValues {
  return snapshot.context.values;
}

/** A slot's value (a fixed empty text when the slot has none). */
export function slotValue(values: BroadcastValues, slot: ComposerSlot): BroadcastValue {
  const value =
    slot.field === 'body'
      ? values.body[slot.index]
      : slot.field === 'header'
        ? values.header
        : values.buttonUrl;
  return value ?? { source: 'fixed', value: '', fallback: '' };
}

/** Where a slot's value may come from (a link's suffix not from a name: the SDK's rule). */
export function slotSources(slot: ComposerSlot): readonly BroadcastValueSource[] {
  return broadcastValueSourcesFor(slot.field);
}

/** The media header's file, when picked in this composer (an edited one's shows as chosen, without it). */
export function selectComposerMedia(snapshot: Snapshot): MediaFile | null {
  return snapshot.context.media;
}

/** Who the values are shown for: the project's first customer, else the sample the screen gave. */
export function selectComposerSample(snapshot: Snapshot): BroadcastCustomer {
  return snapshot.context.sample ?? snapshot.context.fallbackSample;
}

/** The chosen template as the sample customer will see it, with its header's file. */
export interface ComposerValuesPreview {
  rendered: RenderedTemplate;
  mediaUrl: string | null;
}

export const selectValuesPreview = cached((context): ComposerValuesPreview | null => {
  if (context.chosen === null) return null;
  const customer = context.sample ?? context.fallbackSample;
  return {
    rendered: renderTemplate(context.chosen, renderBroadcastValues(context.values, customer)),
    mediaUrl: context.media?.url ?? null,
  };
});

/** The audience as the form holds it. */
export interface ComposerAudience {
  kind: 'filter' | 'csv';
  filters: CustomerFilters;
  search: string;
  csv: ComposerCsv | null;
  csvReading: boolean;
  csvProblem: CsvProblem | null;
  /** A `to` before `from` (not asked for). */
  rangeReversed: boolean;
}

export function selectComposerAudience(snapshot: Snapshot): ComposerAudience {
  return audienceCache(snapshot);
}

const audienceCache = (() => {
  const cache = new WeakMap<Context, { reading: boolean; value: ComposerAudience }>();
  return (snapshot: Snapshot): ComposerAudience => {
    const { context } = snapshot;
    const reading = snapshot.matches({ composing: { csv: 'reading' } });
    const hit = cache.get(context);
    if (hit !== undefined && hit.reading === reading) return hit.value;
    const value: ComposerAudience = {
      kind: context.audienceKind,
      filters: context.filters,
      search: context.search,
      csv: context.csv,
      csvReading: reading,
      csvProblem: context.csvProblem,
      rangeReversed: !filtersValid(context.filters),
    };
    cache.set(context, { reading, value });
    return value;
  };
})();

export function selectComposerFilterOptions(snapshot: Snapshot): CustomerFilterOptions {
  return snapshot.context.options;
}

/**
 * The count and cost: `idle` while there is nothing to ask about (no template, or the audience
 * is not one), `counting` while the preview is asked (or waits for a pause in the changes).
 */
export type ComposerPreviewStatus = 'idle' | 'counting' | 'ready' | 'failed';

export function selectComposerPreviewStatus(snapshot: Snapshot): ComposerPreviewStatus {
  if (snapshot.matches({ composing: { preview: 'ready' } })) return 'ready';
  if (snapshot.matches({ composing: { preview: 'failed' } })) return 'failed';
  if (snapshot.matches({ composing: { preview: 'idle' } })) return 'idle';
  return snapshot.matches('composing') ? 'counting' : 'idle';
}

export function selectComposerPreview(snapshot: Snapshot): BroadcastPreview | null {
  return snapshot.context.preview;
}

export function selectComposerPreviewError(snapshot: Snapshot): FlowError | null {
  return snapshot.context.previewError;
}

/** How much the balance lacks for the estimate, and whether the member may pay (null: it covers it). */
export interface ComposerShortfall {
  shortfall: number;
  mayPay: boolean;
}

export const selectComposerShortfall = cached((context): ComposerShortfall | null => {
  const { preview } = context;
  if (preview === null || preview.covers) return null;
  return {
    shortfall: estimateShortfall(preview.balance, preview),
    mayPay: broadcastComposerPermissions(context.permissions).pay,
  };
});

export interface ComposerSchedule {
  when: ComposerWhen;
  date: string | null;
  time: string | null;
  timeZone: string;
  /** The calendar's first and last days (the project's zone). */
  firstDay: string;
  lastDay: string;
}

export const selectComposerSchedule = cached((context): ComposerSchedule => {
  const days = broadcastScheduleDays(context.now(), context.timeZone);
  return {
    when: context.when,
    date: context.date,
    time: context.time,
    timeZone: context.timeZone,
    firstDay: days.first,
    lastDay: days.last,
  };
});

export function selectComposerName(snapshot: Snapshot): string {
  return snapshot.context.name;
}

/** A field's error as shown: a rule's problem (its text's key), or the server's message. */
export type ComposerFieldError = { problem: ComposerProblem } | { message: string } | { mediaKind: true };

/**
 * What to show beside each field, by path (`values.body.0.value`, `audience.csv`, `name`,
 * `scheduledAt` …): the server's error of the last refusal, else the field's first problem once it
 * was changed or its step's "Lanjut" was pressed, else a media file of the wrong kind.
 */
export const selectComposerFieldErrors = cached((context): Record<string, ComposerFieldError> => {
  const out: Record<string, ComposerFieldError> = {};
  for (const step of composerSteps) {
    const shown = context.checked.includes(step);
    for (const problem of stepProblems(context, step)) {
      if (out[problem.path] !== undefined) continue;
      if (shown || context.touched.some((path) => problem.path.startsWith(path)))
        out[problem.path] = { problem };
    }
  }
  if (context.mediaRefused) out['values.headerMediaId'] = { mediaKind: true };
  for (const [path, message] of Object.entries(context.serverErrors)) out[path] = { message };
  return out;
});

/** Why the last save did not go, when it is not a field's fault. */
export function selectComposerSaveError(snapshot: Snapshot): FlowError | null {
  return snapshot.context.error;
}

/** A save refused for want of the project's balance, and whether the member may pay (the chat's rule). */
export function selectComposerBalanceRefusal(snapshot: Snapshot): BalanceRefusal | null {
  return balanceRefusal(snapshot.context.error, snapshot.context.permissions);
}

/** Whether the server refused fields of the last save. */
export function selectComposerHasServerErrors(snapshot: Snapshot): boolean {
  return Object.keys(snapshot.context.serverErrors).length > 0;
}

/** Whether "Kirim" / "Jadwalkan" would save now: every step complete and the recipients counted. */
export const selectComposerCanSubmit = (snapshot: Snapshot): boolean =>
  selectComposerEditable(snapshot) &&
  snapshot.context.preview !== null &&
  composerSteps.every((step) => stepComplete(snapshot.context, step));

/** The broadcast the server answered (once saved). */
export function selectComposerSaved(snapshot: Snapshot) {
  return snapshot.context.saved;
}

/** The broadcast being edited, as loaded (its id and status, for a locked one's link). */
export function selectComposerOriginal(snapshot: Snapshot) {
  return snapshot.context.original;
}
