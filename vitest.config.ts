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
    projects: [
      'packages/*',
      // The benchmarks' own logic (bench/bundle: reading a build manifest).
      { test: { name: 'bench', environment: 'node', include: ['bench/**/*.test.ts'] } },
      ...onExternalServices,
    ],
  },
});
