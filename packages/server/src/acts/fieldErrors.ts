import type { z } from 'zod';
import { translate } from '../i18n/translate.ts';
import type { Locale, MessageKey, MessageParams } from '../i18n/translate.ts';

/** One text per field (the first problem found), keyed by the field's dotted path. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (Object.hasOwn(result, field)) continue;
    const [key, params] = describe(issue, field);
    result[field] = translate(locale, key, params);
  }
  return result;
}

function describe(issue: z.core.$ZodIssue, field: string): [MessageKey, MessageParams?] {
  switch (issue.code) {
    case 'invalid_type':
      return [issue.input === undefined || issue.input === null ? 'field.required' : 'field.invalid'];
    case 'too_small':
      if (issue.origin !== 'string') return ['field.invalid'];
      return Number(issue.minimum) <= 1
        ? ['field.required']
        : ['field.too_short', { minimum: Number(issue.minimum) }];
    case 'too_big':
      return issue.origin === 'string'
        ? ['field.too_long', { maximum: Number(issue.maximum) }]
        : ['field.invalid'];
    case 'custom': {
      // A template rule (`templateDraftField`) or an automation rule's (`automationRuleDraftField`):
      // its own text, with the limit broken if any.
      const params = issue.params as
        { templateRule?: boolean; automationRule?: boolean; limit?: number } | undefined;
      const limit = params?.limit === undefined ? {} : { limit: params.limit };
      if (params?.templateRule === true) return [`template.rule.${issue.message}` as MessageKey, limit];
      if (params?.automationRule === true) return [`automation.rule.${issue.message}` as MessageKey, limit];
      return issue.message === 'phone' ? ['field.phone'] : ['field.invalid'];
    }
    case 'invalid_format':
      return field === 'code' ? ['field.otp_code'] : ['field.invalid'];
    default:
      return ['field.invalid'];
  }
}
