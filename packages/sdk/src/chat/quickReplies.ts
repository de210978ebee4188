/**
 * Quick replies in the composer: typing `/` opens the project's saved answers, narrowed by what
 * follows the slash, and the chosen one's text is filled in for the customer. Placeholders:
 * `{nama}` the customer's name, `{nomor}` their phone as the viewer sees it, `{agen}` the agent's
 * name. An unknown placeholder is left as it is; `{{` and `}}` write a brace.
 */

export interface QuickReplyValues {
  /** The customer's name. */
  nama: string;
  /** The customer's phone (possibly masked). */
  nomor?: string;
  /** The agent's own name. */
  agen?: string;
}

export const QUICK_REPLY_PLACEHOLDERS = ['nama', 'nomor', 'agen'] as const;

export function fillQuickReply(text: string, values: QuickReplyValues): string {
  return text.replace(/\{\{|\}\}|\{([a-z]+)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value =
      name === undefined ? undefined : (values as unknown as Record<string, string | undefined>)[name];
    return value === undefined ? match : value;
  });
}

/**
 * The `/` query of a draft: the word after a slash at the very start of the draft, or `null` when
 * the draft does not start a quick reply (`/sal` -> `sal`, `/` -> ``, `halo /x` -> `null`).
 */
export function quickReplyQuery(draft: string): string | null {
  const match = /^\/([a-z0-9_-]*)$/i.exec(draft);
  return match === null ? null : (match[1] ?? '').toLowerCase();
}

/**
 * The quick replies a query offers, best first: shortcuts starting with it, then shortcuts
 * containing it, then those whose text contains it (each group by shortcut).
 */
export function matchQuickReplies<R extends { shortcut: string; text: string }>(
  replies: readonly R[],
  query: string,
): R[] {
  const q = query.trim().toLowerCase();
  const rank = (reply: R): number => {
    if (q === '' || reply.shortcut.startsWith(q)) return 0;
    if (reply.shortcut.includes(q)) return 1;
    if (reply.text.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return replies
    .map((reply) => ({ reply, rank: rank(reply) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.reply.shortcut.localeCompare(b.reply.shortcut))
    .map((entry) => entry.reply);
}
