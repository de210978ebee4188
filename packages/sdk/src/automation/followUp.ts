/**
 * Follow-up sequences' timing, pure. A run starts when a follow-up rule fires (`evaluateRule`) at
 * its anchor: the customer's message, or their entering a stage. Each step is due its `delay`
 * after the anchor, never sooner after the step before than the gap between their delays (so two
 * steps held back overnight do not go out together), and is moved into working hours (the next
 * opening). When a step comes due the server asks `followUpStopReason` first (the run ends) and
 * `followUpStepSend` next (a free-form step goes as its fallback template once the window has
 * closed, or is skipped and the run goes on: a template step after it may still be sent).
 */
import type {
  FollowUpAnchor,
  FollowUpStep,
  FollowUpStopReason,
  SendAction,
  TriggerOf,
} from '../contract/automationTypes.ts';
import type { WorkingDay } from '../contract/teamTypes.ts';
import { addDelay } from './delay.ts';
import { needsOpenWindow } from './evaluate.ts';
import { shiftIntoWorkingHours } from './workingHours.ts';

/** What a follow-up rule's delays count from: its trigger. */
export function followUpAnchorOf(trigger: TriggerOf<'follow_up'>): FollowUpAnchor {
  return trigger.kind === 'stage_entered' ? 'stage_entered' : 'last_customer_message';
}

/** Where a run stands: its anchor, how many steps are behind it (sent or skipped), and when the last one was. */
export interface FollowUpRun {
  anchorAt: Date;
  done: number;
  lastStepAt: Date | null;
}

/** The next step of a run and when it is due. */
export interface DueFollowUpStep {
  index: number;
  step: FollowUpStep;
  dueAt: Date;
}

/**
 * The run's next step and its due time, or null when every step is done: `anchorAt + delay`,
 * not sooner than the last step's time plus the gap between the two steps' delays, moved into
 * the project's working hours (`shiftIntoWorkingHours`).
 */
export function nextFollowUpStep(
  steps: readonly FollowUpStep[],
  run: FollowUpRun,
  project: { timeZone: string; workingHours: readonly WorkingDay[] },
): DueFollowUpStep | null {
  const step = steps[run.done];
  if (step === undefined) return null;
  const { timeZone, workingHours } = project;
  let due = addDelay(run.anchorAt, step.delay, timeZone).getTime();
  const previous = steps[run.done - 1];
  if (previous !== undefined && run.lastStepAt !== null) {
    const gap = due - addDelay(run.anchorAt, previous.delay, timeZone).getTime();
    due = Math.max(due, run.lastStepAt.getTime() + gap);
  }
  return { index: run.done, step, dueAt: shiftIntoWorkingHours(new Date(due), timeZone, workingHours) };
}

/** A pending step as the server scheduled it. */
export interface PendingFollowUp {
  anchor: FollowUpAnchor;
  /** When the pending step was scheduled: the run's start, or the time of the step before. */
  scheduledAt: Date;
  /** The stage a `stage_entered` run counts from (null for a message anchor). */
  stageId: string | null;
  /**
   * The place (`seq`) in the conversation of the customer message a message-anchored run counts
   * from: any later customer message stops it, even one of the same second. Absent or null (a
   * stage anchor, an older run): `scheduledAt` decides.
   */
  anchorSeq?: number | null;
}

/** The rule and the conversation as they are when the step comes due. */
export interface FollowUpState {
  /** Whether the follow-up rule is still switched on. */
  enabled: boolean;
  lastCustomerMessageAt: Date | null;
  /** The place (`seq`) of the conversation's last customer message, when known. */
  lastCustomerMessageSeq?: number | null;
  /** The customer's stage now, and when they entered it. */
  stageId: string | null;
  stageEnteredAt: Date | null;
}

/**
 * Why a run ends before its pending step, or null while it goes on: the rule was switched off;
 * the customer wrote after the step was scheduled (a message-anchored run: the new message starts
 * a new run; by place in the conversation when both are known, `customerRepliedAfter`); a
 * stage-anchored run's customer is no longer in its stage, or entered it again since (that entry
 * started a new run).
 */
export function followUpStopReason(
  pending: PendingFollowUp,
  state: FollowUpState,
): FollowUpStopReason | null {
  if (!state.enabled) return 'rule_disabled';
  if (customerRepliedAfter(pending, state)) return 'customer_replied';
  if (pending.anchor === 'stage_entered') {
    if (state.stageId !== pending.stageId) return 'stage_changed';
    if (state.stageEnteredAt !== null && state.stageEnteredAt > pending.scheduledAt) return 'stage_changed';
  }
  return null;
}

/**
 * Whether the customer wrote after `pending` was scheduled: by place in the conversation when the
 * run knows the message it counts from (a later `seq`, whatever the clock says), else by time.
 * The server's SQL stops (`followUpsOnMessage`, `RepliedRuns`) say the same.
 */
export function customerRepliedAfter(
  pending: Pick<PendingFollowUp, 'scheduledAt' | 'anchorSeq'>,
  state: Pick<FollowUpState, 'lastCustomerMessageAt' | 'lastCustomerMessageSeq'>,
): boolean {
  const anchorSeq = pending.anchorSeq ?? null;
  const lastSeq = state.lastCustomerMessageSeq ?? null;
  if (anchorSeq !== null && lastSeq !== null) return lastSeq > anchorSeq;
  return state.lastCustomerMessageAt !== null && state.lastCustomerMessageAt > pending.scheduledAt;
}

/** What a due step sends now (`fallback`: its template instead of its free-form message), or why not. */
export type FollowUpStepSend =
  { send: SendAction; fallback: boolean } | { send: null; problem: 'outside_window_needs_template' };

/**
 * What a due step sends: its message while the 24-hour window is open or when it is a template;
 * else (text or media, the window closed) its `fallback` template, or nothing (the step is
 * skipped; the run goes on to the next).
 */
export function followUpStepSend(
  step: FollowUpStep,
  conversation: { windowOpen: boolean },
): FollowUpStepSend {
  if (conversation.windowOpen || !needsOpenWindow(step.message))
    return { send: step.message, fallback: false };
  if (step.fallback !== undefined) return { send: step.fallback, fallback: true };
  return { send: null, problem: 'outside_window_needs_template' };
}

/** Why a due step cannot be sent now, or null (`followUpStepSend`). */
export function followUpStepProblem(
  step: FollowUpStep,
  conversation: { windowOpen: boolean },
): 'outside_window_needs_template' | null {
  const decided = followUpStepSend(step, conversation);
  return decided.send === null ? decided.problem : null;
}
