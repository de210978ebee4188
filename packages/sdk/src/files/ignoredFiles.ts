/**
 * Dropped files whose names are on the ignore list are skipped (SPEC.md section 5). The default
 * list is FilePond's; names compare case-insensitively.
 */
export const defaultIgnoredFileNames: readonly string[] = ['.ds_store', 'thumbs.db', 'desktop.ini'];

export function isIgnoredFile(name: string, ignored: readonly string[] = defaultIgnoredFileNames): boolean {
  const lower = name.toLowerCase();
  return ignored.some((entry) => entry.toLowerCase() === lower);
}

/** The files to keep from a drop, in order. */
export function withoutIgnoredFiles<F extends { name: string }>(
  files: readonly F[],
  ignored: readonly string[] = defaultIgnoredFileNames,
): F[] {
  return files.filter((file) => !isIgnoredFile(file.name, ignored));
}
