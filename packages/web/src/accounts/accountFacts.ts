/**
 * How the accounts and templates screens name what Meta answered: a quality rating's colour and
 * text, a messaging tier's text, a template status's colour, a rejection reason's text. Meta's
 * values outside the catalogue (a new tier, a new reason) show as Meta wrote them.
 */
import { templateMessages } from '@sapa/sdk';
import type { MessageKey, QualityRating, TemplateStatus } from '@sapa/sdk';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export function qualityTone(rating: QualityRating): Tone {
  return rating === 'GREEN'
    ? 'success'
    : rating === 'YELLOW'
      ? 'warning'
      : rating === 'RED'
        ? 'danger'
        : 'neutral';
}

/** Whether the templates' part of the catalogue (where Meta's tiers, reasons and languages are) names `key`. */
function known(key: string): key is MessageKey {
  return Object.hasOwn(templateMessages.id, key);
}

/** `TIER_2K` -> its text's key; null for a tier the catalogue does not name (shown as Meta wrote it). */
export function messagingLimitKey(limit: string | null): MessageKey | null {
  if (limit === null) return 'account.limit.unknown';
  const key = `account.limit.${limit}`;
  return known(key) ? key : null;
}

export function templateStatusTone(status: TemplateStatus): Tone {
  switch (status) {
    case 'APPROVED':
      return 'success';
    case 'PENDING':
    case 'IN_APPEAL':
    case 'PAUSED':
      return 'warning';
    case 'REJECTED':
    case 'DISABLED':
    case 'LIMIT_EXCEEDED':
      return 'danger';
    case 'PENDING_DELETION':
      return 'neutral';
  }
}

/** `INVALID_FORMAT` -> its text's key; null for a reason the catalogue does not name. */
export function templateReasonKey(reason: string): MessageKey | null {
  const key = `templates.reason.${reason}`;
  return known(key) ? key : null;
}

/** `id` / `en` -> the language's name's key; null for another of Meta's codes (`en_US`), shown as is. */
export function templateLanguageKey(language: string): MessageKey | null {
  const key = `templates.language.${language}`;
  return known(key) ? key : null;
}
