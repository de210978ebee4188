/**
 * Project area acts (docs/team.md): members, invites, the permission editor, project settings,
 * deleting, handing over and leaving a project. The rules of who may grant what and of ownership
 * are the SDK's (`packages/sdk/src/permissions/grants.ts`); the queries live in src/team/.
 *
 * Real time: a member whose permissions or role change gets `project.permissions` after their
 * sockets have moved rooms; a member who is removed, leaves, or whose project is deleted gets
 * `project.removed` after their sockets have left its rooms. Acts are authorised from the stored
 * membership on every call, so a removed member's next act is refused at once.
 */
import { notify } from '../../notifications/notify.ts';
import { toProject } from '../../projects/projects.ts';
import { templatePermissions } from '../../sdk.ts';
import type { PermissionKey } from '../../sdk.ts';
import { translate } from '../../i18n/translate.ts';
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from '../../team/invites.ts';
import {
  listProjectMembers,
  removeMember,
  setMemberPermissions,
  transferOwnership,
} from '../../team/members.ts';
import { deleteProject, projectSettings, updateSettings } from '../../team/settings.ts';
import { ActError } from '../ActError.ts';
import { forgetProjectRoutes } from '../../broadcasts/optOutSettings.ts';
import { changed, scopeOf } from './inbox.ts';
import { inProject, signedIn } from '../context.ts';
import type { ActContext } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

/** Takes `userId` out of the project's rooms, then tells their open apps why. */
async function announceRemoval(
  ctx: ActContext,
  userId: string,
  key: string,
  reason: 'removed' | 'left' | 'deleted',
): Promise<void> {
  const { publisher } = ctx.services;
  await publisher.membershipChanged({ userId, key, permissions: null });
  publisher.toUser(userId, 'project.removed', { key, reason });
}

/** Moves the member's sockets to the rooms `permissions` allow, then tells their open apps. */
async function announcePermissions(
  ctx: ActContext,
  userId: string,
  key: string,
  permissions: PermissionKey[],
  role: 'owner' | 'member',
): Promise<void> {
  const { publisher } = ctx.services;
  await publisher.membershipChanged({ userId, key, permissions });
  publisher.toUser(userId, 'project.permissions', { key, permissions, role });
}

/**
 * Removes a member (or the caller leaving), refusing the owner and leaving nobody who may set
 * permissions. The conversations assigned to them go back to nobody (`conversation.updated` to
 * those who see them).
 */
async function removeFromProject(ctx: ActContext, userId: string, reason: 'removed' | 'left'): Promise<void> {
  const { project } = inProject(ctx);
  const scope = scopeOf(ctx);
  const result = await removeMember(ctx.services.db, project.id, userId, reason === 'left');
  if (!result.ok) throw new ActError(result.problem);
  await announceRemoval(ctx, userId, project.key, reason);
  // Their conversations are unassigned now: every inbox that shows them hears it.
  for (const conversationId of result.unassigned) await changed(ctx, scope, conversationId);
}

export const teamHandlers = {
  async project_settings_get(_input, ctx) {
    const { project } = inProject(ctx);
    return projectSettings(ctx.services.db, project);
  },

  async project_update(input, ctx) {
    const { project } = inProject(ctx);
    const updated = await updateSettings(ctx.services.db, project.id, {
      name: input.name,
      timeZone: input.timeZone,
      workingHours: input.workingHours,
      defaultDivisionId: input.defaultDivisionId,
      optOut: input.optOut === undefined ? undefined : { settings: input.optOut, locale: ctx.locale },
    });
    if (updated === 'division_not_found') throw new ActError('not_found');
    if (updated === null) throw new ActError('not_found', { msgKey: 'error.project_not_found' });
    // The opt-out words travel with the numbers' routes: this process matches the new ones at once.
    if (input.optOut !== undefined)
      await forgetProjectRoutes(ctx.services.db, ctx.services.accountRoutes, updated.id);
    if (updated.name !== project.name || updated.timeZone !== project.timeZone) {
      ctx.services.publisher.toProject(updated.key, 'project.updated', {
        key: updated.key,
        name: updated.name,
        timeZone: updated.timeZone,
      });
    }
    return projectSettings(ctx.services.db, updated);
  },

  async project_delete(input, ctx) {
    const { project } = inProject(ctx);
    if (input.confirmName !== project.name) {
      throw new ActError('invalid_input', {
        errors: { confirmName: translate(ctx.locale, 'error.confirm_name') },
      });
    }
    const { db, publisher, accountRoutes, media } = ctx.services;
    const deleted = await deleteProject(db, project.id);
    for (const phoneNumberId of deleted.phoneNumberIds) accountRoutes.forget(phoneNumberId);
    // The rows are gone; their files go too (a failure only leaves an unreachable file behind).
    for (const id of deleted.mediaIds)
      await media.files
        .remove(id)
        .catch((error: unknown) => ctx.log.warn({ err: error, id }, 'file not removed'));
    for (const id of deleted.transferIds)
      await media.files
        .removePartial(id)
        .catch((error: unknown) => ctx.log.warn({ err: error, id }, 'partial upload not removed'));
    for (const divisionId of deleted.divisionIds) publisher.divisionClosed(project.key, divisionId);
    await Promise.all(
      deleted.memberIds.map((userId) => announceRemoval(ctx, userId, project.key, 'deleted')),
    );
    return { key: project.key };
  },

  async project_leave(_input, ctx) {
    const membership = inProject(ctx);
    await removeFromProject(ctx, membership.userId, 'left');
    return { key: membership.project.key };
  },

  async member_list(input, ctx) {
    const membership = inProject(ctx);
    return listProjectMembers(ctx.services.db, membership.project, membership.userId, {
      page: input.page ?? 0,
      search: input.search ?? '',
    });
  },

  async member_permissions_set(input, ctx) {
    const membership = inProject(ctx);
    const { project } = membership;
    const result = await setMemberPermissions(ctx.services.db, project, {
      editorId: membership.userId,
      userId: input.userId,
      permissions: input.permissions,
    });
    if (!result.ok) throw new ActError(result.problem);
    await announcePermissions(ctx, input.userId, project.key, result.permissions, result.member.role);
    return result.member;
  },

  async project_transfer(input, ctx) {
    const membership = inProject(ctx);
    const { project } = membership;
    const result = await transferOwnership(ctx.services.db, project.id, {
      fromId: membership.userId,
      toId: input.userId,
    });
    if (!result.ok)
      throw result.problem === 'owner_only'
        ? new ActError('forbidden', { msgKey: 'error.owner_only' })
        : new ActError('not_found');
    if (result.previous !== null) {
      const { owner, previous } = result;
      await announcePermissions(ctx, owner.userId, project.key, owner.permissions, 'owner');
      await announcePermissions(ctx, previous.userId, project.key, previous.permissions, 'member');
    }
    return result.owner;
  },

  async member_remove(input, ctx) {
    await removeFromProject(ctx, input.userId, 'removed');
    return { userId: input.userId };
  },

  async invite_list(input, ctx) {
    const { project } = inProject(ctx);
    return listInvites(ctx.services.db, project.id, { page: input.page ?? 0, now: ctx.now });
  },

  async invite_create(input, ctx) {
    const membership = inProject(ctx);
    const own = new Set<PermissionKey>(membership.permissions);
    if (templatePermissions(input.template).some((key) => !own.has(key)))
      throw new ActError('grant_beyond_own');
    return createInvite(ctx.services.db, {
      projectId: membership.project.id,
      createdBy: membership.userId,
      template: input.template,
      expiresInHours: input.expiresInHours ?? null,
      maxUses: input.maxUses ?? null,
      now: ctx.now,
    });
  },

  async invite_revoke(input, ctx) {
    const { project } = inProject(ctx);
    const invite = await revokeInvite(ctx.services.db, project.id, input.id, ctx.now);
    if (invite === null) throw new ActError('not_found');
    return invite;
  },

  async invite_get(input, ctx) {
    const { user } = signedIn(ctx);
    const preview = await previewInvite(ctx.services.db, input.code, user.id, ctx.now);
    if (preview === null) throw new ActError('invite_invalid');
    return preview;
  },

  async invite_accept(input, ctx) {
    const { user } = signedIn(ctx);
    const result = await acceptInvite(ctx.services.db, input.code, user.id, ctx.now);
    if (result.outcome === 'invalid') throw new ActError('invite_invalid');
    const { membership } = result;
    if (result.outcome === 'joined') {
      // The joiner's open sockets join the project's rooms at once.
      await ctx.services.publisher.membershipChanged({
        userId: user.id,
        key: membership.project.key,
        permissions: membership.permissions,
      });
      await notify(
        ctx.services,
        {
          userIds: [result.invitedBy].filter((id) => id !== user.id),
          kind: 'invite_accepted',
          projectId: membership.project.id,
          subject: user.name,
        },
        ctx.log,
      );
    }
    return toProject(membership);
  },
} satisfies Pick<
  ActHandlers,
  | 'project_settings_get'
  | 'project_update'
  | 'project_delete'
  | 'project_transfer'
  | 'project_leave'
  | 'member_list'
  | 'member_permissions_set'
  | 'member_remove'
  | 'invite_list'
  | 'invite_create'
  | 'invite_revoke'
  | 'invite_get'
  | 'invite_accept'
>;
