/** What a broadcast's page reads of broadcastDetailMachine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { BroadcastDetail } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import { balanceRefusal } from './billingAccess.ts';
import type { BalanceRefusal } from './billingAccess.ts';
import type { broadcastDetailMachine } from './broadcastDetailMachine.ts';
import {
  audienceConditions,
  broadcastBodyParts,
  broadcastControls,
  broadcastCostEstimateOf,
  broadcastProgress,
  mayControl,
  mayEditBroadcast,
} from './broadcastRules.ts';
import type {
  AudienceCondition,
  BroadcastBodyPart,
  BroadcastControl,
  BroadcastProgress,
} from './broadcastRules.ts';

export type BroadcastDetailSnapshot = SnapshotFrom<typeof broadcastDetailMachine>;
export type BroadcastPageStatus = 'loading' | 'ready' | 'failed' | 'gone';

/** The page: `ready` while the broadcast shows (also while it is asked again), `gone` once deleted. */
export function selectBroadcastPageStatus(snapshot: BroadcastDetailSnapshot): BroadcastPageStatus {
  if (snapshot.matches({ broadcast: 'gone' })) return 'gone';
  if (snapshot.matches({ broadcast: 'failed' })) return 'failed';
  return snapshot.context.detail === null ? 'loading' : 'ready';
}

export function selectBroadcast(snapshot: BroadcastDetailSnapshot): BroadcastDetail | null {
  return snapshot.context.detail;
}

/** Why the broadcast could not be loaded (status `failed`). */
export function selectBroadcastError(snapshot: BroadcastDetailSnapshot): FlowError | null {
  return snapshot.context.error;
}

/** The recipients' table (the child the DataTable shows); undefined only once stopped. */
export function selectRecipientTable(snapshot: BroadcastDetailSnapshot) {
  return snapshot.children.recipients;
}

/** A control the broadcast's status and the member's permissions allow, as its button shows it. */
export interface BroadcastControlView {
  control: BroadcastControl;
  /** Its request is under way. */
  busy: boolean;
  /** Another control is being confirmed or run: this one cannot be pressed now. */
  disabled: boolean;
}

/** The controls to show, in their order; none before the broadcast loads or once it is gone. */
export function selectControls(snapshot: BroadcastDetailSnapshot): BroadcastControlView[] {
  const { detail, may, control } = snapshot.context;
  if (detail === null || selectBroadcastPageStatus(snapshot) === 'gone') return [];
  const idle = snapshot.matches({ control: 'idle' });
  const running = snapshot.matches({ control: 'running' });
  return broadcastControls
    .filter((each) => mayControl(detail, each, may))
    .map((each) => ({ control: each, busy: running && control === each, disabled: !idle }));
}

/** "Ubah" (a link to the edit page): a scheduled broadcast, with `crm.broadcast.edit`. */
export function selectCanEditBroadcast(snapshot: BroadcastDetailSnapshot): boolean {
  const { detail, may } = snapshot.context;
  return detail !== null && mayEditBroadcast(detail, may) && selectBroadcastPageStatus(snapshot) === 'ready';
}

/** The control waiting for the member's yes (cancel, delete), or null. */
export function selectConfirming(snapshot: BroadcastDetailSnapshot): BroadcastControl | null {
  return snapshot.matches({ control: 'confirming' }) ? snapshot.context.control : null;
}

/** Why the last control failed (shown beside the controls until another starts). */
export function selectControlError(snapshot: BroadcastDetailSnapshot): FlowError | null {
  return snapshot.context.controlError;
}

/**
 * The project's balance stops the broadcast: it paused itself for it, or resuming was refused for
 * it (`insufficient_balance`). `mayPay`: the member may top the project up (`project.billing.pay`,
 * the machines' `balanceRefusal`). Null otherwise.
 */
export function selectBalanceStop(snapshot: BroadcastDetailSnapshot): BalanceRefusal | null {
  const { detail, controlError, permissions } = snapshot.context;
  const pausedForBalance = detail?.status === 'paused' && detail.pauseReason === 'balance';
  return balanceRefusal(pausedForBalance ? { reason: 'insufficient_balance' } : controlError, permissions);
}

/** The progress bar and counts (null before the broadcast loads). */
export function selectProgress(snapshot: BroadcastDetailSnapshot): BroadcastProgress | null {
  const { detail } = snapshot.context;
  return detail === null ? null : broadcastProgress(detail);
}

/** What the whole broadcast would cost, for "so far vs estimate" (null before it loads, or once cancelled). */
export function selectCostEstimate(snapshot: BroadcastDetailSnapshot): number | null {
  const { detail } = snapshot.context;
  return detail === null ? null : broadcastCostEstimateOf(detail);
}

/** The template's body with each variable's source (null before the broadcast loads). */
export function selectBodyParts(snapshot: BroadcastDetailSnapshot): BroadcastBodyPart[] | null {
  const { detail } = snapshot.context;
  return detail === null ? null : broadcastBodyParts(detail.body, detail.values);
}

/** A filter audience's conditions with the names of its ids (null for a CSV audience or before it loads). */
export function selectAudienceConditions(snapshot: BroadcastDetailSnapshot): AudienceCondition[] | null {
  const { detail, names } = snapshot.context;
  if (detail === null || detail.audience.kind !== 'filter') return null;
  return audienceConditions(detail.audience.filter, names);
}

/** The recipients' filters: state, replied (the search is the box's own). */
export function selectRecipientFilters(snapshot: BroadcastDetailSnapshot) {
  return snapshot.context.filters;
}

export function selectHasRecipientFilters(snapshot: BroadcastDetailSnapshot): boolean {
  const { filters, search, searchText } = snapshot.context;
  return filters.state !== null || filters.replied !== null || search !== '' || searchText !== '';
}

export function selectExportingRecipients(snapshot: BroadcastDetailSnapshot): boolean {
  return snapshot.hasTag('exporting');
}

/** "Ekspor CSV" can be pressed: the broadcast shows and no export is under way. */
export function selectCanExportRecipients(snapshot: BroadcastDetailSnapshot): boolean {
  return (
    snapshot.context.may.view && snapshot.context.detail !== null && snapshot.matches({ export: 'idle' })
  );
}
