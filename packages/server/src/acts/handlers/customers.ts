/**
 * Customer acts (`/crm/customer/{key}`, `crm.customer.*`): the table with its filters, create,
 * edit, delete, and CSV import and export. Phones are masked for callers without
 * `crm.chat.show_user_contact_detail`, who cannot search or export them either.
 */
import { can } from '../../sdk.ts';
import { customersCsv, EXPORT_MAX_ROWS, importCustomers } from '../../crm/customerCsv.ts';
import type { ImportTexts } from '../../crm/customerCsv.ts';
import {
  createCustomer,
  customerConditions,
  deleteCustomer,
  describeCustomers,
  findCustomer,
  listCustomers,
  updateCustomer,
} from '../../crm/customers.ts';
import type { CustomerViewer } from '../../crm/customers.ts';
import { and, desc } from 'drizzle-orm';
import { customers } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

function viewerOf(ctx: ActContext): CustomerViewer {
  const { project, permissions } = inProject(ctx);
  return {
    projectId: project.id,
    timeZone: project.timeZone,
    seesPhones: can(permissions, 'crm.chat.show_user_contact_detail'),
  };
}

const phoneTaken = (ctx: ActContext) =>
  new ActError('invalid_input', { errors: { phone: translate(ctx.locale, 'field.customer_phone_taken') } });

async function answer(ctx: ActContext, id: string) {
  const customer = await findCustomer(ctx.services.db, viewerOf(ctx), id);
  if (customer === null) throw new ActError('not_found');
  return customer;
}

export const customerHandlers = {
  async customer_list(input, ctx) {
    return listCustomers(ctx.services.db, viewerOf(ctx), {
      ...input,
      page: input.page ?? 0,
      sort: input.sort ?? 'newest',
    });
  },

  async customer_create(input, ctx) {
    const viewer = viewerOf(ctx);
    const id = await createCustomer(ctx.services.db, {
      projectId: viewer.projectId,
      name: input.name,
      phone: input.phone,
      notes: input.notes ?? '',
      customFields: input.customFields ?? {},
      now: ctx.now,
    });
    if (id === null) throw phoneTaken(ctx);
    return answer(ctx, id);
  },

  async customer_update(input, ctx) {
    const viewer = viewerOf(ctx);
    const updated = await updateCustomer(ctx.services.db, viewer.projectId, input.id, {
      name: input.name,
      phone: input.phone,
      notes: input.notes,
      customFields: input.customFields,
    });
    if (updated === 'taken') throw phoneTaken(ctx);
    if (!updated) throw new ActError('not_found');
    return answer(ctx, input.id);
  },

  async customer_delete(input, ctx) {
    const viewer = viewerOf(ctx);
    if (!(await deleteCustomer(ctx.services.db, viewer.projectId, input.id))) throw new ActError('not_found');
    return { id: input.id };
  },

  async customer_import(input, ctx) {
    const viewer = viewerOf(ctx);
    const texts: ImportTexts = (key) => translate(ctx.locale, `field.import_${key}`);
    return importCustomers(ctx.services.db, viewer.projectId, input.csv, {
      preview: input.preview ?? false,
      now: ctx.now,
      texts,
    });
  },

  async customer_export(input, ctx) {
    const viewer = viewerOf(ctx);
    const rows = await ctx.services.db
      .select()
      .from(customers)
      .where(and(...customerConditions(viewer, input)))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(EXPORT_MAX_ROWS);
    const described = [];
    for (let start = 0; start < rows.length; start += 1000) {
      described.push(...(await describeCustomers(ctx.services.db, viewer, rows.slice(start, start + 1000))));
    }
    const day = ctx.now.toISOString().slice(0, 10);
    return {
      filename: `pelanggan-${inProject(ctx).project.key}-${day}.csv`,
      csv: customersCsv(described),
      rows: described.length,
    };
  },
} satisfies Pick<
  ActHandlers,
  | 'customer_list'
  | 'customer_create'
  | 'customer_update'
  | 'customer_delete'
  | 'customer_import'
  | 'customer_export'
>;
