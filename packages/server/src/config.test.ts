import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills every default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'all',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(import.meta.dirname, '../../../.sapa-data'),
      mediaDir: null,
      demo: true,
      uploadTtlMs: 86_400_000,
      transferIdleMs: 1_800_000,
      storageQuotaBytes: 1_000_000_000,
      openTransfersPerUser: 5,
      databaseUrl: null,
      redisUrl: null,
      otpSender: 'console',
      logLevel: 'info',
      sessionTtlDays: 30,
      bodyLimit: 1024 * 1024,
      socketsPerUser: 20,
      trustProxy: false,
      rateLimit: { max: 600, windowMs: 60_000 },
      otp: { perPhonePerHour: 10, perIpPerHour: 50 },
      loginFailures: { perPhonePerHour: 10, perIpPerHour: 100 },
      socialAppId: null,
      whatsapp: {
        verifyToken: '',
        appSecret: '',
        graphBaseUrl: 'https://graph.facebook.com',
        apiVersion: 'v24.0',
        webhookBodyLimit: 16 * 1024 * 1024,
        sendGraceMs: 60_000,
      },
    });
    expect(config.webDist.endsWith(path.join('packages', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      SAPA_DATA_DIR: '/tmp/sapa',
      DATABASE_URL: 'postgres://u@db:5432/sapa',
      REDIS_URL: 'redis://cache:6379',
      SAPA_WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      SESSION_TTL_DAYS: '7',
      BODY_LIMIT_BYTES: '2048',
      SOCKETS_PER_USER: '5',
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_WINDOW_MS: '10000',
      OTP_MAX_PER_PHONE_HOUR: '3',
      OTP_MAX_PER_IP_HOUR: '20',
      LOGIN_MAX_FAILS_PER_PHONE_HOUR: '4',
      LOGIN_MAX_FAILS_PER_IP_HOUR: '40',
      FACEBOOK_APP_ID: '1234567890',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_GRAPH_BASE_URL: 'http://127.0.0.1:9000',
      WHATSAPP_API_VERSION: 'v23.0',
      WEBHOOK_BODY_LIMIT_BYTES: '8388608',
      WHATSAPP_SEND_GRACE_MS: '30000',
      SAPA_MEDIA_DIR: '/srv/sapa-media',
      SAPA_DEMO: '0',
      SAPA_UPLOAD_TTL_MS: '3600000',
      UPLOAD_TRANSFER_IDLE_MS: '600000',
      PROJECT_STORAGE_QUOTA_BYTES: '5000000000',
      UPLOAD_OPEN_TRANSFERS_PER_USER: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/sapa',
      mediaDir: '/srv/sapa-media',
      demo: false,
      uploadTtlMs: 3_600_000,
      transferIdleMs: 600_000,
      storageQuotaBytes: 5_000_000_000,
      openTransfersPerUser: 2,
      databaseUrl: 'postgres://u@db:5432/sapa',
      redisUrl: 'redis://cache:6379',
      webDist: '/srv/web',
      logLevel: 'warn',
      sessionTtlDays: 7,
      bodyLimit: 2048,
      socketsPerUser: 5,
      trustProxy: 1,
      rateLimit: { max: 50, windowMs: 10_000 },
      otp: { perPhonePerHour: 3, perIpPerHour: 20 },
      loginFailures: { perPhonePerHour: 4, perIpPerHour: 40 },
      socialAppId: '1234567890',
      whatsapp: {
        verifyToken: 'verify-me',
        appSecret: 'app-secret',
        graphBaseUrl: 'http://127.0.0.1:9000',
        apiVersion: 'v23.0',
        webhookBodyLimit: 8 * 1024 * 1024,
        sendGraceMs: 30_000,
      },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  it('reads SAPA_ROLE, and refuses web and automation without PostgreSQL and Redis', () => {
    const both = { DATABASE_URL: 'postgres://u@db:5432/sapa', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ ...both, SAPA_ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...both, SAPA_ROLE: 'Automation' }).role).toBe('automation');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ ...both, SAPA_ROLE: 'worker' })).toEqual([
      'SAPA_ROLE must be one of all, web, automation (got "worker")',
    ]);
    expect(problems({ DATABASE_URL: both.DATABASE_URL, SAPA_ROLE: 'automation' })).toEqual([
      'SAPA_ROLE=automation runs beside other Sapa processes: set DATABASE_URL (one PostgreSQL for all of them) and REDIS_URL (their real-time events)',
    ]);
    expect(problems({ SAPA_ROLE: 'all' })).toEqual([]);
  });

  it('reads SAPA_AUTOMATION_NICE, a nice value from 0 to 19 (default 19)', () => {
    expect(loadConfig({}).automationNice).toBe(19);
    expect(loadConfig({ SAPA_AUTOMATION_NICE: '0' }).automationNice).toBe(0);
    expect(loadConfig({ SAPA_AUTOMATION_NICE: '5' }).automationNice).toBe(5);
    for (const bad of ['20', '-5', 'low']) {
      expect(() => loadConfig({ SAPA_AUTOMATION_NICE: bad })).toThrow(/SAPA_AUTOMATION_NICE/);
    }
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        OTP_SENDER: 'pigeon',
        SESSION_TTL_DAYS: '1.5',
        FACEBOOK_APP_ID: 'not-an-id',
        WHATSAPP_GRAPH_BASE_URL: 'ftp://graph',
        WHATSAPP_API_VERSION: '24',
        SAPA_DEMO: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(9);
    expect((error as ConfigError).message).toContain('SAPA_DEMO must be 1 or 0 (got "maybe")');
    expect((error as ConfigError).message).toContain('DATABASE_URL must be a postgres: or postgresql:// URL');
    expect((error as ConfigError).message).toContain('WHATSAPP_API_VERSION must look like v24.0');
  });
});
