/**
 * `GET /webhooks/whatsapp` (Meta's verification handshake) and `POST /webhooks/whatsapp` (signed
 * deliveries): the POST checks `X-Hub-Signature-256` on the raw bytes, stores the delivery and
 * answers 200 at once; `DeliveryWorker` processes it.
 */
import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER, verifySignature, verifyWebhook } from '../channels/whatsapp/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import { storeDelivery } from './deliveries.ts';
import type { DeliveryWorker } from './deliveries.ts';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

export async function registerWhatsAppWebhook(
  app: FastifyInstance,
  deps: { db: Db; config: Config; now: () => Date; worker: DeliveryWorker },
): Promise<void> {
  const { verifyToken, appSecret } = deps.config.whatsapp;

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
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const check = verifySignature(raw, request.headers[SIGNATURE_HEADER], appSecret);
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'webhook signature refused');
        return reply.code(401).send({ error: 'invalid_signature' });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        // Signed by Meta but not JSON: nothing to process, and a non-200 would only be retried.
        request.log.warn('signed webhook body is not JSON');
        return reply.code(200).send({ ok: true });
      }
      await storeDelivery(deps.db, body, deps.now());
      deps.worker.kick();
      return reply.code(200).send({ ok: true });
    });
  });
}
