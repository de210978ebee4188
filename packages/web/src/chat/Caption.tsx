import { captionLineClamp, captionTokens } from '@sapa/sdk';
import * as css from './message.css.ts';

const clamps = { 2: 'two', 3: 'three' } as const;

/**
 * A caption as SPEC.md section 3 says: angle brackets stay text (React escapes every token),
 * line breaks become breaks, web links are clickable (http/https only, from the SDK's
 * `captionTokens`). Compact mode clamps it to 2 lines, 3 for a text message.
 */
export function Caption({ text, type, compact }: { text: string | null; type: string; compact: boolean }) {
  const tokens = captionTokens(text);
  if (tokens.length === 0) return null;
  const lines = captionLineClamp(type, compact);
  const clamp = lines === null ? 'none' : (clamps[lines as 2 | 3] ?? 'none');
  return (
    <p className={css.caption({ clamp })}>
      {tokens.map((token, index) => {
        if (token.type === 'break') return <br key={index} />;
        if (token.type === 'text') return <span key={index}>{token.text}</span>;
        return (
          <a
            key={index}
            className={css.captionLink}
            href={token.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {token.text}
          </a>
        );
      })}
    </p>
  );
}
