import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const KEY = 'SB-Mid-server-configTest000000000';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('payment configuration', () => {
  it('defaults to the simulator, with no URL until one is started, and no public URL', () => {
    const config = loadConfig({});
    expect(config.publicUrl).toBeNull();
    expect(config.payments).toEqual({
      gateway: 'simulator',
      serverKey: '',
      environment: 'sandbox',
      snapUrl: '',
      apiUrl: '',
      notificationUrl: null,
    });
  });

  it("points Midtrans at its sandbox or production, from the environment's key", () => {
    expect(loadConfig({ PAYMENT_GATEWAY: 'midtrans', MIDTRANS_SERVER_KEY: KEY }).payments).toMatchObject({
      gateway: 'midtrans',
      serverKey: KEY,
      snapUrl: 'https://app.sandbox.midtrans.com',
      apiUrl: 'https://api.sandbox.midtrans.com',
    });
    expect(
      loadConfig({
        PAYMENT_GATEWAY: 'Midtrans',
        MIDTRANS_SERVER_KEY: 'Mid-server-live',
        MIDTRANS_ENV: 'production',
      }).payments,
    ).toMatchObject({ snapUrl: 'https://app.midtrans.com', apiUrl: 'https://api.midtrans.com' });
  });

  it('takes base URL overrides (tests, a proxy) without their trailing slash', () => {
    const config = loadConfig({
      PAYMENT_GATEWAY: 'midtrans',
      MIDTRANS_SERVER_KEY: KEY,
      MIDTRANS_BASE_URL: 'http://127.0.0.1:4000/',
      MIDTRANS_API_URL: 'http://127.0.0.1:4001',
    });
    expect(config.payments).toMatchObject({
      snapUrl: 'http://127.0.0.1:4000',
      apiUrl: 'http://127.0.0.1:4001',
    });
  });

  it('sends notifications to the public URL’s route unless PAYMENT_NOTIFICATION_URL says otherwise', () => {
    const config = loadConfig({ SAPA_PUBLIC_URL: 'https://sapa.example.com/' });
    expect(config.publicUrl).toBe('https://sapa.example.com');
    expect(config.payments.notificationUrl).toBe('https://sapa.example.com/payments/midtrans/notification');
    expect(
      loadConfig({
        SAPA_PUBLIC_URL: 'https://sapa.example.com',
        PAYMENT_NOTIFICATION_URL: 'https://hooks.example.com/mt',
      }).payments.notificationUrl,
    ).toBe('https://hooks.example.com/mt');
  });

  it('refuses Midtrans without a key, a sandbox key in production and unknown values, never echoing the key', () => {
    expect(problems({ PAYMENT_GATEWAY: 'midtrans' })).toContain('MIDTRANS_SERVER_KEY must be set');
    const production = problems({
      PAYMENT_GATEWAY: 'midtrans',
      MIDTRANS_SERVER_KEY: KEY,
      MIDTRANS_ENV: 'production',
    });
    expect(production).toContain('sandbox key');
    expect(production).not.toContain(KEY);
    expect(problems({ PAYMENT_GATEWAY: 'xendit' })).toContain(
      'PAYMENT_GATEWAY must be one of midtrans, simulator',
    );
    expect(problems({ MIDTRANS_ENV: 'staging' })).toContain(
      'MIDTRANS_ENV must be one of sandbox, production',
    );
    expect(problems({ SAPA_PUBLIC_URL: 'sapa.example.com' })).toContain('SAPA_PUBLIC_URL must be');
  });
});
