/**
 * Automation's vocabulary in words for the screens: a trigger (with its wait), an action, why a
 * rule did not act. Presentation only: what each means is the SDK's.
 */
import type { AutomationActivityReason, AutomationDelay, AutomationTrigger } from '@sapa/sdk';
import type { Translate } from '../i18n/I18nProvider.tsx';

export function delayWords(t: Translate, delay: AutomationDelay): string {
  return `${delay.amount} ${t(`automation.unit.${delay.unit}`)}`;
}

/** "Pelanggan mengirim pesan", "Agen belum membalas · 1 hari". */
export function triggerWords(t: Translate, trigger: AutomationTrigger): string {
  const name = t(`automation.trigger.${trigger.kind}`);
  return 'after' in trigger ? `${name} · ${delayWords(t, trigger.after)}` : name;
}

export function reasonWords(t: Translate, reason: AutomationActivityReason | null): string {
  return reason === null ? '' : t(`automation.reason.${reason}`);
}
