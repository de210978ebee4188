/**
 * The `wa_templates` table: a WhatsApp Business Account's templates as Meta keeps them, per
 * project (two projects may hold numbers of one WABA, each keeps its own copy). One row per
 * name and language; `status`, `category` and `previous_category` hold Sapa's names only
 * (`templateStatusOf`, `templateCategoryOf`); `status_at` is the time of the newest status
 * applied, so older news changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { waTemplates } from '../db/schema.ts';
import type { TemplateContent, TemplateRow } from '../db/schema.ts';
import type { TemplateCategory, TemplateStatus } from '../sdk.ts';

/** A project's templates of one WABA, by name then language. */
export async function listTemplates(db: Db, projectId: string, wabaId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(waTemplates)
    .where(and(eq(waTemplates.projectId, projectId), eq(waTemplates.wabaId, wabaId)))
    .orderBy(asc(waTemplates.name), asc(waTemplates.language), asc(waTemplates.id));
}

/** A template of the project, or `null`. */
export async function findTemplate(db: Db, projectId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(waTemplates)
    .where(and(eq(waTemplates.projectId, projectId), eq(waTemplates.id, id)))
    .limit(1);
  return row ?? null;
}

/** The project's template of a WABA with this name and language, or `null`. */
export async function findTemplateByName(
  db: Db,
  projectId: string,
  wabaId: string,
  name: string,
  language: string,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.projectId, projectId),
        eq(waTemplates.wabaId, wabaId),
        eq(waTemplates.name, name),
        eq(waTemplates.language, language),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface TemplateFields {
  projectId: string;
  accountId: string;
  wabaId: string;
  metaId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  previousCategory: TemplateCategory | null;
  status: TemplateStatus;
  reason: string | null;
  content: TemplateContent;
  /**
   * The time of the newest status news applied, in Meta's whole seconds (`entry.time`): a status
   * webhook dated earlier changes nothing. `null`: any status webhook applies (a template Meta
   * has just answered the create of).
   */
  statusAt: Date | null;
}

/** Stores a template by project, WABA, name and language: a new row, or the one there replaced. */
export async function saveTemplate(db: Db, fields: TemplateFields, now: Date): Promise<TemplateRow> {
  const values = { ...fields, content: plainContent(fields.content), updatedAt: now };
  const [row] = await db
    .insert(waTemplates)
    .values({ id: randomUUID(), ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [waTemplates.projectId, waTemplates.wabaId, waTemplates.name, waTemplates.language],
      set: values,
    })
    .returning();
  if (row === undefined) throw new Error('unreachable: an upsert returns its row');
  return row;
}

/** Deletes a template of the project; the row as it was, or `null`. */
export async function removeTemplate(db: Db, projectId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .delete(waTemplates)
    .where(and(eq(waTemplates.projectId, projectId), eq(waTemplates.id, id)))
    .returning();
  return row ?? null;
}

/** `at` down to the whole second: Meta dates webhooks in seconds (`entry.time`). */
export function wholeSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

/** The content as JSON keeps it (no `undefined` properties), so stored and fresh copies compare equal. */
export function plainContent(content: TemplateContent): TemplateContent {
  return JSON.parse(JSON.stringify(content)) as TemplateContent;
}
