/**
 * The one message catalogue (DESIGN.md "Client"), as `translate` reads it: error texts (`./messages/errors.ts`, the
 * server's) and screen texts (`./messages/ui.ts`, the web app's, with the form widgets', the customers', the
 * divisions' and the personal pages' screens in files of their own, and the parts that load with
 * the screens using them), per locale. Indonesian is the
 * default and the reference: `MessageKey` is its keys, and English must mirror every one.
 */
import { customers } from './messages/customers.ts';
import { divisions } from './messages/divisions.ts';
import { errors } from './messages/errors.ts';
import { forms } from './messages/forms.ts';
import { newcomer } from './messages/newcomer.ts';
import { outbox } from './messages/outbox.ts';
import { personal } from './messages/personal.ts';
import { ui } from './messages/ui.ts';
import type { automation } from './messages/automation.ts';
import type { broadcastCompose } from './messages/broadcastCompose.ts';
import type { broadcasts } from './messages/broadcasts.ts';
import type { outreach } from './messages/outreach.ts';
import type { projectBilling } from './messages/projectBilling.ts';
import type { saldo } from './messages/saldo.ts';
import type { team } from './messages/team.ts';
import type { templateRules } from './messages/templateRules.ts';
import type { templates } from './messages/templates.ts';

export type Locale = 'id' | 'en';
export const locales: readonly Locale[] = ['id', 'en'];
export const defaultLocale: Locale = 'id';

/** A part of the catalogue: its texts per locale (Indonesian the reference, English mirroring it). */
export interface MessagePart {
  id: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
}

/** What every screen may need, the sign-in pages included: loaded with the app. */
const core = {
  id: {
    ...errors.id,
    ...ui.id,
    ...forms.id,
    ...customers.id,
    ...divisions.id,
    ...personal.id,
    ...newcomer.id,
    ...outbox.id,
  },
  en: {
    ...errors.en,
    ...ui.en,
    ...forms.en,
    ...customers.en,
    ...divisions.en,
    ...personal.en,
    ...newcomer.en,
    ...outbox.en,
  },
} as const;

/**
 * Parts that load with the screens that use them (`addMessages`), so the sign-in pages do not
 * carry them: the template screens' (`./messages/templates.ts`), the template rules'
 * (`./messages/templateRules.ts`), the chat's outreach (`./messages/outreach.ts`), `/saldo`'s
 * (`./messages/saldo.ts`), `/project/billing/{key}`'s (`./messages/projectBilling.ts`), the
 * broadcast results' (`./messages/broadcasts.ts`), the broadcast composer's
 * (`./messages/broadcastCompose.ts`), the project area's: members, invites, the invite page and
 * the project settings (`./messages/team.ts`), and automation's (`./messages/automation.ts`).
 * `./catalogue.ts` has every part (the server's and the tests').
 */
type LazyParts = typeof templateRules &
  typeof templates &
  typeof outreach &
  typeof saldo &
  typeof projectBilling &
  typeof broadcasts &
  typeof broadcastCompose &
  typeof team &
  typeof automation;

export type MessageKey = keyof (typeof core)['id'] | keyof LazyParts['id'];

/** The texts loaded so far, per locale: the core, and every part added since. */
const loaded: Record<Locale, Record<string, string>> = { id: { ...core.id }, en: { ...core.en } };

/** Adds a part of the catalogue (again: nothing changes). */
export function addMessages(part: MessagePart): void {
  Object.assign(loaded.id, part.id);
  Object.assign(loaded.en, part.en);
}
/** Values for `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translator = (key: MessageKey, params?: MessageParams) => string;

export function isLocale(value: unknown): value is Locale {
  return value === 'id' || value === 'en';
}

/**
 * The text of `key` in `locale`, falling back to Indonesian, then to the key itself. `{name}` is
 * replaced by `params.name`; a placeholder without a value stays as written. A plural,
 * `{count, plural, one {# message} other {# messages}}`, picks its branch by the locale's
 * `Intl.PluralRules` for `params.count` (`=0` and other exact `=n` branches first; `other` when
 * no branch fits), `#` in it standing for the number.
 */
export function translate(
  locale: Locale,
  key: MessageKey | (string & Record<never, never>),
  params?: MessageParams,
): string {
  const catalogue: Readonly<Record<string, string>> = loaded[locale] ?? loaded.id;
  const template = catalogue[key] ?? loaded.id[key] ?? key;
  if (params === undefined) return template;
  return withPlurals(template, locale, params).replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralCategory(locale: Locale, value: number): string {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(value);
}

/** The end (exclusive) of the `{…}` group opening at `start`, or -1 when it does not close. */
function groupEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Resolves each `{name, plural, …}` of `template` whose value is a number in `params`. */
function withPlurals(template: string, locale: Locale, params: MessageParams): string {
  const head = /\{(\w+),\s*plural,/g;
  let out = '';
  let from = 0;
  for (let match = head.exec(template); match !== null; match = head.exec(template)) {
    const end = groupEnd(template, match.index);
    const value = params[match[1] ?? ''];
    if (end === -1 || typeof value !== 'number') continue;
    const branches = new Map<string, string>();
    const body = template.slice(match.index + match[0].length, end - 1);
    const branch = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/g;
    for (let found = branch.exec(body); found !== null; found = branch.exec(body)) {
      const open = found.index + found[0].length - 1;
      const close = groupEnd(body, open);
      if (close === -1) break;
      branches.set(found[1] ?? 'other', body.slice(open + 1, close - 1));
      branch.lastIndex = close;
    }
    const chosen =
      branches.get(`=${value}`) ?? branches.get(pluralCategory(locale, value)) ?? branches.get('other') ?? '';
    out += template.slice(from, match.index) + chosen.replace(/#/g, String(value));
    from = end;
    head.lastIndex = end;
  }
  return out + template.slice(from);
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
