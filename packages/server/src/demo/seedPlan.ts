/**
 * What `seedInbox` writes, decided up front in plain code: per conversation its script, how many
 * messages, when the last one was, how far apart they are, whether the customer waits for an
 * answer (unread), whose it is. The SQL then only expands this plan into rows.
 */
import type { AdReferral } from '../channels/whatsapp/index.ts';
import { seededRandom } from '../simulator/random.ts';
import type { Random } from '../simulator/random.ts';
import { AD_SCENARIO, SCENARIOS } from './scenarios.ts';

export interface SeedCustomer {
  /** E.164. */
  phone: string;
  name: string;
  /** Came from a Click-to-WhatsApp ad: the conversation keeps the ad's referral. */
  fromAd?: boolean;
}

export interface PlanOptions {
  /** The end of the history: no message is later than this. */
  now: Date;
  seed: number;
  /** Messages per conversation (default 2 to 9). */
  messages: { min: number; max: number };
  /** Share of conversations whose customer wrote within the last 24 hours (their window is open). */
  windowOpenShare: number;
  /** Share of conversations that end with customer messages no one has read yet. */
  unreadShare: number;
  /** Share of conversations assigned to the agent. */
  assignedShare: number;
  /** Conversations of exactly this many messages, by customer index (benchmarks: a 20,000-message thread). */
  longThreads: readonly { customer: number; messages: number }[];
}

/** One conversation of the plan, as the SQL reads it (times in epoch milliseconds). */
export interface PlannedConversation {
  i: number;
  phone: string;
  name: string;
  scenario: number;
  /** The scenario's length: message `seq` follows turn `(seq - 1) % turns`. */
  turns: number;
  n: number;
  /** Seq of the newest customer message (outbound messages before it count as read). */
  lastInSeq: number;
  unread: number;
  /** Status of the outbound messages after the customer's newest message. */
  tail: 'sent' | 'delivered' | 'read';
  assigned: boolean;
  /** Time of message `n`; message `seq` is `(n - seq) * gapMs` earlier, plus under half a gap. */
  lastAt: number;
  gapMs: number;
  /** When the customer and the conversation were created (no later than the first message). */
  firstAt: number;
  /** Came from a Click-to-WhatsApp ad: the conversation keeps the ad's referral (`AD_REFERRAL`). */
  fromAd: boolean;
}

/** The ad the demo's ad customers tapped (the shape of inbound-referral-ctwa.json); each gets a `ctwaClid` of their own. */
export const AD_REFERRAL: Omit<AdReferral, 'ctwaClid'> = {
  sourceUrl: 'https://fb.me/3cr4Wqqkv',
  sourceId: '120226305854810726',
  sourceType: 'ad',
  headline: 'Chat dengan kami',
  body: 'Diskon 20% untuk pembelian pertama!',
  mediaType: 'image',
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const direction = (scenario: number, seq: number): 'in' | 'out' => {
  const turns = SCENARIOS[scenario] ?? [];
  return turns[(seq - 1) % turns.length]?.direction ?? 'in';
};

/** The newest seq at or before `seq` whose message is the customer's (every script starts with one). */
function lastInbound(scenario: number, seq: number): number {
  let at = seq;
  while (at > 1 && direction(scenario, at) === 'out') at -= 1;
  return at;
}

/** How many customer messages end the first `n` messages. */
function trailingInbound(scenario: number, n: number): number {
  let count = 0;
  while (count < n && direction(scenario, n - count) === 'in') count += 1;
  return count;
}

const between = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** The plan of one conversation per customer, the same for the same customers, options and seed. */
export function planConversations(
  customers: readonly SeedCustomer[],
  options: PlanOptions,
): PlannedConversation[] {
  const random = seededRandom(options.seed);
  const now = options.now.getTime();
  const long = new Map(options.longThreads.map((thread) => [thread.customer, thread.messages]));
  const scenarioCount = SCENARIOS.length;
  return customers.map((customer, i) => {
    const fromAd = customer.fromAd === true;
    const scenario = fromAd ? AD_SCENARIO : Math.floor(random() * scenarioCount);
    const turns = SCENARIOS[scenario]?.length ?? 1;
    const unreadWanted = random() < options.unreadShare;
    const fixed = long.get(i);
    // A short conversation is one pass through its script; only long threads go round again.
    let n = fixed ?? Math.min(turns, between(random, options.messages.min, options.messages.max));
    // A customer waiting for an answer: the conversation ends with their message.
    if (fixed === undefined && unreadWanted) n = lastInbound(scenario, n);
    const lastInSeq = lastInbound(scenario, n);
    const unread = unreadWanted ? trailingInbound(scenario, n) : 0;
    const gapMs = between(random, 2 * MINUTE, fixed === undefined ? 25 * MINUTE : 6 * MINUTE);
    const open = random() < options.windowOpenShare;
    // Open windows: the last message 10 minutes to 18 hours ago, so the customer's last one (a
    // few turns before at most) is within 24 hours. Others: 26 hours to 60 days ago, most recent.
    const ago = open
      ? between(random, 10 * MINUTE, 18 * HOUR)
      : 26 * HOUR + Math.floor(random() ** 2 * 58 * DAY);
    const lastAt = now - ago - gapMs;
    const tailRoll = random();
    return {
      i,
      phone: customer.phone,
      name: customer.name,
      scenario,
      turns,
      n,
      lastInSeq,
      unread,
      tail: tailRoll < 0.5 ? 'read' : tailRoll < 0.85 ? 'delivered' : 'sent',
      assigned: random() < options.assignedShare,
      lastAt,
      gapMs,
      firstAt: lastAt - (n - 1) * gapMs,
      fromAd,
    };
  });
}
