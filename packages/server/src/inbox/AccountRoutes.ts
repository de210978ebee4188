/**
 * Which account (and project, with its opt-out words) a webhook event's `phone_number_id` belongs to, remembered for a
 * short while: a burst of messages to one number looks it up once. This process forgets an entry
 * as soon as it changes the account (the account acts call `forget`); another process's change
 * is seen within `ttlMs`. Deleted numbers route nowhere: their webhooks are acknowledged and
 * skipped (a number deleted and added again routes to its live account).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { projects, waAccounts } from '../db/schema.ts';
import type { RoutedAccount } from './inbound.ts';

const MAX_ENTRIES = 10_000;

export class AccountRoutes {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { routed: RoutedAccount | null; until: number }>();

  constructor(ttlMs = 2_000) {
    this.#ttlMs = ttlMs;
  }

  async route(db: Db, phoneNumberId: string, now: Date): Promise<RoutedAccount | null> {
    const cached = this.#entries.get(phoneNumberId);
    if (cached !== undefined && cached.until > now.getTime()) return cached.routed;
    const [row] = await db
      .select({ account: waAccounts, projectKey: projects.key, optOutWords: projects.optOutWords })
      .from(waAccounts)
      .innerJoin(projects, eq(projects.id, waAccounts.projectId))
      .where(and(eq(waAccounts.phoneNumberId, phoneNumberId), isNull(waAccounts.deletedAt)))
      .limit(1);
    const routed = row ?? null;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(phoneNumberId, { routed, until: now.getTime() + this.#ttlMs });
    return routed;
  }

  /** Forgets one number (after this process changed its account). */
  forget(phoneNumberId: string): void {
    this.#entries.delete(phoneNumberId);
  }
}
