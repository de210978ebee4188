import { describe, expect, it } from 'vitest';
import { fillQuickReply, matchQuickReplies, quickReplyQuery } from './quickReplies.ts';

describe('fillQuickReply', () => {
  it('fills {nama}, {nomor} and {agen}, leaves unknown placeholders, and unescapes doubled braces', () => {
    expect(fillQuickReply('Halo kak {nama}, saya {agen}.', { nama: 'Sari', agen: 'Dewi' })).toBe(
      'Halo kak Sari, saya Dewi.',
    );
    expect(fillQuickReply('{nama} ({nomor}) {kota}', { nama: 'Budi', nomor: '+62812****789' })).toBe(
      'Budi (+62812****789) {kota}',
    );
    expect(fillQuickReply('{agen} {{nama}}', { nama: 'Budi' })).toBe('{agen} {nama}');
    expect(fillQuickReply('{nama}{nama}', { nama: 'A' })).toBe('AA');
  });
});

describe('quickReplyQuery', () => {
  it('reads the word after a leading slash only', () => {
    expect(quickReplyQuery('/')).toBe('');
    expect(quickReplyQuery('/Sal')).toBe('sal');
    expect(quickReplyQuery('halo /sal')).toBeNull();
    expect(quickReplyQuery('/sal am')).toBeNull();
    expect(quickReplyQuery('')).toBeNull();
  });
});

describe('matchQuickReplies', () => {
  const replies = [
    { shortcut: 'ongkir', text: 'Ongkir ke Jakarta 10rb' },
    { shortcut: 'salam', text: 'Halo kak {nama}' },
    { shortcut: 'rekening', text: 'Transfer ke BCA 123' },
    { shortcut: 'salam-malam', text: 'Selamat malam' },
  ];
  it('ranks shortcut prefixes, then shortcut matches, then text matches', () => {
    expect(matchQuickReplies(replies, 'sal').map((r) => r.shortcut)).toEqual(['salam', 'salam-malam']);
    expect(matchQuickReplies(replies, 'malam').map((r) => r.shortcut)).toEqual(['salam-malam']);
    expect(matchQuickReplies(replies, 'bca').map((r) => r.shortcut)).toEqual(['rekening']);
    expect(matchQuickReplies(replies, 'ke').map((r) => r.shortcut)).toEqual(['rekening', 'ongkir']);
    expect(matchQuickReplies(replies, '').map((r) => r.shortcut)).toEqual([
      'ongkir',
      'rekening',
      'salam',
      'salam-malam',
    ]);
    expect(matchQuickReplies(replies, 'zzz')).toEqual([]);
  });
});
