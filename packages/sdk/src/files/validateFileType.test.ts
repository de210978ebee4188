import { describe, expect, it } from 'vitest';
import { expectedTypesMessage, matchesFileType, validateFileType } from './validateFileType.ts';
import { guessMimeType, urlExtension } from './guessMimeType.ts';

describe('validateFileType', () => {
  it('accepts a type equal to an accepted type', () => {
    expect(validateFileType({ type: 'image/png' }, ['image/png', 'image/jpeg'])).toEqual({
      valid: true,
      type: 'image/png',
    });
  });

  it('matches a wildcard on the major type', () => {
    expect(validateFileType({ type: 'image/webp' }, ['image/*']).valid).toBe(true);
    expect(validateFileType({ type: 'video/mp4' }, ['image/*']).valid).toBe(false);
    expect(matchesFileType('imagery/png', 'image/*')).toBe(false);
  });

  it('accepts everything with an empty list', () => {
    expect(validateFileType({ type: '' }, []).valid).toBe(true);
    expect(validateFileType({ type: 'application/x-anything' }, []).valid).toBe(true);
  });

  it('refuses with the main and sub messages filled in', () => {
    expect(validateFileType({ type: 'application/pdf' }, ['image/png', 'image/jpeg'])).toEqual({
      valid: false,
      type: 'application/pdf',
      main: 'File is of invalid type',
      sub: 'Expects image/png or image/jpeg',
    });
  });

  it('guesses the type of a URL from its extension', () => {
    expect(validateFileType('https://cdn.example.com/a/photo.JPG?v=2', ['image/jpeg']).valid).toBe(true);
    expect(validateFileType('https://cdn.example.com/a/clip.mp4', ['image/*'])).toMatchObject({
      valid: false,
      type: 'video/mp4',
      sub: 'Expects image/*',
    });
    expect(validateFileType('https://cdn.example.com/download', ['image/*']).valid).toBe(false);
  });
});

describe('expectedTypesMessage: Expects {allButLastType} or {lastType}', () => {
  it('lists the types with commas and "or" before the last', () => {
    expect(expectedTypesMessage(['image/png', 'image/jpeg'])).toBe('Expects image/png or image/jpeg');
    expect(expectedTypesMessage(['image/png', 'image/jpeg', 'application/pdf'])).toBe(
      'Expects image/png, image/jpeg or application/pdf',
    );
  });

  it('names a single type alone', () => {
    expect(expectedTypesMessage(['image/png'])).toBe('Expects image/png');
  });

  it('uses labels, hides types labelled null, and drops duplicates', () => {
    expect(
      expectedTypesMessage(['image/png', 'image/jpeg', 'application/pdf', 'image/x-internal'], {
        'image/png': 'PNG',
        'image/jpeg': 'JPEG',
        'application/pdf': 'PDF',
        'image/x-internal': null,
      }),
    ).toBe('Expects PNG, JPEG or PDF');
    expect(
      expectedTypesMessage(['image/jpeg', 'image/pjpeg'], { 'image/jpeg': 'JPG', 'image/pjpeg': 'JPG' }),
    ).toBe('Expects JPG');
  });
});

describe('guessMimeType', () => {
  it('reads the extension of the path only', () => {
    expect(urlExtension('https://x.id/a.b/file.PDF#page=2')).toBe('pdf');
    expect(urlExtension('https://x.id/.hidden')).toBe('');
    expect(guessMimeType('/media/voice.ogg')).toBe('audio/ogg');
    expect(guessMimeType('/media/card.vcf')).toBe('text/vcard');
    expect(guessMimeType('/media/unknown.xyz')).toBe('');
  });
});
