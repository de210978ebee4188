import { describe, expect, it } from 'vitest';
import { messages } from '../sdk.ts';
import { pickLocale, translate } from './translate.ts';

describe('pickLocale', () => {
  it.each([
    [undefined, 'id'],
    ['', 'id'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5', 'en'],
    ['id-ID,en;q=0.9', 'id'],
    ['en;q=0.4,id;q=0.8', 'id'],
    ['de,fr', 'id'],
    ['en;q=0', 'id'],
  ] as const)('%s -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('translate', () => {
  it('has a text for every failure reason the server answers', () => {
    const reasons = [
      'invalid_input',
      'unknown_act',
      'unauthenticated',
      'forbidden',
      'not_found',
      'rate_limited',
      'phone_taken',
      'invalid_credentials',
      'otp_invalid',
      'otp_locked',
      'otp_expired',
      'otp_used',
      'otp_cooldown',
      'payload_too_large',
      'malformed_body',
      'internal',
    ];
    for (const reason of reasons) {
      expect(Object.keys(messages.id)).toContain(`error.${reason}`);
    }
  });

  it('fills placeholders', () => {
    expect(translate('id', 'error.otp_cooldown', { retryAfter: 42 })).toBe(
      'Tunggu 42 detik sebelum mengirim ulang kode.',
    );
    expect(translate('en', 'error.otp_invalid', { attemptsLeft: 2 })).toBe('Wrong code. Attempts left: 2.');
  });

  it('has the same keys and placeholders in Indonesian and English', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.id).sort());
    // `{name}`, or the counted value of a plural: `{count, plural, one {…} other {…}}`.
    const placeholders = (text: string) =>
      [...new Set([...text.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1]))].sort();
    for (const key of Object.keys(messages.id)) {
      expect(placeholders(messages.en[key] ?? ''), key).toEqual(placeholders(messages.id[key] ?? ''));
    }
  });
});
