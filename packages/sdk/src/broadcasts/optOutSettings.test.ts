import { describe, expect, it } from 'vitest';
import { DEFAULT_OPT_OUT_WORDS, OPT_OUT_WORDS_MAX, OPT_OUT_WORD_MAX_LENGTH } from './optOut.ts';
import {
  OPT_OUT_REPLY_MAX,
  isDefaultOptOutWords,
  optOutProblemLimit,
  optOutReplyProblem,
  optOutSettingsProblems,
  optOutWordProblem,
  optOutWordsOf,
  optOutWordsProblem,
} from './optOutSettings.ts';

describe('opt-out settings', () => {
  it('takes a word that is something once normalised and not too long', () => {
    expect(optOutWordProblem(' stop dong! ')).toBeNull();
    expect(optOutWordProblem(' !!! ')).toBe('empty');
    expect(optOutWordProblem('x'.repeat(OPT_OUT_WORD_MAX_LENGTH))).toBeNull();
    expect(optOutWordProblem('x'.repeat(OPT_OUT_WORD_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('wants at least one word, at most the limit, each short enough; repeats count once', () => {
    expect(optOutWordsProblem([])).toBe('empty');
    expect(optOutWordsProblem(['', '?!'])).toBe('empty');
    expect(optOutWordsProblem(['stop'])).toBeNull();
    const many = Array.from({ length: OPT_OUT_WORDS_MAX + 1 }, (_, index) => `kata ${index}`);
    expect(optOutWordsProblem(many)).toBe('too_many');
    expect(optOutWordsProblem([...many.slice(0, OPT_OUT_WORDS_MAX), 'KATA 0', 'kata 1!'])).toBeNull();
    expect(optOutWordsProblem(['stop', 'y'.repeat(OPT_OUT_WORD_MAX_LENGTH + 1)])).toBe('too_long');
  });

  it('wants an answer, trimmed, up to its limit', () => {
    expect(optOutReplyProblem('  ')).toBe('empty');
    expect(optOutReplyProblem(' Baik. ')).toBeNull();
    expect(optOutReplyProblem(` ${'a'.repeat(OPT_OUT_REPLY_MAX)} `)).toBeNull();
    expect(optOutReplyProblem('a'.repeat(OPT_OUT_REPLY_MAX + 1))).toBe('too_long');
  });

  it('knows the default words as written in any case, and only in their order', () => {
    expect(isDefaultOptOutWords(DEFAULT_OPT_OUT_WORDS)).toBe(true);
    expect(isDefaultOptOutWords(DEFAULT_OPT_OUT_WORDS.map((word) => ` ${word.toLowerCase()}.`))).toBe(true);
    expect(isDefaultOptOutWords([...DEFAULT_OPT_OUT_WORDS].reverse())).toBe(false);
    expect(isDefaultOptOutWords(DEFAULT_OPT_OUT_WORDS.slice(1))).toBe(false);
    expect(optOutWordsOf(null)).toBe(DEFAULT_OPT_OUT_WORDS);
    expect(optOutWordsOf(['HENTIKAN'])).toEqual(['HENTIKAN']);
  });
});

describe('optOutSettingsProblems', () => {
  it('checks the words always and the answer while it is sent', () => {
    expect(optOutSettingsProblems({ words: ['stop'], reply: 'Baik.', replyEnabled: true })).toEqual({});
    expect(optOutSettingsProblems({ words: [], reply: ' ', replyEnabled: true })).toEqual({
      words: 'empty',
      reply: 'empty',
    });
    expect(optOutSettingsProblems({ words: ['stop'], reply: '', replyEnabled: false })).toEqual({});
    expect(
      optOutSettingsProblems({
        words: ['stop'],
        reply: 'a'.repeat(OPT_OUT_REPLY_MAX + 1),
        replyEnabled: false,
      }),
    ).toEqual({ reply: 'too_long' });
    expect(optOutProblemLimit('too_many', 'words')).toBe(OPT_OUT_WORDS_MAX);
    expect(optOutProblemLimit('too_long', 'word')).toBe(OPT_OUT_WORD_MAX_LENGTH);
    expect(optOutProblemLimit('too_long', 'reply')).toBe(OPT_OUT_REPLY_MAX);
  });
});
