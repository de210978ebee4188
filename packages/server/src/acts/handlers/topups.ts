/**
 * Top-up acts (issue 16): the caller's top-ups of their own saldo through the payment gateway
 * (src/billing/payments). Another user's top-up answers `not_found`; a gateway that refuses or
 * does not answer, `payment_unavailable`.
 */
import {
  checkedRecently,
  createTopup,
  isPaymentGatewayError,
  listTopups,
  reconcileTopup,
  toTopup,
  topupOf,
} from '../../billing/payments/index.ts';
import type { TopupDeps } from '../../billing/payments/index.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { signedIn } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

type TopupActs = 'topup_create' | 'topup_list' | 'topup_get' | 'topup_check';

function paymentsOf(ctx: ActContext): TopupDeps {
  const { db, payments, publisher } = ctx.services;
  return { db, gateway: payments, publisher, log: ctx.log };
}

/** `Isi saldo Rp50.000`: the line the gateway's page shows, in the caller's language. */
function itemName(ctx: ActContext, amount: number): string {
  return `${translate(ctx.locale, 'saldo.topup.title')} Rp${new Intl.NumberFormat('id-ID').format(amount)}`;
}

async function callersTopup(ctx: ActContext, id: string) {
  const row = await topupOf(ctx.services.db, signedIn(ctx).user.id, id);
  if (row === null) throw new ActError('not_found');
  return row;
}

export const topupHandlers: Pick<ActHandlers, TopupActs> = {
  async topup_create(input, ctx) {
    const { user } = signedIn(ctx);
    const { publicUrl } = ctx.services.config;
    const created = await createTopup(paymentsOf(ctx), {
      user,
      amount: input.amount,
      clientId: input.clientId,
      itemName: itemName(ctx, input.amount),
      finishUrl: publicUrl === null ? null : `${publicUrl}/saldo`,
      now: ctx.now,
    });
    if (!created.ok) throw new ActError('payment_unavailable');
    return toTopup(created.topup);
  },

  async topup_list(input, ctx) {
    return listTopups(ctx.services.db, signedIn(ctx).user.id, {
      page: input.page ?? 0,
      status: input.status,
    });
  },

  async topup_get(input, ctx) {
    return toTopup(await callersTopup(ctx, input.id));
  },

  async topup_check(input, ctx) {
    const row = await callersTopup(ctx, input.id);
    if (row.status !== 'pending' || checkedRecently(row, ctx.now)) return toTopup(row);
    try {
      return toTopup((await reconcileTopup(paymentsOf(ctx), row.id, ctx.now)) ?? row);
    } catch (error) {
      if (isPaymentGatewayError(error)) throw new ActError('payment_unavailable');
      throw error;
    }
  },
};
