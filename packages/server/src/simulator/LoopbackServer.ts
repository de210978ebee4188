import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A node:http server bound to 127.0.0.1, as every simulator runs: `listen` resolves with its base
 * URL, `close` ends open connections too (keep-alive ones would hold it open).
 */
export class LoopbackServer {
  readonly #server: Server;
  readonly #port: number;
  readonly #name: string;
  #baseUrl: string | undefined;

  /** `port` 0 picks a free one; `name` says who is not listening when `baseUrl` is read too early. */
  constructor(
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: { port: number; name: string },
  ) {
    this.#port = options.port;
    this.#name = options.name;
    this.#server = createServer(handler);
  }

  /** Starts listening; resolves with the base URL (`http://127.0.0.1:<port>`). */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.#server.address() as AddressInfo;
    this.#baseUrl = `http://127.0.0.1:${port}`;
    return this.#baseUrl;
  }

  get baseUrl(): string {
    if (this.#baseUrl === undefined) throw new Error(`${this.#name} is not listening`);
    return this.#baseUrl;
  }

  /** Stops listening and drops every connection; does nothing when not listening. */
  async close(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }
}

/** What a simulator's handler reads of a request first: its method, URL and whole body. */
export interface IncomingRequest {
  method: string;
  url: URL;
  raw: Buffer;
}

/**
 * Reads a request's method, URL and whole body; when the body grows past `maxBytes` or the read
 * fails, destroys the connection (no answer) and resolves `undefined`.
 */
export async function readRequest(
  request: IncomingMessage,
  response: ServerResponse,
  maxBytes: number,
): Promise<IncomingRequest | undefined> {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  try {
    return { method, url, raw: await readBody(request, maxBytes) };
  } catch {
    response.destroy();
    return undefined;
  }
}

/** A request's whole body; throws once it grows past `maxBytes`. */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > maxBytes) throw new Error('body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The body as JSON, or `undefined` when it is not JSON. */
export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
