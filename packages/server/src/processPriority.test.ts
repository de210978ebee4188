import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { threadsOf } from './processPriority.ts';

const moduleUrl = new URL('./processPriority.ts', import.meta.url).href;

/** A Node process that calls `givePriorityToWeb(nice)`, then reports its threads' nice values and its warnings. */
function runChild(nice: number) {
  const code = `
    import os from 'node:os';
    import { givePriorityToWeb, threadsOf } from ${JSON.stringify(moduleUrl)};
    const warnings = [];
    givePriorityToWeb(${nice}, { warn: (details, message) => warnings.push(message) });
    const nices = threadsOf(process.pid).map((thread) => os.getPriority(thread));
    process.stdout.write(JSON.stringify({ nices, warnings }));
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  if (child.status !== 0) throw new Error(`the child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { nices: number[]; warnings: string[] };
}

describe.runIf(process.platform === 'linux')('givePriorityToWeb (Linux)', () => {
  it('finds a process’s threads in /proc', () => {
    const threads = threadsOf(process.pid);
    expect(threads).toContain(process.pid);
    // Node starts threads of its own (V8's platform, libuv) beside the main one.
    expect(threads.length).toBeGreaterThan(1);
    expect(threadsOf(2 ** 30)).toEqual([2 ** 30]);
  });

  it('lowers every thread, not only the main one', () => {
    const { nices, warnings } = runChild(19);
    expect(warnings).toEqual([]);
    expect(nices.length).toBeGreaterThan(1);
    expect(nices).toEqual(nices.map(() => 19));
  });

  it('never raises a thread', () => {
    // The child starts at this process's nice value (0 unless the tests were started lower).
    const started = os.getPriority();
    expect(new Set(runChild(7).nices)).toEqual(new Set([Math.max(7, started)]));
    expect(new Set(runChild(0).nices)).toEqual(new Set([started]));
  });
});
