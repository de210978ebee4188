/**
 * The "try this rule" box (issue 18): a sample message judged by the SDK's own rules (`tryRule`
 * for one rule, `explainRules` for a kind's list), in the project's time zone and working hours,
 * nothing sent or stored. A follow-up that fires shows when each step would be due.
 */
import type { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import type { ProjectRow } from '../db/schema.ts';
import { projectSettings } from '../team/settings.ts';
import {
  explainRules,
  isWithinWorkingHours,
  nextFollowUpStep,
  ruleVocabulary,
  sampleContext,
  tryRule,
} from '../sdk.ts';
import type {
  AutomationRule,
  AutomationRuleDraft,
  AutomationTryResult,
  AutomationTryRule,
  RuleSample,
  WorkingDay,
  ruleSampleField,
} from '../sdk.ts';

type SampleInput = z.output<typeof ruleSampleField>;
type ProjectHours = { timeZone: string; workingHours: readonly WorkingDay[] };

/** What the box tries: one rule (a stored one with its id, or a draft), or a kind's rules in order. */
export type TryTarget = { rule: AutomationRuleDraft & { id?: string } } | { rules: AutomationRule[] };

/** The sample as `tryRule` takes it: unset fields left out (they take the SDK's defaults). */
function sampleOf(input: SampleInput, now: Date): RuleSample {
  const sample: RuleSample = { text: input.text, at: input.at === undefined ? now : new Date(input.at) };
  if (input.newCustomer !== undefined) sample.newCustomer = input.newCustomer;
  if (input.adSource !== undefined) sample.adSource = input.adSource;
  if (input.broadcastId !== undefined) sample.broadcastId = input.broadcastId;
  const conversation = input.conversation;
  if (conversation !== undefined) {
    sample.conversation = Object.fromEntries(
      Object.entries(conversation).filter(([, value]) => value !== undefined),
    ) as NonNullable<RuleSample['conversation']>;
  }
  return sample;
}

/** When each step of a follow-up would be due from an anchor at `at`, each sent on time. */
function scheduleOf(
  rule: AutomationRuleDraft,
  at: Date,
  project: ProjectHours,
): AutomationTryRule['schedule'] {
  if (rule.kind !== 'follow_up') return null;
  const schedule: { index: number; dueAt: string }[] = [];
  let lastStepAt: Date | null = null;
  for (let done = 0; done < rule.steps.length; done += 1) {
    const next = nextFollowUpStep(rule.steps, { anchorAt: at, done, lastStepAt }, project);
    if (next === null) break;
    schedule.push({ index: next.index, dueAt: next.dueAt.toISOString() });
    lastStepAt = next.dueAt;
  }
  return schedule;
}

function judged(
  rule: AutomationRuleDraft & { id?: string },
  outcome: AutomationTryRule['outcome'],
  applies: boolean,
  at: Date,
  project: ProjectHours,
): AutomationTryRule {
  return {
    id: rule.id ?? null,
    name: rule.name,
    kind: rule.kind,
    outcome,
    applies,
    schedule: outcome.fires ? scheduleOf(rule, at, project) : null,
  };
}

/** Judges the sample with the target's rules in the project's zone and working hours. */
export async function tryRules(
  db: Db,
  project: ProjectRow,
  target: TryTarget,
  input: SampleInput,
  now: Date,
): Promise<AutomationTryResult> {
  const { timeZone, workingHours } = await projectSettings(db, project);
  const hours: ProjectHours = { timeZone, workingHours };
  const sample = sampleOf(input, now);
  const base = {
    at: sample.at.toISOString(),
    timeZone,
    open: isWithinWorkingHours(sample.at, timeZone, workingHours),
  };
  if ('rule' in target) {
    const outcome = tryRule(target.rule, sample, hours);
    return { ...base, rules: [judged(target.rule, outcome, outcome.fires, sample.at, hours)] };
  }
  let applied = false;
  const rules = explainRules(target.rules, sampleContext(sample, hours)).map(({ rule, outcome }) => {
    // `first` kinds: only the first rule that fires acts; `all`: every one that fires.
    const applies = outcome.fires && (ruleVocabulary[rule.kind].applies === 'all' || !applied);
    if (applies) applied = true;
    return judged(rule, outcome, applies, sample.at, hours);
  });
  return { ...base, rules };
}
