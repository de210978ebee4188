/// <reference types="node" />
/**
 * A real HTTP server on loopback for the act client's tests: it records every request and answers
 * with whatever the test queued (status, body text, delay).
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON (throws when it is not). */
  json(): unknown;
  /** The body parsed as multipart form data. */
  form(): Promise<FormData>;
  /** How the exchange ended: the reply went out, or the client closed the connection first. */
  ended: Promise<'answered' | 'closed'>;
}

export interface Reply {
  status?: number;
  /** Sent as is; an object is sent as JSON. Omitted: no body. */
  body?: string | object | null;
  delayMs?: number;
  /** Never answer: the request stays open until the client gives up (abort, timeout). */
  hold?: boolean;
  contentType?: string;
}

export interface ActServer {
  /** `http://127.0.0.1:<port>/api` */
  url: string;
  requests: RecordedRequest[];
  /** Queues the reply to the next request (default: 200 `{ code: '1', msg: 'ok', data: {} }`). */
  reply(reply: Reply): void;
  /** Resolves with the next request once its body has arrived. */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export async function startActServer(): Promise<ActServer> {
  const requests: RecordedRequest[] = [];
  const replies: Reply[] = [];
  const waiters: ((request: RecordedRequest) => void)[] = [];
  const server = createServer((req, res) => {
    const ended = new Promise<'answered' | 'closed'>((resolve) => {
      res.on('close', () => resolve(res.writableFinished ? 'answered' : 'closed'));
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = req.headers;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers,
        body,
        json: () => JSON.parse(body.toString('utf8')) as unknown,
        form: () =>
          new Request('http://loopback/', {
            method: 'POST',
            headers: { 'content-type': String(headers['content-type']) },
            body,
          }).formData(),
        ended,
      };
      requests.push(recorded);
      waiters.shift()?.(recorded);
      const reply: Reply = replies.shift() ?? { body: { code: '1', msg: 'ok', data: {} } };
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
        res.end(text);
      };
      if (reply.hold) return;
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    reply: (reply) => replies.push(reply),
    nextRequest: () => new Promise<RecordedRequest>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
