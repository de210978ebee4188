/**
 * How a project's storage reads (the gallery screen, `gallery_usage`): both sizes as
 * `formatFileSize` words them, the share of the quota used in whole percent (at most 100), and
 * whether the project is nearly full (`STORAGE_NEARLY_FULL_PERCENT` or more).
 */
import type { StorageUsage } from '../contract/chatTypes.ts';
import type { Locale } from '../i18n/translate.ts';
import { formatFileSize } from './formatFileSize.ts';

/** From this share of its quota on, a project's storage shows as nearly full. */
export const STORAGE_NEARLY_FULL_PERCENT = 90;

export interface StorageUsageView {
  /** `'12,3 MB'`. */
  used: string;
  /** `'1 GB'`. */
  quota: string;
  /** 0 to 100, rounded down (a sliver used shows 0 %, only a full quota 100 %). */
  percent: number;
  nearlyFull: boolean;
}

export function storageUsageOf(usage: StorageUsage, locale: Locale = 'id'): StorageUsageView {
  const used = Math.max(0, usage.usedBytes);
  const percent =
    usage.quotaBytes > 0 ? Math.min(100, Math.floor((used * 100) / usage.quotaBytes)) : used > 0 ? 100 : 0;
  return {
    used: formatFileSize(used, locale),
    quota: formatFileSize(usage.quotaBytes, locale),
    percent,
    nearlyFull: percent >= STORAGE_NEARLY_FULL_PERCENT,
  };
}
