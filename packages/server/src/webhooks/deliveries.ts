/**
 * Webhook deliveries: stored as received (after the signature check) and worked off by
 * `DeliveryWorker`, so the route answers Meta at once and nothing is lost on a crash.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parseWebhook } from '../channels/whatsapp/index.ts';
import type { Db } from '../db/openDatabase.ts';
import { projects, waAccounts, webhookDeliveries } from '../db/schema.ts';
import { announce } from '../inbox/announce.ts';
import { receiveMessage, receiveStatus } from '../inbox/inbound.ts';
import type { RoutedAccount } from '../inbox/inbound.ts';
import { Drain } from '../jobs/Drain.ts';
import type { Publisher } from '../realtime/Publisher.ts';

export async function storeDelivery(db: Db, body: unknown, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(webhookDeliveries).values({ id, body, receivedAt: now, nextAttemptAt: now });
  return id;
}

export interface DeliveryWorkerOptions {
  db: Db;
  now: () => Date;
  publisher: Publisher;
  log: FastifyBaseLogger;
  /** Tries of a delivery whose statuses name a wamid not stored yet. Default 6. */
  maxAttempts?: number;
  pollMs?: number;
  leaseMs?: number;
}

/** Delay before the next try of a delivery (1-based attempt): 2 s, 4 s, 8 s… */
const retryDelayMs = (attempt: number): number => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

export class DeliveryWorker {
  readonly #options: Required<DeliveryWorkerOptions>;
  readonly #drain: Drain;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: DeliveryWorkerOptions) {
    this.#options = { maxAttempts: 6, pollMs: 1_000, leaseMs: 120_000, ...options };
    this.#drain = new Drain(() => this.#pass());
  }

  /** Processes every delivery due now; resolves when they are stored (tests await it). */
  processPending(): Promise<void> {
    return this.#drain.run();
  }

  kick(): void {
    this.processPending().catch((error: unknown) =>
      this.#options.log.error({ err: error }, 'webhook delivery pass failed'),
    );
  }

  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.kick(), this.#options.pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#drain.idle();
  }

  async #claim(now: Date) {
    const { db, leaseMs } = this.#options;
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
        .limit(50)
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
      return claimed.sort((left, right) => left.receivedAt.getTime() - right.receivedAt.getTime());
    });
  }

  async #pass(): Promise<void> {
    for (;;) {
      const claimed = await this.#claim(this.#options.now());
      if (claimed.length === 0) return;
      // In order of arrival: a message before the statuses about it.
      for (const delivery of claimed) await this.#process(delivery.id, delivery.body, delivery.attempts);
    }
  }

  async #process(id: string, body: unknown, attempts: number): Promise<void> {
    const { db, now, log, maxAttempts } = this.#options;
    let unresolved = 0;
    let failure: string | null = null;
    try {
      const routes = new Map<string, RoutedAccount | null>();
      for (const event of parseWebhook(body)) {
        if (event.kind === 'ignored') continue;
        if (event.kind === 'invalid') {
          log.warn({ deliveryId: id, at: event.at, reason: event.reason }, 'invalid webhook event skipped');
          continue;
        }
        if (event.kind === 'error') {
          log.warn({ deliveryId: id, errors: event.errors }, 'WhatsApp reported errors');
          continue;
        }
        const routed = await this.#route(routes, event.phoneNumberId);
        if (routed === null) {
          log.warn(
            { deliveryId: id, phoneNumberId: event.phoneNumberId },
            'webhook for an unknown account skipped',
          );
          continue;
        }
        if (routed.account.status === 'logged_out') {
          log.info(
            { deliveryId: id, accountId: routed.account.id },
            'webhook for a logged-out account skipped',
          );
          continue;
        }
        if (event.kind === 'message') {
          announce(this.#options.publisher, await receiveMessage(db, routed, event, now()));
        } else {
          const result = await receiveStatus(db, routed, event, now());
          if (result === 'unknown') unresolved += 1;
          else announce(this.#options.publisher, result);
        }
      }
    } catch (error) {
      log.error({ err: error, deliveryId: id }, 'webhook delivery failed');
      failure = error instanceof Error ? error.message : String(error);
    }
    const retry = (failure !== null || unresolved > 0) && attempts < maxAttempts;
    const lastError = failure ?? (unresolved > 0 ? `${unresolved} status(es) for an unknown wamid` : null);
    await db
      .update(webhookDeliveries)
      .set(
        retry
          ? {
              lockedUntil: null,
              lastError,
              nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
            }
          : { lockedUntil: null, lastError, processedAt: now() },
      )
      .where(eq(webhookDeliveries.id, id));
  }

  async #route(
    routes: Map<string, RoutedAccount | null>,
    phoneNumberId: string,
  ): Promise<RoutedAccount | null> {
    const cached = routes.get(phoneNumberId);
    if (cached !== undefined) return cached;
    const [row] = await this.#options.db
      .select({ account: waAccounts, projectKey: projects.key })
      .from(waAccounts)
      .innerJoin(projects, eq(projects.id, waAccounts.projectId))
      .where(eq(waAccounts.phoneNumberId, phoneNumberId))
      .limit(1);
    const routed = row ?? null;
    routes.set(phoneNumberId, routed);
    return routed;
  }
}
