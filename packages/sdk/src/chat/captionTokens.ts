/**
 * Captions as safe rich text (SPEC.md section 3): angle brackets escaped, line breaks turned into
 * breaks, web links made clickable. `captionTokens` feeds React (text tokens render as text, so
 * React escapes them); `captionToHtml` gives an escaped HTML string. Only `http:`/`https:` links
 * and `www.` addresses become links (a `www.` address gets `https://`), so no link can carry a
 * `javascript:`, `data:` or other scheme.
 */
export type CaptionToken =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string } | { type: 'break' };

const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const trailing = /[.,;:!?)\]}]+$/;

function safeHref(text: string): string | null {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}

function lineTokens(line: string, tokens: CaptionToken[]): void {
  const pushText = (text: string) => {
    if (text === '') return;
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += text;
    else tokens.push({ type: 'text', text });
  };
  let index = 0;
  for (const match of line.matchAll(linkPattern)) {
    let text = match[0];
    // Keep a closing bracket that belongs to the URL, as in wikipedia.org/wiki/A_(b).
    const cut = trailing.exec(text)?.[0] ?? '';
    text = text.slice(0, text.length - cut.length);
    if (cut.startsWith(')') && text.includes('(') && !text.endsWith(')')) text += ')';
    const href = safeHref(text);
    pushText(line.slice(index, match.index));
    if (href === null) pushText(text);
    else tokens.push({ type: 'link', text, href });
    index = match.index + text.length;
  }
  pushText(line.slice(index));
}

export function captionTokens(caption: string | null | undefined): CaptionToken[] {
  const tokens: CaptionToken[] = [];
  if (!caption) return tokens;
  caption.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (index > 0) tokens.push({ type: 'break' });
    lineTokens(line, tokens);
  });
  return tokens;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The caption as HTML: text escaped, `<br>` for breaks, links open in a new tab without an opener. */
export function captionToHtml(caption: string | null | undefined): string {
  return captionTokens(caption)
    .map((token) => {
      if (token.type === 'break') return '<br>';
      if (token.type === 'text') return escapeHtml(token.text);
      return `<a href="${escapeHtml(token.href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(token.text)}</a>`;
    })
    .join('');
}
