import { createProject, listMemberships, toProject } from '../../projects/projects.ts';
import { projectSummaries } from '../../team/summaries.ts';
import { inProject, signedIn } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

export const projectHandlers = {
  async project_create(input, ctx) {
    const { user } = signedIn(ctx);
    const created = await createProject(ctx.services.db, { name: input.name, userId: user.id, now: ctx.now });
    // The creator's open sockets join the new project's rooms at once.
    await ctx.services.publisher.membershipChanged({
      userId: user.id,
      key: created.project.key,
      permissions: created.permissions,
    });
    return toProject(created);
  },

  async project_list(_input, ctx) {
    const { user } = signedIn(ctx);
    const memberships = await listMemberships(ctx.services.db, user.id);
    return projectSummaries(ctx.services.db, user.id, memberships);
  },

  async project_get(_input, ctx) {
    return toProject(inProject(ctx));
  },
} satisfies Pick<ActHandlers, 'project_create' | 'project_list' | 'project_get'>;
