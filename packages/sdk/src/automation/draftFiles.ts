/**
 * The gallery files a rule's draft sends: a file message's (`send_media`) and a template's media
 * header (`values.headerMediaId`), in its actions or its follow-up steps and their fallbacks.
 * The editor reads them by id when they are not among the gallery's pages it loaded, so its
 * pickers name what a saved rule chose.
 */
import type { AutomationAction, AutomationRuleDraft } from '../contract/automationTypes.ts';

/** Each gallery file `draft` sends, once, in the order it names them; empty ids left out. */
export function draftGalleryIds(draft: AutomationRuleDraft): string[] {
  const sends: AutomationAction[] =
    draft.kind === 'follow_up'
      ? draft.steps.flatMap((step) =>
          step.fallback === undefined ? [step.message] : [step.message, step.fallback],
        )
      : draft.actions;
  const ids = sends.flatMap((action) => {
    if (action.kind === 'send_media') return [action.galleryItemId];
    if (action.kind === 'send_template') return [action.values.headerMediaId ?? ''];
    return [];
  });
  return [...new Set(ids.filter((id) => id !== ''))];
}
