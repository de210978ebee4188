import { describe, expect, it } from 'vitest';
import type { FollowUpStep } from '../contract/automationTypes.ts';
import type { WorkingDay } from '../contract/teamTypes.ts';
import { followUp, officeHours, uuid } from '../../test/automationRules.ts';
import {
  followUpAnchorOf,
  followUpStepProblem,
  followUpStepSend,
  followUpStopReason,
  customerRepliedAfter,
  nextFollowUpStep,
} from './followUp.ts';
import type { FollowUpState, PendingFollowUp } from './followUp.ts';

const jakarta = { timeZone: 'Asia/Jakarta', workingHours: officeHours };
const text = (body: string): FollowUpStep['message'] => ({ kind: 'send_text', text: body });
const hours = (n: number) => n * 3_600_000;

describe('followUpAnchorOf', () => {
  it('counts from the stage entered, or from the customer’s message', () => {
    expect(followUpAnchorOf({ kind: 'stage_entered', stageId: null })).toBe('stage_entered');
    expect(followUpAnchorOf({ kind: 'customer_message' })).toBe('last_customer_message');
  });
});

describe('nextFollowUpStep', () => {
  const steps: FollowUpStep[] = [
    { delay: { amount: 2, unit: 'hours' }, message: text('Ada yang bisa dibantu lagi?') },
    { delay: { amount: 4, unit: 'hours' }, message: text('Promo berakhir hari ini.') },
    { delay: { amount: 1, unit: 'days' }, message: text('Kami tunggu kabarnya.') },
  ];

  it('is due its delay after the anchor while the project is open', () => {
    // Monday 09:00 in Jakarta; two hours later is 11:00, open.
    const anchorAt = new Date('2026-03-09T02:00:00Z');
    expect(nextFollowUpStep(steps, { anchorAt, done: 0, lastStepAt: null }, jakarta)).toEqual({
      index: 0,
      step: steps[0],
      dueAt: new Date('2026-03-09T04:00:00Z'),
    });
  });

  it('moves a step due while closed to the next opening', () => {
    // Monday 16:00; two hours later is 18:00, closed: Tuesday 08:00.
    const anchorAt = new Date('2026-03-09T09:00:00Z');
    expect(nextFollowUpStep(steps, { anchorAt, done: 0, lastStepAt: null }, jakarta)?.dueAt).toEqual(
      new Date('2026-03-10T01:00:00Z'),
    );
    // Friday 16:00: the weekend is closed, so Monday 08:00.
    const friday = new Date('2026-03-13T09:00:00Z');
    expect(nextFollowUpStep(steps, { anchorAt: friday, done: 0, lastStepAt: null }, jakarta)?.dueAt).toEqual(
      new Date('2026-03-16T01:00:00Z'),
    );
  });

  it('keeps the gap between two steps when the one before was held back', () => {
    // Anchor Monday 16:00: step 1 held to Tuesday 08:00 and sent then; step 2 (4 h after the
    // anchor, 2 h after step 1) is due Tuesday 10:00, not at 08:00 with it.
    const anchorAt = new Date('2026-03-09T09:00:00Z');
    const lastStepAt = new Date('2026-03-10T01:00:00Z');
    expect(nextFollowUpStep(steps, { anchorAt, done: 1, lastStepAt }, jakarta)).toEqual({
      index: 1,
      step: steps[1],
      dueAt: new Date(lastStepAt.getTime() + hours(2)),
    });
  });

  it('does not wait for a step sent on time beyond its delay after the anchor', () => {
    const anchorAt = new Date('2026-03-09T02:00:00Z');
    const lastStepAt = new Date('2026-03-09T04:00:00Z');
    expect(nextFollowUpStep(steps, { anchorAt, done: 1, lastStepAt }, jakarta)?.dueAt).toEqual(
      new Date('2026-03-09T06:00:00Z'),
    );
  });

  it('counts days on the project’s calendar across a clock change', () => {
    const amsterdam = {
      timeZone: 'Europe/Amsterdam',
      workingHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((day): WorkingDay => ({
        day,
        open: true,
        from: '09:00:00',
        to: '17:00:00',
      })),
    };
    // Saturday 28 March 10:00 CET + 1 day = Sunday 10:00 CEST.
    const anchorAt = new Date('2026-03-28T09:00:00Z');
    const daily = [{ delay: { amount: 1, unit: 'days' as const }, message: text('Halo lagi') }];
    expect(nextFollowUpStep(daily, { anchorAt, done: 0, lastStepAt: null }, amsterdam)?.dueAt).toEqual(
      new Date('2026-03-29T08:00:00Z'),
    );
  });

  it('is null once every step is done', () => {
    const run = {
      anchorAt: new Date('2026-03-09T02:00:00Z'),
      done: 3,
      lastStepAt: new Date('2026-03-10T02:00:00Z'),
    };
    expect(nextFollowUpStep(steps, run, jakarta)).toBeNull();
    expect(nextFollowUpStep(followUp().steps, { ...run, done: 2 }, jakarta)).toBeNull();
  });
});

describe('followUpStopReason', () => {
  const scheduledAt = new Date('2026-03-09T03:00:00Z');
  const onStage: PendingFollowUp = { anchor: 'stage_entered', scheduledAt, stageId: uuid(40) };
  const onMessage: PendingFollowUp = { anchor: 'last_customer_message', scheduledAt, stageId: null };
  const calm: FollowUpState = {
    enabled: true,
    lastCustomerMessageAt: scheduledAt,
    stageId: uuid(40),
    stageEnteredAt: scheduledAt,
  };
  const later = new Date(scheduledAt.getTime() + 1_000);

  it('goes on while nothing changed (the anchoring message itself is not a reply)', () => {
    expect(followUpStopReason(onStage, calm)).toBeNull();
    expect(followUpStopReason(onMessage, { ...calm, stageId: null, stageEnteredAt: null })).toBeNull();
  });

  it('stops when the rule is switched off', () => {
    expect(followUpStopReason(onMessage, { ...calm, enabled: false })).toBe('rule_disabled');
  });

  it('stops when the customer wrote after the step was scheduled', () => {
    expect(followUpStopReason(onMessage, { ...calm, lastCustomerMessageAt: later })).toBe('customer_replied');
    expect(followUpStopReason(onStage, { ...calm, lastCustomerMessageAt: later })).toBe('customer_replied');
  });

  it('knows a reply by its place in the conversation, even in the same second as the message the run counts from', () => {
    const anchored: PendingFollowUp = { ...onMessage, anchorSeq: 7 };
    const sameSecond = { ...calm, stageId: null, stageEnteredAt: null, lastCustomerMessageAt: scheduledAt };
    expect(followUpStopReason(anchored, { ...sameSecond, lastCustomerMessageSeq: 8 })).toBe(
      'customer_replied',
    );
    expect(followUpStopReason(anchored, { ...sameSecond, lastCustomerMessageSeq: 7 })).toBeNull();
    // By place, a clock that says "later" (the anchoring message itself, stored late) is no reply.
    expect(
      followUpStopReason(anchored, { ...calm, lastCustomerMessageAt: later, lastCustomerMessageSeq: 7 }),
    ).toBeNull();
    // Either place unknown (an older run, a stage anchor): by time, as before.
    expect(followUpStopReason(onMessage, { ...sameSecond, lastCustomerMessageSeq: 8 })).toBeNull();
    expect(customerRepliedAfter({ scheduledAt, anchorSeq: 7 }, { lastCustomerMessageAt: later })).toBe(true);
  });

  it('stops a stage run when the customer left the stage or entered it again', () => {
    expect(followUpStopReason(onStage, { ...calm, stageId: uuid(41) })).toBe('stage_changed');
    expect(followUpStopReason(onStage, { ...calm, stageId: null })).toBe('stage_changed');
    expect(followUpStopReason(onStage, { ...calm, stageEnteredAt: later })).toBe('stage_changed');
    // A message run does not care about stages.
    expect(followUpStopReason(onMessage, { ...calm, stageId: uuid(41), stageEnteredAt: later })).toBeNull();
  });
});

describe('followUpStepProblem', () => {
  it('skips text and media outside the window; a template goes', () => {
    const [first, second] = followUp().steps;
    if (first === undefined || second === undefined) throw new Error('two steps');
    expect(followUpStepProblem(first, { windowOpen: false })).toBe('outside_window_needs_template');
    expect(followUpStepProblem(first, { windowOpen: true })).toBeNull();
    expect(followUpStepProblem(second, { windowOpen: false })).toBeNull();
    const media: FollowUpStep = {
      delay: { amount: 1, unit: 'hours' },
      message: { kind: 'send_media', galleryItemId: uuid(80), caption: 'Katalog' },
    };
    expect(followUpStepProblem(media, { windowOpen: false })).toBe('outside_window_needs_template');
  });
});

describe('followUpStepSend', () => {
  const template = { kind: 'send_template' as const, templateId: uuid(50), values: { body: [] } };

  it('sends the message while the window is open, its fallback template once it closed', () => {
    const step: FollowUpStep = {
      delay: { amount: 1, unit: 'days' },
      message: text('Halo'),
      fallback: template,
    };
    expect(followUpStepSend(step, { windowOpen: true })).toEqual({ send: text('Halo'), fallback: false });
    expect(followUpStepSend(step, { windowOpen: false })).toEqual({ send: template, fallback: true });
    expect(followUpStepProblem(step, { windowOpen: false })).toBeNull();
  });

  it('skips a free-form step without a fallback once the window closed; a template step goes', () => {
    const bare: FollowUpStep = { delay: { amount: 1, unit: 'days' }, message: text('Halo') };
    expect(followUpStepSend(bare, { windowOpen: false })).toEqual({
      send: null,
      problem: 'outside_window_needs_template',
    });
    const templated: FollowUpStep = { delay: { amount: 1, unit: 'days' }, message: template };
    expect(followUpStepSend(templated, { windowOpen: false })).toEqual({ send: template, fallback: false });
  });
});
