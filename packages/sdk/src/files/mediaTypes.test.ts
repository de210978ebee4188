import { describe, expect, it } from 'vitest';
import { fileExtension, maxMediaBytes, mediaKindOf, messageTypeOf } from './mediaTypes.ts';

describe('media types', () => {
  it('names the message type from the content type, else the extension', () => {
    expect(messageTypeOf('image/jpeg', 'x.JPG')).toBe('jpeg');
    expect(messageTypeOf('image/png', 'x')).toBe('png');
    expect(messageTypeOf('image/webp', 'a.webp')).toBe('webp');
    expect(messageTypeOf('audio/ogg', 'voice.opus')).toBe('ogg');
    expect(messageTypeOf('video/mp4', 'clip.mov')).toBe('mp4');
    expect(messageTypeOf('application/pdf', 'Daftar Harga.PDF')).toBe('pdf');
    expect(messageTypeOf('application/octet-stream', 'noext')).toBe('file');
    expect(messageTypeOf('application/zip', 'a.t-a-r')).toBe('tar');
  });

  it('knows the kind and the size limit of each', () => {
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('audio/mpeg')).toBe('audio');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('application/pdf')).toBe('document');
    expect(maxMediaBytes('image/jpeg')).toBe(5_000_000);
    expect(maxMediaBytes('audio/ogg')).toBe(16_000_000);
    expect(maxMediaBytes('video/mp4')).toBe(16_000_000);
    expect(maxMediaBytes('application/pdf')).toBe(100_000_000);
  });

  it('reads extensions', () => {
    expect(fileExtension('a.tar.GZ')).toBe('gz');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});
