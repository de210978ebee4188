import type { Actor } from 'xstate';
import type { customersMachine, CustomerFieldError, ImportError } from '@sapa/machines/crm';
import type { Translate } from '../i18n/I18nProvider.tsx';

/** The customers screen's actor, as its components share it. */
export type CustomersActor = Actor<typeof customersMachine>;

/** A form or import error as text: a catalogue key (the machine's checks) or the server's message. */
export function errorText(
  t: Translate,
  error: CustomerFieldError | ImportError | null | undefined,
): string | null {
  if (error === null || error === undefined) return null;
  return 'key' in error ? t(error.key) : error.message;
}
