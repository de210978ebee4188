import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseCliArgs } from './cliArgs.ts';

describe('parseCliArgs', () => {
  it('reads every option', () => {
    const parsed = parseCliArgs([
      '--customers',
      '50',
      '--rate',
      '2.5',
      '--target',
      'http://127.0.0.1:4000/webhooks/whatsapp',
      '--app-secret',
      's3cret',
      '--phone-number-id',
      '123456',
      '--display-phone',
      '+62 812-0000-1111',
      '--access-token',
      'tok',
      '--graph-port',
      '0',
      '--duration',
      '30',
      '--seed',
      '9',
      '--waba-id',
      '778899',
      '--template-review',
      '0',
    ]);
    expect(parsed).toEqual({
      ok: true,
      options: {
        customers: 50,
        rate: 2.5,
        target: 'http://127.0.0.1:4000/webhooks/whatsapp',
        appSecret: 's3cret',
        account: {
          phoneNumberId: '123456',
          displayPhone: '+62 812-0000-1111',
          accessToken: 'tok',
          wabaId: '778899',
        },
        graphPort: 0,
        duration: 30,
        seed: 9,
        templateReviewMs: 0,
      },
    });
  });

  it('reads the options a test of sends needs', () => {
    const parsed = parseCliArgs([
      '--rate',
      '0',
      '--windows-open',
      '--send-latency',
      '1500',
      '--webhook-attempts',
      '200',
      '--print-sends',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      options: { rate: 0, windowsOpen: true, sendLatencyMs: 1500, webhookAttempts: 200, printSends: true },
    });
    expect(parseCliArgs(['--send-latency', '-5'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--send-latency') as unknown,
    });
    expect(parseCliArgs(['--webhook-attempts', '0'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--webhook-attempts') as unknown,
    });
  });

  it('defaults from the environment, then built-in values', () => {
    expect(parseCliArgs([], { WHATSAPP_APP_SECRET: 'from-env', SIMULATOR_GRAPH_PORT: '4321' })).toEqual({
      ok: true,
      options: {
        customers: 10,
        rate: 1,
        target: DEFAULTS.target,
        appSecret: 'from-env',
        account: {
          phoneNumberId: DEFAULTS.phoneNumberId,
          displayPhone: DEFAULTS.displayPhone,
          accessToken: DEFAULTS.accessToken,
          wabaId: '102938475610293',
        },
        graphPort: 4321,
        seed: 1,
      },
    });
  });

  it('says what is wrong with bad arguments', () => {
    expect(parseCliArgs(['--customers', '0'])).toEqual({
      ok: false,
      message: '--customers must be a whole number from 1 to 1000000 (got "0")',
    });
    expect(parseCliArgs(['--rate', 'fast'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--rate must be') as unknown,
    });
    expect(parseCliArgs(['--duration', '-1'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--duration') as unknown,
    });
    expect(parseCliArgs(['--graph-port', '70000'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--graph-port') as unknown,
    });
    expect(parseCliArgs(['--target', 'localhost:3000'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--target') as unknown,
    });
    expect(parseCliArgs(['--phone-number-id', 'abc'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--phone-number-id') as unknown,
    });
    expect(parseCliArgs(['--waba-id', 'waba'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--waba-id') as unknown,
    });
    expect(parseCliArgs(['--template-review', 'soon'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--template-review') as unknown,
    });
    expect(parseCliArgs(['--bogus'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--bogus') as unknown,
    });
    expect(parseCliArgs(['--rate'])).toMatchObject({ ok: false });
    expect(parseCliArgs(['extra'])).toMatchObject({ ok: false });
  });

  it('reports every problem at once', () => {
    const parsed = parseCliArgs(['--customers', 'x', '--rate', 'fast']);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok && 'message' in parsed) expect(parsed.message.split('\n')).toHaveLength(2);
  });

  it('asks for help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ ok: false, help: true });
  });
});
