/**
 * `pnpm paths <machine>`: prints the model paths of a machine in words, for QA.
 * Exit codes: 0 printed, 1 usage (no name), 2 unknown machine.
 */
import { pathToFileURL } from 'node:url';
import { describePaths } from './describe.ts';
import { isMachineName, machineNames } from './models.ts';

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export const usage = `Usage: pnpm paths <machine>\nMachines: ${machineNames.join(', ')}`;

export async function runPathsCli(args: readonly string[], io: CliOutput): Promise<number> {
  const name = args[0];
  if (name === undefined || name === '--help' || name === '-h') {
    io.err(usage);
    return 1;
  }
  if (!isMachineName(name)) {
    io.err(`Unknown machine "${name}". Machines: ${machineNames.join(', ')}`);
    return 2;
  }
  const blocks = await describePaths(name);
  io.out(`${name}: ${blocks.length} paths\n\n${blocks.join('\n\n')}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runPathsCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
  process.exitCode = code;
}
