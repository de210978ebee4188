/**
 * `customer_opt_out` (`crm.customer.edit`): an agent opts a customer out of broadcasts
 * (`via: 'agent'`) or back in. Asking for what is already so changes nothing (an opt-out keeps
 * its time and how it was made). A change is announced as `conversation.updated` for each of the
 * customer's conversations, to whoever may see it, as a rename is: the chat's customer panel
 * follows.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { ActError } from '../acts/ActError.ts';
import { inProject } from '../acts/context.ts';
import type { ActHandlers } from '../acts/registry.ts';
import { conversations, customers } from '../db/schema.ts';
import type { CustomerRow } from '../db/schema.ts';
import { announce, conversationUpdated } from '../inbox/announce.ts';
import { conversationsWithCustomers } from '../inbox/conversations.ts';
import type { CustomerOptOut } from '../sdk.ts';

function optOutOf(row: Pick<CustomerRow, 'id' | 'optedOutAt' | 'optedOutVia'>): CustomerOptOut {
  return {
    customerId: row.id,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    optedOutVia: row.optedOutAt === null ? null : row.optedOutVia,
  };
}

export const optOutHandlers = {
  async customer_opt_out(input, ctx) {
    const { project } = inProject(ctx);
    const { db, publisher } = ctx.services;
    const ofProject = and(eq(customers.projectId, project.id), eq(customers.id, input.customerId));
    const [changed] = input.optedOut
      ? await db
          .update(customers)
          .set({ optedOutAt: ctx.now, optedOutVia: 'agent' })
          .where(and(ofProject, isNull(customers.optedOutAt)))
          .returning()
      : await db
          .update(customers)
          .set({ optedOutAt: null, optedOutVia: null })
          .where(and(ofProject, isNotNull(customers.optedOutAt)))
          .returning();
    if (changed === undefined) {
      const [unchanged] = await db.select().from(customers).where(ofProject).limit(1);
      if (unchanged === undefined) throw new ActError('not_found');
      return optOutOf(unchanged);
    }
    const ids = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.customerId, changed.id));
    const parts = await conversationsWithCustomers(
      db,
      ids.map((row) => row.id),
    );
    announce(
      publisher,
      parts.map((part) => conversationUpdated(project.key, part, ctx.now)),
    );
    return optOutOf(changed);
  },
} satisfies Pick<ActHandlers, 'customer_opt_out'>;
