/**
 * Reading a WABA's templates from Meta (`GET /{waba-id}/message_templates`, page by page) into a
 * project's copy: new and changed templates are stored, those Meta no longer has removed.
 *
 * What changed here while Meta was being read wins over the list: a row stored or updated after
 * the first page was asked for (a `template_create`, a status webhook) is neither removed nor
 * given an older status.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq, lt } from 'drizzle-orm';
import type { GraphClient } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { waTemplates } from '../db/schema.ts';
import type { AccountRow, TemplateRow } from '../db/schema.ts';
import { templateFromMeta } from '../sdk.ts';
import type { SdkMetaTemplate, TemplateFromMeta } from '../sdk.ts';
import { listTemplates, plainContent, saveTemplate, wholeSecond } from './store.ts';

/** Templates per page asked of Meta. */
export const TEMPLATE_PAGE_SIZE = 100;
/** Pages read at most (a WABA holds at most a few thousand templates). */
const MAX_PAGES = 100;

/** What Meta holds for a WABA, as Sapa can use it. */
export interface FetchedTemplates {
  templates: TemplateFromMeta[];
  /**
   * Templates left out: Meta's answer lacked a field Sapa relies on, or the template has parts
   * Sapa can neither show nor fill (a location header, a copy-code button, a carousel), whose
   * sends would miss their parameters.
   */
  skipped: { name: string; language: string; unsupported: string[] }[];
  /** Items of Meta's answer that were not templates at all. */
  unreadable: number;
}

/** Every template of the WABA, page by page, following Meta's `after` cursor. */
export async function fetchTemplates(
  client: GraphClient,
  wabaId: string,
  options: { pageSize?: number; maxPages?: number } = {},
): Promise<FetchedTemplates> {
  const fetched: FetchedTemplates = { templates: [], skipped: [], unreadable: 0 };
  let after: string | null = null;
  for (let page = 0; page < (options.maxPages ?? MAX_PAGES); page += 1) {
    const answer = await client.listTemplates(wabaId, {
      limit: options.pageSize ?? TEMPLATE_PAGE_SIZE,
      after,
    });
    fetched.unreadable += answer.skipped;
    for (const meta of answer.templates) {
      const template = templateFromMeta(meta as SdkMetaTemplate);
      if (template.unsupported.length > 0 || template.content.body === '') {
        fetched.skipped.push({
          name: template.name,
          language: template.language,
          unsupported: template.unsupported,
        });
      } else {
        fetched.templates.push(template);
      }
    }
    after = answer.after;
    if (after === null) break;
  }
  return fetched;
}

export interface SyncResult {
  /** The project's templates of the WABA after the sync, by name then language. */
  rows: TemplateRow[];
  /** Stored or changed by this sync. */
  updated: TemplateRow[];
  /** Removed by this sync (Meta no longer has them). */
  deleted: TemplateRow[];
}

const key = (name: string, language: string) => `${name}\u0000${language}`;

/** Whether the stored row says what Meta says. */
function sameAsMeta(row: TemplateRow, meta: TemplateFromMeta, keepStatus: boolean): boolean {
  return (
    row.metaId === meta.metaId &&
    row.category === meta.category &&
    (keepStatus || (row.status === meta.status && row.reason === meta.reason)) &&
    isDeepStrictEqual(row.content, plainContent(meta.content))
  );
}

/**
 * Stores what `fetchTemplates` read for `account`'s WABA into its project's copy, in one
 * transaction. `startedAt`: when the reading began (see the module's note).
 */
export async function storeFetchedTemplates(
  db: Db,
  account: Pick<AccountRow, 'id' | 'projectId'> & { wabaId: string },
  fetched: FetchedTemplates,
  startedAt: Date,
  now: Date,
): Promise<SyncResult> {
  return db.transaction(async (tx) => {
    const before = await listTemplates(tx, account.projectId, account.wabaId);
    const stored = new Map(before.map((row) => [key(row.name, row.language), row]));
    const updated: TemplateRow[] = [];
    const seen = new Set<string>();
    for (const meta of fetched.templates) {
      const name = key(meta.name, meta.language);
      if (seen.has(name)) continue;
      seen.add(name);
      const row = stored.get(name);
      // Newer news (a webhook) arrived while Meta was being read: keep its status.
      const keepStatus = row !== undefined && row.statusAt !== null && row.statusAt >= wholeSecond(startedAt);
      if (row !== undefined && sameAsMeta(row, meta, keepStatus)) continue;
      const statusChanged = row === undefined || row.status !== meta.status;
      const previousCategory =
        row !== undefined && row.category !== meta.category ? row.category : (row?.previousCategory ?? null);
      updated.push(
        await saveTemplate(
          tx,
          {
            projectId: account.projectId,
            accountId: row?.accountId ?? account.id,
            wabaId: account.wabaId,
            metaId: meta.metaId,
            name: meta.name,
            language: meta.language,
            category: meta.category,
            previousCategory: previousCategory as TemplateFromMeta['category'] | null,
            status:
              keepStatus && row !== undefined ? (row.status as TemplateFromMeta['status']) : meta.status,
            reason: keepStatus && row !== undefined ? row.reason : meta.reason,
            content: meta.content,
            // A status read now: webhooks of earlier seconds are older news than it.
            statusAt: keepStatus || !statusChanged ? (row?.statusAt ?? null) : wholeSecond(startedAt),
          },
          now,
        ),
      );
    }
    const deleted: TemplateRow[] = [];
    for (const row of before) {
      if (seen.has(key(row.name, row.language)) || row.updatedAt >= startedAt) continue;
      const [removed] = await tx
        .delete(waTemplates)
        .where(and(eq(waTemplates.id, row.id), lt(waTemplates.updatedAt, startedAt)))
        .returning();
      if (removed !== undefined) deleted.push(removed);
    }
    const rows = await listTemplates(tx, account.projectId, account.wabaId);
    return { rows, updated, deleted };
  });
}
