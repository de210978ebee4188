/**
 * Label acts: the labels screen (`crm.label.*`), and labels on customers from the chat's customer
 * panel (`crm.chat.add_label`), only on customers the caller sees in a conversation.
 */
import {
  createLabel,
  deleteLabel,
  findLabel,
  labelsOfCustomer,
  listLabels,
  setCustomerLabel,
  updateLabel,
} from '../../crm/labels.ts';
import { visibleConversationsOfCustomer } from '../../inbox/conversations.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';
import { scopeOf } from './inbox.ts';

const nameTaken = (ctx: ActContext) =>
  new ActError('invalid_input', { errors: { name: translate(ctx.locale, 'field.label_name_taken') } });

/** A customer the caller sees in at least one conversation, else `not_found`. */
async function visibleCustomer(ctx: ActContext, customerId: string): Promise<void> {
  const ids = await visibleConversationsOfCustomer(ctx.services.db, scopeOf(ctx), customerId);
  if (ids.length === 0) throw new ActError('not_found');
}

export const labelHandlers = {
  async label_list(input, ctx) {
    const { project } = inProject(ctx);
    return listLabels(ctx.services.db, project.id, {
      page: input.page ?? 0,
      search: input.search ?? '',
      sort: input.sort ?? 'name',
      all: input.all ?? false,
    });
  },

  async label_create(input, ctx) {
    const { project } = inProject(ctx);
    const label = await createLabel(ctx.services.db, {
      projectId: project.id,
      name: input.name,
      color: input.color,
      now: ctx.now,
    });
    if (label === null) throw nameTaken(ctx);
    return label;
  },

  async label_update(input, ctx) {
    const { project } = inProject(ctx);
    const label = await updateLabel(ctx.services.db, project.id, input.id, {
      name: input.name,
      color: input.color,
    });
    if (label === 'taken') throw nameTaken(ctx);
    if (label === null) throw new ActError('not_found');
    return label;
  },

  async label_delete(input, ctx) {
    const { project } = inProject(ctx);
    if (!(await deleteLabel(ctx.services.db, project.id, input.id))) throw new ActError('not_found');
    return { id: input.id };
  },

  async customer_label_list(input, ctx) {
    await visibleCustomer(ctx, input.customerId);
    return labelsOfCustomer(ctx.services.db, input.customerId);
  },

  async customer_label_set(input, ctx) {
    const { project } = inProject(ctx);
    await visibleCustomer(ctx, input.customerId);
    if ((await findLabel(ctx.services.db, project.id, input.labelId)) === null)
      throw new ActError('not_found');
    await setCustomerLabel(ctx.services.db, {
      customerId: input.customerId,
      labelId: input.labelId,
      attached: input.attached,
      now: ctx.now,
    });
    return labelsOfCustomer(ctx.services.db, input.customerId);
  },
} satisfies Pick<
  ActHandlers,
  | 'label_list'
  | 'label_create'
  | 'label_update'
  | 'label_delete'
  | 'customer_label_list'
  | 'customer_label_set'
>;
