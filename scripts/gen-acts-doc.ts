/** Writes docs/acts.md from the act contract. */
import { writeFileSync } from 'node:fs';
import { renderActsDoc } from '../packages/sdk/src/contract/actsDoc.ts';

const target = new URL('../docs/acts.md', import.meta.url);
writeFileSync(target, renderActsDoc());
console.log(`wrote ${target.pathname}`);
