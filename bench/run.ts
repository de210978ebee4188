import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark } from './types.ts';

/**
 * `pnpm bench [name]`: runs every bench/*.bench.ts (or those whose file name starts with `name`:
 * `pnpm bench inbox` runs inboxLatency and inboxBrowser), prints their figures against their
 * budgets, and exits 1 when any budget fails.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv[2];
const files = (await readdir(dir))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted === undefined || file === wanted || file.startsWith(wanted))
  .sort();
if (files.length === 0) {
  process.stderr.write(`No benchmark matches "${wanted ?? ''}".\n`);
  process.exit(2);
}

let failed = 0;
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: Benchmark };
  const bench = module.default;
  process.stdout.write(`\n# ${bench.name} (${file})\n`);
  const outcome = await bench.run();
  for (const line of outcome.lines) process.stdout.write(`  ${line}\n`);
  process.stdout.write(`  budget: ${bench.budget}\n  ${outcome.pass ? 'PASS' : 'FAIL'}\n`);
  if (!outcome.pass) failed += 1;
}
process.stdout.write(`\n${files.length - failed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
