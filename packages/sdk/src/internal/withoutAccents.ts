const COMBINING_MARKS = /\p{M}/gu;

/**
 * `text` with its accents dropped: decomposed (NFD) and stripped of combining marks, so `Bérhentï`
 * reads `Berhenti`. The one folding that opt-out words and automation keywords share.
 */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '');
}
