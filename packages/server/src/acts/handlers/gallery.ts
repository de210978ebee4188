/**
 * The project's gallery (`/crm/gallery/{key}`): files uploaded through FilePond's endpoints and
 * kept with `gallery_add`, listed newest first with a kind filter, a name search or by id, and
 * taken out with `gallery_delete` (the bytes go too unless a message carries the file);
 * `gallery_usage` answers what the project holds against its storage quota.
 */
import { and, count, desc, eq, ilike, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { media, messages, users } from '../../db/schema.ts';
import type { MediaRow } from '../../db/schema.ts';
import { mediaKindOf, mimeTypesOfKind } from '../../sdk.ts';
import type { GalleryItem } from '../../sdk.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';

export const GALLERY_PAGE_SIZE = 60;

function toItem(ctx: ActContext, row: MediaRow, creator: { id: string; name: string } | null): GalleryItem {
  return {
    ...ctx.services.media.toMediaFile(row, ctx.now),
    kind: mediaKindOf(row.mimeType),
    createdAt: row.createdAt.toISOString(),
    createdBy: creator,
  };
}

/** `%` and `_` typed by a user match themselves. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const galleryHandlers = {
  async gallery_list(input, ctx) {
    const { project } = inProject(ctx);
    const conditions: SQL[] = [eq(media.projectId, project.id), eq(media.inGallery, true)];
    if (input.kind !== undefined) {
      const types = mimeTypesOfKind(input.kind);
      conditions.push(
        input.kind === 'document' ? notInArray(media.mimeType, types) : inArray(media.mimeType, types),
      );
    }
    for (const word of (input.search ?? '').split(/\s+/).filter(Boolean)) {
      conditions.push(ilike(media.filename, likePattern(word)));
    }
    if (input.ids !== undefined) conditions.push(inArray(media.id, input.ids));
    const where = and(...conditions);
    const page = input.page ?? 0;
    const { db } = ctx.services;
    const [rows, [total]] = await Promise.all([
      db
        .select({ file: media, creator: { id: users.id, name: users.name } })
        .from(media)
        .leftJoin(users, eq(users.id, media.createdBy))
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(GALLERY_PAGE_SIZE)
        .offset(page * GALLERY_PAGE_SIZE),
      db.select({ n: count() }).from(media).where(where),
    ]);
    return {
      data: rows.map(({ file, creator }) =>
        toItem(ctx, file, creator?.id ? { id: creator.id, name: creator.name } : null),
      ),
      total_page: Math.ceil((total?.n ?? 0) / GALLERY_PAGE_SIZE),
    };
  },

  async gallery_add(input, ctx) {
    const { project, userId } = inProject(ctx);
    const ids = [...new Set(input.ids)];
    const found = await ctx.services.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.projectId, project.id), inArray(media.id, ids), eq(media.status, 'stored')));
    if (found.length !== ids.length) throw new ActError('not_found');
    const rows = await ctx.services.media.claim(project.id, ids, { gallery: true });
    const [creator] = await ctx.services.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return rows.map((row) => toItem(ctx, row, row.createdBy === userId ? (creator ?? null) : null));
  },

  async gallery_delete(input, ctx) {
    const { project } = inProject(ctx);
    const { db } = ctx.services;
    const [taken] = await db
      .update(media)
      .set({ inGallery: false })
      .where(and(eq(media.projectId, project.id), eq(media.id, input.id), eq(media.inGallery, true)))
      .returning({ id: media.id });
    if (taken === undefined) throw new ActError('not_found');
    // Nothing else uses it: the row and the bytes go (messages that carried it keep theirs).
    const [deleted] = await db
      .delete(media)
      .where(
        and(
          eq(media.id, input.id),
          eq(media.inGallery, false),
          isNull(media.expiresAt),
          sql`NOT EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.mediaFileId} = ${media.id})`,
        ),
      )
      .returning({ id: media.id });
    if (deleted !== undefined) await ctx.services.media.files.remove(input.id);
    return { id: input.id };
  },

  async gallery_usage(_input, ctx) {
    const { project } = inProject(ctx);
    return ctx.services.media.usage(project.id, ctx.now);
  },
} satisfies Pick<ActHandlers, 'gallery_list' | 'gallery_add' | 'gallery_delete' | 'gallery_usage'>;
