import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';
import { hashCode, newOtpCode, newToken, sameDigest, sha256 } from './secrets.ts';

describe('passwords', () => {
  it('hash with a fresh salt each time and verify only the right password', async () => {
    const first = await hashPassword('rahasia-123');
    const second = await hashPassword('rahasia-123');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('rahasia-123', first)).toBe(true);
    expect(await verifyPassword('rahasia-124', first)).toBe(false);
    expect(await verifyPassword('rahasia-123', 'md5$abc')).toBe(false);
  });
});

describe('secrets', () => {
  it('makes 6-digit codes and distinct tokens', () => {
    const codes = Array.from({ length: 200 }, () => newOtpCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
    expect(newToken()).not.toBe(newToken());
    expect(newToken()).toMatch(/^[\w-]{43}$/);
  });

  it('binds a code hash to its salt and compares digests exactly', () => {
    expect(hashCode('123456', 'a')).not.toBe(hashCode('123456', 'b'));
    expect(sameDigest(hashCode('123456', 'a'), hashCode('123456', 'a'))).toBe(true);
    expect(sameDigest(hashCode('123456', 'a'), hashCode('123457', 'a'))).toBe(false);
    expect(sameDigest(sha256('x'), 'abcd')).toBe(false);
  });
});
