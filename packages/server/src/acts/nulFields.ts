/**
 * Top-level fields whose value holds a NUL character anywhere (PostgreSQL text cannot store it):
 * refused as invalid input before any handler sees them.
 */
export function nulFields(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((key) => holdsNul(body[key], 0));
}

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  const items: unknown[] = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => holdsNul(item, depth + 1));
}
