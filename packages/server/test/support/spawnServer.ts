import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedServer {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line matching `pattern` (waiting up to `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

/** `node --conditions=@sapa/source --import tsx src/main.ts`, exactly as `pnpm start` runs it. */
export function spawnServer(env: Record<string, string | undefined>): SpawnedServer {
  const child = spawn(process.execPath, ['--conditions=@sapa/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
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

  return { child, lines, stderr: () => errors, waitForLine, exited };
}
