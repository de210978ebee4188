/**
 * A stand-in for background work, for `pnpm bench automation`'s calibration
 * (`BENCH_AUTOMATION_STAND_IN`, bench/automation.bench.ts): a process that lowers its priority
 * as an automation process does (nice 19) and keeps `share` of a core busy, in slices of
 * `share` × 10 ms every 10 ms, with work of one `kind`:
 *
 * - `compute`: integer arithmetic in registers, touching no memory;
 * - `memory`: walking a 64 MB array a cache line at a time, so every step misses the caches.
 *
 * Run as `node --import tsx bench/inbox/standIn.ts <kind> <share>`; it runs until killed.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

const KINDS = ['compute', 'memory'];

const PERIOD_MS = 10;
/** Float64 elements: 64 MB, larger than the machine's caches. */
const ARRAY_LENGTH = 8_000_000;
/** 8 doubles: one 64-byte cache line per step. */
const STRIDE = 8;
const STEPS_PER_CHECK = 4096;

function main(): void {
  const [kind, shareText] = process.argv.slice(2);
  const share = Number(shareText);
  if (kind === undefined || !KINDS.includes(kind) || !(share > 0 && share < 1))
    throw new Error(`usage: standIn.ts ${KINDS.join('|')} <share of a core, 0 to 1>`);
  os.setPriority(19);
  const array = new Float64Array(ARRAY_LENGTH);
  let state = 1;
  let index = 0;
  setInterval(() => {
    const end = performance.now() + PERIOD_MS * share;
    while (performance.now() < end) {
      if (kind === 'memory') {
        for (let step = 0; step < STEPS_PER_CHECK; step += 1) {
          array[index] = (array[index] ?? 0) + 1;
          index = (index + STRIDE) % ARRAY_LENGTH;
        }
      } else {
        for (let step = 0; step < STEPS_PER_CHECK; step += 1) state = (state * 1103515245 + 12345) | 0;
      }
    }
  }, PERIOD_MS);
  process.stdout.write('running\n');
  // Kept observable, so the arithmetic is not optimised away.
  process.on('SIGTERM', () => process.exit(state === 0 ? 1 : 0));
}

main();
