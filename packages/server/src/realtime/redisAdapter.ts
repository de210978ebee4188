/**
 * The socket.io Redis Streams adapter on an ioredis client (the one Redis library of the server,
 * as for the rate limiter: src/http/rateLimit.ts): every process appends its
 * broadcasts to one Redis stream and reads the others', so an event published in one process
 * reaches sockets connected to any of them, and connection-state recovery keeps working across
 * processes (DESIGN.md "Scale-out"). Keys are under `config.redisPrefix`, so two deployments
 * (or two test runs) on one Redis stay apart.
 *
 * A process that serves no sockets (`SAPA_ROLE=automation`) only appends: `createRedisPublisher`.
 * The full adapter reads every entry of the stream in a loop of blocking reads and decodes each,
 * its own included; at 200 customer messages a second that loop cost the automation process
 * about a fifth of its CPU (`pnpm bench automation`, bench/README.md) for sockets it never has.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { ClusterAdapter, MessageType } from 'socket.io-adapter';
import type { ClusterMessage, Offset } from 'socket.io-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace } from 'socket.io';
import { Redis } from 'ioredis';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * Entries the stream keeps (`XADD … MAXLEN ~`): the adapter's default, written out because the
 * publisher below appends to the same stream and must trim it the same way.
 */
const STREAM_MAX_LENGTH = 10_000;

const streamName = (prefix: string) => `${prefix}socket.io`;

/**
 * A client connected here, so a Redis that is not there fails the start; named (`CLIENT LIST`
 * shows which process's real-time connection each is).
 */
async function connect(url: string, log: FastifyBaseLogger, connectionName: string): Promise<Redis> {
  const client = new Redis(url, { connectTimeout: 2_000, lazyConnect: true, connectionName });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'real-time redis error'));
  await client.connect();
  return client;
}

export async function createRedisAdapter(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  // The adapter's reading clients, duplicates of this one, connect (and are named) as it did.
  const client = await connect(url, log, `${prefix}realtime`);
  const adapter = createAdapter(client, {
    streamName: streamName(prefix),
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
    maxLen: STREAM_MAX_LENGTH,
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

/** The messages a publisher cannot send: they wait for answers it never reads. */
const ANSWERED = new Set<MessageType>([
  MessageType.FETCH_SOCKETS,
  MessageType.SERVER_SIDE_EMIT,
  MessageType.BROADCAST_CLIENT_COUNT,
]);

/**
 * Appends this process's broadcasts to the stream as the Redis Streams adapter writes them (its
 * `encode`: `uid`, `nsp`, the type as a string and the data as JSON), so every full adapter reads
 * them as another process's, with the entry's id as the offset connection-state recovery keeps.
 * It reads nothing back. Announcements are JSON (no binary attachments); a broadcast waiting for
 * acknowledgements, `fetchSockets` and `serverSideEmit` are refused.
 */
class StreamPublisher extends ClusterAdapter {
  readonly #client: Redis;
  readonly #stream: string;

  constructor(nsp: Namespace, client: Redis, stream: string) {
    super(nsp);
    this.#client = client;
    this.#stream = stream;
  }

  protected override async doPublish(message: ClusterMessage): Promise<Offset> {
    const withAck =
      message.type === MessageType.BROADCAST &&
      (message.data as { requestId?: unknown }).requestId !== undefined;
    if (withAck || ANSWERED.has(message.type))
      throw new Error(`a publish-only process cannot send socket.io message type ${message.type}`);
    const fields = ['uid', message.uid, 'nsp', message.nsp, 'type', String(message.type)];
    if ('data' in message && message.data !== undefined) fields.push('data', JSON.stringify(message.data));
    const offset = await this.#client.xadd(this.#stream, 'MAXLEN', '~', STREAM_MAX_LENGTH, '*', ...fields);
    if (offset === null) throw new Error('redis did not append the broadcast');
    return offset;
  }

  protected override doPublishResponse(): Promise<void> {
    // Requests are read from the stream and from pub/sub, neither of which a publisher reads.
    return Promise.resolve();
  }
}

/**
 * The adapter of a process that serves no sockets: its broadcasts reach the sockets of every
 * process with the full adapter, through one Redis connection that only appends.
 */
export async function createRedisPublisher(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  const client = await connect(url, log, `${prefix}realtime-publisher`);
  const stream = streamName(prefix);
  return {
    // socket.io constructs it (`new adapter(namespace)`) for each namespace.
    adapter: class extends StreamPublisher {
      constructor(nsp: Namespace) {
        super(nsp, client, stream);
      }
    } as unknown as RedisAdapter['adapter'],
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
