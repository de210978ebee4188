/**
 * The prepaid balance's acts (issue 16): the caller's saldo and its top-ups, and a project's
 * balance, its usage ledger, spend and statements. Spread into `acts` (acts.ts).
 */
import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type {
  BillingStatement,
  LedgerEntry,
  ProjectBilling,
  Saldo,
  SpendDay,
  Topup,
} from './billingTypes.ts';
import { ledgerKinds, priceCategories } from './billingTypes.ts';
import { AMOUNT_MAX, TOPUP_MAX, TOPUP_MIN, TRANSFER_MIN } from '../billing/amounts.ts';

const projectKey = z.string().min(1).max(64);
const id = z.uuid();
const page = z.number().int().min(0).max(1_000_000);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Rows per page of a ledger: 10 by default, up to 500 (CSV exports page through at 500). */
const size = z.number().int().min(1).max(500);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** What a ledger list filters by. */
const ledgerFilter = {
  page: page.optional(),
  size: size.optional(),
  kind: z.enum(ledgerKinds).optional(),
  /** Entries on or after this day (Asia/Jakarta for a saldo, the project's time zone for a project). */
  from: day.optional(),
  /** Entries on or before this day. */
  to: day.optional(),
};

export const billingActs = {
  saldo_get: defineAct<Saldo>()({
    input: z.object({}),
    access: 'user',
    summary: "The caller's saldo in whole rupiah, and the sum of their top-ups still waiting for payment.",
  }),
  saldo_ledger: defineAct<LedgerEntry[]>()({
    input: z.object(ledgerFilter),
    access: 'user',
    shape: 'page',
    summary:
      "The caller's saldo ledger, newest first, `size` rows a page (10 by default): top-ups, transfers into projects, adjustments, each with the balance after it.",
  }),
  saldo_export: defineAct<{ filename: string; csv: string; rows: number }>()({
    input: z.object({ kind: z.enum(ledgerKinds).optional(), from: day.optional(), to: day.optional() }),
    access: 'user',
    summary:
      "The caller's saldo ledger with `saldo_ledger`'s filters as CSV (UTF-8, comma-separated, a header row; amounts as whole rupiah), oldest first, as `customer_export` answers.",
  }),
  topup_create: defineAct<Topup>()({
    input: z.object({
      amount: z.number().int().min(TOPUP_MIN).max(TOPUP_MAX),
      /** The sender's id of this top-up (uuid): asking again answers the same top-up. */
      clientId: id,
    }),
    access: 'user',
    summary:
      "Starts a top-up of the caller's saldo: a new gateway order (Midtrans Snap, or the local simulator) for `amount` rupiah, answered `pending` with the `redirectUrl` where the payer pays. The saldo is credited once, only when a verified notification or a status check says the money arrived. The gateway unreachable or refusing answers `payment_unavailable`; nothing is stored then.",
  }),
  topup_list: defineAct<Topup[]>()({
    input: z.object({
      page: page.optional(),
      status: z.enum(['pending', 'paid', 'expired', 'failed']).optional(),
    }),
    access: 'user',
    shape: 'page',
    summary: "The caller's top-ups, newest first, 10 a page.",
  }),
  topup_get: defineAct<Topup>()({
    input: z.object({ id }),
    access: 'user',
    summary: "One of the caller's top-ups (its receipt); another user's answers `not_found`.",
  }),
  topup_check: defineAct<Topup>()({
    input: z.object({ id }),
    access: 'user',
    summary:
      'Asks the gateway\'s status API about one of the caller\'s pending top-ups ("I have paid") and applies its answer as a notification would: credited once if paid, expired or failed if so, unchanged otherwise. A finished top-up answers as it is.',
  }),
  billing_get: defineAct<ProjectBilling>()({
    input: z.object({ key: projectKey }),
    access: { permission: 'project.billing.view' },
    summary:
      "The project's balance, its low-balance threshold and the price table in force (and any change ahead). Changes are announced to members who see billing as `billing.updated`.",
  }),
  billing_ledger: defineAct<LedgerEntry[]>()({
    input: z.object({
      key: projectKey,
      ...ledgerFilter,
      category: z.enum(priceCategories).optional(),
      accountId: id.optional(),
    }),
    access: { permission: 'project.billing.view' },
    shape: 'page',
    summary:
      "The project's ledger, newest first, `size` rows a page: transfers in from members' saldo, each charge and refund with its message, customer, category and number, adjustments.",
  }),
  billing_export: defineAct<{ filename: string; csv: string; rows: number }>()({
    input: z.object({
      key: projectKey,
      kind: z.enum(ledgerKinds).optional(),
      category: z.enum(priceCategories).optional(),
      accountId: id.optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    access: { permission: 'project.billing.view' },
    summary:
      "The project's ledger with `billing_ledger`'s filters as CSV (a month's statement is its `from` and `to`): time, kind, category, message, customer, number, actor, amount and balance after, oldest first, as `customer_export` answers.",
  }),
  billing_pay: defineAct<{ billing: ProjectBilling; saldo: Saldo }>()({
    input: z.object({
      key: projectKey,
      amount: z.number().int().min(TRANSFER_MIN).max(AMOUNT_MAX),
      /** The sender's id of this transfer (uuid): asking again moves nothing more. */
      clientId: id,
    }),
    access: { permission: 'project.billing.pay' },
    summary:
      "Moves `amount` rupiah from the caller's saldo into the project's balance, in one transaction (two ledger entries). More than the saldo holds answers `insufficient_saldo` and moves nothing.",
  }),
  billing_threshold_set: defineAct<ProjectBilling>()({
    input: z.object({ key: projectKey, threshold: z.number().int().min(0).max(AMOUNT_MAX).nullable() }),
    access: { permission: 'project.billing.pay' },
    summary:
      'Sets the low-balance threshold (null: none). When a charge takes the balance below it, the members who see billing get one notification (and push where available) until it is topped up above it again.',
  }),
  billing_spend: defineAct<SpendDay[]>()({
    input: z.object({ key: projectKey, from: day, to: day }),
    access: { permission: 'project.billing.view' },
    summary:
      "Spend per day (the project's time zone) by category, charges less refunds, every day from `from` to `to` (at most 366 days; a longer range answers `invalid_input`).",
  }),
  billing_statement: defineAct<BillingStatement>()({
    input: z.object({ key: projectKey, month }),
    access: { permission: 'project.billing.view' },
    summary:
      "A month's statement (`yyyy-mm`, the project's time zone): opening and closing balance, sums by kind and by category, paid messages. Its entries are `billing_ledger` with that month's `from` and `to`.",
  }),
};
