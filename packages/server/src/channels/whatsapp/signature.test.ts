import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sign, verifySignature } from './signature.ts';

const SECRET = 'app-secret-123';
const body = readFileSync(new URL('./fixtures/inbound-text.json', import.meta.url));

describe('sign', () => {
  it('is sha256= and the lowercase hex HMAC-SHA256 of the raw bytes under the app secret', () => {
    const expected = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(sign(body, SECRET)).toBe(`sha256=${expected}`);
    expect(sign(body, SECRET)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('signs a string as its UTF-8 bytes', () => {
    const text = '{"emoji":"👍"}';
    expect(sign(text, SECRET)).toBe(sign(Buffer.from(text, 'utf8'), SECRET));
  });
});

describe('verifySignature', () => {
  it('accepts the signature of the exact raw body', () => {
    expect(verifySignature(body, sign(body, SECRET), SECRET)).toEqual({ ok: true });
    expect(
      verifySignature(
        new Uint8Array(body),
        sign(body, SECRET).toUpperCase().replace('SHA256=', 'sha256='),
        SECRET,
      ),
    ).toEqual({
      ok: true,
    });
  });

  it('rejects a re-serialised body, another secret and a tampered digest', () => {
    const header = sign(body, SECRET);
    const reserialised = JSON.stringify(JSON.parse(body.toString('utf8')));
    expect(verifySignature(reserialised, header, SECRET)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(body, header, 'other-secret')).toEqual({ ok: false, reason: 'mismatch' });
    const flipped = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    expect(verifySignature(body, flipped, SECRET)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(body, header, '')).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('rejects a missing header', () => {
    expect(verifySignature(body, undefined, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(body, '', SECRET)).toEqual({ ok: false, reason: 'missing' });
  });

  it('rejects malformed headers without comparing', () => {
    const hex = sign(body, SECRET).slice('sha256='.length);
    for (const header of [
      hex,
      `sha1=${hex}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}00`,
      `sha256=${'z'.repeat(64)}`,
      'sha256=',
    ]) {
      expect(verifySignature(body, header, SECRET)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(verifySignature(body, [sign(body, SECRET), sign(body, SECRET)], SECRET)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
