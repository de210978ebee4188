/**
 * A short name for a signed-in device from its browser's user agent ("Chrome on Windows"), for
 * the profile's session list. Order matters: Edge and Opera also say Chrome, Chrome also says
 * Safari, Android also says Linux, iOS browsers say Mac OS X.
 */

export interface DeviceSummary {
  /** `null` when the user agent names no known browser. */
  browser: string | null;
  /** `null` when it names no known system. */
  os: string | null;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows Phone\b/, 'Windows Phone'],
  [/\bWindows\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(rules: ReadonlyArray<[RegExp, string]>, text: string): string | null {
  for (const [pattern, name] of rules) if (pattern.test(text)) return name;
  return null;
}

export function describeUserAgent(userAgent: string | null): DeviceSummary {
  if (userAgent === null || userAgent.trim() === '') return { browser: null, os: null };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
