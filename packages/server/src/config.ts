import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GRAPH_API_VERSION, DEFAULT_GRAPH_BASE_URL } from './channels/whatsapp/index.ts';
import { parseTokenKey } from './security/tokenBox.ts';
import { priceTableFromEnv } from './billing/priceConfig.ts';
import { MIDTRANS_NOTIFICATION_PATH } from './billing/payments/midtrans.ts';
import type { PriceRow } from './sdk.ts';

/**
 * What one server process does (`SAPA_ROLE`):
 * - `all` (the default, and the only one on PGlite): serves the app and runs every background job;
 * - `web`: serves the app and takes in webhooks; runs every job but the automation engine's;
 * - `automation`: serves nothing; runs only the automation engine's jobs (rules judged, timers,
 *   follow-ups), so rules never hold up a web process's event loop. It queues the sends its rules
 *   make, which `web` (or `all`) processes carry out.
 * `web` and `automation` share one PostgreSQL (`DATABASE_URL`) and one Redis (`REDIS_URL`, for the
 * announcements an automation process makes to sockets held by web processes).
 */
export const SERVER_ROLES = ['all', 'web', 'automation'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** Everything the server reads from its environment, validated, with defaults filled in. */
export interface Config {
  /** What this process does (`ServerRole`). */
  role: ServerRole;
  /**
   * The CPU priority an `automation` process gives its threads (`SAPA_AUTOMATION_NICE`, a
   * `nice` value from 0 to 19, default 19): on a host it shares with web processes, the thread that
   * takes in customers' messages goes first, and the engine's work waits its turn
   * (docs/automation.md, "Processes"). 0 leaves it as started; it is never raised.
   */
  automationNice: number;
  port: number;
  host: string;
  /**
   * Sapa's data directory: PGlite's database in `pglite/` and stored files in `media/`.
   * `memory://` keeps the database in memory (files then go to a temporary directory).
   */
  dataDir: string;
  /** Where stored files live when not `<dataDir>/media` (`SAPA_MEDIA_DIR`); share it between processes. */
  mediaDir: string | null;
  /**
   * `pnpm start` creates the demo project, its simulated WhatsApp number and customers on first
   * start (`SAPA_DEMO`, default on; `0` turns it off). Only `main.ts` acts on it.
   */
  demo: boolean;
  /** How long a temporary upload (not sent, not in the gallery) is kept (`SAPA_UPLOAD_TTL_MS`). */
  uploadTtlMs: number;
  /**
   * How long an unfinished chunked transfer is kept after its last chunk (`UPLOAD_TRANSFER_IDLE_MS`):
   * a transfer the browser gave up on frees its place among the user's open transfers and its
   * share of the quota then.
   */
  transferIdleMs: number;
  /**
   * Bytes one project may hold (`PROJECT_STORAGE_QUOTA_BYTES`): its stored files plus the declared
   * length of its unfinished chunked transfers. An upload that would go past it is refused.
   */
  storageQuotaBytes: number;
  /** Unfinished chunked transfers one user may hold open at a time, all projects together (`UPLOAD_OPEN_TRANSFERS_PER_USER`). */
  openTransfersPerUser: number;
  /** PostgreSQL connection string; `null` means embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /**
   * Redis for the protocol rate limiter and socket.io's Redis Streams adapter, so limits and
   * real-time events hold across processes; `null` keeps both in the process.
   */
  redisUrl: string | null;
  /** Key prefix in Redis of the rate limiter and the socket.io adapter. */
  redisPrefix: string;
  /** The built web app (`packages/web/dist`). */
  webDist: string;
  otpSender: 'console';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sessionTtlDays: number;
  /** How long a token lookup is reused; revocations from other processes show within it. 0: off. */
  sessionCacheMs: number;
  bodyLimit: number;
  /** Sockets one user may hold open on one server process; one more is refused. */
  socketsPerUser: number;
  /** `false`, `true`, a hop count or a comma-separated list of trusted proxy addresses. */
  trustProxy: boolean | number | string;
  rateLimit: {
    /** Act calls per IP per window on `POST /api`. */
    max: number;
    windowMs: number;
  };
  otp: {
    perPhonePerHour: number;
    perIpPerHour: number;
  };
  loginFailures: {
    perPhonePerHour: number;
    perIpPerHour: number;
  };
  /** App id of the social-login SDK (Facebook JS SDK); `null` keeps it out of the app and the CSP. */
  socialAppId: string | null;
  /** The WhatsApp Cloud API channel (src/webhooks, src/inbox). */
  whatsapp: {
    /** `hub.verify_token` of Meta's verification GET; empty: every verification is refused. */
    verifyToken: string;
    /** Key of `X-Hub-Signature-256`; empty: every webhook POST is refused. */
    appSecret: string;
    /** Where sends go: Meta's Graph API, or the simulator on loopback. */
    graphBaseUrl: string;
    apiVersion: string;
    /**
     * Largest webhook POST: Meta batches up to about 3 MB and retries the same body, so a smaller
     * limit would lose those messages for good.
     */
    webhookBodyLimit: number;
    /**
     * How long a send whose answer was lost (a crash, a timeout) waits for a status webhook that
     * names it before it is sent again (`WHATSAPP_SEND_GRACE_MS`): such a webhook proves it went out.
     */
    sendGraceMs: number;
    /**
     * The key access tokens are sealed with at rest (`SAPA_SECRET_KEY`, 32 bytes as base64url or
     * hex). `null`: the server makes one and keeps it in the database (src/security/tokenBox.ts).
     */
    tokenKey: Buffer | null;
  };
  /** The prepaid balance (src/billing, docs/billing.md). */
  billing: {
    /**
     * What a message costs by category and from which day (`SAPA_PRICE_FILE`, a JSON file, or
     * `SAPA_PRICES`, inline JSON; default the SDK's `defaultPriceTable`).
     */
    prices: PriceRow[];
  };
  /**
   * The app as payers' browsers reach it (`SAPA_PUBLIC_URL`, e.g. `https://sapa.example.com`):
   * after paying a top-up they come back to `<it>/saldo`, and by default the gateway posts its
   * notifications to `<it>/payments/midtrans/notification`. `null`: `pnpm start` uses the URL it
   * listens on.
   */
  publicUrl: string | null;
  /** Top-ups of the saldo through a payment gateway (src/billing/payments, docs/payments.md). */
  payments: {
    /**
     * `simulator` (default): the local gateway simulator speaking Midtrans' protocol, started by
     * `pnpm start` and the tests; `midtrans`: Midtrans Snap (`PAYMENT_GATEWAY`).
     */
    gateway: 'midtrans' | 'simulator';
    /** Midtrans' server key (`MIDTRANS_SERVER_KEY`): a secret, never sent to a browser nor logged. */
    serverKey: string;
    /** `sandbox` (default) or `production` (`MIDTRANS_ENV`): which Midtrans the base URLs default to. */
    environment: 'sandbox' | 'production';
    /** Snap's base URL (`MIDTRANS_BASE_URL`; default `https://app.sandbox.midtrans.com` or `https://app.midtrans.com`). */
    snapUrl: string;
    /** The Core API's base URL, of status checks (`MIDTRANS_API_URL`; default `https://api.sandbox.midtrans.com` or `https://api.midtrans.com`). */
    apiUrl: string;
    /**
     * Where the gateway posts this server's notifications, sent with each transaction as
     * `X-Override-Notification` (`PAYMENT_NOTIFICATION_URL`; default from `SAPA_PUBLIC_URL`;
     * `null`: the URL set in Midtrans' dashboard).
     */
    notificationUrl: string | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

/** Reads the configuration from `env` (default `process.env`); throws a `ConfigError` listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')}// URL`);
      return null;
    }
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be 1 or 0 (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const found = allowed.find((candidate) => candidate === raw.toLowerCase());
    if (found === undefined) problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return found ?? fallback;
  };

  const publicUrl = url('SAPA_PUBLIC_URL', ['https:', 'http:'])?.replace(/\/+$/, '') ?? null;
  const config: Config = {
    role: oneOf('SAPA_ROLE', SERVER_ROLES, 'all'),
    automationNice: int('SAPA_AUTOMATION_NICE', 19, 0, 19),
    port: int('PORT', 3000, 0, 65535),
    host: read('HOST') ?? '0.0.0.0',
    // The default sits at the repository root whichever folder the server is started from.
    dataDir: resolveDataDir(read('SAPA_DATA_DIR') ?? path.join(repoRoot, '.sapa-data')),
    mediaDir: read('SAPA_MEDIA_DIR') === undefined ? null : path.resolve(read('SAPA_MEDIA_DIR') ?? ''),
    demo: flag('SAPA_DEMO', true),
    uploadTtlMs: int('SAPA_UPLOAD_TTL_MS', 86_400_000, 1000, 30 * 86_400_000),
    transferIdleMs: int('UPLOAD_TRANSFER_IDLE_MS', 30 * 60_000, 1000, 30 * 86_400_000),
    storageQuotaBytes: int('PROJECT_STORAGE_QUOTA_BYTES', 1_000_000_000, 1_000_000, 1e15),
    openTransfersPerUser: int('UPLOAD_OPEN_TRANSFERS_PER_USER', 5, 1, 1000),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: read('REDIS_PREFIX') ?? 'sapa-rl-',
    webDist: path.resolve(read('SAPA_WEB_DIST') ?? path.join(repoRoot, 'packages/web/dist')),
    otpSender: oneOf('OTP_SENDER', ['console'] as const, 'console'),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    sessionTtlDays: int('SESSION_TTL_DAYS', 30, 1, 3650),
    sessionCacheMs: int('SESSION_CACHE_MS', 5000, 0, 300_000),
    bodyLimit: int('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    socketsPerUser: int('SOCKETS_PER_USER', 20, 1, 10_000),
    trustProxy: parseTrustProxy(read('TRUST_PROXY')),
    rateLimit: {
      max: int('RATE_LIMIT_MAX', 600, 1, 10_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    otp: {
      perPhonePerHour: int('OTP_MAX_PER_PHONE_HOUR', 10, 1, 100_000),
      perIpPerHour: int('OTP_MAX_PER_IP_HOUR', 50, 1, 1_000_000),
    },
    loginFailures: {
      perPhonePerHour: int('LOGIN_MAX_FAILS_PER_PHONE_HOUR', 10, 1, 100_000),
      perIpPerHour: int('LOGIN_MAX_FAILS_PER_IP_HOUR', 100, 1, 1_000_000),
    },
    socialAppId: socialAppId(read('FACEBOOK_APP_ID'), problems),
    whatsapp: {
      verifyToken: read('WHATSAPP_VERIFY_TOKEN') ?? '',
      appSecret: read('WHATSAPP_APP_SECRET') ?? '',
      graphBaseUrl: url('WHATSAPP_GRAPH_BASE_URL', ['https:', 'http:']) ?? DEFAULT_GRAPH_BASE_URL,
      apiVersion: apiVersion(read('WHATSAPP_API_VERSION'), problems),
      webhookBodyLimit: int('WEBHOOK_BODY_LIMIT_BYTES', 16 * 1024 * 1024, 4 * 1024 * 1024, 256 * 1024 * 1024),
      sendGraceMs: int('WHATSAPP_SEND_GRACE_MS', 60_000, 1_000, 3_600_000),
      tokenKey: tokenKey(read('SAPA_SECRET_KEY'), problems),
    },
    billing: {
      prices: priceTableFromEnv(read('SAPA_PRICE_FILE'), read('SAPA_PRICES'), problems),
    },
    publicUrl,
    payments: payments(read, url, oneOf, publicUrl, problems),
  };
  if (config.role !== 'all' && (config.databaseUrl === null || config.redisUrl === null))
    problems.push(
      `SAPA_ROLE=${config.role} runs beside other Sapa processes: set DATABASE_URL (one PostgreSQL for all of them) and REDIS_URL (their real-time events)`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Midtrans' base URLs by environment (its Node client's `lib/apiConfig.js`). */
const MIDTRANS_URLS = {
  sandbox: { snapUrl: 'https://app.sandbox.midtrans.com', apiUrl: 'https://api.sandbox.midtrans.com' },
  production: { snapUrl: 'https://app.midtrans.com', apiUrl: 'https://api.midtrans.com' },
} as const;

function payments(
  read: (name: string) => string | undefined,
  url: (name: string, protocols: string[]) => string | null,
  oneOf: <T extends string>(name: string, allowed: readonly T[], fallback: T) => T,
  publicUrl: string | null,
  problems: string[],
): Config['payments'] {
  const gateway = oneOf('PAYMENT_GATEWAY', ['midtrans', 'simulator'] as const, 'simulator');
  const environment = oneOf('MIDTRANS_ENV', ['sandbox', 'production'] as const, 'sandbox');
  const serverKey = read('MIDTRANS_SERVER_KEY') ?? '';
  if (gateway === 'midtrans' && serverKey === '') {
    problems.push('MIDTRANS_SERVER_KEY must be set when PAYMENT_GATEWAY is midtrans');
  }
  if (gateway === 'midtrans' && environment === 'production' && serverKey.startsWith('SB-')) {
    problems.push('MIDTRANS_SERVER_KEY is a sandbox key (SB-…) but MIDTRANS_ENV is production');
  }
  // The simulator has no fixed address: whoever starts it gives its URL (main.ts, the tests).
  const defaults = gateway === 'midtrans' ? MIDTRANS_URLS[environment] : { snapUrl: '', apiUrl: '' };
  const base = (name: string, fallback: string) =>
    (url(name, ['https:', 'http:']) ?? fallback).replace(/\/+$/, '');
  return {
    gateway,
    serverKey,
    environment,
    snapUrl: base('MIDTRANS_BASE_URL', defaults.snapUrl),
    apiUrl: base('MIDTRANS_API_URL', defaults.apiUrl),
    notificationUrl:
      url('PAYMENT_NOTIFICATION_URL', ['https:', 'http:']) ??
      (publicUrl === null ? null : `${publicUrl}${MIDTRANS_NOTIFICATION_PATH}`),
  };
}

function tokenKey(raw: string | undefined, problems: string[]): Buffer | null {
  if (raw === undefined) return null;
  const key = parseTokenKey(raw);
  if (key === null) problems.push('SAPA_SECRET_KEY must be 32 bytes written as base64url or hex (64 digits)');
  return key;
}

function socialAppId(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (!/^\d{5,20}$/.test(raw)) {
    problems.push(`FACEBOOK_APP_ID must be the numeric app id (got "${raw}")`);
    return null;
  }
  return raw;
}

function apiVersion(raw: string | undefined, problems: string[]): string {
  if (raw === undefined) return DEFAULT_GRAPH_API_VERSION;
  if (!/^v\d{1,3}\.\d{1,3}$/.test(raw)) {
    problems.push(`WHATSAPP_API_VERSION must look like v24.0 (got "${raw}")`);
    return DEFAULT_GRAPH_API_VERSION;
  }
  return raw;
}

function resolveDataDir(dir: string): string {
  return dir.startsWith('memory://') ? dir : path.resolve(dir);
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}
