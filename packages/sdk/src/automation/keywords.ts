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

/** The last message normalised (every rule of a message asks about the same text). */
let lastMessage: { text: string; normalized: string } | null = null;

function normalizedMessage(text: string): string {
  if (lastMessage?.text !== text) lastMessage = { text, normalized: normalizeKeyword(text) };
  return lastMessage.normalized;
}

/** A rule's keywords normalised, by the list they came from (a rule is judged on every message). */
const normalizedLists = new WeakMap<readonly string[], { source: string[]; normalized: string[] }>();

function normalizedKeywords(keywords: readonly string[]): string[] {
  const known = normalizedLists.get(keywords);
  // A list edited in place (an editor's draft) is normalised again.
  if (
    known !== undefined &&
    known.source.length === keywords.length &&
    known.source.every((keyword, index) => keyword === keywords[index])
  )
    return known.normalized;
  const normalized = keywords.map(normalizeKeyword);
  normalizedLists.set(keywords, { source: [...keywords], normalized });
  return normalized;
}

/**
 * The first of `keywords` (as configured) that `text` matches by `mode`, or null: none does, the
 * message has no text (null) or nothing but punctuation. Empty keywords never match. The
 * normalised message and keyword lists are kept, so judging 50 rules on a message normalises it
 * once, and each rule's keywords once.
 */
export function matchKeyword(
  text: string | null,
  keywords: readonly string[],
  mode: KeywordMatchMode,
): string | null {
  if (text === null) return null;
  const message = normalizedMessage(text);
  if (message === '') return null;
  const normalized = normalizedKeywords(keywords);
  for (const [index, keyword] of keywords.entries()) {
    const candidate = normalized[index] ?? '';
    if (candidate !== '' && matchesNormalized(message, candidate, mode)) return keyword;
  }
  return null;
}
