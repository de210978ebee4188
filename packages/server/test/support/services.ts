/**
 * The real services a test run uses. The `server` project runs every file on PGlite with in-memory
 * rate limits; when `DATABASE_URL` is set, the root vitest config adds a `server-postgres` project
 * that runs the integration files again with `SAPA_TEST_SERVICES=external`: on that PostgreSQL,
 * and on Redis when `REDIS_URL` is set too.
 */
const external = process.env.SAPA_TEST_SERVICES === 'external';

export const testServices = {
  databaseUrl: external ? process.env.DATABASE_URL || null : null,
  redisUrl: external ? process.env.REDIS_URL || null : null,
};
