import { randomBytes } from 'node:crypto';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startDemo } from './demo/index.ts';
import type { Demo } from './demo/index.ts';
import { WEBHOOK_PATH } from './webhooks/whatsappRoutes.ts';

/** `pnpm start`: configuration from the environment, listen, shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config = loadConfig();
  // The server refuses every webhook without an app secret; the demo's simulator needs one.
  const demoSecret = config.demo && config.whatsapp.appSecret === '';
  if (demoSecret) {
    config = { ...config, whatsapp: { ...config.whatsapp, appSecret: randomBytes(32).toString('hex') } };
  }
  const app = await buildApp({ config });
  if (demoSecret) app.log.info('WHATSAPP_APP_SECRET is empty: the demo uses a random one for this process');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  process.stdout.write(`Sapa listening on ${url}\n`);

  // The demo starts after `listen` (its simulator posts to the webhook); a signal that comes
  // while it starts waits for it, then stops it.
  let demo: Promise<Demo | null> = Promise.resolve(null);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // The demo's customers stop writing first; then the app stops accepting, lets in-flight
    // requests finish and closes the database (onClose hooks).
    demo
      .then((running) => running?.stop())
      .catch((error: unknown) => app.log.error({ err: error }, 'stopping the demo failed'))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (config.demo) {
    // The simulator runs in this process and reaches the webhook on loopback.
    const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : host;
    demo = startDemo({
      services: app.sapa.services,
      appUrl: url,
      webhookUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}${WEBHOOK_PATH}`,
      appSecret: config.whatsapp.appSecret,
      log: app.log,
    });
    await demo;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
