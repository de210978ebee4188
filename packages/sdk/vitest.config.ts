import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@sapa/source'] },
  ssr: { resolve: { conditions: ['@sapa/source'] } },
  test: {
    name: 'sdk',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Type tests of the public surface (src/index.test-d.ts), checked by tsc on every run.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
