/**
 * Avatar initials (SPEC.md section 9): the first characters of up to the first two words,
 * uppercased, with non-letters removed. Words are taken first, so a word that starts with a
 * non-letter gives nothing: `'budi santoso'` -> `'BS'`, `'andi'` -> `'A'`, `'  123 eko'` -> `'E'`,
 * `'budi 2 santoso'` -> `'B'`, `''` -> `''`.
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
}
