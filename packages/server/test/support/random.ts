/** A small seeded PRNG (mulberry32), so a failing fuzz case can be replayed. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const string = (maxLength = 40): string => {
    const alphabet = 'abcAZ09_- +.\u0000\n"\\{}[]<>%\u00e9\u4e2d\ud83d\ude00';
    return Array.from({ length: int(maxLength) }, () => alphabet.charAt(int(alphabet.length))).join('');
  };
  const value = (depth = 0): unknown => {
    switch (int(depth > 2 ? 6 : 8)) {
      case 0:
        return null;
      case 1:
        return next() < 0.5;
      case 2:
        return pick([0, -1, 1e308, -0, 3.14, Number.MAX_SAFE_INTEGER, 123456]);
      case 3:
        return string();
      case 4:
        return String(int(10 ** 7)).padStart(6, '0');
      case 5:
        return pick(['', '0812345678', '+6281234567890', 'x'.repeat(300), '../../etc/passwd', '<script>']);
      case 6:
        return Array.from({ length: int(4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: int(4) }, () => [string(8), value(depth + 1)]));
    }
  };
  const bytes = (maxLength: number): Uint8Array =>
    Uint8Array.from({ length: int(maxLength) }, () => int(256));
  return { next, int, pick, string, value, bytes };
}
