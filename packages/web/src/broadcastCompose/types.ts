import type { ActorRefFrom } from 'xstate';
import type { broadcastComposerMachine, ComposerFieldError } from '@sapa/machines/broadcast';
import type { Translate } from '../i18n/I18nProvider.tsx';

export type ComposerActor = ActorRefFrom<typeof broadcastComposerMachine>;

/**
 * A field's error as text: a rule's problem (its catalogue key), the server's message, or a
 * header file of the wrong kind (`kind`: the media kind's words).
 */
export function fieldErrorText(
  t: Translate,
  error: ComposerFieldError | undefined,
  kind = '',
): string | null {
  if (error === undefined) return null;
  if ('message' in error) return error.message;
  if ('mediaKind' in error) return t('outreach.picker.mediaKind', { kind });
  return t(error.problem.key, error.problem.params);
}
