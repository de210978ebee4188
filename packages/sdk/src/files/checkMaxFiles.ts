/**
 * The max-files rule of SPEC.md section 5, as FilePond applies it. Exceeding the max refuses the
 * whole add with a 'Max files' warning (nothing is added). The max is `maxFiles` when multiple
 * files are allowed (unset: 1,000,000, i.e. unlimited) and 1 otherwise; a single-file field that
 * allows replacing takes a new file in place of the old one instead of refusing it.
 */
import { UPLOAD_DEFAULT_MAX_FILES, UPLOAD_UNLIMITED_MAX_FILES } from '../constants.ts';

export const maxFilesWarning = 'Max files';

export interface MaxFilesOptions {
  /** Files already in the field (not counting removed ones). */
  current: number;
  /** Files being added (dropped, browsed or pasted together). */
  adding: number;
  maxFiles?: number | null;
  /** FilePond default: false. */
  allowMultiple?: boolean;
  /** FilePond default: true. */
  allowReplace?: boolean;
}

export type MaxFilesResult =
  | { ok: true; max: number; /** The add replaces the current file. */ replace: boolean }
  | { ok: false; max: number; warning: typeof maxFilesWarning };

/** The number of files a field holds at most. */
export function effectiveMaxFiles(options: Pick<MaxFilesOptions, 'maxFiles' | 'allowMultiple'>): number {
  if (!options.allowMultiple) return UPLOAD_DEFAULT_MAX_FILES;
  return options.maxFiles ?? UPLOAD_UNLIMITED_MAX_FILES;
}

export function checkMaxFiles(options: MaxFilesOptions): MaxFilesResult {
  const { current, adding, allowMultiple = false, allowReplace = true } = options;
  const max = effectiveMaxFiles({ maxFiles: options.maxFiles ?? null, allowMultiple });
  const refused = { ok: false, max, warning: maxFilesWarning } as const;
  if (!allowMultiple && adding > 1) return refused;
  if (!allowMultiple && allowReplace) return { ok: true, max, replace: current > 0 && adding > 0 };
  if (current + adding > max) return refused;
  return { ok: true, max, replace: false };
}
