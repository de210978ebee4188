/**
 * File sizes in base 1000 (SPEC.md section 9) as the upload widget shows them: bytes below 1 KB,
 * whole KB below 1 MB, MB with 1 decimal, GB with 2, trailing zeros dropped. The decimal
 * separator follows the locale: `formatFileSize(1_500_000)` -> `'1,5 MB'` (id), `'1.5 MB'` (en).
 */
import { FILE_SIZE_BASE } from '../constants.ts';
import type { Locale } from '../i18n/translate.ts';

function decimals(value: number, digits: number, separator: string): string {
  const [whole = '0', fraction = ''] = value.toFixed(digits).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}${separator}${trimmed}` : whole;
}

export function formatFileSize(bytes: number, locale: Locale = 'id'): string {
  const separator = locale === 'id' ? ',' : '.';
  const size = Math.round(Math.abs(bytes));
  const kb = FILE_SIZE_BASE;
  const mb = kb * kb;
  const gb = mb * kb;
  if (size < kb) return `${size} bytes`;
  if (size < mb) return `${Math.floor(size / kb)} KB`;
  if (size < gb) return `${decimals(size / mb, 1, separator)} MB`;
  return `${decimals(size / gb, 2, separator)} GB`;
}
