/**
 * Broadcasts (issue 17): one approved template sent to many customers of a project from one of
 * its numbers, now or at a time in the project's time zone, each recipient charged to the
 * project's balance and followed through Meta's statuses. A recipient is sent exactly once.
 */
import type { PriceCategory } from './billingTypes.ts';
import type { TemplateCategory } from './templateTypes.ts';
import type { BroadcastFailureReason } from '../broadcasts/backoff.ts';

/**
 * A broadcast's life: `scheduled` until its time, `sending`, `paused` (by an agent, or by itself:
 * `pauseReason`), then `done` when every recipient has an outcome, or `cancelled`.
 */
export const broadcastStatuses = ['scheduled', 'sending', 'paused', 'done', 'cancelled'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

/**
 * Why a broadcast paused: an agent paused it, the project's balance ran out, the template can no
 * longer be sent (paused or disabled by Meta, deleted), or the number cannot send (disconnected,
 * logged out, deleted, or Meta stopped it: 131048 spam rate limit).
 */
export const broadcastPauseReasons = ['manual', 'balance', 'template', 'account'] as const;
export type BroadcastPauseReason = (typeof broadcastPauseReasons)[number];

/**
 * A recipient's way: `queued` → `sending` (the request is out) → `sent` → `delivered` → `read`;
 * or `failed` with Meta's reason; `cancelled` when the broadcast was cancelled before their turn.
 */
export const recipientStates = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'cancelled',
] as const;
export type RecipientState = (typeof recipientStates)[number];

/** Where a template variable's value comes from, per recipient. */
export const broadcastValueSources = ['fixed', 'name', 'phone', 'field'] as const;
export type BroadcastValueSource = (typeof broadcastValueSources)[number];

/**
 * One variable's value: `fixed` text (`value`), the customer's `name` or `phone`, or one of their
 * custom fields (`value` is the field's name). `fallback` fills a name or field that is empty.
 */
export interface BroadcastValue {
  source: BroadcastValueSource;
  value: string;
  fallback: string;
}

/** What a broadcast fills in its template, per recipient (`TemplateValues` once rendered). */
export interface BroadcastValues {
  /** One per body variable, in order. */
  body: BroadcastValue[];
  /** The header's text variable. */
  header?: BroadcastValue | undefined;
  /** A media header's file: a gallery item or upload, by its stored id. */
  headerMediaId?: string | undefined;
  /** The URL button's suffix. */
  buttonUrl?: BroadcastValue | undefined;
}

/** The customers table's filters, as a broadcast's audience keeps them. */
export interface BroadcastFilter {
  search?: string | undefined;
  labelId?: string | undefined;
  stageId?: string | undefined;
  divisionId?: string | undefined;
  accountId?: string | undefined;
  /** First contact on or after this day (the project's time zone). */
  from?: string | undefined;
  /** First contact on or before this day. */
  to?: string | undefined;
}

/**
 * Who a broadcast goes to: the project's customers matching the customers table's filters, or the
 * phones of a CSV (a header row with a `phone` column, or phones in the first column). Opted-out
 * customers are always left out. A filter audience is resolved when the broadcast starts.
 */
export type BroadcastAudience =
  { kind: 'filter'; filter: BroadcastFilter } | { kind: 'csv'; csv: string; filename: string };

/** Why a CSV row was left out. */
export const audienceRowProblems = ['phone', 'duplicate', 'opted_out'] as const;
export type AudienceRowProblem = (typeof audienceRowProblems)[number];

/** A CSV row left out: its 1-based line, the phone as written, and why. */
export interface AudienceRowError {
  line: number;
  phone: string;
  problem: AudienceRowProblem;
}

/** What the composer shows before sending: who and what it costs against the balance. */
export interface BroadcastPreview {
  /** The recipients it would go to now. */
  recipients: number;
  /** Customers the audience matched who opted out (left out). */
  optedOut: number;
  /** A CSV's rows left out (at most the first 200), and how many in all. */
  rowErrors: AudienceRowError[];
  rowErrorCount: number;
  category: PriceCategory;
  /** The price of one recipient's message now, whole rupiah. */
  perRecipient: number;
  /** `recipients × perRecipient`. */
  total: number;
  /** The project's balance now. */
  balance: number;
  /** Whether the balance pays for the whole estimate. */
  covers: boolean;
}

/** A broadcast as the broadcasts table shows it, with its progress. */
export interface BroadcastSummary {
  id: string;
  name: string;
  status: BroadcastStatus;
  pauseReason: BroadcastPauseReason | null;
  account: { id: string; name: string; phone: string };
  template: { id: string | null; name: string; language: string; category: TemplateCategory };
  /** When it starts (`scheduled`), or was asked to start; ISO. */
  scheduledAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  /** Recipients in all (0 until a filter audience is resolved at start: see `estimated`). */
  total: number;
  /** The audience's size when it was created (the estimate's count). */
  estimated: number;
  /** Recipients per state. */
  counts: Record<RecipientState, number>;
  /** Recipients who replied after it reached them. */
  replied: number;
  /** What it has cost so far: charges less refunds, whole rupiah. */
  charged: number;
  /** The price per recipient when it was created, whole rupiah. */
  perRecipient: number;
}

/** One broadcast with what it sends and to whom (the detail page, the edit form). */
export interface BroadcastDetail extends BroadcastSummary {
  values: BroadcastValues;
  /** The audience as created (a CSV's text is left out: `csv` is its filename and row count). */
  audience: { kind: 'filter'; filter: BroadcastFilter } | { kind: 'csv'; filename: string; rows: number };
  /** The template's body with `{{n}}` as sent, for the preview. */
  body: string;
  /** Messages per second this broadcast's number sends at. */
  rate: number;
  /** Whether failed recipients with transient errors can be tried again (`broadcast_retry`). */
  retryable: number;
}

/** One recipient's row in a broadcast's results. */
export interface BroadcastRecipient {
  id: string;
  customerId: string | null;
  conversationId: string | null;
  name: string;
  /** Masked for callers without `crm.chat.show_user_contact_detail`. */
  phone: string;
  state: RecipientState;
  /** Meta's error on a failed recipient (or the last transient one), and its catalogue key (`broadcastFailureKind`). */
  error: { code: number; title: string } | null;
  reason: BroadcastFailureReason | null;
  /** Whether a failed recipient may be tried again. */
  transient: boolean;
  attempts: number;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  repliedAt: string | null;
}
