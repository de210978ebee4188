/**
 * `GET /webhooks/whatsapp` (Meta's verification handshake) and `POST /webhooks/whatsapp` (signed
 * deliveries): the POST checks `X-Hub-Signature-256` on the raw bytes, stores the delivery and
 * answers 200 at once; `DeliveryWorker` works it off.
 */
import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, verifySignature, verifyWebhook } from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import { markHandling } from '../http/protocolErrors.ts';
import { routeRateLimit, WEBHOOK_FACTOR } from '../http/rateLimit.ts';
import type { DeliveryWorker } from './deliveries.ts';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/**
 * The payload without NUL characters, in keys and values alike: PostgreSQL stores none in text or
 * JSON, and a customer's stray NUL must not cost their message.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key.replaceAll('\u0000', ''), withoutNul(entry)]),
    );
  }
  return value;
}

export async function registerWhatsAppWebhook(
  app: FastifyInstance,
  deps: { config: Config; worker: DeliveryWorker },
): Promise<void> {
  const { verifyToken, appSecret, webhookBodyLimit } = deps.config.whatsapp;

  app.get(WEBHOOK_PATH, async (request, reply) => {
    const verification = verifyWebhook(request.query as Record<string, unknown>, verifyToken);
    reply.header('cache-control', 'no-store');
    if (!verification.ok) return reply.code(403).type('text/plain').send('Forbidden');
    return reply.code(200).type('text/plain').send(verification.challenge);
  });

  // The signature covers the exact bytes: in this scope every body stays a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Its own body limit, not the act endpoint's: Meta's batches run to about 3 MB.
    scope.post(
      WEBHOOK_PATH,
      { bodyLimit: webhookBodyLimit, config: routeRateLimit(deps.config, WEBHOOK_FACTOR) },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = verifySignature(raw, request.headers[SIGNATURE_HEADER], appSecret);
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, 'webhook signature refused');
          return reply.code(401).send({ error: 'invalid_signature' });
        }
        let body: unknown;
        try {
          body = withoutNul(JSON.parse(raw.toString('utf8')));
        } catch {
          // Signed by Meta but not JSON: nothing to process, and a non-200 would only be retried.
          request.log.warn('signed webhook body is not JSON');
          return reply.code(200).send({ ok: true });
        }
        // From here a failure is the server's: 500, and Meta sends the delivery again.
        markHandling(request);
        await deps.worker.accept(body);
        return reply.code(200).send({ ok: true });
      },
    );
  });
}
