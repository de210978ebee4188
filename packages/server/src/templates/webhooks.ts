/**
 * Template webhooks applied to every project holding a live number of the WABA: a
 * `message_template_status_update` moves a template's status (and reason, and category when it
 * carries one), a completed `template_category_update` its category.
 *
 * Idempotent: a status event dated (`entry.time`, whole seconds) before the status stored
 * (`status_at`), or at the same second with the same status, changes nothing, so Meta's retries
 * and late deliveries are harmless; a template without `status_at` (just created) takes any. A
 * category event changes only a category that differs. A status event naming a template a
 * project does not hold asks for a sync of that project's copy (`syncs`), run after commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TemplateCategoryEvent, TemplateStatusEvent } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { waTemplates } from '../db/schema.ts';
import type { TemplateRow } from '../db/schema.ts';
import type { Published } from '../realtime/Publisher.ts';
import { templateCategoryOf, templateStatusOf } from '../sdk.ts';
import type { TemplateStatus } from '../sdk.ts';
import { templateDeleted, templateUpdated } from './views.ts';

export type TemplateEvent = TemplateStatusEvent | TemplateCategoryEvent;

/** A project's copy of a WABA to read again from Meta, through one of its live numbers. */
export interface SyncRequest {
  projectId: string;
  accountId: string;
}

export interface TemplateEventOutcome {
  announcements: Published[];
  syncs: SyncRequest[];
}

/**
 * What a status event does to a stored template: a status, removal (`DELETED`), or nothing Sapa
 * keeps (`FLAGGED`: a warning; `LOCKED`/`UNLOCKED`: about editing) — `null` then. Statuses Sapa
 * has no name for (`ARCHIVED` …) disable it with the raw status as reason, as a sync does.
 */
function statusChange(event: string): { status: TemplateStatus; reason?: string } | 'delete' | null {
  if (event === 'DELETED') return 'delete';
  if (event === 'REINSTATED' || event === 'UNARCHIVED') return { status: 'APPROVED' };
  if (event === 'FLAGGED' || event === 'LOCKED' || event === 'UNLOCKED') return null;
  const known = templateStatusOf(event);
  return known === null ? { status: 'DISABLED', reason: event } : { status: known };
}

/** The projects holding a live number of the WABA, each with one of those numbers (the oldest). */
async function holders(
  db: Db,
  wabaId: string,
): Promise<{ projectId: string; accountId: string; key: string }[]> {
  return queryRows<{ projectId: string; accountId: string; key: string }>(
    db,
    sql`
    select distinct on (a.project_id) a.project_id as "projectId", a.id as "accountId", p.key
    from wa_accounts a join projects p on p.id = a.project_id
    where a.waba_id = ${wabaId} and a.deleted_at is null
    order by a.project_id, a.created_at, a.id`,
  );
}

async function storedTemplate(db: Db, projectId: string, event: TemplateEvent): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.projectId, projectId),
        eq(waTemplates.wabaId, event.wabaId),
        eq(waTemplates.metaId, event.metaId),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Applies one template event (inside the delivery's transaction); announce after commit. */
export async function applyTemplateEvent(
  db: Db,
  event: TemplateEvent,
  now: Date,
): Promise<TemplateEventOutcome> {
  const outcome: TemplateEventOutcome = { announcements: [], syncs: [] };
  for (const holder of await holders(db, event.wabaId)) {
    const row = await storedTemplate(db, holder.projectId, event);
    if (row === null) {
      // A template this project has not read yet (created elsewhere, or a sync missed it).
      if (event.kind === 'template_status' && event.event !== 'DELETED') {
        outcome.syncs.push({ projectId: holder.projectId, accountId: holder.accountId });
      }
      continue;
    }
    const announcement =
      event.kind === 'template_status'
        ? await applyStatus(db, holder.key, row, event, now)
        : await applyCategory(db, holder.key, row, event, now);
    if (announcement !== null) outcome.announcements.push(announcement);
  }
  return outcome;
}

async function applyStatus(
  db: Db,
  key: string,
  row: TemplateRow,
  event: TemplateStatusEvent,
  now: Date,
): Promise<Published | null> {
  const change = statusChange(event.event);
  if (change === null) return null;
  const older = row.statusAt !== null && event.at.getTime() < row.statusAt.getTime();
  if (older) return null;
  if (change === 'delete') {
    const [removed] = await db.delete(waTemplates).where(eq(waTemplates.id, row.id)).returning();
    return removed === undefined ? null : templateDeleted(key, removed);
  }
  const sameTime = row.statusAt !== null && event.at.getTime() === row.statusAt.getTime();
  if (sameTime && row.status === change.status) return null;
  const reason = change.status === 'APPROVED' ? null : (change.reason ?? event.reason ?? event.title ?? null);
  const category = templateCategoryOf(event.category);
  const recategorised = category !== null && category !== row.category;
  const changed = row.status !== change.status || row.reason !== reason || recategorised;
  const [updated] = await db
    .update(waTemplates)
    .set({
      status: change.status,
      reason,
      statusAt: event.at,
      ...(recategorised ? { category, previousCategory: row.category } : {}),
      ...(changed ? { updatedAt: now } : {}),
    })
    .where(eq(waTemplates.id, row.id))
    .returning();
  return changed && updated !== undefined ? templateUpdated(key, updated) : null;
}

async function applyCategory(
  db: Db,
  key: string,
  row: TemplateRow,
  event: TemplateCategoryEvent,
  now: Date,
): Promise<Published | null> {
  // An impending change is only news: the template keeps its category until Meta moves it.
  if (event.stage !== 'completed') return null;
  const category = templateCategoryOf(event.category);
  if (category === null || category === row.category) return null;
  const previous = templateCategoryOf(event.previousCategory) ?? templateCategoryOf(row.category);
  const [updated] = await db
    .update(waTemplates)
    .set({ category, previousCategory: previous, updatedAt: now })
    .where(eq(waTemplates.id, row.id))
    .returning();
  return updated === undefined ? null : templateUpdated(key, updated);
}
