import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFile } from './detectFile.ts';
import { MediaLinks } from './mediaLinks.ts';
import { contentDisposition } from './serveFile.ts';
import { cleanFilename } from './mediaService.ts';
import { FileTooLargeError, MediaFiles } from './MediaFiles.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sapa-media-unit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Uint8Array | string): Promise<string> {
  const at = path.join(dir, `${Math.random()}-${name}`);
  await writeFile(at, bytes);
  return at;
}

describe('detectFile', () => {
  it('takes the type from the content and requires the name to agree', async () => {
    expect(await detectFile(await file('a.png', PNG), 'foto.png')).toEqual({
      ok: true,
      mimeType: 'image/png',
    });
    expect(await detectFile(await file('a.png', PNG), 'tanpa-nama')).toEqual({
      ok: true,
      mimeType: 'image/png',
    });
    expect(await detectFile(await file('a.png', PNG), 'foto.jpg')).toEqual({ ok: false });
    expect(await detectFile(await file('a.pdf', '%PDF-1.4\n%%EOF'), 'harga.PDF')).toEqual({
      ok: true,
      mimeType: 'application/pdf',
    });
  });

  it('passes plain text only under a text name and when the bytes are UTF-8 text', async () => {
    expect(await detectFile(await file('a.csv', 'nama,hp\nSari,0812'), 'pelanggan.csv')).toEqual({
      ok: true,
      mimeType: 'text/csv',
    });
    expect(await detectFile(await file('a.txt', 'halo'), 'catatan.html')).toEqual({ ok: false });
    expect(await detectFile(await file('a.txt', Buffer.from([0xff, 0xfe, 0x00])), 'a.txt')).toEqual({
      ok: false,
    });
    expect(
      await detectFile(
        await file('a.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'a.svg',
      ),
    ).toEqual({ ok: true, mimeType: 'image/svg+xml' });
    expect(await detectFile(await file('b.svg', '<html><script>alert(1)</script></html>'), 'b.svg')).toEqual({
      ok: false,
    });
  });
});

describe('MediaFiles', () => {
  it('writes through a temporary file, counting and hashing, and stops beyond the limit', async () => {
    const files = new MediaFiles(dir);
    const written = await files.write(PNG, 1_000);
    expect(written.size).toBe(PNG.length);
    await files.keep(written, '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e');
    expect(await files.exists('0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e')).toBe(true);
    await expect(files.write(PNG, 10)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(() => files.pathOf('../../etc/passwd')).toThrow(/not a media id/);
  });
});

describe('MediaLinks', () => {
  const links = new MediaLinks(Buffer.alloc(32, 7));
  const id = '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e';

  it('keeps one link all day, valid for 7 to 8 days', () => {
    const morning = new Date('2026-11-22T01:00:00Z');
    const evening = new Date('2026-11-22T23:00:00Z');
    expect(links.url(id, morning)).toBe(links.url(id, evening));
    const url = new URL(links.url(id, morning), 'http://sapa');
    const [e, s] = [url.searchParams.get('e'), url.searchParams.get('s')];
    expect(links.verify(id, e, s, new Date('2026-11-29T23:59:00Z'))).toBe(true);
    expect(links.verify(id, e, s, new Date('2026-11-30T00:00:00Z'))).toBe(false);
    expect(links.verify('1b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e', e, s, morning)).toBe(false);
    expect(links.verify(id, e, `${s}x`, morning)).toBe(false);
    expect(links.verify(id, undefined, s, morning)).toBe(false);
    expect(new MediaLinks(Buffer.alloc(32, 8)).verify(id, e, s, morning)).toBe(false);
  });
});

describe('file names', () => {
  it('keeps a name fit to show: no path, no control characters', () => {
    expect(cleanFilename('C:\\\\Users\\\\sari\\\\foto.png', 'file')).toBe('foto.png');
    expect(cleanFilename('../../rahasia\u0000.txt', 'file')).toBe('rahasia.txt');
    expect(cleanFilename('   ', 'file')).toBe('file');
    expect(cleanFilename('..', 'file')).toBe('file');
    expect(cleanFilename(undefined, 'file')).toBe('file');
  });

  it('answers Content-Disposition inline for media, attachment for the rest, with a UTF-8 name', () => {
    expect(contentDisposition('Foto "baru".png', 'image/png')).toBe(
      `inline; filename="Foto _baru_.png"; filename*=UTF-8''Foto%20%22baru%22.png`,
    );
    expect(contentDisposition('Daftar Harga – 2026.pdf', 'application/pdf')).toBe(
      `attachment; filename="Daftar Harga _ 2026.pdf"; filename*=UTF-8''Daftar%20Harga%20%E2%80%93%202026.pdf`,
    );
  });
});
