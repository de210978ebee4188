/**
 * The message templates of a number's WhatsApp Business Account (src/templates): listed from the
 * project's copy, synced from Meta, created and deleted at Meta first.
 */
import type { AccountRow } from '../../db/schema.ts';
import { findAccount, updateAccount } from '../../inbox/accounts.ts';
import { notifyAccountDisconnected } from '../../notifications/notify.ts';
import { translate } from '../../i18n/translate.ts';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  refusalOf,
  syncAccountTemplates,
  templateDeleted,
  templateUpdated,
  toTemplate,
} from '../../templates/index.ts';
import type { MetaRefusal, TemplateDeps } from '../../templates/index.ts';
import { ActError } from '../ActError.ts';
import { inProject } from '../context.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

function depsOf(ctx: ActContext): TemplateDeps {
  const { db, now, publisher, config } = ctx.services;
  return { db, now, publisher, whatsapp: config.whatsapp };
}

/** A live number of the project (`not_found` otherwise). */
async function numberOf(ctx: ActContext, accountId: string): Promise<AccountRow> {
  const { project } = inProject(ctx);
  const account = await findAccount(ctx.services.db, project.id, accountId);
  if (account === null) throw new ActError('not_found');
  return account;
}

/** A live number of the project with its WABA; one added without a WABA id cannot manage templates. */
async function numberWithWaba(ctx: ActContext, accountId: string): Promise<AccountRow & { wabaId: string }> {
  const account = await numberOf(ctx, accountId);
  const { wabaId } = account;
  if (wabaId === null) {
    throw new ActError('invalid_input', {
      errors: { accountId: translate(ctx.locale, 'field.account_without_waba') },
    });
  }
  return { ...account, wabaId };
}

/**
 * Meta's refusal as the act's answer. A refused token also marks the number `disconnected`
 * (as a failed send does), so the accounts screen shows it.
 */
async function refused(ctx: ActContext, account: AccountRow, refusal: MetaRefusal): Promise<ActError> {
  switch (refusal.reason) {
    case 'unreachable':
      return new ActError('whatsapp_unreachable');
    case 'name_taken':
      return new ActError('invalid_input', {
        errors: { 'template.name': translate(ctx.locale, 'field.template_name_taken') },
      });
    case 'refused':
      return new ActError('template_refused', { data: { detail: refusal.detail } });
    case 'token': {
      const { project } = inProject(ctx);
      if (account.status === 'connected') {
        const row = await updateAccount(
          ctx.services.db,
          project.id,
          account.id,
          { status: 'disconnected' },
          ctx.now,
        );
        if (row !== null) {
          ctx.services.publisher.toProject(project.key, 'account.status', {
            key: project.key,
            accountId: row.id,
            status: row.status,
          });
          await notifyAccountDisconnected(ctx.services, row, ctx.caller?.user.id ?? null, ctx.log);
        }
      }
      return new ActError('invalid_input', {
        errors: { accountId: translate(ctx.locale, 'field.access_token_refused') },
      });
    }
  }
}

export const templateHandlers = {
  /** The project's copy, as last read from Meta; a number without a WABA id has none. */
  async template_list(input, ctx) {
    const { project } = inProject(ctx);
    const account = await numberOf(ctx, input.accountId);
    if (account.wabaId === null) return [];
    return (await listTemplates(ctx.services.db, project.id, account.wabaId)).map(toTemplate);
  },

  async template_sync(input, ctx) {
    const { project } = inProject(ctx);
    const account = await numberWithWaba(ctx, input.accountId);
    let result;
    try {
      result = await syncAccountTemplates(depsOf(ctx), account, project.key);
    } catch (error) {
      throw await refused(ctx, account, refusalOf(error));
    }
    return result.rows.map(toTemplate);
  },

  /** The draft passed Meta's rules in the contract (`templateDraftProblems`) before it gets here. */
  async template_create(input, ctx) {
    const { project } = inProject(ctx);
    const account = await numberWithWaba(ctx, input.accountId);
    const created = await createTemplate(depsOf(ctx), account, input.template);
    if (!created.ok) throw await refused(ctx, account, created);
    ctx.services.publisher.publish(templateUpdated(project.key, created.row));
    return toTemplate(created.row);
  },

  async template_delete(input, ctx) {
    const { project } = inProject(ctx);
    const account = await numberWithWaba(ctx, input.accountId);
    const template = await findTemplate(ctx.services.db, project.id, input.id);
    if (template === null || template.wabaId !== account.wabaId) throw new ActError('not_found');
    const deleted = await deleteTemplate(depsOf(ctx), account, template);
    if (!deleted.ok) throw await refused(ctx, account, deleted);
    if (deleted.row !== null) ctx.services.publisher.publish(templateDeleted(project.key, deleted.row));
    return { id: template.id };
  },
} satisfies Pick<ActHandlers, 'template_list' | 'template_sync' | 'template_create' | 'template_delete'>;
