import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Services } from './acts/context.ts';
import { registerActRoute } from './acts/route.ts';
import { pruneChallenges } from './auth/challenges.ts';
import { pruneEvents } from './auth/rateEvents.ts';
import { SessionCache } from './auth/SessionCache.ts';
import { openDatabase } from './db/openDatabase.ts';
import type { Database } from './db/openDatabase.ts';
import { loggerOptions } from './http/logger.ts';
import { installErrorHandler } from './http/protocolErrors.ts';
import { registerRateLimit } from './http/rateLimit.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWebApp } from './http/webApp.ts';
import { consoleSender } from './otp/consoleSender.ts';
import type { OtpSender } from './otp/OtpSender.ts';

export interface AppOptions {
  config: Config;
  /** The clock; tests move it to cover expiry and cooldowns. */
  now?: () => Date;
  /** Where codes go; defaults to the sender named by `config.otpSender`. */
  otpSender?: OtpSender;
  /** An open database; by default one is opened (and migrated) from `config`, and closed with the app. */
  database?: Database;
}

const DAY_MS = 86_400_000;

/** Fastify takes a hop count as a function. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The whole HTTP app, ready to `listen`; closing it closes the database it opened. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // Hung clients are cut off instead of holding a socket forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
  });
  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onError: (error) => app.log.warn({ err: error }, 'database connection error'),
    }));
  const services: Services = {
    db: database.db,
    config,
    otpSender: options.otpSender ?? consoleSender(),
    sessionCache: new SessionCache(config.sessionCacheMs),
    now: options.now ?? (() => new Date()),
  };

  // While closing, answers end their keep-alive connection, so in-flight requests finish and the
  // server can stop without waiting for idle sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    clearInterval(pruner);
    if (options.database === undefined) await database.close();
  });

  installErrorHandler(app);
  await registerSecurityHeaders(app, config.socialAppId);
  await registerRateLimit(app, config);
  await registerActRoute(app, services, config);
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));
  // What the web app may know before sign-in: today only the social-login app id, if any.
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { socialAppId: config.socialAppId };
  });
  await registerWebApp(app, config.webDist);

  const prune = () => {
    const now = services.now();
    Promise.all([pruneChallenges(database.db, now, DAY_MS), pruneEvents(database.db, now, DAY_MS)]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'pruning sign-in tables failed'),
    );
  };
  const pruner = setInterval(prune, 3_600_000);
  pruner.unref();
  return app;
}
