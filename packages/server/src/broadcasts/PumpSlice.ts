/**
 * One slice of a broadcast's pump (pump.ts): for up to `sliceMs` it takes the recipients that are
 * due (those whose backoff has passed, then fresh ones in `seq` order), reserves their send slots
 * on the number (`reserveSlots`, shared by every process and broadcast of the number), prepares
 * them (`prepareRecipients`) and sends each at its slot through the number's `RequestGate`,
 * several under way at once, storing their outcomes in batches beside the sending. It ends early when the broadcast is done, paused (by an agent, or by itself: the
 * balance, the template, the number) or taken over, or when the process is stopping.
 */
import { and, eq, sql } from 'drizzle-orm';
import { publishBillingChanges } from '../billing/announce.ts';
import type { BillingChange } from '../billing/charges.ts';
import { isGraphApiError, withCallbackData } from '../channels/whatsapp/index.ts';
import { announce } from '../inbox/announce.ts';
import { Drain } from '../jobs/Drain.ts';
import type { GraphClient, MediaSource } from '../channels/whatsapp/index.ts';
import { queryRows } from '../db/queryRows.ts';
import { broadcastRecipients, broadcasts, media, messages, waAccounts } from '../db/schema.ts';
import type { AccountRow, BroadcastRow, JobRow, MediaRow, MessageRow } from '../db/schema.ts';
import {
  accountClient,
  bodyOf,
  failureOf,
  isTokenRefused,
  nothingWentOut,
  setAccountStatus,
  uploadedMedia,
} from '../inbox/outbound.ts';
import {
  BROADCAST_DEFAULT_RATE,
  broadcastBackoffMs,
  broadcastFailureKind,
  pairRateBackoffMs,
} from '../sdk.ts';
import type { BroadcastPauseReason } from '../sdk.ts';
import type { BroadcastDeps } from './engineDeps.ts';
import { timerSleep } from './engineDeps.ts';
import { finishIfAnswered, pauseSending } from './lifecycle.ts';
import { holdSlots, reserveSlots, slotTime } from './pacing.ts';
import {
  markRequested,
  prepareRecipients,
  requeueRecipient,
  requeueRecipients,
  settleFailed,
  settleSent,
} from './recipientSend.ts';
import type { PumpContext, ReadyRecipient } from './recipientSend.ts';
import { recipientMessagesMoved } from './recipientStatus.ts';
import type { RequestGate, RequestGates } from './RequestGate.ts';

export const DEFAULT_SLICE_MS = 15_000;
/** Slots reserved at a time: this many seconds of the number's rate. */
const BATCH_SECONDS = 0.5;
/** The next slots are reserved this long before the reserved ones run out. */
const LOOKAHEAD_MS = 1_000;
/** Sends under way (prepared, waiting for their slot, or for Meta's answer) at most, in seconds of rate. */
const IN_FLIGHT_SECONDS = 3;
/** Requests are recorded as going out (`markRequested`) a tenth of a second of the rate at a time. */
const MARK_SECONDS = 0.1;
/**
 * Sends' outcomes are stored at most this often: the answers of a tenth of a second go in one
 * transaction, which costs about what one answer's did (at 80 a second, eight sends a batch).
 */
const SETTLE_EVERY_MS = 100;
/** Charges are announced (`billing.updated`) at most this often. */
const CHARGES_EVERY_MS = 1_000;
/** A recipient that keeps meeting a transient error (other than the number's throughput) fails after this many tries. */
export const MAX_TRANSIENT_ATTEMPTS = 8;
/** Meta's "too many messages from this number": the number waits, never a recipient's failure. */
const THROUGHPUT = 130429;

/**
 * How a slice ended: `ended` (the broadcast is done, paused or taken over: the job is finished),
 * or run again at `next`, still waiting for statuses since `awaitingSince`.
 */
export type SliceResult = 'ended' | { next: Date; awaitingSince: Date | null };

export class PumpSlice {
  readonly #deps: BroadcastDeps;
  readonly #job: JobRow;
  readonly #broadcast: BroadcastRow;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  #awaitingSince: Date | null;
  /** Why sending stopped before the slice's end: finished, paused, or no longer this pump's. */
  #ended = false;
  #error: unknown = null;
  readonly #inFlight = new Map<string, Promise<void>>();
  /** The highest `seq` of a fresh recipient taken in this slice. */
  #cursor = 0;
  /** When the slots reserved so far run out (epoch ms). */
  #reservedUntil = 0;
  /** Refusals of the whole number in a row (130429 and the like): its backoff grows with them. */
  #throughputStreak = 0;
  /** When the number was last held back (epoch ms), and until when. */
  #heldAt = 0;
  #heldUntil = 0;
  /** Charges made, to announce; when they were last announced. */
  #charges: BillingChange[] = [];
  #chargesAt = 0;
  /** Sends that went out, their outcome not stored yet (stored a batch at a time, beside the sending). */
  #sent: { messageId: string; wamid: string }[] = [];
  /** When the first of `#sent` went out (epoch ms). */
  #sentSince = 0;
  readonly #storer = new Drain(() => this.#storeSent());
  #context: PumpContext | null = null;
  #account: AccountRow | null = null;
  #client: GraphClient | null = null;
  #header: Promise<MediaSource | null> | null = null;
  readonly #gates: RequestGates;
  #gate: RequestGate | null = null;

  constructor(
    deps: BroadcastDeps,
    gates: RequestGates,
    job: JobRow,
    broadcast: BroadcastRow,
    awaitingSince: Date | null,
  ) {
    this.#deps = deps;
    this.#gates = gates;
    this.#job = job;
    this.#broadcast = broadcast;
    this.#sleep = deps.sleep ?? timerSleep;
    this.#awaitingSince = awaitingSince;
  }

  async run(): Promise<SliceResult> {
    const deps = this.#deps;
    const [account] = await deps.db
      .select()
      .from(waAccounts)
      .where(eq(waAccounts.id, this.#broadcast.accountId));
    if (account === undefined || account.deletedAt !== null || account.status !== 'connected') {
      await this.#pause('account');
      return 'ended';
    }
    const headerFile = await this.#headerFile();
    if (headerFile === undefined) {
      await this.#pause('template');
      return 'ended';
    }
    this.#account = account;
    this.#client = accountClient(deps.config, account);
    this.#context = {
      job: this.#job,
      broadcast: this.#broadcast,
      headerFile,
      prices: deps.config.billing.prices,
    };
    const rate = account.broadcastRate ?? BROADCAST_DEFAULT_RATE;
    const batch = Math.max(1, Math.ceil(rate * BATCH_SECONDS));
    this.#gate = this.#gates.of(account.id, rate);
    const deadline = this.#now().getTime() + (deps.sliceMs ?? DEFAULT_SLICE_MS);
    let next: Date | null = null;
    try {
      next = await this.#sendUntil(deadline, batch);
    } catch (error) {
      // Sends already prepared still go (below); the job is retried.
      this.#error ??= error;
    }
    // What was prepared is sent, even by a slice that stops: each one's request goes at its slot.
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#storeAll();
    await this.#announceCharges(true);
    if (this.#error !== null) throw this.#error;
    if (this.#ended) return 'ended';
    return { next: next ?? this.#now(), awaitingSince: this.#awaitingSince };
  }

  #now(): Date {
    return this.#deps.now();
  }

  /**
   * Sends batch after batch until the slice's end (or the broadcast stops sending); answers when
   * to run next if nothing is due before then.
   */
  async #sendUntil(deadline: number, batch: number): Promise<Date | null> {
    const deps = this.#deps;
    const account = this.#account;
    const context = this.#context;
    if (account === null || context === null) throw new Error('the slice has not started');
    await this.#lookAtStranded();
    while (!this.#ended && this.#error === null && !deps.stopping.aborted) {
      if (this.#now().getTime() >= deadline) break;
      // Keep a little ahead of the slots: reserve the next ones shortly before these run out.
      await this.#sleepUntil(this.#reservedUntil - LOOKAHEAD_MS, deps.stopping);
      const due = await this.#due(batch);
      if (due.length === 0) {
        const idle = await this.#idle(deadline);
        if (idle === 'again') continue;
        return idle instanceof Date ? idle : null;
      }
      const slots = await reserveSlots(deps.db, account.id, due.length, this.#now());
      this.#reservedUntil = slotTime(slots, slots.count);
      const prepared = await prepareRecipients(
        deps.db,
        context,
        due.map((recipient) => recipient.id),
        this.#now(),
      );
      if (prepared.lost) {
        this.#ended = true;
        return null;
      }
      this.#charges.push(...prepared.charges);
      const slotOf = new Map(due.map((recipient, index) => [recipient.id, slotTime(slots, index)]));
      const group = Math.max(1, Math.ceil(slots.rate * MARK_SECONDS));
      for (let start = 0; start < prepared.ready.length; start += group) {
        const ready = prepared.ready.slice(start, start + group);
        const slotsOf = ready.map((recipient) => slotOf.get(recipient.recipientId) ?? this.#now().getTime());
        const marked = this.#markAt(
          slotsOf[0] ?? 0,
          ready.map((recipient) => recipient.recipientId),
        );
        for (const [index, recipient] of ready.entries()) {
          await this.#roomInFlight(slots.rate);
          this.#dispatch(recipient, slotsOf[index] ?? 0, marked);
        }
      }
      if (prepared.pause !== null) await this.#pause(prepared.pause);
      await this.#announceCharges(false);
    }
    return null;
  }

  /** The stored file of the template's media header: `null` for none, `undefined` when it is gone. */
  async #headerFile(): Promise<MediaRow | null | undefined> {
    const format = this.#broadcast.template.content.header?.format;
    const id = this.#broadcast.values.headerMediaId;
    if (format === undefined || format === 'TEXT' || id === undefined) return null;
    const [file] = await this.#deps.db.select().from(media).where(eq(media.id, id)).limit(1);
    return file?.status === 'stored' ? file : undefined;
  }

  /**
   * Nothing due now: waits for sends under way, looks at sends whose outcome is unknown, and
   * finishes the broadcast when every recipient has an outcome. `again`: look for due ones now;
   * `end`: the slice is over; a date: nothing to do before it, past the slice's end.
   */
  async #idle(deadline: number): Promise<'again' | 'end' | Date> {
    if (this.#inFlight.size > 0) {
      await Promise.race(this.#inFlight.values());
      return 'again';
    }
    await this.#storeAll();
    const stranded = await this.#lookAtStranded();
    if (stranded === 'requeued') return 'again';
    const retryAt = await this.#nextRetryAt();
    const waits = [stranded, retryAt].filter((at): at is Date => at !== null);
    if (waits.length === 0) {
      if (await finishIfAnswered(this.#deps.db, this.#broadcast.id, this.#now(), this.#job.id)) {
        this.#ended = true;
        this.#deps.progress.changed(this.#broadcast.id);
        return 'end';
      }
      // Not finished: paused or taken over meanwhile, or recipients were queued again (a retry).
      if (!(await this.#stillOurs())) {
        this.#ended = true;
        return 'end';
      }
      this.#cursor = 0;
      return 'again';
    }
    const at = Math.min(...waits.map((date) => date.getTime()));
    if (at >= deadline) return new Date(at);
    await this.#sleepUntil(at, this.#deps.stopping);
    return 'again';
  }

  async #stillOurs(): Promise<boolean> {
    const [row] = await this.#deps.db
      .select({ status: broadcasts.status, pumpJobId: broadcasts.pumpJobId })
      .from(broadcasts)
      .where(eq(broadcasts.id, this.#broadcast.id));
    return row?.status === 'sending' && row.pumpJobId === this.#job.id;
  }

  /** Sleeps until `at` (epoch ms), sooner when `signal` aborts. */
  async #sleepUntil(at: number, signal?: AbortSignal): Promise<void> {
    const ms = at - this.#now().getTime();
    if (ms > 0) await this.#sleep(ms, signal);
  }

  /** The recipients due now, at most `limit`: backoffs that have passed first, then fresh ones in order. */
  async #due(limit: number): Promise<{ id: string; seq: number }[]> {
    const id = this.#broadcast.id;
    const now = this.#now().toISOString();
    const rows = await queryRows<{ id: string; seq: number; fresh: boolean }>(
      this.#deps.db,
      sql`(select id, seq, false as fresh from broadcast_recipients
          where broadcast_id = ${id}::uuid and state = 'queued' and next_at <= ${now}::timestamptz
          order by next_at, seq limit ${limit + this.#inFlight.size})
        union all
        (select id, seq, true as fresh from broadcast_recipients
          where broadcast_id = ${id}::uuid and state = 'queued' and next_at is null and seq > ${this.#cursor}
          order by seq limit ${limit})`,
    );
    const due = rows.filter((row) => !this.#inFlight.has(row.id)).slice(0, limit);
    for (const row of due) if (row.fresh) this.#cursor = Math.max(this.#cursor, row.seq);
    return due;
  }

  /** When the next recipient waiting out a backoff is due, if any. */
  async #nextRetryAt(): Promise<Date | null> {
    const [row] = await queryRows<{ at: Date | string | null }>(
      this.#deps.db,
      sql`select min(next_at) as at from broadcast_recipients
        where broadcast_id = ${this.#broadcast.id}::uuid and state = 'queued'`,
    );
    return row?.at === null || row?.at === undefined ? null : new Date(row.at);
  }

  /**
   * The recipients `sending` that no send of this slice holds: prepared by a pump that died, or
   * their request got no answer. Those whose message a status webhook settled follow it; those
   * never asked for (no `attempt_at`) are queued again at once; those whose request went out
   * (their outcome unknown) once `sendGraceMs` has passed since this pump first saw them, since
   * the process last was behind on webhooks, and since their request, without a status naming
   * the message. Queued again, they send the same
   * message. Answers when to look again (`null`: none wait), or `requeued`.
   */
  async #lookAtStranded(): Promise<Date | null | 'requeued'> {
    const deps = this.#deps;
    const rows = await deps.db
      .select({ id: broadcastRecipients.id, attemptAt: broadcastRecipients.attemptAt, message: messages })
      .from(broadcastRecipients)
      .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
      .where(
        and(
          eq(broadcastRecipients.broadcastId, this.#broadcast.id),
          eq(broadcastRecipients.state, 'sending'),
        ),
      );
    const stranded = rows.filter((row) => !this.#inFlight.has(row.id));
    if (stranded.length === 0) {
      this.#awaitingSince = null;
      return null;
    }
    const now = this.#now();
    // Status webhooks that came in are still to be read: one may settle these sends, so the
    // grace starts again once they are.
    if ((await deps.webhooks?.behind()) === true) this.#awaitingSince = now;
    const since = (this.#awaitingSince ??= now).getTime();
    let next: number | null = null;
    const settled: MessageRow[] = [];
    const again: string[] = [];
    for (const { id, attemptAt, message } of stranded) {
      if (message !== null && message.status !== 'pending') {
        settled.push(message);
        continue;
      }
      const until =
        attemptAt === null ? 0 : Math.max(since, attemptAt.getTime()) + deps.config.whatsapp.sendGraceMs;
      if (message === null || now.getTime() >= until) again.push(id);
      else next = Math.min(next ?? until, until);
    }
    if (settled.length > 0) {
      await deps.db.transaction((tx) => recipientMessagesMoved(tx, settled, now));
    }
    if (again.length > 0) {
      await requeueRecipients(deps.db, again, now);
      return 'requeued';
    }
    return next === null ? null : new Date(next);
  }

  /** Waits while too many sends are under way. */
  async #roomInFlight(rate: number): Promise<void> {
    const most = Math.max(8, Math.ceil(rate * IN_FLIGHT_SECONDS));
    while (this.#inFlight.size >= most) await Promise.race(this.#inFlight.values());
  }

  /** At `slot`, records the requests of `recipientIds` as going out (`markRequested`). */
  #markAt(slot: number, recipientIds: string[]): Promise<void> {
    const marked = this.#sleepUntil(slot).then(() => markRequested(this.#deps.db, recipientIds, this.#now()));
    // Each send awaits it (and fails with it); this only keeps a rejection from going unheard.
    marked.catch(() => undefined);
    return marked;
  }

  #dispatch(recipient: ReadyRecipient, slot: number, marked: Promise<void>): void {
    const task = this.#send(recipient, slot, marked)
      .catch((error: unknown) => {
        this.#error ??= error;
      })
      .finally(() => this.#inFlight.delete(recipient.recipientId));
    this.#inFlight.set(recipient.recipientId, task);
  }

  /** One prepared recipient: sent at its slot; its outcome stored (a success with its batch). */
  async #send(recipient: ReadyRecipient, slot: number, marked: Promise<void>): Promise<void> {
    await marked;
    await this.#sleepUntil(slot);
    // The number is held back (a 130429 since this was prepared): its slot moves by the hold, so
    // the sends waiting keep their spacing after it.
    while (this.#heldUntil > this.#now().getTime()) {
      await this.#sleepUntil(Math.max(this.#heldUntil, slot + (this.#heldUntil - this.#heldAt)));
    }
    let wamid: string;
    const startedAt = this.#now().getTime();
    try {
      wamid = await this.#request(recipient);
    } catch (error) {
      await this.#failed(recipient, error, startedAt);
      return;
    }
    this.#throughputStreak = 0;
    if (this.#sent.length === 0) this.#sentSince = this.#now().getTime();
    this.#sent.push({ messageId: recipient.message.id, wamid });
    this.#storer.run().catch((error: unknown) => {
      this.#error ??= error;
    });
  }

  /** Stores every outcome not stored yet (those of the sends under way excepted). */
  async #storeAll(): Promise<void> {
    try {
      await this.#storer.run();
    } catch (error) {
      this.#error ??= error;
    }
  }

  /** Stores the outcomes of the sends that went out since the last time, and announces them. */
  async #storeSent(): Promise<void> {
    if (this.#sent.length === 0) return;
    // The answers that come meanwhile go in with these (a process that stops does not wait).
    await this.#sleepUntil(this.#sentSince + SETTLE_EVERY_MS, this.#deps.stopping);
    const sent = this.#sent;
    this.#sent = [];
    const deps = this.#deps;
    announce(deps.publisher, await settleSent(deps.db, sent, this.#now()));
    deps.progress.touched([this.#broadcast.id]);
  }

  async #request(recipient: ReadyRecipient): Promise<string> {
    const account = this.#account;
    const client = this.#client;
    const gate = this.#gate;
    if (account === null || client === null || gate === null) throw new Error('the slice has not started');
    this.#header ??= this.#uploadHeader(client, account);
    const source = await this.#header;
    return gate.through(() => this.#post(client, account, recipient, source));
  }

  async #post(
    client: GraphClient,
    account: AccountRow,
    recipient: ReadyRecipient,
    source: MediaSource | null,
  ): Promise<string> {
    const body = withCallbackData(
      bodyOf(recipient.message, recipient.template, recipient.phone, null, source),
      recipient.message.id,
    );
    return (await client.sendMessage(account.phoneNumberId, body)).wamid;
  }

  async #uploadHeader(client: GraphClient, account: AccountRow): Promise<MediaSource | null> {
    const file = this.#context?.headerFile ?? null;
    if (file === null) return null;
    return { id: await uploadedMedia(this.#deps, client, account, file) };
  }

  /**
   * A send that failed: a transient error that cannot have gone out queues the recipient again
   * after its backoff (a throughput error holds the whole number, longer each time in a row; the
   * other requests of the burst it ended only wait with it), one whose outcome is unknown leaves it
   * `sending` (see `#lookAtStranded`); a final one fails it (refunded), or pauses the broadcast
   * when every recipient would fail alike (the template, the number's access).
   */
  async #failed(recipient: ReadyRecipient, error: unknown, startedAt: number): Promise<void> {
    const deps = this.#deps;
    const account = this.#account;
    if (account !== null && isTokenRefused(error)) await setAccountStatus(deps, account, 'disconnected');
    const code = isGraphApiError(error) ? (error.code ?? (error.status >= 500 ? null : error.status)) : null;
    const failure = failureOf(error);
    const kind = broadcastFailureKind(code);
    const now = this.#now();
    if (kind.kind === 'transient') {
      if (!nothingWentOut(error)) {
        deps.log.warn({ err: error, recipient: recipient.recipientId }, 'broadcast send outcome unknown');
        return;
      }
      if (code !== THROUGHPUT && recipient.attempts >= MAX_TRANSIENT_ATTEMPTS) {
        await settleFailed(deps, recipient.message.id, failure);
        deps.progress.touched([this.#broadcast.id]);
        return;
      }
      let nextAt: Date;
      if (kind.backoff === 'pair') {
        nextAt = new Date(now.getTime() + pairRateBackoffMs(recipient.attempts - 1));
      } else if (startedAt < this.#heldAt) {
        nextAt = new Date(Math.max(this.#heldUntil, now.getTime()));
      } else {
        this.#heldAt = now.getTime();
        this.#heldUntil = now.getTime() + broadcastBackoffMs(kind.backoff, this.#throughputStreak);
        this.#throughputStreak += 1;
        nextAt = new Date(this.#heldUntil);
        if (account !== null) await holdSlots(deps.db, account.id, nextAt);
      }
      await requeueRecipient(deps.db, recipient.recipientId, { nextAt, error: failure }, now);
      return;
    }
    if (kind.stopsBroadcast) {
      await requeueRecipient(deps.db, recipient.recipientId, { nextAt: null, error: failure }, now);
      await this.#pause(kind.reason.startsWith('broadcasts.reason.template') ? 'template' : 'account');
      return;
    }
    await settleFailed(deps, recipient.message.id, failure);
    deps.progress.touched([this.#broadcast.id]);
  }

  /** The engine pauses the broadcast (unless an agent or another pump changed it first). */
  async #pause(reason: BroadcastPauseReason): Promise<void> {
    this.#ended = true;
    const paused = await this.#deps.db.transaction((tx) =>
      pauseSending(tx, this.#broadcast.id, reason, this.#now(), this.#job.id),
    );
    if (paused) this.#deps.progress.changed(this.#broadcast.id);
  }

  /** Announces the charges made so far (`billing.updated`), at most once a second unless `now`. */
  async #announceCharges(now: boolean): Promise<void> {
    if (this.#charges.length === 0) return;
    if (!now && performance.now() - this.#chargesAt < CHARGES_EVERY_MS) return;
    const charges = this.#charges;
    this.#charges = [];
    this.#chargesAt = performance.now();
    const deps = this.#deps;
    await publishBillingChanges({ ...deps, prices: deps.config.billing.prices }, charges);
  }
}
