/**
 * The socket.io Redis Streams adapter on an ioredis client (the one Redis library of the server,
 * as for the rate limiter: src/http/rateLimit.ts): every process appends its
 * broadcasts to one Redis stream and reads the others', so an event published in one process
 * reaches sockets connected to any of them, and connection-state recovery keeps working across
 * processes (DESIGN.md "Scale-out"). Keys are under `config.redisPrefix`, so two deployments
 * (or two test runs) on one Redis stay apart.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

export async function createRedisAdapter(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  // Connected here, so a Redis that is not there fails the start (the adapter's reading clients,
  // duplicates of this one, connect as it did).
  const client = new Redis(url, { connectTimeout: 2_000, lazyConnect: true });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'real-time redis error'));
  await client.connect();
  const adapter = createAdapter(client, {
    streamName: `${prefix}socket.io`,
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
    // Short blocking reads so a closing process lets go of Redis quickly.
    blockTimeInMs: 1_000,
  });
  return {
    adapter,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
