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

  it('is up to date with the contract (run `pnpm docs:acts`)', () => {
    const committed = readFileSync(new URL('../../../../docs/acts.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderActsDoc());
  });
});
