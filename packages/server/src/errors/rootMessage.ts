/**
 * What went wrong, for a `last_error` column: the message of the innermost `cause`. Drizzle wraps
 * database errors in a `DrizzleQueryError` whose own message is the whole query with its
 * parameters (a webhook's body, say); the database's reason is its cause.
 */
export function rootMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 10; depth += 1) {
    const cause = current instanceof Error ? current.cause : undefined;
    if (!(cause instanceof Error)) break;
    current = cause;
  }
  const text = current instanceof Error ? current.message : String(current);
  return text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text;
}
