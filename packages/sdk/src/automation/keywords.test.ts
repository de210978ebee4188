import { describe, expect, it } from 'vitest';
import { matchKeyword, normalizeKeyword } from './keywords.ts';

describe('normalizeKeyword', () => {
  it('lower-cases, drops accents and turns punctuation, emoji and space runs into one space', () => {
    expect(normalizeKeyword('  Hárga, BERAPA?? 🙏')).toBe('harga berapa');
    expect(normalizeKeyword('Ongkos\tkirim\n\nke  Bandung!')).toBe('ongkos kirim ke bandung');
    expect(normalizeKeyword('e-wallet')).toBe('e wallet');
    expect(normalizeKeyword('İstanbul')).toBe('istanbul');
  });

  it('leaves nothing of punctuation or emoji alone', () => {
    expect(normalizeKeyword('?!…')).toBe('');
    expect(normalizeKeyword('👍🙏')).toBe('');
    expect(normalizeKeyword('')).toBe('');
  });
});

describe('matchKeyword', () => {
  it('exact: the whole message is the keyword, whatever its case, accents and punctuation', () => {
    expect(matchKeyword('Harga?', ['harga'], 'exact')).toBe('harga');
    expect(matchKeyword('  HÁRGA!! 🙏', ['harga'], 'exact')).toBe('harga');
    expect(matchKeyword('harga dong', ['harga'], 'exact')).toBeNull();
    expect(matchKeyword('Berapa harganya?', ['harga'], 'exact')).toBeNull();
  });

  it('contains: the keyword where a word starts, so suffixes match and word middles do not', () => {
    expect(matchKeyword('Berapa harganya?', ['harga'], 'contains')).toBe('harga');
    expect(matchKeyword('kak, HARGA nya brp', ['harga'], 'contains')).toBe('harga');
    expect(matchKeyword('bokong', ['ok'], 'contains')).toBeNull();
    expect(matchKeyword('oke siap', ['ok'], 'contains')).toBe('ok');
    expect(matchKeyword('diskon', ['kon'], 'contains')).toBeNull();
  });

  it('contains: a keyword of several words is found as a phrase, across punctuation', () => {
    expect(matchKeyword('berapa ongkos kirimnya ke Bandung?', ['ongkos kirim'], 'contains')).toBe(
      'ongkos kirim',
    );
    expect(matchKeyword('ongkos, kirim?', ['ongkos kirim'], 'contains')).toBe('ongkos kirim');
    expect(matchKeyword('ongkos mahal, kirim besok', ['ongkos kirim'], 'contains')).toBeNull();
  });

  it('starts_with: the message begins with the keyword', () => {
    expect(matchKeyword('Harganya berapa kak', ['harga'], 'starts_with')).toBe('harga');
    expect(matchKeyword('...harga?', ['harga'], 'starts_with')).toBe('harga');
    expect(matchKeyword('berapa harganya', ['harga'], 'starts_with')).toBeNull();
  });

  it('answers the first configured keyword that matches, as it was written', () => {
    expect(matchKeyword('mau info promo dan harga', ['Harga', 'Promo'], 'contains')).toBe('Harga');
    expect(matchKeyword('mau info promo', ['Harga', 'Promo!'], 'contains')).toBe('Promo!');
  });

  it('matches nothing without text, with only punctuation, or with empty keywords', () => {
    expect(matchKeyword(null, ['harga'], 'contains')).toBeNull();
    expect(matchKeyword('???', ['harga'], 'contains')).toBeNull();
    expect(matchKeyword('harga', [], 'contains')).toBeNull();
    expect(matchKeyword('harga', ['', '🙏'], 'contains')).toBeNull();
    expect(matchKeyword('🙏', ['🙏'], 'exact')).toBeNull();
  });

  it('answers each message and each keyword list afresh, a list edited in place among them', () => {
    const keywords = ['Harga', 'Promo'];
    expect(matchKeyword('mau info promo', keywords, 'contains')).toBe('Promo');
    expect(matchKeyword('mau info promo', ['ongkir'], 'contains')).toBeNull();
    expect(matchKeyword('ongkirnya berapa', ['ongkir'], 'contains')).toBe('ongkir');
    expect(matchKeyword('mau info promo', keywords, 'contains')).toBe('Promo');
    keywords[1] = 'Diskon';
    expect(matchKeyword('mau info promo', keywords, 'contains')).toBeNull();
    keywords.push('info');
    expect(matchKeyword('mau info promo', keywords, 'contains')).toBe('info');
    expect(matchKeyword('Mau INFO promo!', keywords, 'exact')).toBeNull();
    expect(matchKeyword('Harga?', keywords, 'exact')).toBe('Harga');
  });
});
