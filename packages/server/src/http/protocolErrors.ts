import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FailureReason } from '../sdk.ts';
import { failure } from '../acts/failure.ts';
import { pickLocale } from '../i18n/translate.ts';

/** Requests whose act handler started: an error from them is the server's fault, not the caller's. */
const handling = new WeakSet<FastifyRequest>();

export function markHandling(request: FastifyRequest): void {
  handling.add(request);
}

function reasonOf(status: number): FailureReason {
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  return 'malformed_body';
}

function statusOf(error: FastifyError, request: FastifyRequest): number {
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  // A body the parsers choked on (e.g. a multipart stream without its boundary) is bad input.
  if (!handling.has(request) && request.method === 'POST' && typeof status !== 'number') return 400;
  return 500;
}

/**
 * Protocol errors answer JSON `{ code: "0", msg, reason }` with their 4xx status; anything else
 * is logged and answered as a 500 without its stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = pickLocale(request.headers['accept-language']);
    const status = statusOf(error, request);
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send(failure(locale, 'internal'));
    }
    if (status === 429) request.log.warn({ ip: request.ip }, 'rate limited');
    else request.log.info({ errorCode: error.code, status }, 'protocol error');
    return reply.code(status).send(failure(locale, reasonOf(status)));
  });
}
