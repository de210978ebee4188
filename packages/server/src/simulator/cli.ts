// `pnpm simulate`: simulated WhatsApp customers write to Sapa over the Cloud API protocol (see README.md).
import { parseCliArgs, USAGE } from './cliArgs.ts';
import { createSimulator } from './Simulator.ts';
import type { SimulatorStats } from './Simulator.ts';

const parsed = parseCliArgs(process.argv.slice(2), process.env);
if (!parsed.ok) {
  if ('help' in parsed) {
    console.log(USAGE);
    process.exit(0);
  }
  console.error(`simulate: ${parsed.message}\n\n${USAGE}`);
  process.exit(2);
}
const options = parsed.options;

let simulator;
try {
  simulator = await createSimulator({
    target: options.target,
    appSecret: options.appSecret,
    accounts: [options.account],
    customers: options.customers,
    seed: options.seed,
    graphPort: options.graphPort,
    ...(options.sendLatencyMs === undefined ? {} : { sendLatencyMs: options.sendLatencyMs }),
    ...(options.webhookAttempts === undefined ? {} : { webhook: { maxAttempts: options.webhookAttempts } }),
    ...(options.templateReviewMs === undefined ? {} : { templateReviewMs: options.templateReviewMs }),
    ...(options.printSends === true
      ? {
          onStatus: (status, result, send) =>
            console.log(
              `status ${status} wamid=${send.wamid} to=${send.waId} callback=${send.body.biz_opaque_callback_data ?? '-'} ${result.ok ? 'ok' : 'undelivered'}`,
            ),
        }
      : {}),
  });
} catch (error) {
  console.error(
    `simulate: cannot start the Graph API server: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

console.log(`Graph API (point Sapa's WhatsApp Graph base URL here): ${simulator.graphBaseUrl}`);
console.log(
  `Business number ${options.account.displayPhone} (phone_number_id ${options.account.phoneNumberId}, WABA ${options.account.wabaId ?? '-'}, token ${options.account.accessToken})`,
);
console.log(
  `Webhooks to ${options.target}, signed with the app secret given (${options.appSecret.length} chars)`,
);
console.log(
  `${options.customers} customers writing ${options.rate} messages/s${options.duration === undefined ? ' until Ctrl-C' : ` for ${options.duration} s`}`,
);

if (options.windowsOpen === true) {
  const at = Date.now();
  for (const customer of simulator.customers) simulator.rememberCustomerWrote(customer.index, at);
}
if (options.printSends === true) {
  // What reached the Graph API, per message: a test counts these lines (sends are named by their
  // `biz_opaque_callback_data`).
  simulator.graph.onRequest((request) => {
    if (request.method !== 'POST' || !request.path.endsWith('/messages')) return;
    const body = request.body as { to?: unknown; biz_opaque_callback_data?: unknown } | undefined;
    const to = typeof body?.to === 'string' ? body.to.replace(/^\+/, '') : '-';
    const callback = body?.biz_opaque_callback_data;
    console.log(`send received to=${to} callback=${typeof callback === 'string' ? callback : '-'}`);
  });
  simulator.graph.onSend((send) =>
    console.log(
      `send accepted wamid=${send.wamid} to=${send.waId} callback=${send.body.biz_opaque_callback_data ?? '-'}`,
    ),
  );
}

const durationMs = options.duration === undefined ? undefined : options.duration * 1000;
const run: { stop(): void; done: Promise<number> } =
  options.rate > 0
    ? simulator.writeAtRate({ rate: options.rate, ...(durationMs === undefined ? {} : { durationMs }) })
    : quietRun(durationMs);
let previous = simulator.stats();
const report = setInterval(() => {
  const current = simulator.stats();
  console.log(line(previous, current));
  previous = current;
}, 1_000);

let stopping = false;
const stop = () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log('Stopping (Ctrl-C again to quit at once)…');
  run.stop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const written = await run.done;
clearInterval(report);
await simulator.idle();
const final = simulator.stats();
await simulator.close();
console.log(`Done: ${written} customer messages written. ${summary(final)}`);
process.exit(0);

/** `--rate 0`: no customer writes; the Graph API answers until stopped or `durationMs` has passed. */
function quietRun(durationMs: number | undefined): { stop(): void; done: Promise<number> } {
  let stop = () => {};
  const done = new Promise<number>((resolve) => {
    const timer = durationMs === undefined ? undefined : setTimeout(() => resolve(0), durationMs);
    stop = () => {
      clearTimeout(timer);
      resolve(0);
    };
  });
  return { stop, done };
}

function line(before: SimulatorStats, after: SimulatorStats): string {
  const delivered = after.messagesDelivered - before.messagesDelivered;
  const failed = after.messagesFailed - before.messagesFailed;
  const sends = after.sendsAccepted - before.sendsAccepted;
  return `messages ${delivered}/s${failed > 0 ? ` (${failed} failed)` : ''} | sends ${sends}/s | ${summary(after)}`;
}

function summary(stats: SimulatorStats): string {
  const { sent, delivered, read, failed } = stats.statuses;
  const refused = Object.entries(stats.sendsRefused)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  return [
    `total messages ${stats.messagesDelivered} delivered, ${stats.messagesFailed} failed`,
    `sends ${stats.sendsAccepted} accepted${refused === '' ? '' : `, refused ${refused}`}`,
    `statuses sent ${sent} delivered ${delivered} read ${read} failed(131047) ${failed}`,
    ...(stats.statusDeliveriesFailed > 0
      ? [`${stats.statusDeliveriesFailed} status webhooks undelivered`]
      : []),
  ].join(' | ');
}
