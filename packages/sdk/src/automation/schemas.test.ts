import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { autoDivision, autoReply, autoStage, followUp, uuid } from '../../test/automationRules.ts';
import {
  AUTOMATION_ACTIONS_MAX,
  AUTOMATION_DELAY_MAX_DAYS,
  AUTOMATION_KEYWORD_MAX_LENGTH,
  AUTOMATION_KEYWORDS_MAX,
  FOLLOW_UP_STEPS_MAX,
} from './limits.ts';
import { automationRuleDraftField } from './schemas.ts';

/** The problems of a rule as `[path, message]`, path dotted. */
function problems(rule: unknown): [string, string][] {
  const result = automationRuleDraftField.safeParse(rule);
  if (result.success) return [];
  return result.error.issues.map((issue: z.core.$ZodIssue) => [issue.path.join('.'), issue.message]);
}

/** The paths of a rule's problems. */
const paths = (rule: unknown) => problems(rule).map(([path]) => path);

describe('automationRuleDraftField', () => {
  it('takes a rule of each kind as its editor submits it', () => {
    for (const rule of [
      autoReply(),
      autoReply({ trigger: { kind: 'outside_working_hours' }, conditions: [], quietPeriodMinutes: 720 }),
      autoDivision({
        actions: [
          { kind: 'assign_division', divisionId: uuid(30) },
          {
            kind: 'assign_agent',
            strategy: 'round_robin',
            userIds: [],
            fallbackUserId: uuid(90),
            reassignAfterMinutes: 10,
          },
          { kind: 'notify', recipients: 'division', userIds: [], text: 'Pelanggan baru dari iklan' },
        ],
        conditions: [{ kind: 'ad_source', source: 'ad', ids: ['120226305854810726'] }],
      }),
      autoStage({ trigger: { kind: 'broadcast_reply', broadcastId: null }, conditions: [] }),
      followUp(),
    ]) {
      expect(automationRuleDraftField.parse(rule)).toEqual(rule);
    }
  });

  it('trims texts and names', () => {
    const parsed = automationRuleDraftField.parse(
      autoReply({ name: '  Harga  ', actions: [{ kind: 'send_text', text: '  Halo kak  ' }] }),
    );
    expect(parsed.name).toBe('Harga');
    expect(parsed.kind === 'auto_reply' && parsed.actions[0]).toEqual({
      kind: 'send_text',
      text: 'Halo kak',
    });
  });

  it('refuses an unknown kind, a missing name and a missing quiet period, on their fields', () => {
    expect(paths({ ...autoReply(), kind: 'auto_magic' })).toEqual(['kind']);
    expect(paths(autoReply({ name: '   ' }))).toEqual(['name']);
    const { quietPeriodMinutes: _quiet, ...withoutQuiet } = autoReply();
    expect(paths(withoutQuiet)).toEqual(['quietPeriodMinutes']);
    expect(paths(autoReply({ quietPeriodMinutes: 0 }))).toEqual(['quietPeriodMinutes']);
  });

  it('refuses triggers and actions its kind does not offer', () => {
    expect(
      problems(autoReply({ trigger: { kind: 'stage_entered', stageId: null } as never, conditions: [] })),
    ).toEqual([['trigger.kind', 'not_for_kind']]);
    expect(
      problems(
        autoReply({
          actions: [{ kind: 'send_text', text: 'Halo' }, { kind: 'set_stage', stageId: uuid(40) } as never],
        }),
      ),
    ).toEqual([['actions.1.kind', 'not_for_kind']]);
    // Kinds nobody offers are the field's own problem, reported once.
    expect(paths(autoReply({ trigger: { kind: 'nope' } as never }))).toEqual(['trigger.kind']);
    expect(paths(autoReply({ actions: [{ kind: 'nope' } as never] }))).toEqual(['actions.0.kind']);
    expect(paths(null)).toEqual(['']);
  });

  it('wants the action its kind is for, once where two would contradict', () => {
    expect(problems(autoReply({ actions: [{ kind: 'add_label', labelId: uuid(20) }] }))).toEqual([
      ['actions', 'missing_action'],
    ]);
    expect(
      problems(
        autoDivision({
          actions: [{ kind: 'notify', recipients: 'assigned_agent', userIds: [], text: 'Cek' }],
        }),
      ),
    ).toEqual([['actions', 'missing_action']]);
    expect(
      problems(
        autoStage({
          actions: [
            { kind: 'set_stage', stageId: uuid(40) },
            { kind: 'set_stage', stageId: uuid(41) },
          ],
        }),
      ),
    ).toEqual([['actions.1', 'duplicate']]);
    expect(paths(autoStage({ actions: [] }))).toEqual(['actions']);
    const many = Array.from({ length: AUTOMATION_ACTIONS_MAX + 1 }, (_, n) => ({
      kind: 'add_label' as const,
      labelId: uuid(n + 1),
    }));
    expect(paths(autoStage({ actions: many }))).toEqual(['actions']);
  });

  describe('keywords', () => {
    const keywords = (list: string[], trigger: Parameters<typeof autoReply>[0] = {}) =>
      autoReply({ ...trigger, conditions: [{ kind: 'keyword', mode: 'contains', keywords: list }] });

    it('refuses a keyword of only punctuation or emoji, and one too long', () => {
      expect(problems(keywords(['harga', '!!!']))).toEqual([['conditions.0.keywords.1', 'empty']]);
      expect(paths(keywords(['🙏']))).toEqual(['conditions.0.keywords.0']);
      expect(paths(keywords(['  ']))).toEqual(['conditions.0.keywords.0']);
      expect(paths(keywords(['x'.repeat(AUTOMATION_KEYWORD_MAX_LENGTH + 1)]))).toEqual([
        'conditions.0.keywords.0',
      ]);
    });

    it('refuses a keyword that is another one once normalised, none, and too many', () => {
      expect(problems(keywords(['Harga', 'ongkir', 'hárga!']))).toEqual([
        ['conditions.0.keywords.2', 'duplicate'],
      ]);
      expect(paths(keywords([]))).toEqual(['conditions.0.keywords']);
      const many = Array.from({ length: AUTOMATION_KEYWORDS_MAX + 1 }, (_, n) => `kata${n}`);
      expect(paths(keywords(many))).toEqual(['conditions.0.keywords']);
    });

    it('wants a trigger with a message to match against', () => {
      const onLabel = autoStage({
        trigger: { kind: 'label_added', labelId: null },
        conditions: [
          { kind: 'label', labelIds: [uuid(20)] },
          { kind: 'keyword', mode: 'exact', keywords: ['order'] },
        ],
      });
      expect(problems(onLabel)).toEqual([['conditions.1.kind', 'needs_message_trigger']]);
    });
  });

  it('refuses ids that are not, given twice, or none', () => {
    expect(paths(autoReply({ conditions: [{ kind: 'label', labelIds: ['label-1'] }] }))).toEqual([
      'conditions.0.labelIds.0',
    ]);
    expect(problems(autoReply({ conditions: [{ kind: 'stage', stageIds: [uuid(40), uuid(40)] }] }))).toEqual([
      ['conditions.0.stageIds.1', 'duplicate'],
    ]);
    expect(paths(autoReply({ conditions: [{ kind: 'account', accountIds: [] }] }))).toEqual([
      'conditions.0.accountIds',
    ]);
    expect(
      paths(autoDivision({ conditions: [{ kind: 'ad_source', source: 'ad', ids: ['1 2 3'] }] })),
    ).toEqual(['conditions.0.ids.0']);
  });

  it('wants members to notify when it notifies members', () => {
    const notify = (userIds: string[]) =>
      autoDivision({
        actions: [
          { kind: 'assign_division', divisionId: uuid(30) },
          { kind: 'notify', recipients: 'members', userIds, text: 'Ada pelanggan VIP' },
        ],
      });
    expect(problems(notify([]))).toEqual([['actions.1.userIds', 'required']]);
    expect(problems(notify([uuid(90)]))).toEqual([]);
  });

  describe('delays', () => {
    const waiting = (amount: number, unit: 'minutes' | 'hours' | 'days') =>
      autoReply({ trigger: { kind: 'no_agent_reply', after: { amount, unit } }, conditions: [] });

    it('takes whole amounts up to the longest delay', () => {
      expect(problems(waiting(15, 'minutes'))).toEqual([]);
      expect(problems(waiting(AUTOMATION_DELAY_MAX_DAYS, 'days'))).toEqual([]);
    });

    it('refuses a delay too long, a wait of nothing, fractions and unknown units', () => {
      expect(problems(waiting(AUTOMATION_DELAY_MAX_DAYS + 1, 'days'))).toEqual([
        ['trigger.after.amount', 'too_long'],
      ]);
      expect(problems(waiting(AUTOMATION_DELAY_MAX_DAYS * 24 + 1, 'hours'))).toEqual([
        ['trigger.after.amount', 'too_long'],
      ]);
      expect(problems(waiting(0, 'minutes'))).toEqual([['trigger.after.amount', 'too_short']]);
      expect(paths(waiting(1.5, 'hours'))).toEqual(['trigger.after.amount']);
      expect(paths(waiting(-1, 'hours'))).toEqual(['trigger.after.amount']);
      expect(paths(waiting(1, 'weeks' as never))).toEqual(['trigger.after.unit']);
    });
  });

  describe('follow-up steps', () => {
    const step = (amount: number, unit: 'minutes' | 'hours' | 'days') => ({
      delay: { amount, unit },
      message: { kind: 'send_text' as const, text: 'Halo lagi, kak' },
    });

    it('wants each step later than the one before, whatever the units', () => {
      expect(problems(followUp({ steps: [step(0, 'minutes'), step(1, 'days'), step(25, 'hours')] }))).toEqual(
        [],
      );
      expect(problems(followUp({ steps: [step(2, 'days'), step(48, 'hours')] }))).toEqual([
        ['steps.1.delay', 'not_after_previous'],
      ]);
      expect(problems(followUp({ steps: [step(2, 'days'), step(1, 'days'), step(3, 'days')] }))).toEqual([
        ['steps.1.delay', 'not_after_previous'],
      ]);
    });

    it('wants one to ten steps with messages that can be sent', () => {
      expect(paths(followUp({ steps: [] }))).toEqual(['steps']);
      const many = Array.from({ length: FOLLOW_UP_STEPS_MAX + 1 }, (_, n) => step(n + 1, 'hours'));
      expect(paths(followUp({ steps: many }))).toEqual(['steps']);
      const noMedia = [
        { delay: { amount: 1, unit: 'hours' as const }, message: { kind: 'send_media', galleryItemId: 'x' } },
      ];
      expect(paths(followUp({ steps: noMedia as never }))).toEqual([
        'steps.0.message.galleryItemId',
        'steps.0.message.caption',
      ]);
      const stageAction = [
        { delay: { amount: 1, unit: 'hours' as const }, message: { kind: 'set_stage', stageId: uuid(40) } },
      ];
      expect(paths(followUp({ steps: stageAction as never }))).toEqual(['steps.0.message.kind']);
    });

    it('takes a fallback template only on a free-form step, and only a template', () => {
      const template = { kind: 'send_template' as const, templateId: uuid(50), values: { body: [] } };
      const media = { kind: 'send_media' as const, galleryItemId: uuid(80), caption: '' };
      const parsed = automationRuleDraftField.parse(
        followUp({
          steps: [
            { ...step(1, 'hours'), fallback: template },
            { delay: { amount: 2, unit: 'hours' }, message: media, fallback: template },
          ],
        }),
      );
      expect(parsed.kind === 'follow_up' && parsed.steps.map((one) => one.fallback)).toEqual([
        template,
        template,
      ]);
      expect(
        problems(
          followUp({
            steps: [
              { delay: { amount: 1, unit: 'hours' }, message: template, fallback: template },
              { ...step(2, 'hours'), fallback: { kind: 'send_text', text: 'Halo' } as never },
            ],
          }),
        ),
      ).toEqual([
        ['steps.0.fallback', 'fallback_not_needed'],
        ['steps.1.fallback.kind', 'not_template'],
      ]);
      expect(
        paths(followUp({ steps: [{ ...step(1, 'hours'), fallback: { ...template, templateId: 'x' } }] })),
      ).toEqual(['steps.0.fallback.templateId']);
    });

    it('starts only on a customer message or a stage entered', () => {
      expect(problems(followUp({ trigger: { kind: 'new_customer' } as never }))).toEqual([
        ['trigger.kind', 'not_for_kind'],
      ]);
    });
  });

  it('checks a template action’s values as a broadcast’s', () => {
    const template = (values: unknown) =>
      autoReply({ actions: [{ kind: 'send_template', templateId: uuid(50), values } as never] });
    expect(
      problems(template({ body: [{ source: 'name', value: '', fallback: 'Kak' }], headerMediaId: uuid(80) })),
    ).toEqual([]);
    expect(paths(template({ body: [{ source: 'telepati', value: '', fallback: '' }] }))).toEqual([
      'actions.0.values.body.0.source',
    ]);
  });
});
