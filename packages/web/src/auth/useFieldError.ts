import type { FieldError } from '@sapa/machines/auth';
import { useT } from '../i18n/I18nProvider.tsx';

/** Turns a machine's field error (a catalogue key, or the server's message) into text. */
export function useFieldError(): (error: FieldError | undefined) => string | null {
  const t = useT();
  return (error) => {
    if (!error) return null;
    return 'key' in error ? t(error.key) : error.message;
  };
}
