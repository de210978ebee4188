import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run for every package; each package's own vitest.config.ts names its environment.
 * With `DATABASE_URL` set, the server's integration tests run a second time on that PostgreSQL
 * (and on Redis when `REDIS_URL` is set): see packages/server/test/support/services.ts.
 */
const onExternalServices = process.env.DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        root: './packages/server',
        test: {
          name: 'server-postgres',
          include: ['test/**/*.test.ts'],
          exclude: ['src/**', '**/node_modules/**'],
          env: { SAPA_TEST_SERVICES: 'external' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // One file per core and one more: vitest's default (cores - 1) ran the 2-core CI machine's
    // files one at a time, though many wait on sockets, child processes and PostgreSQL more than
    // they compute (1,574 s one at a time, 617 s three at a time).
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/*',
      // The benchmarks' own logic (bench/bundle: reading a build manifest).
      { test: { name: 'bench', environment: 'node', include: ['bench/**/*.test.ts'] } },
      ...onExternalServices,
    ],
  },
});
