import { randomBytes } from 'node:crypto';
import { buildApp } from './app.ts';
import { givePriorityToWeb } from './processPriority.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import type { FastifyInstance } from 'fastify';
import { startDemo } from './demo/index.ts';
import type { Demo } from './demo/index.ts';
import { WEBHOOK_PATH } from './webhooks/whatsappRoutes.ts';
import { MIDTRANS_NOTIFICATION_PATH } from './billing/payments/index.ts';
import { PaymentSimulator } from './simulator/payments/index.ts';

/** Closes `app` on SIGINT or SIGTERM (after `before`), then exits; over 10 s, exits anyway. */
function closeOnSignal(app: FastifyInstance, before: () => Promise<unknown> = async () => undefined): void {
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
    before()
      .catch((error: unknown) => app.log.error({ err: error }, 'stopping failed'))
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
}

/**
 * `SAPA_ROLE=automation`: the automation engine's jobs only, beside web processes on the same
 * PostgreSQL and Redis (config.ts, `ServerRole`). Nothing listens and no demo starts.
 */
async function runAutomationProcess(config: Config): Promise<void> {
  const app = await buildApp({ config });
  await app.ready();
  // The engine gives way to the web processes on this host (src/processPriority.ts).
  givePriorityToWeb(config.automationNice, app.log);
  // Before the line that says it runs: a signal sent as soon as it is read is then handled.
  closeOnSignal(app);
  process.stdout.write('Sapa automation process running (SAPA_ROLE=automation)\n');
}

/** `pnpm start`: configuration from the environment, listen, shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config = loadConfig();
  if (config.role === 'automation') return runAutomationProcess(config);
  // The server refuses every webhook without an app secret; the demo's simulator needs one.
  const demoSecret = config.demo && config.whatsapp.appSecret === '';
  if (demoSecret) {
    config = { ...config, whatsapp: { ...config.whatsapp, appSecret: randomBytes(32).toString('hex') } };
  }
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const urlOf = (name: string, port: number) => `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
  // PAYMENT_GATEWAY=simulator (the default): the local gateway runs in this process, on loopback
  // (src/simulator/payments), with this process's key unless MIDTRANS_SERVER_KEY gives one;
  // payers come back to this server's /saldo.
  let paymentSimulator: PaymentSimulator | null = null;
  if (config.payments.gateway === 'simulator' && config.payments.snapUrl === '') {
    const serverKey = config.payments.serverKey || `SB-Mid-server-${randomBytes(18).toString('base64url')}`;
    paymentSimulator = new PaymentSimulator({ serverKey, merchantName: 'Sapa' });
    const gatewayUrl = await paymentSimulator.listen();
    config = {
      ...config,
      publicUrl: config.publicUrl ?? (config.port === 0 ? null : urlOf(host, config.port)),
      // Its notifications come back on loopback (set once listening), whatever the public URL.
      payments: {
        ...config.payments,
        serverKey,
        snapUrl: gatewayUrl,
        apiUrl: gatewayUrl,
        notificationUrl: null,
      },
    };
  }
  const app = await buildApp({ config });
  if (demoSecret) app.log.info('WHATSAPP_APP_SECRET is empty: the demo uses a random one for this process');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = urlOf(host, port);
  // The demo starts after `listen` (its simulator posts to the webhook); a signal that comes
  // while it starts waits for it, then stops it. The demo's customers stop writing first; then the
  // app stops accepting, lets in-flight requests finish and closes the database (onClose hooks).
  // Handled from before the line that says it listens, so a signal sent once it is read is too.
  let demo: Promise<Demo | null> = Promise.resolve(null);
  closeOnSignal(app, () =>
    demo
      .then((running) => running?.stop())
      .catch((error: unknown) => app.log.error({ err: error }, 'stopping the demo failed'))
      .then(() => paymentSimulator?.close()),
  );
  process.stdout.write(`Sapa listening on ${url}\n`);
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : host;
  if (paymentSimulator !== null) {
    paymentSimulator.setNotificationUrl(`${urlOf(loopback, port)}${MIDTRANS_NOTIFICATION_PATH}`);
    app.log.info({ gateway: paymentSimulator.baseUrl }, 'top-ups are paid on the local payment simulator');
  }

  if (config.demo) {
    // The simulator runs in this process and reaches the webhook on loopback.
    demo = startDemo({
      services: app.sapa.services,
      appUrl: url,
      webhookUrl: `${urlOf(loopback, port)}${WEBHOOK_PATH}`,
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
