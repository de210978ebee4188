import { describe, expect, it } from 'vitest';
import { translate, type Locale, type MessageKey } from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';
import { carriesFiles, sourcesFromFiles, sourcesFromTransfer } from './sources.ts';
import {
  expectedTypesText,
  filePondLabels,
  isFailedStatus,
  statusKeys,
  uploadErrorText,
} from './uploadTexts.ts';

const tr =
  (locale: Locale): Translate =>
  (key: MessageKey, params) =>
    translate(locale, key, params);

describe('the upload texts', () => {
  it("give FilePond its labels from the catalogue, with base 1000 sizes and the locale's separator", () => {
    const en = filePondLabels(tr('en'), 'en');
    expect(en.labelIdle).toBe(
      'Drag &#38; drop your files or <span class="filepond--label-action">Browse</span>',
    );
    expect(en.labelFileProcessingError({ body: 'File is of invalid type' })).toBe('File is of invalid type');
    expect(en.labelFileProcessingError(undefined)).toBe('Error during upload');
    expect(en.fileSizeBase).toBe(1000);
    expect(en.labelDecimalSeparator).toBe('.');
    const id = filePondLabels(tr('id'), 'id');
    expect(id.labelButtonRemoveItem).toBe('Hapus');
    expect(id.labelDecimalSeparator).toBe(',');
  });

  it("say 'Expects {allButLastType} or {lastType}' with the type labels", () => {
    const t = tr('en');
    expect(expectedTypesText(t, ['image/png', 'image/jpeg', 'application/pdf'])).toBe(
      'Expects image/png, image/jpeg or application/pdf',
    );
    expect(expectedTypesText(t, ['image/*', 'video/mp4'], { 'image/*': 'images', 'video/mp4': null })).toBe(
      'Expects images',
    );
    expect(expectedTypesText(tr('id'), ['image/png', 'image/jpeg'])).toBe('Harus image/png atau image/jpeg');
    expect(expectedTypesText(t, [])).toBe('');
  });

  it("translate the machines' failures; the server's own message stays as it came", () => {
    const context = { locale: 'id' as const, acceptedTypes: ['image/*'], mimeType: 'image/jpeg' };
    const t = tr('id');
    expect(uploadErrorText(t, { main: 'File is of invalid type', sub: 'Expects image/*' }, context)).toEqual({
      main: 'Jenis berkas tidak valid',
      sub: 'Harus image/*',
    });
    expect(
      uploadErrorText(t, { main: 'File is too large', sub: 'Maximum file size is 5 MB' }, context),
    ).toEqual({
      main: 'Berkas terlalu besar',
      sub: 'Ukuran maksimal 5 MB',
    });
    expect(uploadErrorText(t, { main: 'Error during upload', sub: 'Request failed' }, context)).toEqual({
      main: 'Gagal mengunggah',
      sub: 'Periksa koneksi lalu coba lagi',
    });
    expect(
      uploadErrorText(t, { main: 'Jenis file tidak didukung.', sub: 'file_invalid_type' }, context),
    ).toEqual({
      main: 'Jenis file tidak didukung.',
      sub: '',
    });
  });

  it('name every item state, and tell the failed ones', () => {
    expect(Object.keys(statusKeys)).toHaveLength(11);
    expect(tr('en')(statusKeys['processing-complete'])).toBe('Ready');
    expect(isFailedStatus('load-invalid')).toBe(true);
    expect(isFailedStatus('cancelled')).toBe(false);
  });
});

describe('files handed over by the browser', () => {
  it('become file sources; only a drag with files counts', () => {
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    expect(sourcesFromFiles([file])).toEqual([{ kind: 'file', file }]);
    expect(sourcesFromFiles(null)).toEqual([]);
    expect(sourcesFromTransfer({ files: [file] as unknown as FileList })).toEqual([{ kind: 'file', file }]);
    expect(carriesFiles({ types: ['Files', 'text/plain'] })).toBe(true);
    expect(carriesFiles({ types: ['text/uri-list'] })).toBe(false);
    expect(carriesFiles(null)).toBe(false);
  });
});
