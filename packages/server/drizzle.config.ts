import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @sapa/server db:generate` writes a new migration into ./drizzle after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
