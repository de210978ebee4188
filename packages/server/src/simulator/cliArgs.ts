import { parseArgs } from 'node:util';
import type { SimulatorAccount } from './types.ts';
import { DEFAULT_WABA_ID } from './webhookPayloads.ts';

export interface CliOptions {
  customers: number;
  /** Messages per second, all customers together; 0: customers do not write. */
  rate: number;
  target: string;
  appSecret: string;
  account: SimulatorAccount;
  graphPort: number;
  /** Seconds; runs until Ctrl-C when absent. */
  duration?: number;
  seed: number;
  /** Every customer's 24-hour window is open from the start (as if each had just written). */
  windowsOpen?: true;
  /** Each send is answered this many ms after it arrived. */
  sendLatencyMs?: number;
  /** Tries per webhook delivery (default 6). */
  webhookAttempts?: number;
  /** One line per send received, send accepted and status webhook delivered. */
  printSends?: true;
  /** A template created through the API is reviewed this many ms later (default 1500). */
  templateReviewMs?: number;
}

export type CliParse =
  { ok: true; options: CliOptions } | { ok: false; help: true } | { ok: false; message: string };

export const USAGE = `Usage: pnpm simulate [options]

  --customers N          simulated customers (default 10)
  --rate R               customer messages per second, all together (default 1; 0 = none)
  --target URL           Sapa's webhook URL (default $SIMULATOR_TARGET or http://localhost:3000/webhooks/whatsapp)
  --app-secret S         signs the webhooks (default $WHATSAPP_APP_SECRET or sapa-dev-app-secret)
  --phone-number-id ID   the business number's id (default $WHATSAPP_PHONE_NUMBER_ID or 109876543210987)
  --display-phone P      the business number (default $WHATSAPP_DISPLAY_PHONE or 6281210009000)
  --access-token T       the Bearer token Sapa must send (default $WHATSAPP_ACCESS_TOKEN or sapa-dev-access-token)
  --waba-id ID           the number's WhatsApp Business Account (default $WHATSAPP_WABA_ID or 102938475610293)
  --graph-port PORT      the Graph API port on 127.0.0.1 (default $SIMULATOR_GRAPH_PORT or 3210; 0 = any free port)
  --duration S           stop after S seconds (default: run until Ctrl-C)
  --seed N               same seed, same customers (default 1)
  --windows-open         every customer's 24-hour window is open from the start
  --send-latency MS      answer each send MS milliseconds after it arrived (default 0)
  --webhook-attempts N   tries per webhook delivery (default 6)
  --print-sends          print a line per send received, send accepted and status delivered
  --template-review MS   review templates created through the API MS milliseconds later (default 1500)
  --help                 this text`;

export const DEFAULTS = {
  target: 'http://localhost:3000/webhooks/whatsapp',
  appSecret: 'sapa-dev-app-secret',
  phoneNumberId: '109876543210987',
  displayPhone: '6281210009000',
  accessToken: 'sapa-dev-access-token',
  wabaId: DEFAULT_WABA_ID,
  graphPort: 3210,
} as const;

/** Parses `pnpm simulate` arguments; environment variables give the defaults. Never throws. */
export function parseCliArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): CliParse {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        customers: { type: 'string' },
        rate: { type: 'string' },
        target: { type: 'string' },
        'app-secret': { type: 'string' },
        'phone-number-id': { type: 'string' },
        'display-phone': { type: 'string' },
        'access-token': { type: 'string' },
        'waba-id': { type: 'string' },
        'template-review': { type: 'string' },
        'graph-port': { type: 'string' },
        duration: { type: 'string' },
        seed: { type: 'string' },
        'windows-open': { type: 'boolean' },
        'send-latency': { type: 'string' },
        'webhook-attempts': { type: 'string' },
        'print-sends': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help === true) return { ok: false, help: true };
  const text = (name: string, fallback: string): string => {
    const value = values[name];
    return typeof value === 'string' ? value : fallback;
  };
  const problems: string[] = [];
  const number = (name: string, fallback: string, check: (n: number) => boolean, rule: string): number => {
    const raw = text(name, fallback);
    const parsed = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!check(parsed)) problems.push(`--${name} must be ${rule} (got "${raw}")`);
    return parsed;
  };
  const customers = number(
    'customers',
    '10',
    (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
    'a whole number from 1 to 1000000',
  );
  const rate = number(
    'rate',
    '1',
    (n) => Number.isFinite(n) && n >= 0 && n <= 100_000,
    'a number from 0 to 100000',
  );
  const graphPort = number(
    'graph-port',
    env.SIMULATOR_GRAPH_PORT ?? String(DEFAULTS.graphPort),
    (n) => Number.isInteger(n) && n >= 0 && n <= 65_535,
    'a port from 0 to 65535',
  );
  const seed = number('seed', '1', (n) => Number.isInteger(n), 'a whole number');
  const sendLatencyMs =
    values['send-latency'] === undefined
      ? undefined
      : number(
          'send-latency',
          '',
          (n) => Number.isInteger(n) && n >= 0 && n <= 600_000,
          'a whole number of ms from 0 to 600000',
        );
  const webhookAttempts =
    values['webhook-attempts'] === undefined
      ? undefined
      : number(
          'webhook-attempts',
          '',
          (n) => Number.isInteger(n) && n >= 1 && n <= 100_000,
          'a whole number from 1 to 100000',
        );
  const templateReviewMs =
    values['template-review'] === undefined
      ? undefined
      : number(
          'template-review',
          '',
          (n) => Number.isInteger(n) && n >= 0 && n <= 86_400_000,
          'a whole number of ms from 0 to 86400000',
        );
  const duration =
    values.duration === undefined
      ? undefined
      : number('duration', '', (n) => Number.isFinite(n) && n > 0, 'a number of seconds above 0');
  const target = text('target', env.SIMULATOR_TARGET ?? DEFAULTS.target);
  if (!/^https?:\/\/[^/]/.test(target) || !URL.canParse(target))
    problems.push(`--target must be an http(s) URL (got "${target}")`);
  const appSecret = text('app-secret', env.WHATSAPP_APP_SECRET ?? DEFAULTS.appSecret);
  const phoneNumberId = text('phone-number-id', env.WHATSAPP_PHONE_NUMBER_ID ?? DEFAULTS.phoneNumberId);
  const displayPhone = text('display-phone', env.WHATSAPP_DISPLAY_PHONE ?? DEFAULTS.displayPhone);
  const accessToken = text('access-token', env.WHATSAPP_ACCESS_TOKEN ?? DEFAULTS.accessToken);
  const wabaId = text('waba-id', env.WHATSAPP_WABA_ID ?? DEFAULTS.wabaId);
  if (appSecret === '') problems.push('--app-secret must not be empty');
  if (!/^\d+$/.test(phoneNumberId))
    problems.push(`--phone-number-id must be digits (got "${phoneNumberId}")`);
  if (!/^\+?[\d\s-]{5,}$/.test(displayPhone))
    problems.push(`--display-phone must be a phone number (got "${displayPhone}")`);
  if (accessToken === '') problems.push('--access-token must not be empty');
  if (!/^\d+$/.test(wabaId)) problems.push(`--waba-id must be digits (got "${wabaId}")`);
  if (problems.length > 0) return { ok: false, message: problems.join('\n') };
  return {
    ok: true,
    options: {
      customers,
      rate,
      target,
      appSecret,
      account: { phoneNumberId, displayPhone, accessToken, wabaId },
      graphPort,
      seed,
      ...(duration === undefined ? {} : { duration }),
      ...(values['windows-open'] === true ? { windowsOpen: true } : {}),
      ...(sendLatencyMs === undefined ? {} : { sendLatencyMs }),
      ...(webhookAttempts === undefined ? {} : { webhookAttempts }),
      ...(values['print-sends'] === true ? { printSends: true } : {}),
      ...(templateReviewMs === undefined ? {} : { templateReviewMs }),
    },
  };
}
