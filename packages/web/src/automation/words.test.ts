import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentAssignmentStrategies,
  automationActionKinds,
  automationActivityEvents,
  automationConditionKinds,
  automationFailureReasons,
  automationSkipReasons,
  automationTriggerKinds,
  delayUnits,
  followUpStopReasons,
  keywordMatchModes,
  messages,
  notifyRecipientKinds,
  translate,
  type Locale,
  type MessageKey,
} from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';
import { loadAutomationTexts } from '../i18n/automationTexts.ts';
import { delayWords, reasonWords, triggerWords } from './words.ts';

const tr =
  (locale: Locale): Translate =>
  (key: MessageKey, params) =>
    translate(locale, key, params);

beforeAll(() => loadAutomationTexts());

describe('automation in words', () => {
  it('names a trigger, with the wait of a no-reply one', () => {
    expect(triggerWords(tr('id'), { kind: 'customer_message' })).toBe('Pelanggan mengirim pesan');
    expect(triggerWords(tr('en'), { kind: 'no_agent_reply', after: { amount: 2, unit: 'hours' } })).toBe(
      'No agent reply · 2 hours',
    );
    expect(delayWords(tr('id'), { amount: 3, unit: 'days' })).toBe('3 hari');
  });

  it('says why a rule did not act, and nothing without a reason', () => {
    expect(reasonWords(tr('en'), 'keyword_mismatch')).toBe('no keyword matches');
    expect(reasonWords(tr('id'), null)).toBe('');
  });

  it("names a template's variable as the template writes it", () => {
    expect(tr('id')('automation.editor.variable', { number: 2 })).toBe('Variabel {{2}}');
  });

  it("has a text in both languages for every word of the SDK's vocabulary the screens show", () => {
    const keys = [
      ...automationTriggerKinds.map((kind) => `automation.trigger.${kind}`),
      ...automationConditionKinds.map((kind) => `automation.condition.${kind}`),
      ...[...automationActionKinds, 'start_follow_up', 'follow_up_step'].map(
        (kind) => `automation.action.${kind}`,
      ),
      ...keywordMatchModes.map((mode) => `automation.keywordMode.${mode}`),
      ...delayUnits.map((unit) => `automation.unit.${unit}`),
      ...agentAssignmentStrategies.map((strategy) => `automation.strategy.${strategy}`),
      ...notifyRecipientKinds.map((kind) => `automation.notify.${kind}`),
      ...automationActivityEvents.map((event) => `automation.event.${event}`),
      ...[...automationSkipReasons, ...followUpStopReasons, ...automationFailureReasons].map(
        (reason) => `automation.reason.${reason}`,
      ),
    ];
    expect(keys.filter((key) => messages.id[key] === undefined || messages.en[key] === undefined)).toEqual(
      [],
    );
  });
});
