/**
 * Syncing a number's templates and announcing what changed: `syncAccountTemplates` for the
 * `template_sync` act, and `TemplateSyncer` for the syncs a status webhook asks for (a template
 * the project does not hold yet), run in the background after the delivery is stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { projects, waAccounts } from '../db/schema.ts';
import type { AccountRow } from '../db/schema.ts';
import { graphClientOf } from '../inbox/accounts.ts';
import type { GraphSettings } from '../inbox/accounts.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import { fetchTemplates, storeFetchedTemplates } from './sync.ts';
import type { SyncResult } from './sync.ts';
import { templateDeleted, templateUpdated } from './views.ts';
import type { SyncRequest } from './webhooks.ts';

export interface TemplateDeps {
  db: Db;
  now: () => Date;
  publisher: Publisher;
  whatsapp: GraphSettings;
}

/**
 * Reads the WABA of `account` from Meta into its project's copy (`key`) and announces each
 * change (`template.updated`, `template.deleted`). Graph failures are thrown as `GraphClient`
 * throws them.
 */
export async function syncAccountTemplates(
  deps: TemplateDeps,
  account: AccountRow & { wabaId: string },
  key: string,
): Promise<SyncResult> {
  const startedAt = deps.now();
  const fetched = await fetchTemplates(graphClientOf(deps.whatsapp, account), account.wabaId);
  const result = await storeFetchedTemplates(deps.db, account, fetched, startedAt, deps.now());
  for (const row of result.updated) deps.publisher.publish(templateUpdated(key, row));
  for (const row of result.deleted) deps.publisher.publish(templateDeleted(key, row));
  return result;
}

/**
 * Background syncs, one at a time per number: a request for a number whose sync is under way
 * runs once more after it (Meta may have listed the template only since), further ones merge.
 */
export class TemplateSyncer {
  readonly #deps: TemplateDeps & { log: FastifyBaseLogger };
  /** Numbers whose sync runs now, and whether another was asked for meanwhile. */
  readonly #running = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(deps: TemplateDeps & { log: FastifyBaseLogger }) {
    this.#deps = deps;
  }

  request(requests: readonly SyncRequest[]): void {
    for (const request of requests) {
      const running = this.#running.get(request.accountId);
      if (running !== undefined) {
        running.again = true;
        continue;
      }
      const entry = { again: false, done: Promise.resolve() };
      entry.done = this.#run(request, entry);
      this.#running.set(request.accountId, entry);
    }
  }

  /** Resolves once every sync asked for so far has finished (tests await it). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()].map((entry) => entry.done));
  }

  async #run(request: SyncRequest, entry: { again: boolean }): Promise<void> {
    try {
      do {
        entry.again = false;
        await this.#syncOnce(request);
      } while (entry.again);
    } catch (error) {
      this.#deps.log.warn(
        { err: error, accountId: request.accountId },
        'template sync after a webhook failed',
      );
    } finally {
      this.#running.delete(request.accountId);
    }
  }

  async #syncOnce(request: SyncRequest): Promise<void> {
    const [found] = await this.#deps.db
      .select({ account: waAccounts, key: projects.key })
      .from(waAccounts)
      .innerJoin(projects, eq(projects.id, waAccounts.projectId))
      .where(
        and(
          eq(waAccounts.id, request.accountId),
          eq(waAccounts.projectId, request.projectId),
          isNull(waAccounts.deletedAt),
        ),
      )
      .limit(1);
    const wabaId = found?.account.wabaId;
    if (found === undefined || wabaId === null || wabaId === undefined) return;
    await syncAccountTemplates(this.#deps, { ...found.account, wabaId }, found.key);
  }
}
