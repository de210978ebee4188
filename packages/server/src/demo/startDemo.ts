/**
 * The demo `pnpm start` runs (SAPA_DEMO, on by default; main.ts calls this after `listen`):
 * finds or makes the demo's data (ensureDemo.ts), starts the WhatsApp simulator in this process,
 * points the demo account's Graph API calls at it, keeps a gentle trickle of its customers
 * writing in through the real webhook, and prints how to sign in. The simulator answers the
 * agents' sends with status webhooks, as Meta would. The demo user's saldo and the project's
 * balance get a month of history once (seedBilling.ts); top-ups are paid on the payment
 * simulator main.ts starts. The project gets a finished broadcast and a scheduled one once
 * (seedBroadcasts.ts), and four automation rules switched on once (seedAutomation.ts).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../acts/context.ts';
import type { Db } from '../db/openDatabase.ts';
import { conversations, customers, projects, users, waAccounts } from '../db/schema.ts';
import { WINDOW_MS } from '../inbox/views.ts';
import { verifyPassword } from '../security/password.ts';
import { openToken } from '../security/tokenBox.ts';
import { createSimulator, TemplateStore } from '../simulator/index.ts';
import type { CustomerWrite, Simulator } from '../simulator/index.ts';
import { seededRandom } from '../simulator/random.ts';
import { DemoClock } from './DemoClock.ts';
import { demoBanner, localPhone } from './demoBanner.ts';
import { DemoTraffic } from './DemoTraffic.ts';
import type { DemoMessage } from './DemoTraffic.ts';
import { seedDemoTemplates } from './demoTemplates.ts';
import { demoWabaId, ensureDemo } from './ensureDemo.ts';
import { seedDemoBilling } from './seedBilling.ts';
import { seedDemoAutomation } from './seedAutomation.ts';
import { seedDemoBroadcasts } from './seedBroadcasts.ts';
import { seedGallery } from './seedGallery.ts';
import { Trickle } from './Trickle.ts';

export interface DemoOptions {
  services: Pick<Services, 'db' | 'now' | 'accountRoutes' | 'media' | 'publisher' | 'config'>;
  /** The app as people open it, e.g. `http://localhost:3000`. */
  appUrl: string;
  /** The app's WhatsApp webhook as the simulator reaches it, e.g. `http://127.0.0.1:3000/webhooks/whatsapp`. */
  webhookUrl: string;
  /** The app's `WHATSAPP_APP_SECRET`: the simulator signs its webhooks with it. */
  appSecret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Where the sign-in block goes (default: standard output). */
  print?: (text: string) => void;
  /** Customers with history, made on first start (default 300). */
  customers?: number;
  /** Customers who have not written yet; their first messages start new conversations (default 40). */
  newCustomers?: number;
  seed?: number;
  /** Pause between two trickle messages (default 3 to 8 s); `false`: no trickle. */
  trickle?: { minMs: number; maxMs: number } | false;
  /** Called after each customer message the demo has written (first-start messages, trickle). */
  onWrite?: (write: DemoWrite) => void;
}

/** A customer message the demo had the simulator write. */
export interface DemoWrite extends DemoMessage {
  result: CustomerWrite;
}

export interface Demo {
  /** The demo user's phone (E.164) and, unless they changed it, password; the demo project's key. */
  readonly credentials: { phone: string; password: string | null; projectKey: string };
  /** The demo's data was made by this start. */
  readonly created: boolean;
  readonly simulator: Simulator;
  /** Stops the trickle and the simulator (call before closing the app). */
  stop(): Promise<void>;
}

const DEFAULT_TRICKLE = { minMs: 3_000, maxMs: 8_000 };
const DEMO_TEMPLATE_REVIEW_MS = 5_000;
/** What arrived "earlier today" on a first start: returning customers and first contacts. */
const RECENT = { returning: 8, fresh: 3 };

export async function startDemo(options: DemoOptions): Promise<Demo> {
  const { services, log } = options;
  const { db } = services;
  const { tokenKey } = services.config.whatsapp;
  if (tokenKey === null) throw new Error('the token key is not loaded');
  const ensured = await ensureDemo(
    db,
    {
      customers: options.customers ?? 300,
      newCustomers: options.newCustomers ?? 40,
      seed: options.seed ?? 1,
    },
    services.now(),
    tokenKey,
  );
  const { settings } = ensured;
  if (ensured.replaced) log.warn('the stored demo was incomplete (deleted data?): made a new one');

  const [stored] = await db.select().from(waAccounts).where(eq(waAccounts.id, settings.accountId)).limit(1);
  if (stored === undefined) throw new Error('the demo account vanished');
  // A demo made before numbers had a WABA gets one now (its templates live there).
  const account = { ...stored, wabaId: stored.wabaId ?? demoWabaId() };
  const clock = new DemoClock(() => services.now().getTime());
  const simulator = await createSimulator({
    target: options.webhookUrl,
    appSecret: options.appSecret,
    accounts: [
      {
        phoneNumberId: account.phoneNumberId,
        displayPhone: account.displayPhone,
        // The simulator plays Meta: it knows the token itself, not how Sapa stores it.
        accessToken: openToken(tokenKey, account.accessToken),
        wabaId: account.wabaId,
        ...(account.verifiedName === null ? {} : { verifiedName: account.verifiedName }),
      },
    ],
    // Meta reviews a new template in seconds to minutes; the demo's takes a few seconds. The
    // WABA's templates are the project's own (seedDemoTemplates), without Meta's sample.
    templateReviewMs: DEMO_TEMPLATE_REVIEW_MS,
    templates: new TemplateStore({ sampleTemplates: false, now: clock.now }),
    customers: settings.customers,
    seed: settings.seed,
    now: clock.now,
  });

  try {
    // The simulator's port is new at every start.
    await db
      .update(waAccounts)
      .set({ graphBaseUrl: simulator.graphBaseUrl, wabaId: account.wabaId, updatedAt: services.now() })
      .where(eq(waAccounts.id, account.id));
    services.accountRoutes.forget(account.phoneNumberId);
    await reopenWindows(db, simulator, account.id, services.now());
    await seedDemoTemplates(
      {
        db,
        now: services.now,
        publisher: services.publisher,
        whatsapp: services.config.whatsapp,
        log,
      },
      simulator,
      { ...account, graphBaseUrl: simulator.graphBaseUrl },
      settings.projectKey,
    );

    const traffic = new DemoTraffic(
      seededRandom(settings.seed + Date.now()),
      settings.seededCustomers,
      settings.customers,
    );
    const write = async (
      next: DemoMessage,
      start = () => simulator.customerWrites(next.customer, next.message),
    ) => {
      const result = await start();
      if (!result.delivery.ok)
        log.warn({ status: result.delivery.status }, 'the demo webhook was not accepted');
      const written: DemoWrite = { ...next, result };
      options.onWrite?.(written);
      return written;
    };

    if (ensured.created) {
      const [project] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.key, settings.projectKey));
      if (project !== undefined) await seedGallery(services.media, project.id, settings.userId);
      // Messages of the last hours, delivered by the simulator at their time, so the windows
      // they open are known on both sides.
      for (const recent of traffic.recent(services.now().getTime(), RECENT)) {
        await write(recent, () =>
          clock.at(recent.atMs, () => simulator.customerWrites(recent.customer, recent.message)),
        );
      }
    }

    // A month of top-ups, transfers and charged template messages, made once (seedBilling.ts).
    await seedDemoBilling(db, {
      userId: settings.userId,
      projectId: account.projectId,
      accountId: account.id,
      prices: services.config.billing.prices,
      now: services.now(),
      seed: settings.seed,
    });
    // A finished broadcast with its results and replies, and one scheduled for later, made once
    // (seedBroadcasts.ts); the replies' windows are open on the simulator's side too.
    const broadcasts = await seedDemoBroadcasts(db, {
      userId: settings.userId,
      projectId: account.projectId,
      accountId: account.id,
      prices: services.config.billing.prices,
      now: services.now(),
      seed: settings.seed,
    });
    const simulated = new Set(simulator.customers.map((customer) => customer.phone));
    for (const reply of broadcasts.replies) {
      if (simulated.has(reply.phone)) simulator.rememberCustomerWrote(reply.phone, reply.at.getTime());
    }
    // Four rules switched on (an out-of-hours greeting, "harga" to Sales, "transfer" to the stage
    // Bayar, a follow-up), made once, after the templates the follow-up names (seedAutomation.ts).
    await seedDemoAutomation(db, services.media, {
      projectId: account.projectId,
      accountId: account.id,
      userId: settings.userId,
      now: services.now(),
    });

    const pauses = options.trickle === undefined ? DEFAULT_TRICKLE : options.trickle;
    const random = seededRandom(settings.seed + 1);
    const trickle =
      pauses === false
        ? null
        : new Trickle({
            write: () => write(traffic.next()),
            pauseMs: () => pauses.minMs + Math.floor(random() * (pauses.maxMs - pauses.minMs + 1)),
            onError: (error) => log.warn({ err: error }, 'a demo customer message failed'),
          });
    trickle?.start();

    const [user] = await db.select().from(users).where(eq(users.id, settings.userId)).limit(1);
    const [project] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.key, settings.projectKey))
      .limit(1);
    const password =
      user !== undefined && (await verifyPassword(settings.password, user.passwordHash))
        ? settings.password
        : null;
    (options.print ?? ((text: string) => process.stdout.write(text)))(
      demoBanner({
        url: options.appUrl,
        phone: settings.phone,
        password,
        projectName: project?.name ?? settings.projectKey,
        customers: settings.seededCustomers,
        trickle: trickle !== null,
      }),
    );
    log.info(
      { project: settings.projectKey, phone: localPhone(settings.phone), created: ensured.created },
      'demo running',
    );

    let stopped: Promise<void> | null = null;
    return {
      credentials: { phone: settings.phone, password, projectKey: settings.projectKey },
      created: ensured.created,
      simulator,
      stop: () => {
        stopped ??= (async () => {
          await trickle?.stop();
          await simulator.close();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await simulator.close();
    throw error;
  }
}

/**
 * The simulator starts knowing no one: it is told when each customer who wrote within the last
 * 24 hours (in an earlier run) last wrote, so their windows are open on its side too.
 */
async function reopenWindows(db: Db, simulator: Simulator, accountId: string, now: Date) {
  const open = await db
    .select({ phone: customers.phone, lastInboundAt: conversations.lastInboundAt })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .where(
      and(
        eq(conversations.accountId, accountId),
        gt(conversations.lastInboundAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    );
  const known = new Set(simulator.customers.map((customer) => customer.phone));
  for (const { phone, lastInboundAt } of open) {
    if (lastInboundAt !== null && known.has(phone))
      simulator.rememberCustomerWrote(phone, lastInboundAt.getTime());
  }
}
