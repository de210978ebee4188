/**
 * The one message catalogue (DESIGN.md "Client"): error texts (`./messages/errors.ts`, the
 * server's) and screen texts (`./messages/ui.ts`, the web app's, with the form widgets', the customers', the
 * divisions', the project area's (team) and the personal pages' screens in files of their own), per locale. Indonesian is the
 * default and the reference: `MessageKey` is its keys, and English must mirror every one.
 */
import { customers } from './messages/customers.ts';
import { divisions } from './messages/divisions.ts';
import { errors } from './messages/errors.ts';
import { forms } from './messages/forms.ts';
import { personal } from './messages/personal.ts';
import { team } from './messages/team.ts';
import { ui } from './messages/ui.ts';

export type Locale = 'id' | 'en';
export const locales: readonly Locale[] = ['id', 'en'];
export const defaultLocale: Locale = 'id';

export const messages = {
  id: {
    ...errors.id,
    ...ui.id,
    ...forms.id,
    ...customers.id,
    ...divisions.id,
    ...team.id,
    ...personal.id,
  },
  en: {
    ...errors.en,
    ...ui.en,
    ...forms.en,
    ...customers.en,
    ...divisions.en,
    ...team.en,
    ...personal.en,
  },
} as const;

export type MessageKey = keyof (typeof messages)['id'];
/** Values for `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translator = (key: MessageKey, params?: MessageParams) => string;

export function isLocale(value: unknown): value is Locale {
  return value === 'id' || value === 'en';
}

/**
 * The text of `key` in `locale`, falling back to Indonesian, then to the key itself. `{name}` is
 * replaced by `params.name`; a placeholder without a value stays as written.
 */
export function translate(
  locale: Locale,
  key: MessageKey | (string & Record<never, never>),
  params?: MessageParams,
): string {
  const catalogue: Readonly<Record<string, string>> = messages[locale] ?? messages.id;
  const template = catalogue[key] ?? (messages.id as Readonly<Record<string, string>>)[key] ?? key;
  if (params === undefined) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function createTranslator(locale: Locale): Translator {
  return (key, params) => translate(locale, key, params);
}

/**
 * The locale for an `Accept-Language` header (`en-US,en;q=0.9,id;q=0.8`): the supported language
 * with the highest quality, by its primary subtag; Indonesian when none is supported or given.
 */
export function pickLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { language: tag.trim().toLowerCase().split('-')[0], quality, index };
    })
    .filter((entry) => entry.quality > 0 && !Number.isNaN(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const best = ranked.find((entry) => isLocale(entry.language));
  return best && isLocale(best.language) ? best.language : defaultLocale;
}
