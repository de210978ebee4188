import type { AutomationRuleRef } from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';

/**
 * Automation where a member's name would be (a message's sender, a stage move's author):
 * "Otomatis · <rule>", or "Otomatis" once the rule is deleted.
 */
export function automationName(t: Translate, automation: AutomationRuleRef): string {
  return automation.ruleName === null
    ? t('chat.byAutomation')
    : t('chat.byAutomationRule', { rule: automation.ruleName });
}
