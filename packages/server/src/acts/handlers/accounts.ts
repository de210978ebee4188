import {
  createAccount,
  findAccount,
  listAccounts,
  updateAccount,
  verifyNumber,
} from '../../inbox/accounts.ts';
import { toAccount } from '../../inbox/views.ts';
import { notifyAccountDisconnected } from '../../notifications/notify.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

export const accountHandlers = {
  async account_list(_input, ctx) {
    const { project } = inProject(ctx);
    return (await listAccounts(ctx.services.db, project.id)).map(toAccount);
  },

  /**
   * Meta is asked first whether the token may use the number: a refused token is the token's
   * fault; an unknown id, another business's, and one already added (to this project or any
   * other) all get the same answer, so the refusal tells nobody where a number is registered.
   */
  async account_create(input, ctx) {
    const { project } = inProject(ctx);
    const unavailable = () =>
      new ActError('invalid_input', {
        errors: { phoneNumberId: translate(ctx.locale, 'field.phone_number_unavailable') },
      });
    const verified = await verifyNumber(ctx.services.config.whatsapp, input.phoneNumberId, input.accessToken);
    if (!verified.ok) {
      if (verified.reason === 'unreachable') throw new ActError('whatsapp_unreachable');
      if (verified.reason === 'number') throw unavailable();
      throw new ActError('invalid_input', {
        errors: { accessToken: translate(ctx.locale, 'field.access_token_refused') },
      });
    }
    const row = await createAccount(ctx.services.db, {
      projectId: project.id,
      name: input.name,
      phoneNumberId: input.phoneNumberId,
      displayPhone: verified.displayPhone ?? input.displayPhone,
      verifiedName: verified.verifiedName === '' ? null : verified.verifiedName,
      accessToken: input.accessToken,
      now: ctx.now,
    });
    if (row === null) throw unavailable();
    ctx.services.accountRoutes.forget(input.phoneNumberId);
    return toAccount(row);
  },

  async account_update(input, ctx) {
    const { project } = inProject(ctx);
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      // A new token is a fresh start: the number is connected again until Meta refuses it.
      ...(input.accessToken === undefined
        ? {}
        : { accessToken: input.accessToken, status: 'connected' as const }),
    };
    const before = await findAccount(ctx.services.db, project.id, input.id);
    if (before === null) throw new ActError('not_found');
    const row = await updateAccount(ctx.services.db, project.id, input.id, changes, ctx.now);
    if (row === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(row.phoneNumberId);
    if (row.status !== before.status) {
      ctx.services.publisher.toProject(project.key, 'account.status', {
        key: project.key,
        accountId: row.id,
        status: row.status,
      });
    }
    return toAccount(row);
  },

  async account_logout(input, ctx) {
    const { project } = inProject(ctx);
    const row = await updateAccount(ctx.services.db, project.id, input.id, { status: 'logged_out' }, ctx.now);
    if (row === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(row.phoneNumberId);
    ctx.services.publisher.toProject(project.key, 'account.status', {
      key: project.key,
      accountId: row.id,
      status: row.status,
    });
    await notifyAccountDisconnected(ctx.services, row, ctx.caller?.user.id ?? null, ctx.log);
    return toAccount(row);
  },
} satisfies Pick<ActHandlers, 'account_list' | 'account_create' | 'account_update' | 'account_logout'>;
