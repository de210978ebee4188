/**
 * A project's opt-out settings (the settings page's "Opt-out broadcast", `project_update`'s
 * `optOut`): the words that opt a customer out of broadcasts, the answer they get once they did,
 * and whether they get it. The form and the act check them with the same rules.
 */
import {
  DEFAULT_OPT_OUT_WORDS,
  OPT_OUT_WORDS_MAX,
  OPT_OUT_WORD_MAX_LENGTH,
  normalizeOptOutWord,
  normalizeOptOutWords,
} from './optOut.ts';

/** How long the answer to an opt-out may be, in characters after trimming. */
export const OPT_OUT_REPLY_MAX = 1_000;

/** The catalogue's answer, used while a project has not written its own. */
export const OPT_OUT_DEFAULT_REPLY_KEY = 'settings.optOut.defaultReply';

export interface OptOutSettings {
  /** Normalised (`normalizeOptOutWords`), in the project's order. */
  words: string[];
  reply: string;
  replyEnabled: boolean;
}

/** Why one word cannot be added: nothing left once normalised, or longer than `OPT_OUT_WORD_MAX_LENGTH`. */
export type OptOutWordProblem = 'empty' | 'too_long';
/** Why a list of words cannot be saved: none, or more than `OPT_OUT_WORDS_MAX`, or one too long. */
export type OptOutWordsProblem = 'empty' | 'too_many' | 'too_long';
/** Why an answer cannot be saved. */
export type OptOutReplyProblem = 'empty' | 'too_long';

export function optOutWordProblem(word: string): OptOutWordProblem | null {
  const normalized = normalizeOptOutWord(word);
  if (normalized === '') return 'empty';
  return normalized.length > OPT_OUT_WORD_MAX_LENGTH ? 'too_long' : null;
}

/**
 * The words' problem, if any: at least one word is needed (a customer must always have a way to
 * stop broadcasts), at most `OPT_OUT_WORDS_MAX`, each at most `OPT_OUT_WORD_MAX_LENGTH`.
 */
export function optOutWordsProblem(words: readonly string[]): OptOutWordsProblem | null {
  const normalized = normalizeOptOutWords(words);
  if (normalized.length === 0) return 'empty';
  if (normalized.length > OPT_OUT_WORDS_MAX) return 'too_many';
  return normalized.some((word) => word.length > OPT_OUT_WORD_MAX_LENGTH) ? 'too_long' : null;
}

export function optOutReplyProblem(reply: string): OptOutReplyProblem | null {
  const text = reply.trim();
  if (text === '') return 'empty';
  return text.length > OPT_OUT_REPLY_MAX ? 'too_long' : null;
}

/** What keeps opt-out settings from being saved, by field. */
export interface OptOutSettingsProblems {
  words?: OptOutWordsProblem;
  reply?: OptOutReplyProblem;
}

/**
 * The settings' problems: the words' (`optOutWordsProblem`), and the answer's while it is sent
 * (a switched-off answer may be left empty: the catalogue's text is kept for it).
 */
export function optOutSettingsProblems(settings: OptOutSettings): OptOutSettingsProblems {
  const problems: OptOutSettingsProblems = {};
  const words = optOutWordsProblem(settings.words);
  if (words !== null) problems.words = words;
  if (settings.replyEnabled || settings.reply.trim() !== '') {
    const reply = optOutReplyProblem(settings.reply);
    if (reply !== null) problems.reply = reply;
  }
  return problems;
}

/** The limit a problem's message names (`{max}`). */
export function optOutProblemLimit(
  problem: OptOutWordProblem | OptOutWordsProblem | OptOutReplyProblem,
  field: 'word' | 'words' | 'reply',
): number {
  if (field === 'reply') return OPT_OUT_REPLY_MAX;
  return problem === 'too_many' ? OPT_OUT_WORDS_MAX : OPT_OUT_WORD_MAX_LENGTH;
}

/** Whether `words` are the default words, in their order (a project keeps them as `null`). */
export function isDefaultOptOutWords(words: readonly string[]): boolean {
  const normalized = normalizeOptOutWords(words);
  return (
    normalized.length === DEFAULT_OPT_OUT_WORDS.length &&
    normalized.every((word, index) => word === DEFAULT_OPT_OUT_WORDS[index])
  );
}

/** The words in force for a project: its own, or the defaults (`null`). */
export function optOutWordsOf(stored: readonly string[] | null): readonly string[] {
  return stored ?? DEFAULT_OPT_OUT_WORDS;
}
