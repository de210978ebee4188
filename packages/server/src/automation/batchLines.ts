/**
 * The activity lines a batch of customers' messages writes once it is judged, in one statement:
 * the skips worth logging and the firings that change nothing (`fireUnchanged` in engine.ts).
 * Neither acts, so nothing waits on their line being there before the batch ends: a batch cut
 * short (an error, a crash) is judged again from its start and writes them then. Each line is
 * still claimed under its unique `event_key` (`ON CONFLICT DO NOTHING`), so a re-run or a second
 * process writes it once.
 *
 * What the batch's messages have already (a re-run) is read with the messages (`loadBatch`), so
 * an unchanged firing is answered as one claimed by its own insert was: `handled` when it fired
 * before, `skipped_before` when it was skipped before (an error, its quiet period).
 */
import type { Db } from '../db/openDatabase.ts';
import { automationActivity } from '../db/schema.ts';
import type { AutomationActivityOutcome } from '../sdk.ts';

/** One line to write (the columns an insert of `automation_activity` takes). */
export type BatchLine = typeof automationActivity.$inferInsert;

export class BatchLines {
  readonly #earlier: ReadonlyMap<string, AutomationActivityOutcome>;
  readonly #lines = new Map<string, BatchLine>();

  /** `earlier`: the outcomes of the lines the batch's messages have already, by event key. */
  constructor(earlier: ReadonlyMap<string, AutomationActivityOutcome>) {
    this.#earlier = earlier;
  }

  /** The outcome of the event's line, written earlier or to be written by this batch; none: neither. */
  outcomeOf(eventKey: string): AutomationActivityOutcome | undefined {
    return this.#earlier.get(eventKey) ?? this.#lines.get(eventKey)?.outcome;
  }

  /** Adds a line unless its event has one already (the first stays, as its unique key keeps it). */
  add(line: BatchLine): void {
    if (this.outcomeOf(line.eventKey) === undefined) this.#lines.set(line.eventKey, line);
  }

  /** How many lines are waiting to be written. */
  get size(): number {
    return this.#lines.size;
  }

  /** Writes the lines added so far, in one statement, and forgets them. */
  async write(db: Db): Promise<void> {
    if (this.#lines.size === 0) return;
    const lines = [...this.#lines.values()];
    this.#lines.clear();
    await db
      .insert(automationActivity)
      .values(lines)
      .onConflictDoNothing({ target: automationActivity.eventKey });
  }
}
