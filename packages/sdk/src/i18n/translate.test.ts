import { describe, expect, it } from 'vitest';
import { addEveryMessage, messages } from './catalogue.ts';
import { addMessages, createTranslator, defaultLocale, pickLocale, translate } from './translate.ts';
import type { MessageKey } from './translate.ts';

describe('the message catalogue', () => {
  it('defaults to Indonesian', () => {
    expect(defaultLocale).toBe('id');
  });

  it('has every Indonesian key in English and every English key in Indonesian', () => {
    const id = Object.keys(messages.id).sort();
    const en = Object.keys(messages.en).sort();
    expect(id.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !id.includes(key))).toEqual([]);
  });

  it('has no empty text', () => {
    for (const catalogue of [messages.id, messages.en]) {
      expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('merges error and screen texts', () => {
    expect(translate('id', 'error.generic')).toBe('Error');
    expect(translate('id', 'notFound.back')).toBe('Kembali ke Halaman Utama');
  });

  it('knows the parts that load with their screens only once they are added', () => {
    // Not loaded with the app (the sign-in pages do not carry them): the key itself.
    expect(translate('en', 'template.error.generic')).toBe('template.error.generic');
    addEveryMessage();
    expect(translate('en', 'template.error.generic')).toBe(messages.en['template.error.generic']);
    expect(translate('en', 'template.error.generic')).not.toBe('template.error.generic');
  });
});

describe('translate', () => {
  it('fills {name} placeholders and leaves unknown ones as written', () => {
    // A key with placeholders, added for this test only (Indonesian only, to show the fallback).
    addMessages({ id: { 'test.greeting': 'Halo {name}, {count} pesan {missing}' }, en: {} });
    {
      expect(translate('id', 'test.greeting', { name: 'Budi', count: 3 })).toBe(
        'Halo Budi, 3 pesan {missing}',
      );
      // Not in English: falls back to Indonesian.
      expect(translate('en', 'test.greeting', { name: 'Budi', count: 3 })).toBe(
        'Halo Budi, 3 pesan {missing}',
      );
    }
  });

  it('falls back to the key itself', () => {
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('uses the locale of a translator', () => {
    const t = createTranslator('en');
    expect(t('notFound.back' satisfies MessageKey)).toBe(messages.en['notFound.back']);
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'id'],
    [null, 'id'],
    ['', 'id'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['id-ID,id;q=0.9,en;q=0.8', 'id'],
    ['fr-FR,fr;q=0.9,en;q=0.5,id;q=0.4', 'en'],
    ['fr, de', 'id'],
    ['id;q=0.5, en;q=0.8', 'en'],
    ['en;q=0, id', 'id'],
    ['*', 'id'],
  ])('picks %j -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('plurals', () => {
  it('picks the branch of the locale’s plural rules for the count', () => {
    expect(translate('en', 'chat.list.unread', { count: 1 })).toBe('1 unread message');
    expect(translate('en', 'chat.list.unread', { count: 3 })).toBe('3 unread messages');
    expect(translate('en', 'home.unread', { count: 1 })).toBe('1 unread message');
    expect(translate('id', 'chat.list.unread', { count: 1 })).toBe('1 pesan belum dibaca');
  });

  it('prefers an exact =n branch, falls back to other, and fills placeholders in the branch', () => {
    const key = 'test.plural';
    addMessages({
      id: {},
      en: { [key]: '{name}: {count, plural, =0 {nothing} one {# file} other {# files for {name}}}.' },
    });
    {
      expect(translate('en', key, { count: 0, name: 'Sari' })).toBe('Sari: nothing.');
      expect(translate('en', key, { count: 1, name: 'Sari' })).toBe('Sari: 1 file.');
      expect(translate('en', key, { count: 2, name: 'Sari' })).toBe('Sari: 2 files for Sari.');
      // Without a number the plural stays as written.
      expect(translate('en', key, { name: 'Sari' })).toContain('{count, plural,');
    }
  });
});
