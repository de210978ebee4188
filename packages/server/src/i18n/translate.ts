import { errors } from '../sdk.ts';

export type Locale = keyof typeof errors;
export type MessageKey = keyof (typeof errors)['id'];
export type MessageParams = Record<string, string | number>;

export const DEFAULT_LOCALE: Locale = 'id';

/** The best supported language of an `Accept-Language` header; Indonesian when none fits. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (acceptLanguage === undefined) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'id' || base === 'in') return 'id';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

/** The text of `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const text: string = errors[locale][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
