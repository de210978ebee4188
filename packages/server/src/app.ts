import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config, ServerRole } from './config.ts';
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
import { AccountRoutes } from './inbox/AccountRoutes.ts';
import { sendJobHandler } from './inbox/outbound.ts';
import { SEND_JOB } from './inbox/messages.ts';
import { JobRunner } from './jobs/JobRunner.ts';
import type { JobKinds } from './jobs/jobQueue.ts';
import { EVERY_KIND, JobWakeups } from './jobs/jobWakeups.ts';
import { AUTOMATION_MESSAGE_JOB, automationMessageJob, ENGINE_YIELD_MS } from './automation/engine.ts';
import { AUTOMATION_TIMER_JOB, automationTimerJob } from './automation/timers.ts';
import { AUTOMATION_EVENT_JOB, automationEventJob } from './automation/events.ts';
import { FOLLOW_UP_JOB } from './automation/followUps.ts';
import { followUpStepJob } from './automation/followUpStep.ts';
import { MediaFiles } from './media/MediaFiles.ts';
import { loadMediaLinks } from './media/mediaLinks.ts';
import { loadTokenKey, sealStoredTokens } from './security/tokenBox.ts';
import { registerMediaRoutes } from './media/mediaRoutes.ts';
import { registerAvatarRoutes } from './media/avatarRoutes.ts';
import { MEDIA_DOWNLOAD_JOB, MediaService } from './media/mediaService.ts';
import { createPublisher } from './realtime/Publisher.ts';
import type { Publisher } from './realtime/Publisher.ts';
import { attachRealtime } from './realtime/attachRealtime.ts';
import {
  gatewayFromConfig,
  registerPaymentNotifications,
  TOPUP_RECONCILE_JOB,
  topupReconcileJob,
} from './billing/payments/index.ts';
import { DeliveryWorker } from './webhooks/deliveries.ts';
import { BROADCAST_JOB_KINDS, broadcastJobHandlers } from './broadcasts/engine.ts';
import { BroadcastProgress } from './broadcasts/progress.ts';
import { registerWhatsAppWebhook } from './webhooks/whatsappRoutes.ts';

/** What the app exposes beside HTTP: its services and the background workers, for tests and tools. */
export interface SapaRuntime {
  services: Services;
  /** Processes every stored webhook delivery that is due; resolves when they are stored. */
  processPendingDeliveries(): Promise<void>;
  /** Whether webhook deliveries wait to be read (`DeliveryWorker.behind`). */
  webhooksBehind(): Promise<boolean>;
  /** Runs every job that is due (sends); resolves when they are done or rescheduled. */
  runJobsOnce(): Promise<void>;
  /**
   * Runs every broadcast job that is due (starts, and pumps slice by slice until each broadcast is
   * done, paused, or waits for later); resolves when they are done or rescheduled.
   */
  runBroadcastJobsOnce(): Promise<void>;
  /** Broadcasts' progress announcements (`idle()` resolves once those waiting went out). */
  broadcastProgress: BroadcastProgress;
  /** Removes expired temporary uploads and unfinished transfers now (the server does it every 10 minutes). */
  sweepUploads(): Promise<{ files: number; partial: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sapa: SapaRuntime;
  }
}

export interface AppOptions {
  config: Config;
  /** The clock; tests move it to cover expiry and cooldowns. */
  now?: () => Date;
  /** Where codes go; defaults to the sender named by `config.otpSender`. */
  otpSender?: OtpSender;
  /** An open database; by default one is opened (and migrated) from `config`, and closed with the app. */
  database?: Database;
  /** Where real-time announcements go; by default a fresh in-process publisher. */
  publisher?: Publisher;
  /**
   * Poll for webhook deliveries and jobs in the background (default true). Either way, a stored
   * delivery or queued job is worked off at once, and `app.sapa` offers passes to await.
   */
  backgroundWork?: boolean;
  /** How often the job runners look for due jobs (default 1 s; tests that must see wake-ups alone set it long). */
  jobPollMs?: number;
  /** Addresses FilePond's `?fetch=` may reach (tests allow their own loopback server); public ones by default. */
  fetchAllowAddress?: (address: string) => boolean;
}

/** The job kinds the automation engine runs (src/automation). */
export const AUTOMATION_JOB_KINDS: readonly string[] = [
  AUTOMATION_MESSAGE_JOB,
  AUTOMATION_TIMER_JOB,
  AUTOMATION_EVENT_JOB,
  FOLLOW_UP_JOB,
];

/** What the main job runner of a process of `role` claims (broadcasts have a runner of their own). */
export function mainRunnerKinds(role: ServerRole): JobKinds {
  if (role === 'automation') return { only: AUTOMATION_JOB_KINDS };
  if (role === 'web') return { except: [...BROADCAST_JOB_KINDS, ...AUTOMATION_JOB_KINDS] };
  return { except: BROADCAST_JOB_KINDS };
}

/**
 * An automation process's runner (its jobs only automation's: `mainRunnerKinds`) claims up to
 * `batch` jobs and, after a claim that found fewer, waits `gatherMs` before claiming again: a
 * customer's message is judged up to that much later, and each batch's fixed reads serve ten to
 * twenty messages instead of three or four. Measured with `pnpm bench automation` (bench/README.md):
 * about half the engine's CPU, and its PostgreSQL's, at 200 messages a second.
 */
export const AUTOMATION_RUNNER = { batch: 100, gatherMs: 100 } as const;

/** How often expired temporary uploads are removed. */
const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Where stored files live: `SAPA_MEDIA_DIR`, else `<dataDir>/media`; with an in-memory database,
 * a temporary directory removed when the app closes.
 */
async function mediaDirectory(config: Config): Promise<{ dir: string; temporary: boolean }> {
  if (config.mediaDir !== null) return { dir: config.mediaDir, temporary: false };
  if (!config.dataDir.startsWith('memory://'))
    return { dir: path.join(config.dataDir, 'media'), temporary: false };
  return { dir: await mkdtemp(path.join(os.tmpdir(), 'sapa-media-')), temporary: true };
}

/** Fastify takes a hop count as a function. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The whole HTTP app, ready to `listen`; closing it closes the database it opened. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const given = options.config;
  const app = Fastify({
    logger: loggerOptions(given),
    bodyLimit: given.bodyLimit,
    trustProxy: trustProxyOption(given.trustProxy),
    // Hung clients are cut off instead of holding a socket forever. A whole request may take up to
    // 5 minutes: a 5 MB upload chunk on a slow mobile link (1 Mbit/s) needs about 40 s, and one cut
    // off would be sent again and again. Headers must still arrive within Node's 60 s, and an idle
    // socket closes after `connectionTimeout`.
    requestTimeout: 300_000,
    connectionTimeout: 60_000,
  });
  const database =
    options.database ??
    (await openDatabase({
      ...given,
      onError: (error) => app.log.warn({ err: error }, 'database connection error'),
    }));
  const now = options.now ?? (() => new Date());
  // Access tokens are sealed at rest: with SAPA_SECRET_KEY, or the key kept in the database.
  const tokenKey = given.whatsapp.tokenKey ?? (await loadTokenKey(database.db, now()));
  const config: Config = { ...given, whatsapp: { ...given.whatsapp, tokenKey } };
  const sealed = await sealStoredTokens(database.db, tokenKey);
  if (sealed > 0) app.log.info({ sealed }, 'sealed access tokens stored in the clear');
  const publisher = options.publisher ?? createPublisher();
  const mediaDir = await mediaDirectory(config);
  const files = new MediaFiles(mediaDir.dir);
  const media = new MediaService({
    db: database.db,
    files,
    links: await loadMediaLinks(database.db, now()),
    config,
    now,
    log: app.log,
  });
  // Top-ups' gateway, and what applying its answers needs (src/billing/payments).
  const payments = {
    db: database.db,
    gateway: gatewayFromConfig(config.payments),
    publisher,
    log: app.log,
  };
  // What automation's jobs share (src/automation): they wake the runner for the sends they queue.
  const automationDeps = {
    db: database.db,
    now,
    publisher,
    links: media.links,
    prices: config.billing.prices,
    log: app.log,
    kick: () => jobRunner.kick(),
    // PGlite runs every statement on this thread, one at a time: the engine's would hold up the
    // inbox's, so it waits for the webhooks being taken in. PostgreSQL runs them side by side,
    // and waiting there only slows the engine (bench/README.md, automation).
    ...(database.kind === 'pglite'
      ? { inboxIdle: (): Promise<void> => deliveryWorker.intakeIdle(ENGINE_YIELD_MS) }
      : {}),
  };
  const jobRunner = new JobRunner({
    db: database.db,
    now,
    log: app.log,
    // Broadcasts' jobs have a runner of their own (below); automation's run in an `automation`
    // process when there is one (config.ts, `ServerRole`).
    kinds: mainRunnerKinds(config.role),
    ...(config.role === 'automation' ? AUTOMATION_RUNNER : {}),
    ...(options.jobPollMs === undefined ? {} : { pollMs: options.jobPollMs }),
    handlers: {
      [SEND_JOB]: sendJobHandler({
        db: database.db,
        config,
        now,
        publisher,
        files,
        webhooks: { behind: (): Promise<boolean> => deliveryWorker.behind() },
      }),
      [MEDIA_DOWNLOAD_JOB]: media.downloadJob(),
      [TOPUP_RECONCILE_JOB]: topupReconcileJob({ ...payments, now }),
      // A customer's message set against the automation rules (src/automation/engine.ts): short
      // work, so the main runner's; it wakes the runner again for the sends it queues.
      [AUTOMATION_MESSAGE_JOB]: automationMessageJob(automationDeps),
      // A no-reply or reassignment timer come due, a label added or a stage entered
      // (src/automation/timers.ts, events.ts): short work, as a message's.
      [AUTOMATION_TIMER_JOB]: automationTimerJob(automationDeps),
      [AUTOMATION_EVENT_JOB]: automationEventJob(automationDeps),
      // A follow-up run's step coming due (src/automation/followUps.ts): one send, short work.
      [FOLLOW_UP_JOB]: followUpStepJob(automationDeps),
    },
  });
  // Broadcasts' jobs hold their claim for a slice of sending (src/broadcasts/pump.ts): a runner of
  // their own, so the inbox's sends never wait behind them. A pump retries until it is done.
  const stopping = new AbortController();
  const broadcastProgress = new BroadcastProgress({ db: database.db, publisher, log: app.log });
  const broadcastRunner = new JobRunner({
    db: database.db,
    now,
    log: app.log,
    kinds: { only: BROADCAST_JOB_KINDS },
    ...(options.jobPollMs === undefined ? {} : { pollMs: options.jobPollMs }),
    maxAttempts: Number.MAX_SAFE_INTEGER,
    handlers: broadcastJobHandlers({
      db: database.db,
      config,
      now,
      publisher,
      files,
      log: app.log,
      progress: broadcastProgress,
      stopping: stopping.signal,
      // A send whose outcome is unknown waits for the status webhooks this process has yet to read.
      webhooks: { behind: (): Promise<boolean> => deliveryWorker.behind() },
    }),
  });
  const runners = {
    kick() {
      jobRunner.kick();
      broadcastRunner.kick();
    },
  };
  const accountRoutes = new AccountRoutes();
  const deliveryWorker = new DeliveryWorker({
    db: database.db,
    now,
    publisher,
    log: app.log,
    links: media.links,
    routes: accountRoutes,
    jobs: jobRunner,
    // Status webhooks and replies move broadcasts' recipients: their progress is announced.
    broadcasts: broadcastProgress,
    // Template status webhooks may ask for a sync of a project's templates (src/templates).
    whatsapp: config.whatsapp,
    // Status webhooks refund charged messages Meta did not bill (src/billing).
    prices: config.billing.prices,
  });
  const services: Services = {
    db: database.db,
    config,
    otpSender: options.otpSender ?? consoleSender(),
    sessionCache: new SessionCache(config.sessionCacheMs),
    now,
    publisher,
    jobs: runners,
    media,
    accountRoutes,
    payments: payments.gateway,
  };
  let sweepUploadsNow = async (): Promise<{ files: number; partial: number }> => ({ files: 0, partial: 0 });
  app.decorate('sapa', {
    services,
    processPendingDeliveries: () => deliveryWorker.processPending(),
    webhooksBehind: (): Promise<boolean> => deliveryWorker.behind(),
    runJobsOnce: () => jobRunner.runOnce(),
    runBroadcastJobsOnce: () => broadcastRunner.runOnce(),
    broadcastProgress,
    sweepUploads: () => sweepUploadsNow(),
  });

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
    // A pump ends its slice and hands its job back, for another process to take over.
    stopping.abort();
    await Promise.all([deliveryWorker.stop(), jobRunner.stop(), broadcastRunner.stop()]);
    broadcastProgress.stop();
    if (options.database === undefined) await database.close();
    if (mediaDir.temporary) await rm(mediaDir.dir, { recursive: true, force: true });
  });

  installErrorHandler(app);
  await registerSecurityHeaders(app, config.socialAppId);
  await registerRateLimit(app, config);
  await registerActRoute(app, services, config);
  await registerWhatsAppWebhook(app, { config, worker: deliveryWorker });
  await registerPaymentNotifications(app, { config, payments, now });
  const transfers = await registerMediaRoutes(
    app,
    services,
    media,
    options.fetchAllowAddress === undefined ? {} : { fetchAllowAddress: options.fetchAllowAddress },
  );
  await registerAvatarRoutes(app, database.db, config);
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));
  // What the web app may know before sign-in: today only the social-login app id, if any.
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { socialAppId: config.socialAppId };
  });
  await registerWebApp(app, config.webDist);
  await attachRealtime(app, services);

  const prune = () => {
    const now = services.now();
    Promise.all([pruneChallenges(database.db, now, DAY_MS), pruneEvents(database.db, now, DAY_MS)]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'pruning sign-in tables failed'),
    );
  };
  const pruner = setInterval(prune, 3_600_000);
  pruner.unref();
  // Temporary uploads nobody used and chunked transfers left unfinished (docs/uploads.md).
  sweepUploadsNow = async () => {
    const at = services.now();
    const [files, partial] = await Promise.all([media.sweepExpired(at), transfers.sweepExpired(at)]);
    if (files + partial > 0) app.log.info({ files, partial }, 'expired uploads removed');
    return { files, partial };
  };
  const sweep = () =>
    void sweepUploadsNow().catch((error: unknown) => app.log.warn({ err: error }, 'sweeping uploads failed'));
  // An automation process takes no uploads (and may not see the web processes' files).
  if (config.role !== 'automation') {
    const sweeper = setInterval(sweep, UPLOAD_SWEEP_INTERVAL_MS);
    sweeper.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => clearInterval(sweeper));
  }
  if (options.backgroundWork !== false) {
    // An automation process takes in no webhooks and sends no broadcasts.
    const runs = config.role === 'automation' ? [jobRunner] : [jobRunner, broadcastRunner];
    if (config.role !== 'automation') deliveryWorker.start();
    for (const runner of runs) runner.start();
    // On PostgreSQL, jobs other processes queue wake this one's runners at once (src/jobs/jobWakeups.ts).
    if (database.kind === 'postgres' && config.databaseUrl !== null) {
      const wakeups = new JobWakeups({
        url: config.databaseUrl,
        kinds: [...new Set(runs.flatMap((runner) => runner.handledKinds()))],
        log: app.log,
        wake(kinds) {
          for (const runner of runs)
            if (kinds === EVERY_KIND || kinds.some((kind) => runner.claims(kind))) runner.kick();
        },
      });
      app.addHook('onReady', () => wakeups.start());
      app.addHook('onClose', () => wakeups.close());
    }
  }
  return app;
}
