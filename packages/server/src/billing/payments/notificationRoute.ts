/**
 * `POST /payments/midtrans/notification`: the gateway's HTTP notifications. Only a body whose
 * `signature_key` holds is applied (`applyPaymentStatus`, in one short transaction), so the
 * answer comes well within the 5 s Midtrans asks for. Midtrans retries on the answer's status:
 * 200 for a notification handled or ignored (a replay, a late `pending`), 400 for a body that
 * is not a notification, 401 for a wrong signature and 404 for an order Sapa does not know
 * (both logged; Midtrans tries those twice more), 503 when the database failed (four more tries,
 * and the reconciliation job asks anyway). The browser's return (`callbacks.finish`) never
 * credits anything: it is only a page of the web app.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { routeRateLimit, WEBHOOK_FACTOR } from '../../http/rateLimit.ts';
import { MIDTRANS_NOTIFICATION_PATH } from './midtrans.ts';
import { applyPaymentStatus } from './topups.ts';
import type { TopupDeps } from './topups.ts';

/** Midtrans' notifications are about 2 KB; this leaves room for new fields. */
const BODY_LIMIT = 64 * 1024;

export async function registerPaymentNotifications(
  app: FastifyInstance,
  deps: { config: Config; payments: TopupDeps; now: () => Date },
): Promise<void> {
  // The body is read as bytes and parsed here: a body that is not JSON answers 400, not the
  // act endpoint's failure envelope.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      MIDTRANS_NOTIFICATION_PATH,
      { bodyLimit: BODY_LIMIT, config: routeRateLimit(deps.config, WEBHOOK_FACTOR) },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        const check = deps.payments.gateway.verifyNotification(body);
        if (!check.ok) {
          request.log.warn({ reason: check.reason, orderId: check.orderId }, 'payment notification refused');
          return check.reason === 'malformed'
            ? reply.code(400).send({ error: 'malformed_notification' })
            : reply.code(401).send({ error: 'invalid_signature' });
        }
        const { status } = check;
        let applied;
        try {
          applied = await applyPaymentStatus(deps.payments, status, deps.now());
        } catch (error) {
          request.log.error({ err: error, orderId: status.orderId }, 'payment notification not applied');
          return reply.code(503).send({ error: 'try_again' });
        }
        if (!applied.found) {
          request.log.warn({ orderId: status.orderId }, 'payment notification for an unknown order');
          return reply.code(404).send({ error: 'unknown_order' });
        }
        request.log.info(
          {
            orderId: status.orderId,
            gatewayStatus: status.gatewayStatus,
            status: applied.topup.status,
            changed: applied.changed,
            credited: applied.credited,
          },
          'payment notification',
        );
        return reply.code(200).send({ ok: true });
      },
    );
  });
}
