/**
 * Creating and deleting a template: Meta first, then the project's copy. Meta's answers are
 * sorted into what the acts tell the caller: a refusal (with Meta's own words), a name already
 * used, a token Meta refuses, or Meta out of reach.
 */
import { isGraphApiError, isGraphRequestError, isRateLimitCode } from '../channels/whatsapp/index.ts';
import type { AccountRow, TemplateRow } from '../db/schema.ts';
import { graphClientOf } from '../inbox/accounts.ts';
import { templateCategoryOf, templateCreateBody, templateStatusOf } from '../sdk.ts';
import type { TemplateDraft } from '../sdk.ts';
import { findTemplateByName, removeTemplate, saveTemplate } from './store.ts';
import type { TemplateDeps } from './TemplateSyncer.ts';

/**
 * Meta's subcodes for a name it will not take: content in that language already exists
 * (2388024), and a name still being deleted (2388023, for 30 days after an approved one).
 */
const NAME_TAKEN_SUBCODES: ReadonlySet<number> = new Set([2388023, 2388024]);

/** Why Meta did not do it. */
export type MetaRefusal =
  | { reason: 'name_taken' }
  | { reason: 'refused'; detail: string }
  | { reason: 'token' }
  | { reason: 'unreachable' };

/**
 * The sentence Meta's management API writes for the person who made the request
 * (`error_user_msg`, after `error_user_title`), when the answer has one.
 */
function userMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: { error_user_title?: unknown; error_user_msg?: unknown } | null };
  const message = typeof error?.error_user_msg === 'string' ? error.error_user_msg.trim() : '';
  const title = typeof error?.error_user_title === 'string' ? error.error_user_title.trim() : '';
  if (message === '') return title === '' ? undefined : title;
  return title === '' ? message : `${title}: ${message}`;
}

/** A Graph failure sorted (anything else is rethrown). */
export function refusalOf(error: unknown): MetaRefusal {
  if (isGraphApiError(error)) {
    if (error.code === 190 || error.status === 401) return { reason: 'token' };
    if (error.status >= 500 || error.status === 429 || error.isRateLimit || isRateLimitCode(error.code)) {
      return { reason: 'unreachable' };
    }
    if (error.errorSubcode !== undefined && NAME_TAKEN_SUBCODES.has(error.errorSubcode)) {
      return { reason: 'name_taken' };
    }
    return { reason: 'refused', detail: userMessage(error.body) ?? error.details ?? error.message };
  }
  if (isGraphRequestError(error)) return { reason: 'unreachable' };
  throw error;
}

/**
 * Submits `draft` to the WABA of `account` and stores it as Meta answered (its id, status and
 * the category Meta assigned; a category Meta changed keeps the one asked for as previous).
 * `name_taken` without asking Meta when the project already holds that name and language.
 */
export async function createTemplate(
  deps: TemplateDeps,
  account: AccountRow & { wabaId: string },
  draft: TemplateDraft,
): Promise<{ ok: true; row: TemplateRow } | ({ ok: false } & MetaRefusal)> {
  const { db } = deps;
  if (
    (await findTemplateByName(db, account.projectId, account.wabaId, draft.name, draft.language)) !== null
  ) {
    return { ok: false, reason: 'name_taken' };
  }
  let created;
  try {
    created = await graphClientOf(deps.whatsapp, account).createTemplate(
      account.wabaId,
      templateCreateBody(draft),
    );
  } catch (error) {
    return { ok: false, ...refusalOf(error) };
  }
  const category = templateCategoryOf(created.category) ?? draft.category;
  const status = templateStatusOf(created.status);
  const now = deps.now();
  const row = await saveTemplate(
    db,
    {
      projectId: account.projectId,
      accountId: account.id,
      wabaId: account.wabaId,
      metaId: created.id,
      name: draft.name,
      language: draft.language,
      category,
      previousCategory: category === draft.category ? null : draft.category,
      status: status ?? 'DISABLED',
      reason: status === null ? created.status.toUpperCase() : null,
      content: {
        header: draft.header,
        body: draft.body,
        bodyExamples: draft.bodyExamples,
        footer: draft.footer,
        buttons: draft.buttons,
      },
      // No status webhook can be older than this answer: the first one applies, whatever its time.
      statusAt: null,
    },
    now,
  );
  return { ok: true, row };
}

/**
 * Deletes `template` at Meta (`hsm_id` and name: that language only) and from the project's
 * copy; the removed row (`null` if it went meanwhile).
 */
export async function deleteTemplate(
  deps: TemplateDeps,
  account: AccountRow & { wabaId: string },
  template: TemplateRow,
): Promise<{ ok: true; row: TemplateRow | null } | ({ ok: false } & MetaRefusal)> {
  try {
    await graphClientOf(deps.whatsapp, account).deleteTemplate(account.wabaId, {
      name: template.name,
      hsmId: template.metaId,
    });
  } catch (error) {
    return { ok: false, ...refusalOf(error) };
  }
  return { ok: true, row: await removeTemplate(deps.db, template.projectId, template.id) };
}
