import { templateErrorKey } from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';

/**
 * Why Meta failed a message, as the thread says it: a clear reason for its template and window
 * errors (SDK `templateErrorKey`: 132000, 132001, 131047 …) with the code, Meta's own title for
 * any other.
 */
export function failureText(t: Translate, error: { code: number; title: string }): string {
  const key = templateErrorKey(error.code);
  if (key === 'template.error.generic') return t('chat.message.failedMeta', error);
  return t('outreach.message.failed', { reason: t(key), code: error.code });
}
