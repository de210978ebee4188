/**
 * Phone numbers are stored and compared in E.164 (`+628123456789`).
 * Indonesian habits are accepted: `0812…` and `62812…` both mean `+62812…`.
 */
const E164 = /^\+[1-9]\d{7,14}$/;

/** Returns the E.164 form of `input`, or `null` when it is not a phone number. */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('0')) e164 = `+62${compact.slice(1)}`;
  else if (compact.startsWith('62')) e164 = `+${compact}`;
  else e164 = `+${compact}`;
  return E164.test(e164) ? e164 : null;
}

export function isPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}
