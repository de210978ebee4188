/**
 * The caller's saldo and a project's balance (issue 16, src/billing): balances, ledgers, paying
 * into a project, the low-balance threshold, spend per day and monthly statements. Changes are
 * announced after their transaction commits: `saldo.updated` to the user, `billing.updated` to
 * the members who see the project's billing.
 */
import { can } from '../../sdk.ts';
import type { Saldo } from '../../sdk.ts';
import { billingUpdated, projectBillingOf, publishBillingChanges } from '../../billing/announce.ts';
import { dayCount, isRealDay } from '../../billing/days.ts';
import { LEDGER_EXPORT_MAX_ROWS, ledgerCsv } from '../../billing/ledgerCsv.ts';
import { findWallet, ledgerPage, ledgerRows, monthStatement, spendPerDay } from '../../billing/queries.ts';
import { setThreshold } from '../../billing/thresholds.ts';
import { payIntoProject } from '../../billing/transfers.ts';
import { ledgerEntriesByIds, saldoOf, toProjectBilling } from '../../billing/views.ts';
import { translate } from '../../i18n/translate.ts';
import { SALDO_TIME_ZONE, SPEND_RANGE_MAX_DAYS } from '../../sdk.ts';
import { ActError } from '../ActError.ts';
import { inProject, signedIn } from '../context.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

type BillingActs =
  | 'saldo_get'
  | 'saldo_ledger'
  | 'saldo_export'
  | 'billing_get'
  | 'billing_ledger'
  | 'billing_export'
  | 'billing_pay'
  | 'billing_threshold_set'
  | 'billing_spend'
  | 'billing_statement';

function invalidField(ctx: ActContext, field: string): ActError {
  return new ActError('invalid_input', { errors: { [field]: translate(ctx.locale, 'field.invalid') } });
}

/** `from` and `to`, when given, are real calendar days (`2026-02-30` is refused). */
function checkDays(ctx: ActContext, days: { from?: string | undefined; to?: string | undefined }): void {
  for (const field of ['from', 'to'] as const) {
    const day = days[field];
    if (day !== undefined && !isRealDay(day)) throw invalidField(ctx, field);
  }
}

const pricesOf = (ctx: ActContext) => ctx.services.config.billing.prices;

async function saldoNow(ctx: ActContext, userId: string): Promise<Saldo> {
  return saldoOf(ctx.services.db, userId, ctx.now);
}

export const billingHandlers = {
  async saldo_get(_input, ctx) {
    return saldoNow(ctx, signedIn(ctx).user.id);
  },

  async saldo_ledger(input, ctx) {
    const { user } = signedIn(ctx);
    checkDays(ctx, input);
    const wallet = await findWallet(ctx.services.db, { userId: user.id });
    return ledgerPage(ctx.services.db, wallet?.id ?? null, input, SALDO_TIME_ZONE, {
      seesContactDetail: true,
    });
  },

  async saldo_export(input, ctx) {
    const { user } = signedIn(ctx);
    checkDays(ctx, input);
    const wallet = await findWallet(ctx.services.db, { userId: user.id });
    const entries = await ledgerRows(
      ctx.services.db,
      wallet?.id ?? null,
      input,
      SALDO_TIME_ZONE,
      {
        seesContactDetail: true,
      },
      LEDGER_EXPORT_MAX_ROWS,
    );
    return {
      filename: `saldo-${ctx.now.toISOString().slice(0, 10)}.csv`,
      csv: ledgerCsv(entries),
      rows: entries.length,
    };
  },

  async billing_get(_input, ctx) {
    const { project } = inProject(ctx);
    return projectBillingOf(ctx.services.db, project, pricesOf(ctx), ctx.now);
  },

  async billing_ledger(input, ctx) {
    const { project, permissions } = inProject(ctx);
    checkDays(ctx, input);
    const wallet = await findWallet(ctx.services.db, { projectId: project.id });
    return ledgerPage(ctx.services.db, wallet?.id ?? null, input, project.timeZone, {
      seesContactDetail: can(permissions, 'crm.chat.show_user_contact_detail'),
    });
  },

  async billing_export(input, ctx) {
    const { project, permissions } = inProject(ctx);
    checkDays(ctx, input);
    const wallet = await findWallet(ctx.services.db, { projectId: project.id });
    const entries = await ledgerRows(
      ctx.services.db,
      wallet?.id ?? null,
      input,
      project.timeZone,
      {
        seesContactDetail: can(permissions, 'crm.chat.show_user_contact_detail'),
      },
      LEDGER_EXPORT_MAX_ROWS,
    );
    return {
      filename: `tagihan-${project.key}-${ctx.now.toISOString().slice(0, 10)}.csv`,
      csv: ledgerCsv(entries),
      rows: entries.length,
    };
  },

  async billing_pay(input, ctx) {
    const { user } = signedIn(ctx);
    const { project } = inProject(ctx);
    const { db, publisher } = ctx.services;
    const paid = await payIntoProject(db, {
      userId: user.id,
      projectId: project.id,
      amount: input.amount,
      clientId: input.clientId,
      at: ctx.now,
    });
    if (!paid.ok && paid.reason === 'insufficient_saldo') throw new ActError('insufficient_saldo');
    if (!paid.ok && paid.reason === 'client_id_used') throw invalidField(ctx, 'clientId');
    const saldo = await saldoNow(ctx, user.id);
    if (paid.ok) {
      const [entry] = await ledgerEntriesByIds(db, [paid.saldoEntry.id], { seesContactDetail: true });
      publisher.toUser(user.id, 'saldo.updated', { saldo, ...(entry === undefined ? {} : { entry }) });
      await publishBillingChanges({ ...ctx.services, prices: pricesOf(ctx), log: ctx.log }, [paid.project]);
    }
    // A repeated `clientId` moved nothing more: it answers the balances as they are.
    return { billing: await projectBillingOf(db, project, pricesOf(ctx), ctx.now), saldo };
  },

  async billing_threshold_set(input, ctx) {
    const { project } = inProject(ctx);
    const wallet = await setThreshold(ctx.services.db, project.id, input.threshold, ctx.now);
    const billing = toProjectBilling(project.key, wallet, pricesOf(ctx), ctx.now);
    ctx.services.publisher.publish(billingUpdated(billing));
    return billing;
  },

  async billing_spend(input, ctx) {
    const { project } = inProject(ctx);
    checkDays(ctx, input);
    const days = dayCount(input.from, input.to);
    if (days === 0 || days > SPEND_RANGE_MAX_DAYS) throw invalidField(ctx, 'to');
    const wallet = await findWallet(ctx.services.db, { projectId: project.id });
    return spendPerDay(ctx.services.db, wallet?.id ?? null, input, project.timeZone);
  },

  async billing_statement(input, ctx) {
    const { project } = inProject(ctx);
    const wallet = await findWallet(ctx.services.db, { projectId: project.id });
    return monthStatement(ctx.services.db, wallet?.id ?? null, input.month, project.timeZone);
  },
} satisfies Pick<ActHandlers, BillingActs>;
