/**
 * Keyword matching of automation rules (`keyword` conditions). A message and a keyword are
 * compared once both are normalised (`normalizeKeyword`), so letter case, accents, punctuation,
 * emoji and repeated spaces never decide a match. The modes (`KeywordMatchMode`):
 * - `exact`: the whole message is the keyword: `Harga?` matches `harga`, `harga dong` does not;
 * - `contains`: the keyword appears where a word of the message starts: `harga` matches
 *   `Berapa harganya?` (Indonesian suffixes such as -nya, -kah, -lah stay matched), but `ok` does
 *   not match `bokong`; a keyword of several words is found as a phrase (`ongkos kirim`);
 * - `starts_with`: the message begins with the keyword: `harga` matches `Harganya berapa kak`.
 */
import type { KeywordMatchMode } from '../contract/automationTypes.ts';
import { withoutAccents } from '../internal/withoutAccents.ts';

/** Runs of spaces, punctuation and symbols (emoji among them). */
const SEPARATORS = /[\p{P}\p{S}\p{Z}\s]+/gu;

/**
 * A message or keyword as compared: lower case, accents dropped (as opt-out words'), every run of
 * spaces, punctuation and symbols one space, none at either end. `'  Hárga, BERAPA?? 🙏'` →
 * `'harga berapa'`; only punctuation or emoji gives `''` (such a keyword can never match, and
 * the schema refuses it).
 */
export function normalizeKeyword(text: string): string {
  return withoutAccents(text.toLowerCase()).replace(SEPARATORS, ' ').trim();
}

/** Whether a normalised message matches a normalised (non-empty) keyword by `mode`. */
function matchesNormalized(message: string, keyword: string, mode: KeywordMatchMode): boolean {
  switch (mode) {
    case 'exact':
      return message === keyword;
    case 'starts_with':
      return message.startsWith(keyword);
    case 'contains':
      // Normalised words are separated by exactly one space: a space before the keyword is a word start.
      return ` ${message}`.includes(` ${keyword}`);
  }
}

/**
 * The first of `keywords` (as configured) that `text` matches by `mode`, or null: none does, the
 * message has no text (null) or nothing but punctuation. Empty keywords never match.
 */
export function matchKeyword(
  text: string | null,
  keywords: readonly string[],
  mode: KeywordMatchMode,
): string | null {
  if (text === null) return null;
  const message = normalizeKeyword(text);
  if (message === '') return null;
  for (const keyword of keywords) {
    const normalized = normalizeKeyword(keyword);
    if (normalized !== '' && matchesNormalized(message, normalized, mode)) return keyword;
  }
  return null;
}
