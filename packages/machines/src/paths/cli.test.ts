import { describe, expect, it } from 'vitest';
import { runPathsCli, usage } from './cli.ts';
import { machineNames } from './models.ts';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPathsCli(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('pnpm paths', () => {
  it('prints usage without a name', async () => {
    expect(await run([])).toEqual({ code: 1, out: '', err: usage });
  });

  it('lists the machines and exits 2 for an unknown name', async () => {
    const result = await run(['nope']);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`Unknown machine "nope". Machines: ${machineNames.join(', ')}`);
  });

  it('describes the session paths in words, with the navigation they cause', async () => {
    const result = await run(['session']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^session: \d+ paths/);
    expect(result.out).toContain(
      '. Start in loading (token stored, on /auth/login)\n   → the user check succeeds → signedIn as Sari, navigated to / (replace)',
    );
    expect(result.out).toContain('/crm/chat/k1 saved for after sign-in, navigated to /auth/login (replace)');
    expect(result.out).not.toContain('MISMATCH');
  });

  // Every machine with a model but the session, whose paths are checked word for word above.
  it.each(machineNames.filter((name) => name !== 'session'))(
    'numbers one block per path for %s',
    async (name) => {
      const result = await run([name]);
      const count = Number(/^\w+: (\d+) paths/.exec(result.out)?.[1]);
      expect(count).toBeGreaterThan(0);
      expect(result.out.split('\n\n').filter((block) => /^\d+\. Start in /.test(block))).toHaveLength(count);
      expect(result.out).not.toContain('MISMATCH');
    },
    // Each path is replayed on a real actor; the thread machine has a few hundred.
    60_000,
  );
});
