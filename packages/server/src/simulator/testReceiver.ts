import { parseWebhook, SIGNATURE_HEADER, verifySignature } from '../channels/whatsapp/index.ts';
import type { WebhookEvent } from '../channels/whatsapp/index.ts';
import { LoopbackServer } from './LoopbackServer.ts';

/** Test support: a webhook callback on 127.0.0.1 that checks signatures as Sapa does. */
export interface TestReceiver {
  url: string;
  /** Events of the deliveries it accepted (answered 2xx), in arrival order. */
  events: WebhookEvent[];
  /** Every POST: its raw body, whether the signature held, and the status answered. */
  posts: { raw: string; signed: boolean; status: number }[];
  /** Resolves once `predicate` holds over `events` (rejects after `timeoutMs`). */
  waitFor(predicate: (events: WebhookEvent[]) => boolean, timeoutMs?: number): Promise<WebhookEvent[]>;
  close(): Promise<void>;
}

/** `answer(n)` gives the HTTP status of the n-th POST (from 1); 200 by default. */
export async function startTestReceiver(
  appSecret: string,
  answer: (attempt: number) => number = () => 200,
): Promise<TestReceiver> {
  const events: WebhookEvent[] = [];
  const posts: TestReceiver['posts'] = [];
  const server = new LoopbackServer(
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        const signed = verifySignature(raw, request.headers[SIGNATURE_HEADER], appSecret).ok;
        const status = signed ? answer(posts.length + 1) : 401;
        posts.push({ raw: raw.toString('utf8'), signed, status });
        if (status >= 200 && status < 300) events.push(...parseWebhook(JSON.parse(raw.toString('utf8'))));
        response.writeHead(status).end();
      });
    },
    { port: 0, name: 'TestReceiver' },
  );
  const baseUrl = await server.listen();
  return {
    url: `${baseUrl}/webhooks/whatsapp`,
    events,
    posts,
    waitFor: async (predicate, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`waitFor timed out with ${events.length} events`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return events;
    },
    close: () => server.close(),
  };
}
