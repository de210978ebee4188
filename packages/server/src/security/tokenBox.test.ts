import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openToken, parseTokenKey, sealToken, TOKEN_KEY_BYTES } from './tokenBox.ts';

const key = randomBytes(TOKEN_KEY_BYTES);

describe('tokenBox', () => {
  it('seals a token so that the stored text does not contain it, and opens it again', () => {
    const token = 'EAAG-very-secret-token-123';
    const sealed = sealToken(key, token);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('secret');
    expect(openToken(key, sealed)).toBe(token);
    // A fresh IV each time: the same token never seals to the same text.
    expect(sealToken(key, token)).not.toBe(sealed);
  });

  it('refuses to open with another key or after the stored text was changed', () => {
    const sealed = sealToken(key, 'EAAG-token');
    expect(() => openToken(randomBytes(TOKEN_KEY_BYTES), sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => openToken(key, tampered)).toThrow();
    expect(() => openToken(null, sealed)).toThrow(/token key/);
  });

  it('reads a token stored before sealing as it is', () => {
    expect(openToken(key, 'EAAG-plain')).toBe('EAAG-plain');
    expect(openToken(null, 'EAAG-plain')).toBe('EAAG-plain');
  });

  it('takes SAPA_SECRET_KEY as 32 bytes of hex or base64url, nothing else', () => {
    expect(parseTokenKey(key.toString('hex'))).toEqual(key);
    expect(parseTokenKey(key.toString('base64url'))).toEqual(key);
    expect(parseTokenKey(` ${key.toString('base64url')}\n`)).toEqual(key);
    expect(parseTokenKey('too-short')).toBeNull();
    expect(parseTokenKey(randomBytes(16).toString('hex'))).toBeNull();
  });
});
