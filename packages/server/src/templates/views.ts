/** A stored template as the acts answer it, and the announcements of template changes. */
import type { TemplateRow } from '../db/schema.ts';
import type { Published } from '../realtime/Publisher.ts';
import { templateCategoryOf, templateStatusOf } from '../sdk.ts';
import type { MessageTemplate } from '../sdk.ts';

export function toTemplate(row: TemplateRow): MessageTemplate {
  return {
    id: row.id,
    accountId: row.accountId,
    wabaId: row.wabaId,
    metaId: row.metaId,
    name: row.name,
    language: row.language,
    // Rows hold Sapa's names only (see store.ts); the fallbacks never apply to them.
    category: templateCategoryOf(row.category) ?? 'MARKETING',
    status: templateStatusOf(row.status) ?? 'DISABLED',
    reason: row.reason,
    previousCategory: templateCategoryOf(row.previousCategory),
    header: row.content.header,
    body: row.content.body,
    bodyExamples: row.content.bodyExamples,
    footer: row.content.footer,
    buttons: row.content.buttons,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `template.updated` to the project: created, synced, or its status or category changed. */
export function templateUpdated(key: string, row: TemplateRow): Published<'template.updated'> {
  return {
    audience: { project: key },
    event: 'template.updated',
    payload: { key, template: toTemplate(row) },
  };
}

/** `template.deleted` to the project. */
export function templateDeleted(key: string, row: TemplateRow): Published<'template.deleted'> {
  return {
    audience: { project: key },
    event: 'template.deleted',
    payload: { key, accountId: row.accountId, templateId: row.id },
  };
}
