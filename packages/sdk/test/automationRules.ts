/**
 * Builders of rules and contexts for the automation tests (not exported from the SDK): a rule or
 * context with the usual defaults, overridden where a test cares.
 */
import type {
  AutoDivisionDraft,
  AutoReplyDraft,
  AutoStageDraft,
  AutomationRuleDraft,
  FollowUpDraft,
  RuleRecord,
} from '../src/contract/automationTypes.ts';
import type { WorkingDay } from '../src/contract/teamTypes.ts';
import type {
  AutomationContext,
  AutomationConversation,
  AutomationEvent,
} from '../src/automation/evaluate.ts';

/** A uuid of the tests, numbered. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Monday to Friday 08:00–17:00 (Jakarta in the tests), the weekend closed. */
export const officeHours: WorkingDay[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => ({
  day,
  open: day <= 5,
  from: '08:00:00',
  to: '17:00:00',
}));

/** Monday 9 March 2026, 10:00 in Jakarta: open. */
export const mondayMorning = new Date('2026-03-09T03:00:00Z');
/** Monday 9 March 2026, 20:00 in Jakarta: closed. */
export const mondayEvening = new Date('2026-03-09T13:00:00Z');

export function autoReply(overrides: Partial<AutoReplyDraft> = {}): AutoReplyDraft {
  return {
    kind: 'auto_reply',
    name: 'Harga',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
    actions: [{ kind: 'send_text', text: 'Harga mulai Rp50.000, kak {nama}.' }],
    quietPeriodMinutes: 60,
    ...overrides,
  };
}

export function autoDivision(overrides: Partial<AutoDivisionDraft> = {}): AutoDivisionDraft {
  return {
    kind: 'auto_division',
    name: 'Iklan ke Sales',
    enabled: true,
    trigger: { kind: 'ad_message' },
    conditions: [],
    actions: [{ kind: 'assign_division', divisionId: uuid(30) }],
    ...overrides,
  };
}

export function autoStage(overrides: Partial<AutoStageDraft> = {}): AutoStageDraft {
  return {
    kind: 'auto_stage',
    name: 'Minat',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['order'] }],
    actions: [{ kind: 'set_stage', stageId: uuid(40) }],
    ...overrides,
  };
}

export function followUp(overrides: Partial<FollowUpDraft> = {}): FollowUpDraft {
  return {
    kind: 'follow_up',
    name: 'Penawaran',
    enabled: true,
    trigger: { kind: 'stage_entered', stageId: uuid(40) },
    conditions: [],
    steps: [
      {
        delay: { amount: 1, unit: 'days' },
        message: { kind: 'send_text', text: 'Sudah lihat penawarannya, kak?' },
      },
      {
        delay: { amount: 3, unit: 'days' },
        message: { kind: 'send_template', templateId: uuid(50), values: { body: [] } },
      },
    ],
    ...overrides,
  };
}

/** A stored rule: a draft with its id and place. */
export function stored<D extends AutomationRuleDraft>(draft: D, id: string, position = 0): D & RuleRecord {
  return { ...draft, id, position, createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z' };
}

/** A customer's text message. */
export function customerMessage(
  text: string | null,
  overrides: Partial<Extract<AutomationEvent, { kind: 'message' }>> = {},
): AutomationEvent {
  return {
    kind: 'message',
    author: 'customer',
    text,
    newCustomer: false,
    adSource: null,
    broadcastId: null,
    ...overrides,
  };
}

/** A context: the event in a plain conversation on number `uuid(1)`, Monday morning in Jakarta. */
export function contextOf(
  event: AutomationEvent,
  overrides: Omit<Partial<AutomationContext>, 'conversation'> & {
    conversation?: Partial<AutomationConversation>;
  } = {},
): AutomationContext {
  const { conversation, ...rest } = overrides;
  return {
    event,
    now: mondayMorning,
    project: { timeZone: 'Asia/Jakarta', workingHours: officeHours },
    ...rest,
    conversation: {
      accountId: uuid(1),
      labelIds: [],
      stageId: null,
      divisionId: null,
      adSource: null,
      windowOpen: true,
      ...conversation,
    },
  };
}
