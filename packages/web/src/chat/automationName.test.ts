import { describe, expect, it } from 'vitest';
import { translate } from '@sapa/sdk';
import { automationName } from './automationName.ts';

const id = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('id', key, params);
const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('en', key, params);

describe('automation in place of a member', () => {
  it("names the rule, in the app's core texts (no lazy part loaded)", () => {
    const rule = { ruleId: 'r1', ruleName: 'Sudah transfer' };
    expect(automationName(id, rule)).toBe('Otomatis · Sudah transfer');
    expect(automationName(en, rule)).toBe('Automation · Sudah transfer');
  });

  it('says only "Otomatis" once the rule is deleted', () => {
    expect(automationName(id, { ruleId: 'r1', ruleName: null })).toBe('Otomatis');
    expect(automationName(en, { ruleId: null, ruleName: null })).toBe('Automation');
  });
});
