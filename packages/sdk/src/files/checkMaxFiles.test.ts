import { describe, expect, it } from 'vitest';
import { checkMaxFiles, effectiveMaxFiles } from './checkMaxFiles.ts';

describe('effectiveMaxFiles', () => {
  it('is 1,000,000 when multiple and unset, the max when set, and 1 when not multiple', () => {
    expect(effectiveMaxFiles({ allowMultiple: true })).toBe(1_000_000);
    expect(effectiveMaxFiles({ allowMultiple: true, maxFiles: null })).toBe(1_000_000);
    expect(effectiveMaxFiles({ allowMultiple: true, maxFiles: 3 })).toBe(3);
    expect(effectiveMaxFiles({ allowMultiple: false, maxFiles: 3 })).toBe(1);
    expect(effectiveMaxFiles({})).toBe(1);
  });
});

describe('checkMaxFiles', () => {
  it('refuses the whole add with "Max files" when it would exceed the max', () => {
    expect(checkMaxFiles({ current: 2, adding: 2, maxFiles: 3, allowMultiple: true })).toEqual({
      ok: false,
      max: 3,
      warning: 'Max files',
    });
  });

  it('allows up to the max', () => {
    expect(checkMaxFiles({ current: 1, adding: 2, maxFiles: 3, allowMultiple: true })).toEqual({
      ok: true,
      max: 3,
      replace: false,
    });
    expect(checkMaxFiles({ current: 500, adding: 500, allowMultiple: true }).ok).toBe(true);
  });

  it('refuses more than one file at once when not multiple', () => {
    expect(checkMaxFiles({ current: 0, adding: 2 })).toMatchObject({
      ok: false,
      max: 1,
      warning: 'Max files',
    });
  });

  it('replaces the single file when replace is allowed (the default)', () => {
    expect(checkMaxFiles({ current: 1, adding: 1 })).toEqual({ ok: true, max: 1, replace: true });
    expect(checkMaxFiles({ current: 0, adding: 1 })).toEqual({ ok: true, max: 1, replace: false });
  });

  it('refuses a second single file when replace is not allowed', () => {
    expect(checkMaxFiles({ current: 1, adding: 1, allowReplace: false })).toMatchObject({
      ok: false,
      warning: 'Max files',
    });
  });
});
