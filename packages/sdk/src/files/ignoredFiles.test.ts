import { describe, expect, it } from 'vitest';
import { defaultIgnoredFileNames, isIgnoredFile, withoutIgnoredFiles } from './ignoredFiles.ts';

describe('ignored dropped files', () => {
  it("uses FilePond's default list", () => {
    expect(defaultIgnoredFileNames).toEqual(['.ds_store', 'thumbs.db', 'desktop.ini']);
  });

  it('compares names case-insensitively', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('Thumbs.db')).toBe(true);
    expect(isIgnoredFile('photo.jpg')).toBe(false);
    expect(isIgnoredFile('notes.TXT', ['notes.txt'])).toBe(true);
  });

  it('skips ignored files and keeps the order of the rest', () => {
    const dropped = [{ name: 'b.png' }, { name: '.DS_Store' }, { name: 'a.pdf' }, { name: 'desktop.ini' }];
    expect(withoutIgnoredFiles(dropped)).toEqual([{ name: 'b.png' }, { name: 'a.pdf' }]);
  });
});
