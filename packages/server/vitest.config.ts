import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@sapa/source'] },
  ssr: { resolve: { conditions: ['@sapa/source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration tests boot a real app (PGlite takes a few seconds) per file or per test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
