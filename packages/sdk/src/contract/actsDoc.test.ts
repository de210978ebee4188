import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acts } from './acts.ts';
import { renderActsDoc } from './actsDoc.ts';

describe('docs/acts.md', () => {
  it('lists every act of the contract', () => {
    const doc = renderActsDoc();
    for (const name of Object.keys(acts)) expect(doc).toContain(`## \`${name}\``);
    expect(doc).toContain('`phone`: string');
    expect(doc).toContain('`code`: string, pattern `^\\d{6}$`');
  });

  it('names well-known formats instead of printing their regular expressions', () => {
    const doc = renderActsDoc();
    expect(doc).toContain('`conversationId`: uuid');
    expect(doc).toContain('`ids`: array of uuid');
    expect(doc).toContain('`url` (optional): url, max 2000');
    expect(doc).toContain('`from` (optional): date (`YYYY-MM-DD`)');
    expect(doc).toContain('`image`: string, max 682767, starting with `data:`');
    expect(doc).not.toContain('[0-9a-fA-F]{8}-');
  });

  it('is up to date with the contract (run `pnpm docs:acts`)', () => {
    const committed = readFileSync(new URL('../../../../docs/acts.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderActsDoc());
  });
});
