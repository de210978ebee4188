/**
 * Webhook deliveries: every signed POST is stored durably before it is answered, and what it
 * carries reaches the inbox in the same transaction whenever it can.
 *
 * Intake (`accept`): deliveries that arrive while a transaction is running wait for the next
 * one, then go in together: one transaction stores them all as `webhook_deliveries` rows and
 * works them off (messages, statuses), and the POSTs are answered 200 once it has committed, so
 * the latency of a message is one short transaction and none of it is ever lost. If working a
 * batch off fails, the deliveries are stored unprocessed instead (still answered 200) and the
 * worker tries them again later, one per transaction, so one bad delivery holds up no other.
 *
 * The worker (`processPending`, and a poll every `pollMs`) claims deliveries that are due from
 * the table with `FOR UPDATE SKIP LOCKED`: retries (a status naming a message not stored yet),
 * and deliveries of a batch that failed.
 *
 * Template webhooks (`message_template_status_update`, `template_category_update`) name a WABA,
 * not a number: they are applied to every project holding a live number of it
 * (src/templates/webhooks.ts) in the same transaction, and a status of a template a project does
 * not hold yet starts a sync of its copy once committed (`TemplateSyncer`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parseWebhook } from '../channels/whatsapp/index.ts';
import type { StatusEvent, TemplateCategoryEvent, TemplateStatusEvent } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import type { GraphSettings } from '../inbox/accounts.ts';
import { webhookDeliveries } from '../db/schema.ts';
import type { AccountRoutes } from '../inbox/AccountRoutes.ts';
import { announce } from '../inbox/announce.ts';
import type { Announcement } from '../inbox/announce.ts';
import { receiveMessages, receiveStatuses, storeWebhookBatch } from '../inbox/inbound.ts';
import type { Arriving, Received, RoutedAccount } from '../inbox/inbound.ts';
import { Drain } from '../jobs/Drain.ts';
import { notifyCustomersWaiting } from '../notifications/notify.ts';
import type { MediaLinks } from '../media/mediaLinks.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { rootMessage } from '../errors/rootMessage.ts';
import type { PriceRow } from '../sdk.ts';
import { billingAnnouncements } from '../billing/announce.ts';
import { refundOwed } from '../billing/charges.ts';
import type { OwedRefund } from '../billing/charges.ts';
import { applyTemplateEvent, TemplateSyncer } from '../templates/index.ts';
import type { SyncRequest } from '../templates/index.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  now: () => Date;
  publisher: Publisher;
  log: FastifyBaseLogger;
  links: MediaLinks;
  /** Which account each phone number id belongs to. */
  routes: AccountRoutes;
  /** Told when stored messages queued jobs (file downloads). */
  /** The runner that takes the jobs deliveries queue, woken for the kinds it claims. */
  jobs: { kick(): void; claims(kind: string): boolean };
  /**
   * Where Graph API calls go: the syncs a template status webhook asks for (a template a project
   * does not hold yet). Without it those syncs are skipped (logged).
   */
  whatsapp?: GraphSettings | null;
  /**
   * The price table (`config.billing.prices`): a status saying a charged message was not billed
   * refunds it, announced with the project's balance and the prices in force. Default: none.
   */
  prices?: readonly PriceRow[];
  /** Told of the broadcasts whose recipients moved or were replied to (their progress is announced). */
  broadcasts?: { touched(ids: Iterable<string>): void };
  /** Tries of a delivery whose statuses name a wamid not stored yet. Default 6. */
  maxAttempts?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Deliveries per transaction at most. Default 50. */
  batchSize?: number;
  /**
   * A delivery carrying more messages and statuses than this is stored as it came and answered
   * at once, then worked off by the table's worker: Meta's batches of a thousand would otherwise
   * keep the POST open for seconds. Default 100.
   */
  inlineEvents?: number;
}

/** A delivery in hand, not processed yet. */
interface Delivery {
  id: string;
  body: unknown;
  /** Tries so far, this one included. */
  attempts: number;
  /** When the POST arrived: no event in it is dated later (a clock far ahead must not count). */
  receivedAt: Date;
}

/** A POST waiting for its delivery to be stored. */
interface Arrival {
  delivery: Delivery;
  stored: () => void;
  failed: (error: unknown) => void;
}

/** What the deliveries of a batch carry, routed (see `#plan`). */
interface Plan {
  outcomes: Outcome[];
  arriving: { outcome: Outcome; item: Arriving }[];
  statuses: { outcome: Outcome; routed: RoutedAccount; event: StatusEvent }[];
  templates: { outcome: Outcome; event: TemplateStatusEvent | TemplateCategoryEvent }[];
}

/** What working off one delivery came to, inside its batch's transaction. */
interface Outcome {
  delivery: Delivery;
  announcements: Announcement[];
  /** Statuses naming a wamid not stored yet (the send may still be storing it). */
  unresolved: number;
  /** The kinds of the jobs its messages queued. */
  queuedKinds: string[];
  /** Template syncs asked for by its template status webhooks. */
  syncs: SyncRequest[];
}

/** How many messages and statuses a delivery carries (0 for a body of another shape). */
export function eventCount(body: unknown): number {
  let total = 0;
  const entries = (body as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return 0;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: { messages?: unknown; statuses?: unknown } } | null)?.value;
      if (Array.isArray(value?.messages)) total += value.messages.length;
      if (Array.isArray(value?.statuses)) total += value.statuses.length;
    }
  }
  return total;
}

/** How long a delivery may wait to be read before the process counts as behind on webhooks (`behind`). */
export const WEBHOOKS_BEHIND_MS = 1_000;

/** Delay before the next try of a delivery (1-based attempt): 2 s, 4 s, 8 s… */
const retryDelayMs = (attempt: number): number => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

export class DeliveryWorker {
  readonly #options: Required<Omit<DeliveryWorkerOptions, 'whatsapp' | 'broadcasts'>> &
    Pick<DeliveryWorkerOptions, 'broadcasts'>;
  /** Syncs of template copies asked for by status webhooks; `null` without Graph settings. */
  readonly #templates: TemplateSyncer | null;
  /** Works off the table (retries, failed batches), one pass at a time. */
  readonly #drain: Drain;
  /** Stores what arrived, one batch at a time. */
  readonly #intake: Drain;
  readonly #arrivals: Arrival[] = [];
  /** When the oldest delivery of the batch being stored arrived (`null`: none is). */
  #storingSince: Date | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: DeliveryWorkerOptions) {
    this.#options = {
      maxAttempts: 6,
      pollMs: 1_000,
      leaseMs: 120_000,
      batchSize: 50,
      inlineEvents: 100,
      prices: [],
      ...options,
    };
    this.#templates =
      options.whatsapp === undefined || options.whatsapp === null
        ? null
        : new TemplateSyncer({
            db: options.db,
            now: options.now,
            publisher: options.publisher,
            whatsapp: options.whatsapp,
            log: options.log,
          });
    this.#drain = new Drain(() => this.#pass());
    this.#intake = new Drain(() => this.#takeIn());
  }

  /** Stores a delivery (and, normally, what it carries); resolves once it is durable. */
  accept(body: unknown): Promise<void> {
    const delivery = { id: randomUUID(), body, attempts: 1, receivedAt: this.#options.now() };
    if (eventCount(body) > this.#options.inlineEvents) return this.#storeForWorker(delivery);
    return new Promise((stored, failed) => {
      this.#arrivals.push({ delivery, stored, failed });
      this.#intake
        .run()
        .catch((error: unknown) => this.#options.log.error({ err: error }, 'webhook intake failed'));
    });
  }

  /** Works off what has arrived and everything due in the table; resolves when stored (tests await it). */
  async processPending(): Promise<void> {
    await this.#intake.idle();
    await this.#drain.run();
    await this.#templates?.idle();
  }

  /**
   * Whether webhooks that came in wait to be read: a delivery this process took in more than
   * `WEBHOOKS_BEHIND_MS` ago and has not stored yet, or one in the table due that long ago (any
   * process's: a large delivery, a retry, a batch that failed). A send whose outcome is unknown may
   * learn it from one of them: its grace counts only once they are read (`PumpSlice`), so a
   * restart's flood of retried status webhooks never makes it send twice.
   */
  async behind(): Promise<boolean> {
    const now = this.#options.now().getTime();
    const oldest = this.#storingSince ?? this.#arrivals[0]?.delivery.receivedAt;
    if (oldest !== undefined && now - oldest.getTime() > WEBHOOKS_BEHIND_MS) return true;
    const [due] = await this.#options.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          isNull(webhookDeliveries.processedAt),
          lt(webhookDeliveries.nextAttemptAt, new Date(now - WEBHOOKS_BEHIND_MS)),
        ),
      )
      .limit(1);
    return due !== undefined;
  }

  /**
   * Resolves once this process has no webhook waiting to be stored, or after `maxMs` at the
   * latest: background work (the automation engine) yields to the inbox with it between its
   * steps, so a customer's message never queues behind rules being judged.
   */
  async intakeIdle(maxMs: number): Promise<void> {
    if (this.#arrivals.length === 0 && this.#storingSince === null) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#intake.idle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxMs);
      }),
    ]);
    clearTimeout(timer);
  }

  kick(): void {
    this.#drain
      .run()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'webhook delivery pass failed'));
  }

  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.kick(), this.#options.pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#intake.idle();
    await this.#drain.idle();
    await this.#templates?.idle();
  }

  async #takeIn(): Promise<void> {
    for (;;) {
      // Let the requests that are already in (their bytes read, their handlers queued) arrive
      // first: PGlite runs a whole transaction without giving I/O a turn, so without this pause
      // every batch would hold one delivery.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#arrivals.length === 0) return;
      const arrivals = this.#arrivals.splice(0, this.#options.batchSize);
      const deliveries = arrivals.map((arrival) => arrival.delivery);
      this.#storingSince = deliveries[0]?.receivedAt ?? null;
      try {
        await this.#store(deliveries, 'new');
      } catch (error) {
        this.#options.log.warn(
          { err: error, deliveries: deliveries.length },
          'webhook batch failed; kept for retry',
        );
        try {
          await this.#keepForLater(deliveries, error);
        } catch (keeping) {
          // Not even stored: the POSTs fail, and Meta sends them again.
          for (const arrival of arrivals) arrival.failed(keeping);
          continue;
        }
        this.kick();
      } finally {
        this.#storingSince = null;
      }
      for (const arrival of arrivals) arrival.stored();
    }
  }

  /** A large delivery: stored unprocessed and due at once; the worker takes it off the request path. */
  async #storeForWorker(delivery: Delivery): Promise<void> {
    const at = this.#options.now();
    await this.#options.db.insert(webhookDeliveries).values({
      id: delivery.id,
      body: delivery.body,
      receivedAt: delivery.receivedAt,
      nextAttemptAt: at,
      attempts: 0,
    });
    this.kick();
  }

  /** Deliveries whose batch failed: stored unprocessed, due at once, for the worker to take one by one. */
  async #keepForLater(deliveries: Delivery[], error: unknown): Promise<void> {
    const at = this.#options.now();
    await this.#options.db.insert(webhookDeliveries).values(
      deliveries.map((delivery) => ({
        id: delivery.id,
        body: delivery.body,
        receivedAt: delivery.receivedAt,
        nextAttemptAt: at,
        attempts: 0,
        lastError: rootMessage(error),
      })),
    );
  }

  async #pass(): Promise<void> {
    for (;;) {
      const claimed = await this.#claim(this.#options.now());
      if (claimed.length === 0) return;
      // One per transaction: these are retries, or deliveries of a batch that failed.
      for (const delivery of claimed) {
        try {
          await this.#store([delivery], 'claimed');
        } catch (error) {
          await this.#failed(delivery, error);
        }
      }
    }
  }

  /** Claims due deliveries from the table: not processed, due, not leased (or the lease ran out). */
  async #claim(now: Date): Promise<Delivery[]> {
    const { db, leaseMs, batchSize } = this.#options;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            isNull(webhookDeliveries.processedAt),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
          ),
        )
        .orderBy(asc(webhookDeliveries.receivedAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(webhookDeliveries)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${webhookDeliveries.attempts} + 1`,
        })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
      // In order of arrival: a message before the statuses about it.
      return claimed
        .sort((left, right) => left.receivedAt.getTime() - right.receivedAt.getTime())
        .map((row) => ({ id: row.id, body: row.body, attempts: row.attempts, receivedAt: row.receivedAt }));
    });
  }

  /**
   * Works deliveries off and records each as processed (or due again later when some statuses
   * found no message). New deliveries that carry only messages go in one statement
   * (`storeWebhookBatch`); anything else in one transaction, `new` deliveries inserted and
   * `claimed` ones updated.
   */
  async #store(deliveries: Delivery[], kind: 'new' | 'claimed'): Promise<void> {
    const { db, now, publisher, jobs, links } = this.#options;
    const at = now();
    const plan = await this.#plan(db, deliveries, at);
    const touched = new Set<string>();
    let outcomes: Outcome[];
    if (kind === 'new' && plan.statuses.length === 0 && plan.templates.length === 0) {
      const received = await storeWebhookBatch(
        db,
        deliveries,
        plan.arriving.map(({ item }) => item),
        { links, now: at, prices: this.#options.prices },
        touched,
      );
      outcomes = this.#collect(plan, received);
    } else {
      outcomes = await db.transaction(async (tx) => {
        const received = await receiveMessages(
          tx,
          plan.arriving.map(({ item }) => item),
          { links, now: at, prices: this.#options.prices },
          touched,
        );
        const done = this.#collect(plan, received);
        const owed: OwedRefund[] = [];
        const results = await receiveStatuses(tx, plan.statuses, at, owed, touched);
        for (const [index, { outcome }] of plan.statuses.entries()) {
          const result = results[index] ?? [];
          if (result === 'unknown') outcome.unresolved += 1;
          else outcome.announcements.push(...result);
        }
        // Refunds the statuses made owed, after every message and conversation row is locked.
        const refunds = await refundOwed(tx, owed, at);
        plan.statuses[0]?.outcome.announcements.push(
          ...(await billingAnnouncements(tx, refunds, this.#options.prices, at)),
        );
        for (const { outcome, event } of plan.templates) {
          const applied = await applyTemplateEvent(tx, event, at);
          outcome.announcements.push(...applied.announcements);
          outcome.syncs.push(...applied.syncs);
        }
        if (kind === 'new') await this.#insertSettled(tx, done, at);
        else await this.#updateSettled(tx, done, at);
        return done;
      });
    }
    // Stored: nothing after this point may send the deliveries down the failure path.
    try {
      for (const outcome of outcomes) announce(publisher, outcome.announcements);
      this.#options.broadcasts?.touched(touched);
      // A web process leaves automation's jobs to the automation processes (woken by PostgreSQL).
      if (outcomes.some((outcome) => outcome.queuedKinds.some((kind) => jobs.claims(kind)))) jobs.kick();
      this.#requestSyncs(outcomes.flatMap((outcome) => outcome.syncs));
    } catch (error) {
      this.#options.log.error({ err: error }, 'announcing stored webhook events failed');
    }
    // Assignees of conversations customers wrote on: one statement for the batch, never throws.
    await notifyCustomersWaiting(
      { db, now, publisher },
      outcomes.flatMap((outcome) => outcome.announcements),
      this.#options.log,
    );
  }

  #requestSyncs(syncs: SyncRequest[]): void {
    if (syncs.length === 0) return;
    if (this.#templates === null) {
      this.#options.log.warn({ syncs }, 'template sync asked for without Graph API settings; skipped');
      return;
    }
    this.#templates.request(syncs);
  }

  /** Each delivery's messages' announcements, onto its outcome. */
  #collect(plan: Plan, received: Received[]): Outcome[] {
    for (const [index, { outcome }] of plan.arriving.entries()) {
      const result = received[index];
      if (result === undefined) continue;
      outcome.announcements.push(...result.announcements);
      outcome.queuedKinds.push(...result.queuedKinds);
    }
    return plan.outcomes;
  }

  /** Whether a delivery is finished: everything found its place, or its tries are spent. */
  #finished(outcome: Outcome): boolean {
    return outcome.unresolved === 0 || outcome.delivery.attempts >= this.#options.maxAttempts;
  }

  #unresolvedError(outcome: Outcome): string {
    return `${outcome.unresolved} status(es) for an unknown wamid`;
  }

  async #insertSettled(tx: Db, outcomes: Outcome[], at: Date): Promise<void> {
    await tx.insert(webhookDeliveries).values(
      outcomes.map((outcome) => {
        const finished = this.#finished(outcome);
        return {
          id: outcome.delivery.id,
          body: outcome.delivery.body,
          receivedAt: outcome.delivery.receivedAt,
          attempts: outcome.delivery.attempts,
          processedAt: finished ? at : null,
          nextAttemptAt: finished ? at : new Date(at.getTime() + retryDelayMs(outcome.delivery.attempts)),
          lastError: outcome.unresolved === 0 ? null : this.#unresolvedError(outcome),
        };
      }),
    );
  }

  async #updateSettled(tx: Db, outcomes: Outcome[], at: Date): Promise<void> {
    for (const outcome of outcomes) {
      const finished = this.#finished(outcome);
      await tx
        .update(webhookDeliveries)
        .set({
          lockedUntil: null,
          processedAt: finished ? at : null,
          lastError: outcome.unresolved === 0 ? null : this.#unresolvedError(outcome),
          ...(finished
            ? {}
            : { nextAttemptAt: new Date(at.getTime() + retryDelayMs(outcome.delivery.attempts)) }),
        })
        .where(eq(webhookDeliveries.id, outcome.delivery.id));
    }
  }

  /**
   * What the deliveries carry, in arrival order, routed to their accounts: messages (stored in one
   * round trip), statuses (which name messages sent earlier, not these) and template events (by
   * WABA). Skips what cannot be stored: unknown, deleted or logged-out numbers, invalid events,
   * errors Meta reports.
   */
  async #plan(db: Db, deliveries: Delivery[], at: Date): Promise<Plan> {
    const { log, routes } = this.#options;
    const plan: Plan = { outcomes: [], arriving: [], statuses: [], templates: [] };
    for (const delivery of deliveries) {
      const outcome: Outcome = {
        delivery,
        announcements: [],
        unresolved: 0,
        queuedKinds: [],
        syncs: [],
      };
      plan.outcomes.push(outcome);
      for (const event of parseWebhook(delivery.body, { receivedAt: delivery.receivedAt })) {
        if (event.kind === 'ignored') continue;
        if (event.kind === 'invalid') {
          log.warn(
            { deliveryId: delivery.id, at: event.at, reason: event.reason },
            'invalid webhook event skipped',
          );
          continue;
        }
        if (event.kind === 'error') {
          log.warn({ deliveryId: delivery.id, errors: event.errors }, 'WhatsApp reported errors');
          continue;
        }
        if (event.kind === 'template_status' || event.kind === 'template_category') {
          plan.templates.push({ outcome, event });
          continue;
        }
        const routed = await routes.route(db, event.phoneNumberId, at);
        if (routed === null) {
          log.warn(
            { deliveryId: delivery.id, phoneNumberId: event.phoneNumberId },
            'webhook for an unknown account skipped',
          );
          continue;
        }
        if (routed.account.status === 'logged_out') {
          log.info(
            { deliveryId: delivery.id, accountId: routed.account.id },
            'webhook for a logged-out account skipped',
          );
          continue;
        }
        if (event.kind === 'message') plan.arriving.push({ outcome, item: { routed, event } });
        else plan.statuses.push({ outcome, routed, event });
      }
    }
    return plan;
  }

  /** A delivery whose transaction failed: due again later, or given up after `maxAttempts`. */
  async #failed(delivery: Delivery, error: unknown): Promise<void> {
    const { db, now, log, maxAttempts } = this.#options;
    log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery failed');
    const lastError = rootMessage(error);
    const at = now();
    await db
      .update(webhookDeliveries)
      .set(
        delivery.attempts < maxAttempts
          ? {
              lockedUntil: null,
              lastError,
              nextAttemptAt: new Date(at.getTime() + retryDelayMs(delivery.attempts)),
            }
          : { lockedUntil: null, lastError, processedAt: at },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
  }
}
