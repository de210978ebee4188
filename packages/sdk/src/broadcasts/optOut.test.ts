import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPT_OUT_WORDS,
  OPT_OUT_WORD_MAX_LENGTH,
  isOptOutMessage,
  normalizeOptOutWord,
  normalizeOptOutWords,
} from './optOut.ts';

describe('isOptOutMessage', () => {
  it('takes the default words in any letter case, with spaces and punctuation around them', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'STOP!!!', 'berhenti', 'Berhenti 🙏', '"unsubscribe"']) {
      expect(isOptOutMessage(text), text).toBe(true);
    }
    expect(isOptOutMessage('stop   promo')).toBe(true);
    expect(isOptOutMessage('Berhenti\tlangganan!')).toBe(true);
    expect(isOptOutMessage('unreg')).toBe(true);
  });

  it('ignores accents', () => {
    expect(isOptOutMessage('STÓP')).toBe(true);
    expect(isOptOutMessage('Bérhentï')).toBe(true);
  });

  it('wants the whole message to be the word, not to contain it', () => {
    for (const text of [
      'jangan stop dulu',
      'stop dulu ya',
      'STOPPED',
      'stop-promo',
      'mau berhenti?kak',
      '',
    ]) {
      expect(isOptOutMessage(text), text).toBe(false);
    }
    expect(isOptOutMessage('!!!')).toBe(false);
    expect(isOptOutMessage(`STOP ${'x'.repeat(OPT_OUT_WORD_MAX_LENGTH * 4)}`)).toBe(false);
  });

  it('uses the configured words instead of the defaults when given', () => {
    expect(isOptOutMessage('cukup', ['Cukup', 'jangan kirim lagi'])).toBe(true);
    expect(isOptOutMessage('Jangan  kirim LAGI.', ['Cukup', 'jangan kirim lagi'])).toBe(true);
    expect(isOptOutMessage('stop', ['Cukup'])).toBe(false);
    expect(isOptOutMessage('stop', [])).toBe(false);
  });
});

describe('normalizeOptOutWord', () => {
  it('drops accents and edge punctuation, collapses spaces and upper-cases', () => {
    expect(normalizeOptOutWord('  Stóp   promo!! ')).toBe('STOP PROMO');
    expect(normalizeOptOutWord('...')).toBe('');
  });

  it('stores configured words normalised, once each, without empties', () => {
    expect(normalizeOptOutWords(['stop', ' STOP ', '', '?', 'Berhenti  langganan'])).toEqual([
      'STOP',
      'BERHENTI LANGGANAN',
    ]);
  });

  it('keeps the default words already normalised, unique and within the length limit', () => {
    expect(normalizeOptOutWords(DEFAULT_OPT_OUT_WORDS)).toEqual(DEFAULT_OPT_OUT_WORDS);
    expect(DEFAULT_OPT_OUT_WORDS.every((word) => word.length <= OPT_OUT_WORD_MAX_LENGTH)).toBe(true);
  });
});
