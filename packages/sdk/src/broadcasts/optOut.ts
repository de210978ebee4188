/**
 * Opt-out words: a customer who answers a broadcast with one of them (and nothing else) is marked
 * opted out and left out of later broadcasts. A project may add its own words; matching ignores
 * letter case, accents, repeated spaces and punctuation or emoji around the word, but the whole
 * message must be the word: "jangan stop dulu" is a sentence, not an opt-out.
 */
import { withoutAccents } from '../internal/withoutAccents.ts';

/**
 * The words every project starts with: the global `STOP` and `UNSUBSCRIBE`, and what Indonesian
 * customers write: `BERHENTI` ("stop"), `BERHENTI LANGGANAN` ("stop subscription"), `STOP PROMO`,
 * and `UNREG`, the word Indonesian operators' SMS services taught for leaving a service.
 */
export const DEFAULT_OPT_OUT_WORDS: readonly string[] = [
  'STOP',
  'BERHENTI',
  'STOP PROMO',
  'BERHENTI LANGGANAN',
  'UNSUBSCRIBE',
  'UNREG',
];

/** How many opt-out words a project may configure. */
export const OPT_OUT_WORDS_MAX = 20;

/** How long one opt-out word may be, in characters after normalising. */
export const OPT_OUT_WORD_MAX_LENGTH = 40;

/** Punctuation, symbols (emoji among them) and spaces at either end of a message. */
const EDGES = /^[\p{P}\p{S}\p{Z}\s]+|[\p{P}\p{S}\p{Z}\s]+$/gu;

/**
 * A word or a message as it is compared: accents dropped (NFD, combining marks stripped),
 * punctuation, symbols and spaces at either end removed, inner spaces collapsed to one,
 * upper case. `'  Stop promo!! '` → `'STOP PROMO'`; only punctuation gives `''`.
 */
export function normalizeOptOutWord(word: string): string {
  return withoutAccents(word)
    .replace(EDGES, '')
    .replace(/[\p{Z}\s]+/gu, ' ')
    .toUpperCase();
}

/**
 * Configured words as they are stored: normalised, without empties and repeats, in their order.
 * Checking the count (`OPT_OUT_WORDS_MAX`) and length (`OPT_OUT_WORD_MAX_LENGTH`) is the form's
 * and the act's job.
 */
export function normalizeOptOutWords(words: readonly string[]): string[] {
  return [...new Set(words.map(normalizeOptOutWord).filter((word) => word !== ''))];
}

/**
 * Whether a customer's message is an opt-out: once normalised (`normalizeOptOutWord`) it equals
 * one of `words` (normalised the same way).
 */
export function isOptOutMessage(text: string, words: readonly string[] = DEFAULT_OPT_OUT_WORDS): boolean {
  // No configured word is longer than this; a long message cannot be one.
  if (text.length > OPT_OUT_WORD_MAX_LENGTH * 4) return false;
  const message = normalizeOptOutWord(text);
  if (message === '') return false;
  return words.some((word) => normalizeOptOutWord(word) === message);
}
