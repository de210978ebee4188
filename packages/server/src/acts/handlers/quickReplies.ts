/**
 * Quick reply acts (`crm.quick_replay.*`; the composer lists them with `crm.chat.view`). A file
 * that goes with one must be a stored file of the project; it is kept for good (no longer a
 * temporary upload).
 */
import {
  createQuickReply,
  deleteQuickReply,
  findQuickReply,
  listQuickReplies,
  updateQuickReply,
} from '../../crm/quickReplies.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

const shortcutTaken = (ctx: ActContext) =>
  new ActError('invalid_input', { errors: { shortcut: translate(ctx.locale, 'field.shortcut_taken') } });

/** The file to go with a quick reply: a stored file of the project, kept from now on. */
async function keptFile(ctx: ActContext, projectId: string, mediaId: string | null | undefined) {
  if (mediaId === undefined || mediaId === null) return mediaId;
  const [kept] = await ctx.services.media.claim(projectId, [mediaId]);
  if (kept === undefined) {
    throw new ActError('invalid_input', { errors: { mediaId: translate(ctx.locale, 'field.invalid') } });
  }
  return kept.id;
}

async function answer(ctx: ActContext, projectId: string, id: string) {
  const reply = await findQuickReply(ctx.services.db, ctx.services.media, projectId, id, ctx.now);
  if (reply === null) throw new ActError('not_found');
  return reply;
}

export const quickReplyHandlers = {
  async quick_reply_list(input, ctx) {
    const { project } = inProject(ctx);
    return listQuickReplies(ctx.services.db, ctx.services.media, project.id, {
      page: input.page ?? 0,
      search: input.search ?? '',
      all: input.all ?? false,
      now: ctx.now,
    });
  },

  async quick_reply_create(input, ctx) {
    const { project } = inProject(ctx);
    const mediaId = await keptFile(ctx, project.id, input.mediaId);
    const id = await createQuickReply(ctx.services.db, {
      projectId: project.id,
      shortcut: input.shortcut,
      text: input.text,
      mediaId: mediaId ?? null,
      now: ctx.now,
    });
    if (id === null) throw shortcutTaken(ctx);
    return answer(ctx, project.id, id);
  },

  async quick_reply_update(input, ctx) {
    const { project } = inProject(ctx);
    if ((await findQuickReply(ctx.services.db, ctx.services.media, project.id, input.id, ctx.now)) === null) {
      throw new ActError('not_found');
    }
    const mediaId = await keptFile(ctx, project.id, input.mediaId);
    const updated = await updateQuickReply(ctx.services.db, project.id, input.id, {
      shortcut: input.shortcut,
      text: input.text,
      mediaId,
      now: ctx.now,
    });
    if (updated === 'taken') throw shortcutTaken(ctx);
    if (!updated) throw new ActError('not_found');
    return answer(ctx, project.id, input.id);
  },

  async quick_reply_delete(input, ctx) {
    const { project } = inProject(ctx);
    if (!(await deleteQuickReply(ctx.services.db, project.id, input.id))) throw new ActError('not_found');
    return { id: input.id };
  },
} satisfies Pick<
  ActHandlers,
  'quick_reply_list' | 'quick_reply_create' | 'quick_reply_update' | 'quick_reply_delete'
>;
