/**
 * `GET /avatar/<userId>/<version>`: a user's current picture. No session is asked for (an <img>
 * cannot send the token header): the URL holds a random 128-bit version, known only to those who
 * were shown the user (themselves and their colleagues), and changes with every new picture, so
 * the answer is cached for a year. A replaced or removed picture answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import { FILE_READ_FACTOR, routeRateLimit } from '../http/rateLimit.ts';
import { findAvatar } from '../profile/avatars.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^[A-Za-z0-9_-]{10,64}$/;

export async function registerAvatarRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  app.get<{ Params: { userId: string; version: string } }>(
    '/avatar/:userId/:version',
    { config: routeRateLimit(config, FILE_READ_FACTOR) },
    async (request, reply) => {
      const { userId, version } = request.params;
      const avatar =
        UUID.test(userId) && VERSION.test(version) ? await findAvatar(db, userId, version) : undefined;
      if (avatar === undefined) {
        reply.header('cache-control', 'no-store');
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply
        .header('content-type', avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(avatar.bytes);
    },
  );
}
