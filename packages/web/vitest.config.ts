import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@sapa/source'] },
  ssr: { resolve: { conditions: ['@sapa/source'] } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
