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
  });
} catch (error) {
  console.error(
    `simulate: cannot start the Graph API server: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

console.log(`Graph API (point Sapa's WhatsApp Graph base URL here): ${simulator.graphBaseUrl}`);
console.log(
  `Business number ${options.account.displayPhone} (phone_number_id ${options.account.phoneNumberId}, token ${options.account.accessToken})`,
);
console.log(
  `Webhooks to ${options.target}, signed with the app secret given (${options.appSecret.length} chars)`,
);
console.log(
  `${options.customers} customers writing ${options.rate} messages/s${options.duration === undefined ? ' until Ctrl-C' : ` for ${options.duration} s`}`,
);

const run = simulator.writeAtRate({
  rate: options.rate,
  ...(options.duration === undefined ? {} : { durationMs: options.duration * 1000 }),
});
let previous = simulator.stats();
const report = setInterval(() => {
  const current = simulator.stats();
  console.log(line(previous, current));
  previous = current;
}, 1_000);

let stopping = false;
process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log('Stopping (Ctrl-C again to quit at once)…');
  run.stop();
});

const written = await run.done;
clearInterval(report);
await simulator.idle();
const final = simulator.stats();
await simulator.close();
console.log(`Done: ${written} customer messages written. ${summary(final)}`);
process.exit(0);

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
