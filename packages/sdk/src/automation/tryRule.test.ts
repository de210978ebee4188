import { describe, expect, it } from 'vitest';
import { autoReply, mondayEvening, mondayMorning, officeHours, uuid } from '../../test/automationRules.ts';
import { sampleContext, tryRule } from './tryRule.ts';

const project = { timeZone: 'Asia/Jakarta', workingHours: officeHours };

describe('sampleContext', () => {
  it('is a known customer’s message in a plain conversation with the window open', () => {
    const context = sampleContext({ text: 'harga?', at: mondayMorning }, project);
    expect(context.event).toEqual({
      kind: 'message',
      author: 'customer',
      text: 'harga?',
      newCustomer: false,
      adSource: null,
      broadcastId: null,
    });
    expect(context.now).toBe(mondayMorning);
    expect(context.conversation).toMatchObject({
      labelIds: [],
      stageId: null,
      divisionId: null,
      windowOpen: true,
    });
    expect(context.lastFiredAt).toBeUndefined();
  });

  it('takes what the sample sets', () => {
    const context = sampleContext(
      {
        text: 'x',
        at: mondayMorning,
        newCustomer: true,
        conversation: { labelIds: [uuid(20)], accountId: uuid(1) },
      },
      project,
    );
    expect(context.event).toMatchObject({ newCustomer: true });
    expect(context.conversation).toMatchObject({
      labelIds: [uuid(20)],
      accountId: uuid(1),
      windowOpen: true,
    });
  });
});

describe('tryRule', () => {
  it('answers what the rule would do with the sample, sending nothing', () => {
    expect(tryRule(autoReply(), { text: 'Berapa harganya?', at: mondayMorning }, project)).toMatchObject({
      fires: true,
      keyword: 'harga',
    });
    expect(tryRule(autoReply(), { text: 'Halo', at: mondayMorning }, project)).toEqual({
      fires: false,
      reason: 'keyword_mismatch',
    });
  });

  it('tries an out-of-hours greeting at the sample’s time', () => {
    const greeting = autoReply({ trigger: { kind: 'outside_working_hours' }, conditions: [] });
    expect(tryRule(greeting, { text: 'Halo', at: mondayMorning }, project)).toEqual({
      fires: false,
      reason: 'inside_working_hours',
    });
    expect(tryRule(greeting, { text: 'Halo', at: mondayEvening }, project).fires).toBe(true);
  });
});
