import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// The same socket.io version as the server package (one entry in the lockfile).
import { Server } from 'socket.io';

type Json = Record<string, unknown>;
const first = (value: unknown): Json => ((Array.isArray(value) ? value[0] : undefined) ?? {}) as Json;

/**
 * The floor: a node:http route taking the same signed webhook POSTs, answering 200 and at once
 * emitting each message's text as `message.new` to every connected socket.io client (no
 * signature check, no storage, no rooms).
 */
export async function startRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/webhooks/whatsapp') {
      response.statusCode = 404;
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.end('ok');
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      const value = (first(first(payload.entry).changes).value ?? {}) as Json;
      const message = first(value.messages);
      const text = (message.text as { body?: string } | undefined)?.body ?? null;
      io.emit('message.new', {
        key: 'relay',
        conversationId: String(message.from ?? ''),
        seq: 0,
        message: { id: String(message.id ?? ''), caption: text },
      });
    });
  });
  const io = new Server(http, { path: '/socket.io', transports: ['polling', 'websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        io.close(() => resolve());
      }),
  };
}
