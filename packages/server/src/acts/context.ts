import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import type { Locale } from '../i18n/translate.ts';
import type { AccountRoutes } from '../inbox/AccountRoutes.ts';
import type { PaymentGateway } from '../billing/payments/PaymentGateway.ts';
import type { MediaService } from '../media/mediaService.ts';
import type { OtpSender } from '../otp/OtpSender.ts';
import type { Caller } from '../auth/sessions.ts';
import type { SessionCache } from '../auth/SessionCache.ts';
import type { ProjectMembership } from '../projects/projects.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { ActError } from './ActError.ts';

/** What handlers use beyond their input: storage, delivery, configuration, the clock. */
export interface Services {
  db: Db;
  config: Config;
  otpSender: OtpSender;
  /** Recent token lookups; forget entries when revoking sessions. */
  sessionCache: SessionCache;
  now: () => Date;
  /** Real-time announcements; call only after the transaction that caused them has committed. */
  publisher: Publisher;
  /** The durable job runner: `kick()` after queueing a job so it runs without waiting for a poll. */
  jobs: { kick(): void };
  /** Stored files: uploads, customers' media, their signed links. */
  media: MediaService;
  /** Webhook routing by phone number id; `forget` a number after changing its account. */
  accountRoutes: AccountRoutes;
  /** The payment gateway of top-ups (Midtrans Snap, or the local simulator): src/billing/payments. */
  payments: PaymentGateway;
}

/** One act call. */
export interface ActContext {
  services: Services;
  /** The moment of the call (from `services.now`), fixed for the whole call. */
  now: Date;
  ip: string;
  /** The client's `User-Agent` header, kept with a session opened by this call. */
  userAgent?: string | null;
  locale: Locale;
  token: string | null;
  /** The caller's push token, when the client sent one. */
  fcm: string | null;
  /** The signed-in caller; always set for acts whose access is not `public`. */
  caller: Caller | null;
  /** The caller's membership of the project named by `key`; set for `member` and `{ permission }` acts. */
  project: ProjectMembership | null;
  log: FastifyBaseLogger;
}

/** The signed-in caller of a `user` or permission act. */
export function signedIn(ctx: ActContext): Caller {
  if (ctx.caller === null) throw new ActError('unauthenticated');
  return ctx.caller;
}

/** The caller's membership of the act's project (`member` and `{ permission }` acts). */
export function inProject(ctx: ActContext): ProjectMembership {
  if (ctx.project === null) throw new ActError('not_found', { msgKey: 'error.project_not_found' });
  return ctx.project;
}
