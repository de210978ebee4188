/**
 * Message templates per WhatsApp Business Account (issue 15): the project's copy of what Meta
 * keeps (store), read from Meta (sync), created and deleted there (manage), and moved by Meta's
 * webhooks (webhooks). The acts are in src/acts/handlers/templates.ts; the rules a template
 * follows live in the SDK (`templateDraftProblems`, `templateCreateBody`, `templateFromMeta`).
 */
export { findTemplate, findTemplateByName, listTemplates, removeTemplate, saveTemplate } from './store.ts';
export type { TemplateFields } from './store.ts';
export { fetchTemplates, storeFetchedTemplates, TEMPLATE_PAGE_SIZE } from './sync.ts';
export type { FetchedTemplates, SyncResult } from './sync.ts';
export { createTemplate, deleteTemplate, refusalOf } from './manage.ts';
export type { MetaRefusal } from './manage.ts';
export { applyTemplateEvent } from './webhooks.ts';
export type { SyncRequest, TemplateEvent, TemplateEventOutcome } from './webhooks.ts';
export { syncAccountTemplates, TemplateSyncer } from './TemplateSyncer.ts';
export type { TemplateDeps } from './TemplateSyncer.ts';
export { templateDeleted, templateUpdated, toTemplate } from './views.ts';
