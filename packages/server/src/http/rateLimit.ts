import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * The protocol rate limiter (per IP, on the routes that opt in through `config.rateLimit`).
 * With `REDIS_URL` the counts live in Redis, so they hold across server processes.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.redisUrl !== null) {
    redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis === undefined ? {} : { redis, nameSpace: config.redisPrefix }),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
    // Limit headers only on the 429 itself: they are bytes on every answer for no client's use.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), {
        statusCode: context.statusCode,
      }),
  });
}

/**
 * A route's share of the protocol limit: `factor` times `RATE_LIMIT_MAX` per IP per window. File
 * reads (an inbox shows many pictures at once) and Meta's webhooks get a larger share than acts.
 */
export function routeRateLimit(
  config: Config,
  factor = 1,
): { rateLimit: { max: number; timeWindow: number } } {
  return { rateLimit: { max: config.rateLimit.max * factor, timeWindow: config.rateLimit.windowMs } };
}

/** How many times the act limit file reads (`/media`, `/avatar`) may reach per IP. */
export const FILE_READ_FACTOR = 5;
/** How many times the act limit webhook deliveries may reach per sending IP. */
export const WEBHOOK_FACTOR = 10;
