import {
  createAccount,
  deleteAccount,
  findAccount,
  graphClientOf,
  listAccounts,
  readNumber,
  updateAccount,
  verifyNumber,
} from '../../inbox/accounts.ts';
import { announce } from '../../inbox/announce.ts';
import { toAccount } from '../../inbox/views.ts';
import { notifyAccountDisconnected } from '../../notifications/notify.ts';
import { translate } from '../../i18n/translate.ts';
import type { AccountRow } from '../../db/schema.ts';
import { openToken, sealToken } from '../../security/tokenBox.ts';
import { ActError } from '../ActError.ts';
import { inProject } from '../context.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

/** Tells the project a number's facts changed (the accounts screen). */
function announceUpdated(ctx: ActContext, key: string, row: AccountRow): void {
  ctx.services.publisher.toProject(key, 'account.updated', { key, account: toAccount(row) });
}

function announceStatus(ctx: ActContext, key: string, row: AccountRow): void {
  ctx.services.publisher.toProject(key, 'account.status', { key, accountId: row.id, status: row.status });
}

/** The key access tokens are sealed with (loaded by buildApp before any act runs). */
function tokenKeyOf(ctx: ActContext): Buffer {
  const key = ctx.services.config.whatsapp.tokenKey;
  if (key === null) throw new Error('the token key is not loaded');
  return key;
}

function fieldError(ctx: ActContext, name: string, key: Parameters<typeof translate>[1]): ActError {
  return new ActError('invalid_input', { errors: { [name]: translate(ctx.locale, key) } });
}

export const accountHandlers = {
  async account_list(_input, ctx) {
    const { project } = inProject(ctx);
    return (await listAccounts(ctx.services.db, project.id)).map(toAccount);
  },

  /**
   * Meta is asked first whether the token may use the number, and whether the number is one of
   * the WABA's: a refused token is the token's fault, a number outside the WABA the WABA id's; an
   * unknown id, another business's, and one already added (to this project or any other) all get
   * the same answer, so the refusal tells nobody where a number is registered.
   */
  async account_create(input, ctx) {
    const { project } = inProject(ctx);
    const field = (name: string, key: Parameters<typeof translate>[1]) => fieldError(ctx, name, key);
    const unavailable = () => field('phoneNumberId', 'field.phone_number_unavailable');
    const verified = await verifyNumber(ctx.services.config.whatsapp, input);
    if (!verified.ok) {
      if (verified.reason === 'unreachable') throw new ActError('whatsapp_unreachable');
      if (verified.reason === 'number') throw unavailable();
      if (verified.reason === 'waba') throw field('wabaId', 'field.waba_number_mismatch');
      throw field('accessToken', 'field.access_token_refused');
    }
    const displayPhone = verified.displayPhone ?? input.displayPhone;
    if (displayPhone === undefined) throw unavailable();
    const row = await createAccount(ctx.services.db, {
      projectId: project.id,
      name: input.name,
      phoneNumberId: input.phoneNumberId,
      wabaId: input.wabaId,
      displayPhone,
      verifiedName: verified.verifiedName === '' ? null : verified.verifiedName,
      qualityRating: verified.qualityRating,
      messagingLimit: verified.messagingLimit,
      checkedAt: ctx.now,
      accessToken: sealToken(tokenKeyOf(ctx), input.accessToken),
      now: ctx.now,
    });
    if (row === null) throw unavailable();
    ctx.services.accountRoutes.forget(input.phoneNumberId);
    announceUpdated(ctx, project.key, row);
    return toAccount(row);
  },

  /**
   * A new token or WABA is checked with Meta as `account_create` checks them (the number to the
   * token, the number in the WABA), and the number's facts are read again; on a refusal nothing
   * changes.
   */
  async account_update(input, ctx) {
    const { project } = inProject(ctx);
    const before = await findAccount(ctx.services.db, project.id, input.id);
    if (before === null) throw new ActError('not_found');
    let facts = {};
    if (input.accessToken !== undefined || input.wabaId !== undefined) {
      const verified = await verifyNumber(ctx.services.config.whatsapp, {
        phoneNumberId: before.phoneNumberId,
        wabaId: input.wabaId ?? before.wabaId,
        accessToken: input.accessToken ?? openToken(tokenKeyOf(ctx), before.accessToken),
        graphBaseUrl: before.graphBaseUrl,
      });
      if (!verified.ok) {
        if (verified.reason === 'unreachable') throw new ActError('whatsapp_unreachable');
        if (verified.reason === 'waba') throw fieldError(ctx, 'wabaId', 'field.waba_number_mismatch');
        // The stored number itself is no longer the token's: the token is what is wrong here.
        throw fieldError(ctx, 'accessToken', 'field.access_token_refused');
      }
      facts = {
        ...(verified.displayPhone === null ? {} : { displayPhone: verified.displayPhone }),
        ...(verified.verifiedName === '' ? {} : { verifiedName: verified.verifiedName }),
        qualityRating: verified.qualityRating,
        messagingLimit: verified.messagingLimit ?? before.messagingLimit,
        checkedAt: ctx.now,
      };
    }
    const changes = {
      ...facts,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.wabaId === undefined ? {} : { wabaId: input.wabaId }),
      ...(input.broadcastRate === undefined ? {} : { broadcastRate: input.broadcastRate }),
      // A new token Meta accepted: the number is connected again.
      ...(input.accessToken === undefined
        ? {}
        : { accessToken: sealToken(tokenKeyOf(ctx), input.accessToken), status: 'connected' as const }),
    };
    const row = await updateAccount(ctx.services.db, project.id, input.id, changes, ctx.now);
    if (row === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(row.phoneNumberId);
    if (row.status !== before.status) announceStatus(ctx, project.key, row);
    announceUpdated(ctx, project.key, row);
    return toAccount(row);
  },

  async account_logout(input, ctx) {
    const { project } = inProject(ctx);
    const row = await updateAccount(ctx.services.db, project.id, input.id, { status: 'logged_out' }, ctx.now);
    if (row === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(row.phoneNumberId);
    announceStatus(ctx, project.key, row);
    await notifyAccountDisconnected(ctx.services, row, ctx.caller?.user.id ?? null, ctx.log);
    return toAccount(row);
  },

  /**
   * Reads the number from Meta again with its token. A token (or number) Meta refuses marks it
   * `disconnected` (a logged-out number stays logged out); one Meta answers is `connected` again
   * if it was disconnected. Meta out of reach changes nothing.
   */
  async account_refresh(input, ctx) {
    const { project } = inProject(ctx);
    const { db, config } = ctx.services;
    const before = await findAccount(db, project.id, input.id);
    if (before === null) throw new ActError('not_found');
    const found = await readNumber(graphClientOf(config.whatsapp, before, 10_000), before.phoneNumberId);
    if (!found.ok && found.reason === 'unreachable') throw new ActError('whatsapp_unreachable');
    const status =
      before.status === 'logged_out'
        ? before.status
        : found.ok
          ? ('connected' as const)
          : ('disconnected' as const);
    const row = await updateAccount(
      db,
      project.id,
      input.id,
      found.ok
        ? {
            status,
            ...(found.displayPhone === null ? {} : { displayPhone: found.displayPhone }),
            verifiedName: found.verifiedName === '' ? before.verifiedName : found.verifiedName,
            qualityRating: found.qualityRating,
            messagingLimit: found.messagingLimit ?? before.messagingLimit,
            checkedAt: ctx.now,
          }
        : { status, checkedAt: ctx.now },
      ctx.now,
    );
    if (row === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(row.phoneNumberId);
    if (row.status !== before.status) {
      announceStatus(ctx, project.key, row);
      if (row.status === 'disconnected') {
        await notifyAccountDisconnected(ctx.services, row, ctx.caller?.user.id ?? null, ctx.log);
      }
    }
    announceUpdated(ctx, project.key, row);
    return toAccount(row);
  },

  /**
   * Deletes the number (kept with `deleted_at`, so its conversations stay readable): its pending
   * sends fail at once (`Account deleted`), their jobs are closed, its webhooks route nowhere.
   */
  async account_delete(input, ctx) {
    const { project } = inProject(ctx);
    const { db, publisher } = ctx.services;
    const deleted = await deleteAccount(db, project, input.id, ctx.now);
    if (deleted === null) throw new ActError('not_found');
    ctx.services.accountRoutes.forget(deleted.account.phoneNumberId);
    publisher.toProject(project.key, 'account.deleted', { key: project.key, accountId: deleted.account.id });
    announce(publisher, deleted.announcements);
    return { id: deleted.account.id };
  },
} satisfies Pick<
  ActHandlers,
  | 'account_list'
  | 'account_create'
  | 'account_update'
  | 'account_logout'
  | 'account_refresh'
  | 'account_delete'
>;
