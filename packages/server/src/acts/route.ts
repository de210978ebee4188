import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { pickLocale } from '../i18n/translate.ts';
import { markHandling } from '../http/protocolErrors.ts';
import type { Services } from './context.ts';
import { dispatch } from './dispatch.ts';
import { failure } from './failure.ts';
import { PayloadTooLargeError, formFields } from './formFields.ts';

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * `POST /api`: one act per call, from a JSON body or multipart form-data fields of the same
 * names. Files in form-data are drained and ignored until uploads arrive.
 */
export async function registerActRoute(
  app: FastifyInstance,
  services: Services,
  config: Config,
): Promise<void> {
  await app.register(async (scope) => {
    // Declared multipart bodies over the limit are refused before they are read.
    scope.addHook('onRequest', (request, _reply, done) => {
      const length = request.headers['content-length'];
      done(
        length !== undefined && Number(length) > config.bodyLimit ? new PayloadTooLargeError() : undefined,
      );
    });
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: {
        fieldSize: config.bodyLimit,
        fields: 200,
        parts: 200,
        fileSize: config.bodyLimit,
        headerPairs: 200,
      },
      async onFile(part) {
        for await (const _chunk of part.file) {
          // discard
        }
      },
    });

    scope.post(
      '/api',
      { config: { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } } },
      async (request, reply) => {
        const locale = pickLocale(request.headers['accept-language']);
        const body: unknown = request.body === undefined ? {} : request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) {
          return reply.code(400).send(failure(locale, 'malformed_body'));
        }
        const fields = request.isMultipart()
          ? formFields(body as Record<string, unknown>, config.bodyLimit)
          : (body as Record<string, unknown>);
        markHandling(request);
        return dispatch(
          fields,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
            locale,
            bearer: bearerOf(request),
            log: request.log,
          },
          services,
        );
      },
    );
  });
}
