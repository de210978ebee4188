import { describe, expect, it } from 'vitest';
import {
  messagingLimitKey,
  qualityTone,
  templateLanguageKey,
  templateReasonKey,
  templateStatusTone,
} from './accountFacts.ts';

describe('account and template facts', () => {
  it('colours a quality rating and names a messaging tier', () => {
    expect(['GREEN', 'YELLOW', 'RED', 'UNKNOWN'].map((q) => qualityTone(q as 'GREEN'))).toEqual([
      'success',
      'warning',
      'danger',
      'neutral',
    ]);
    expect(messagingLimitKey('TIER_2K')).toBe('account.limit.TIER_2K');
    expect(messagingLimitKey(null)).toBe('account.limit.unknown');
    expect(messagingLimitKey('TIER_5M')).toBeNull();
  });

  it('colours every template status and names known reasons and languages', () => {
    expect(templateStatusTone('APPROVED')).toBe('success');
    expect(templateStatusTone('PENDING')).toBe('warning');
    expect(templateStatusTone('REJECTED')).toBe('danger');
    expect(templateReasonKey('INVALID_FORMAT')).toBe('templates.reason.INVALID_FORMAT');
    expect(templateReasonKey('SOMETHING_NEW')).toBeNull();
    expect(templateLanguageKey('id')).toBe('templates.language.id');
    expect(templateLanguageKey('en_US')).toBeNull();
  });
});
