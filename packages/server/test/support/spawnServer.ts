import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedServer {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  lines: string[];
  /** When each line of `lines` arrived (`Date.now()`). */
  times: number[];
  stderr(): string;
  /** Resolves with the first stdout line matching `pattern` (waiting up to `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves once `check` holds for the lines so far (checked as each line arrives); rejects if the process exits first. */
  waitUntil(check: (lines: readonly string[]) => boolean): Promise<void>;
  exited: Promise<number | null>;
}

/** `node --conditions=@sapa/source --import tsx src/main.ts`, exactly as `pnpm start` runs it. */
export function spawnServer(env: Record<string, string | undefined>): SpawnedServer {
  return spawnScript('src/main.ts', [], env);
}

/** A script of this package (`src/simulator/cli.ts`, …) run as `pnpm` runs it, in a process of its own. */
export function spawnScript(
  script: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): SpawnedServer {
  const child = spawn(process.execPath, ['--conditions=@sapa/source', '--import', 'tsx', script, ...args], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  const lines: string[] = [];
  const times: number[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
    const at = Date.now();
    for (const _line of parts) times.push(at);
    for (const wake of waiters) wake();
  });
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  exited.then(() => {
    for (const wake of waiters) wake();
  });

  const waitForLine = (pattern: RegExp, timeoutMs = 45_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        for (const line of lines) {
          const match = pattern.exec(line);
          if (match) {
            cleanup();
            resolve(match);
            return;
          }
        }
        if (child.exitCode !== null) {
          cleanup();
          reject(new Error(`server exited (${child.exitCode}) before ${pattern}: ${errors}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no line ${pattern} in ${timeoutMs} ms; stderr: ${errors}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const waitUntil = (check: (lines: readonly string[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const wake = () => {
        if (check(lines)) {
          waiters.delete(wake);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(wake);
          reject(new Error(`${script} exited (${child.exitCode ?? child.signalCode}) first: ${errors}`));
        }
      };
      waiters.add(wake);
      wake();
    });

  return { child, lines, times, stderr: () => errors, waitForLine, waitUntil, exited };
}
