import { describe, expect, it } from 'vitest';
import { automationSkipReasons } from '../contract/automationTypes.ts';
import type { AutomationOutcome } from '../contract/automationTypes.ts';
import {
  autoDivision,
  autoReply,
  autoStage,
  contextOf,
  customerMessage,
  followUp,
  mondayEvening,
  mondayMorning,
  stored,
  uuid,
} from '../../test/automationRules.ts';
import {
  changesNothing,
  evaluateRule,
  explainRules,
  firstMatchingRule,
  needsOpenWindow,
  rulesToApply,
  skipLogged,
} from './evaluate.ts';
import { AUTOMATION_CHAIN_MAX } from './limits.ts';

const minutes = (n: number) => n * 60_000;
const reason = (outcome: AutomationOutcome) => (outcome.fires ? 'fires' : outcome.reason);

describe('evaluateRule', () => {
  it('fires a keyword auto-reply on a matching customer message, with its actions and the keyword', () => {
    const rule = autoReply();
    expect(evaluateRule(rule, contextOf(customerMessage('Berapa harganya, kak?')))).toEqual({
      fires: true,
      actions: rule.actions,
      keyword: 'harga',
    });
  });

  it('never fires while switched off', () => {
    expect(reason(evaluateRule(autoReply({ enabled: false }), contextOf(customerMessage('harga'))))).toBe(
      'disabled',
    );
  });

  it('never answers automation’s own messages nor an agent’s', () => {
    const rule = autoReply({ conditions: [] });
    expect(reason(evaluateRule(rule, contextOf(customerMessage('harga', { author: 'automation' }))))).toBe(
      'own_message',
    );
    expect(reason(evaluateRule(rule, contextOf(customerMessage('harga', { author: 'agent' }))))).toBe(
      'agent_message',
    );
  });

  it('is not set off by its own label or stage, and automation set off by automation stops at the chain limit', () => {
    const rule = stored(
      autoStage({ trigger: { kind: 'label_added', labelId: null }, conditions: [] }),
      uuid(9),
    );
    const byRule = (ruleId: string, depth: number) =>
      contextOf({ kind: 'label_added', labelId: uuid(20), cause: { by: 'automation', ruleId, depth } });
    expect(reason(evaluateRule(rule, byRule(uuid(9), 1)))).toBe('own_action');
    expect(reason(evaluateRule(rule, byRule(uuid(8), 1)))).toBe('fires');
    expect(reason(evaluateRule(rule, byRule(uuid(8), AUTOMATION_CHAIN_MAX - 1)))).toBe('fires');
    expect(reason(evaluateRule(rule, byRule(uuid(8), AUTOMATION_CHAIN_MAX)))).toBe('chain_limit');
    const byAgent = contextOf({ kind: 'label_added', labelId: uuid(20), cause: { by: 'agent' } });
    expect(reason(evaluateRule(rule, byAgent))).toBe('fires');
  });

  describe('triggers', () => {
    it('new_customer: only the first message of a customer the project did not know', () => {
      const rule = autoReply({ trigger: { kind: 'new_customer' }, conditions: [] });
      expect(reason(evaluateRule(rule, contextOf(customerMessage('halo', { newCustomer: true }))))).toBe(
        'fires',
      );
      expect(reason(evaluateRule(rule, contextOf(customerMessage('halo'))))).toBe('trigger_mismatch');
    });

    it('ad_message: a message that came from an ad or a tracked link', () => {
      const rule = autoDivision();
      const fromAd = customerMessage('info promo', { adSource: { kind: 'ad', adId: '120226305854810726' } });
      expect(reason(evaluateRule(rule, contextOf(fromAd)))).toBe('fires');
      // The conversation's attribution does not make a later message an ad message.
      const later = contextOf(customerMessage('info promo'), {
        conversation: { adSource: { kind: 'ad', adId: '120226305854810726' } },
      });
      expect(reason(evaluateRule(rule, later))).toBe('trigger_mismatch');
    });

    it('broadcast_reply: an answer to any broadcast, or to the one named', () => {
      const any = autoStage({ trigger: { kind: 'broadcast_reply', broadcastId: null }, conditions: [] });
      const one = autoStage({ trigger: { kind: 'broadcast_reply', broadcastId: uuid(60) }, conditions: [] });
      const reply = contextOf(customerMessage('mau', { broadcastId: uuid(61) }));
      expect(reason(evaluateRule(any, reply))).toBe('fires');
      expect(reason(evaluateRule(one, reply))).toBe('trigger_mismatch');
      expect(reason(evaluateRule(one, contextOf(customerMessage('mau', { broadcastId: uuid(60) }))))).toBe(
        'fires',
      );
      expect(reason(evaluateRule(any, contextOf(customerMessage('mau'))))).toBe('trigger_mismatch');
    });

    it('outside_working_hours: a message while the project is closed, in its time zone', () => {
      const rule = autoReply({ trigger: { kind: 'outside_working_hours' }, conditions: [] });
      const message = customerMessage('halo');
      expect(reason(evaluateRule(rule, contextOf(message, { now: mondayMorning })))).toBe(
        'inside_working_hours',
      );
      expect(reason(evaluateRule(rule, contextOf(message, { now: mondayEvening })))).toBe('fires');
      // 10:00 in Jakarta is 04:00 in Amsterdam: closed there.
      const amsterdam = {
        timeZone: 'Europe/Amsterdam',
        workingHours: contextOf(message).project.workingHours,
      };
      expect(reason(evaluateRule(rule, contextOf(message, { now: mondayMorning, project: amsterdam })))).toBe(
        'fires',
      );
      expect(
        reason(
          evaluateRule(rule, contextOf({ kind: 'stage_entered', stageId: uuid(40), cause: { by: 'agent' } })),
        ),
      ).toBe('trigger_mismatch');
    });

    it('outside_working_hours: rules sharing a project’s hours are judged by the instant and the zone', () => {
      const rules = [1, 2, 3].map((n) =>
        stored(autoReply({ trigger: { kind: 'outside_working_hours' }, conditions: [] }), uuid(n)),
      );
      const message = customerMessage('halo');
      const { project } = contextOf(message);
      const judged = (now: Date, timeZone = project.timeZone) =>
        rules.map((rule) =>
          reason(evaluateRule(rule, contextOf(message, { now, project: { ...project, timeZone } }))),
        );
      expect(judged(mondayMorning)).toEqual([
        'inside_working_hours',
        'inside_working_hours',
        'inside_working_hours',
      ]);
      expect(judged(mondayEvening)).toEqual(['fires', 'fires', 'fires']);
      expect(judged(mondayMorning, 'Europe/Amsterdam')).toEqual(['fires', 'fires', 'fires']);
      expect(judged(mondayMorning)).toEqual([
        'inside_working_hours',
        'inside_working_hours',
        'inside_working_hours',
      ]);
    });

    it('label_added and stage_entered: the one named, or any', () => {
      const label = autoStage({ trigger: { kind: 'label_added', labelId: uuid(20) }, conditions: [] });
      const added = (labelId: string) => contextOf({ kind: 'label_added', labelId, cause: { by: 'agent' } });
      expect(reason(evaluateRule(label, added(uuid(20))))).toBe('fires');
      expect(reason(evaluateRule(label, added(uuid(21))))).toBe('trigger_mismatch');
      expect(reason(evaluateRule(label, contextOf(customerMessage('order'))))).toBe('trigger_mismatch');
      const stage = followUp({ trigger: { kind: 'stage_entered', stageId: null } });
      const entered = contextOf({ kind: 'stage_entered', stageId: uuid(41), cause: { by: 'agent' } });
      expect(evaluateRule(stage, entered)).toEqual({ fires: true, actions: [], keyword: null });
    });

    it('no_agent_reply: fires once the wait has lasted its delay, not before', () => {
      const rule = autoReply({
        trigger: { kind: 'no_agent_reply', after: { amount: 15, unit: 'minutes' } },
        conditions: [],
        actions: [{ kind: 'send_text', text: 'Mohon tunggu sebentar ya, kak.' }],
      });
      const since = mondayMorning;
      const at = (now: Date) => contextOf({ kind: 'no_agent_reply', since }, { now });
      expect(reason(evaluateRule(rule, at(new Date(since.getTime() + minutes(14)))))).toBe('not_due');
      expect(reason(evaluateRule(rule, at(new Date(since.getTime() + minutes(15)))))).toBe('fires');
      expect(reason(evaluateRule(rule, contextOf({ kind: 'no_customer_reply', since })))).toBe(
        'trigger_mismatch',
      );
    });

    it('no_customer_reply: days counted on the project’s calendar', () => {
      const rule = autoStage({
        trigger: { kind: 'no_customer_reply', after: { amount: 1, unit: 'days' } },
        conditions: [],
      });
      const project = { timeZone: 'Europe/Amsterdam', workingHours: [] };
      // Saturday 10:00 CET; a day later is Sunday 10:00 CEST, 23 hours on.
      const since = new Date('2026-03-28T09:00:00Z');
      const at = (iso: string) =>
        contextOf({ kind: 'no_customer_reply', since }, { now: new Date(iso), project });
      expect(reason(evaluateRule(rule, at('2026-03-29T07:59:00Z')))).toBe('not_due');
      expect(reason(evaluateRule(rule, at('2026-03-29T08:00:00Z')))).toBe('fires');
    });
  });

  describe('conditions', () => {
    const message = customerMessage('harga?');

    it('account, label, stage, division: any listed value will do', () => {
      const conversation = {
        accountId: uuid(1),
        labelIds: [uuid(20), uuid(21)],
        stageId: uuid(40),
        divisionId: uuid(30),
      };
      const holds = (rule: ReturnType<typeof autoReply>) =>
        reason(evaluateRule(rule, contextOf(message, { conversation })));
      expect(holds(autoReply({ conditions: [{ kind: 'account', accountIds: [uuid(2), uuid(1)] }] }))).toBe(
        'fires',
      );
      expect(holds(autoReply({ conditions: [{ kind: 'account', accountIds: [uuid(2)] }] }))).toBe(
        'account_mismatch',
      );
      expect(holds(autoReply({ conditions: [{ kind: 'label', labelIds: [uuid(21)] }] }))).toBe('fires');
      expect(holds(autoReply({ conditions: [{ kind: 'label', labelIds: [uuid(22)] }] }))).toBe(
        'label_mismatch',
      );
      expect(holds(autoReply({ conditions: [{ kind: 'stage', stageIds: [uuid(40)] }] }))).toBe('fires');
      expect(holds(autoReply({ conditions: [{ kind: 'stage', stageIds: [uuid(41)] }] }))).toBe(
        'stage_mismatch',
      );
      expect(holds(autoReply({ conditions: [{ kind: 'division', divisionIds: [uuid(30)] }] }))).toBe('fires');
      expect(holds(autoReply({ conditions: [{ kind: 'division', divisionIds: [uuid(31)] }] }))).toBe(
        'division_mismatch',
      );
    });

    it('stage and division never hold for a customer in no stage, a conversation in no division', () => {
      expect(
        reason(
          evaluateRule(
            autoReply({ conditions: [{ kind: 'stage', stageIds: [uuid(40)] }] }),
            contextOf(message),
          ),
        ),
      ).toBe('stage_mismatch');
      expect(
        reason(
          evaluateRule(
            autoReply({ conditions: [{ kind: 'division', divisionIds: [uuid(30)] }] }),
            contextOf(message),
          ),
        ),
      ).toBe('division_mismatch');
    });

    it('all must hold; the first that does not is the reason', () => {
      const rule = autoReply({
        conditions: [
          { kind: 'keyword', mode: 'contains', keywords: ['harga'] },
          { kind: 'label', labelIds: [uuid(20)] },
          { kind: 'account', accountIds: [uuid(2)] },
        ],
      });
      expect(reason(evaluateRule(rule, contextOf(customerMessage('halo'))))).toBe('keyword_mismatch');
      expect(reason(evaluateRule(rule, contextOf(message)))).toBe('label_mismatch');
      expect(reason(evaluateRule(rule, contextOf(message, { conversation: { labelIds: [uuid(20)] } })))).toBe(
        'account_mismatch',
      );
    });

    it('keyword: by its mode; a message without text matches none', () => {
      const exact = autoReply({ conditions: [{ kind: 'keyword', mode: 'exact', keywords: ['harga'] }] });
      expect(reason(evaluateRule(exact, contextOf(customerMessage('Harga!'))))).toBe('fires');
      expect(reason(evaluateRule(exact, contextOf(customerMessage('berapa harganya'))))).toBe(
        'keyword_mismatch',
      );
      expect(reason(evaluateRule(autoReply(), contextOf(customerMessage(null))))).toBe('keyword_mismatch');
    });

    it('ad_source: the message’s, else the conversation’s; by kind, and by ad, link or campaign id', () => {
      const ad = { kind: 'ad' as const, adId: '120226305854810726' };
      const link = { kind: 'link' as const, linkId: uuid(70), campaignId: uuid(71) };
      const rule = (source: 'ad' | 'link' | 'any', ids: string[] = []) =>
        autoDivision({
          trigger: { kind: 'customer_message' },
          conditions: [{ kind: 'ad_source', source, ids }],
        });
      const fromAd = contextOf(customerMessage('info', { adSource: ad }));
      const fromLink = contextOf(customerMessage('info'), { conversation: { adSource: link } });
      const plain = contextOf(customerMessage('info'));
      expect(reason(evaluateRule(rule('any'), fromAd))).toBe('fires');
      expect(reason(evaluateRule(rule('any'), fromLink))).toBe('fires');
      expect(reason(evaluateRule(rule('any'), plain))).toBe('ad_source_mismatch');
      expect(reason(evaluateRule(rule('ad'), fromLink))).toBe('ad_source_mismatch');
      expect(reason(evaluateRule(rule('ad', ['120226305854810726']), fromAd))).toBe('fires');
      expect(reason(evaluateRule(rule('ad', ['999']), fromAd))).toBe('ad_source_mismatch');
      expect(reason(evaluateRule(rule('link', [uuid(71)]), fromLink))).toBe('fires');
      expect(reason(evaluateRule(rule('link', [uuid(70)]), fromLink))).toBe('fires');
      expect(reason(evaluateRule(rule('link', [uuid(72)]), fromLink))).toBe('ad_source_mismatch');
      // An ad Meta gave no id for matches "any ad" but no listed id.
      const anonymous = contextOf(customerMessage('info', { adSource: { kind: 'ad', adId: null } }));
      expect(reason(evaluateRule(rule('ad'), anonymous))).toBe('fires');
      expect(reason(evaluateRule(rule('ad', ['120226305854810726']), anonymous))).toBe('ad_source_mismatch');
    });
  });

  describe('quiet period', () => {
    const rule = stored(autoReply({ quietPeriodMinutes: 60 }), uuid(9));
    const since = (agoMinutes: number, ruleId = uuid(9)) =>
      contextOf(customerMessage('harga'), {
        lastFiredAt: { [ruleId]: new Date(mondayMorning.getTime() - minutes(agoMinutes)) },
      });

    it('answers a conversation at most once per quiet period', () => {
      expect(reason(evaluateRule(rule, since(30)))).toBe('quiet_period');
      expect(reason(evaluateRule(rule, since(59)))).toBe('quiet_period');
      expect(reason(evaluateRule(rule, since(60)))).toBe('fires');
      expect(reason(evaluateRule(rule, contextOf(customerMessage('harga'))))).toBe('fires');
    });

    it('counts only this rule’s own replies, and a draft (no id) has none', () => {
      expect(reason(evaluateRule(rule, since(5, uuid(8))))).toBe('fires');
      const { id: _id, ...draft } = rule;
      expect(reason(evaluateRule(draft, since(5)))).toBe('fires');
    });

    it('comes after the trigger and conditions: a rule that does not match says so', () => {
      expect(reason(evaluateRule(rule, { ...since(5), event: customerMessage('halo') }))).toBe(
        'keyword_mismatch',
      );
    });
  });

  describe('the 24-hour window', () => {
    const closed = { conversation: { windowOpen: false } };
    const waited = contextOf({ kind: 'no_customer_reply', since: new Date('2026-03-07T03:00:00Z') }, closed);

    it('holds back text and media while it is closed, with the reason', () => {
      const text = autoReply({
        trigger: { kind: 'no_agent_reply', after: { amount: 1, unit: 'hours' } },
        conditions: [],
      });
      const event = contextOf({ kind: 'no_agent_reply', since: new Date('2026-03-07T03:00:00Z') }, closed);
      expect(reason(evaluateRule(text, event))).toBe('outside_window_needs_template');
      const media = {
        ...text,
        actions: [{ kind: 'send_media' as const, galleryItemId: uuid(80), caption: '' }],
      };
      expect(reason(evaluateRule(media, event))).toBe('outside_window_needs_template');
      const template = {
        ...text,
        actions: [{ kind: 'send_template' as const, templateId: uuid(50), values: { body: [] } }],
      };
      expect(reason(evaluateRule(template, event))).toBe('fires');
    });

    it('does not concern rules that send nothing', () => {
      const stage = autoStage({
        trigger: { kind: 'no_customer_reply', after: { amount: 1, unit: 'days' } },
        conditions: [],
      });
      expect(reason(evaluateRule(stage, waited))).toBe('fires');
    });

    it('needsOpenWindow: text and media, not templates nor the rest', () => {
      expect(needsOpenWindow({ kind: 'send_text', text: 'x' })).toBe(true);
      expect(needsOpenWindow({ kind: 'send_media', galleryItemId: uuid(80), caption: '' })).toBe(true);
      expect(needsOpenWindow({ kind: 'send_template', templateId: uuid(50), values: { body: [] } })).toBe(
        false,
      );
      expect(needsOpenWindow({ kind: 'add_label', labelId: uuid(20) })).toBe(false);
    });
  });

  it('answers only reasons of the contract’s list', () => {
    const outcomes = [
      evaluateRule(autoReply({ enabled: false }), contextOf(customerMessage('harga'))),
      evaluateRule(autoReply(), contextOf(customerMessage('halo'))),
    ];
    for (const outcome of outcomes) {
      expect(outcome.fires).toBe(false);
      if (!outcome.fires) expect(automationSkipReasons).toContain(outcome.reason);
    }
  });
});

describe('firstMatchingRule', () => {
  const greeting = stored(
    autoReply({ name: 'Di luar jam kerja', trigger: { kind: 'outside_working_hours' }, conditions: [] }),
    uuid(101),
    0,
  );
  const price = stored(autoReply(), uuid(102), 1);
  const catchAll = stored(autoReply({ name: 'Semua pesan', conditions: [] }), uuid(103), 2);

  it('takes the rules in their screen order (position), not the list’s', () => {
    const found = firstMatchingRule(
      [catchAll, price, greeting],
      contextOf(customerMessage('harga'), { now: mondayEvening }),
    );
    expect(found?.rule.id).toBe(greeting.id);
    const daytime = firstMatchingRule([catchAll, price, greeting], contextOf(customerMessage('harga')));
    expect(daytime?.rule.id).toBe(price.id);
    expect(daytime?.outcome.keyword).toBe('harga');
  });

  it('passes over switched-off rules and rules in their quiet period', () => {
    const off = { ...greeting, enabled: false };
    expect(
      firstMatchingRule([off, price], contextOf(customerMessage('harga'), { now: mondayEvening }))?.rule.id,
    ).toBe(price.id);
    const quiet = contextOf(customerMessage('harga'), {
      now: mondayEvening,
      lastFiredAt: { [greeting.id]: new Date(mondayEvening.getTime() - minutes(10)) },
    });
    expect(firstMatchingRule([greeting, price, catchAll], quiet)?.rule.id).toBe(price.id);
  });

  it('orders equal positions by id, and answers null when no rule fires', () => {
    const a = { ...catchAll, id: uuid(201), position: 5 };
    const b = { ...catchAll, id: uuid(200), position: 5 };
    expect(firstMatchingRule([a, b], contextOf(customerMessage('apa saja')))?.rule.id).toBe(uuid(200));
    expect(firstMatchingRule([price], contextOf(customerMessage('halo')))).toBeNull();
    expect(firstMatchingRule([], contextOf(customerMessage('halo')))).toBeNull();
  });
});

describe('explainRules', () => {
  it('gives each rule’s outcome in order (the try box)', () => {
    const rules = [
      stored(autoReply({ conditions: [] }), uuid(2), 1),
      stored(autoReply({ enabled: false }), uuid(1), 0),
      stored(autoReply({ trigger: { kind: 'new_customer' } }), uuid(3), 2),
    ];
    expect(
      explainRules(rules, contextOf(customerMessage('harga'))).map(({ rule, outcome }) => [
        rule.id,
        reason(outcome),
      ]),
    ).toEqual([
      [uuid(1), 'disabled'],
      [uuid(2), 'fires'],
      [uuid(3), 'trigger_mismatch'],
    ]);
  });
});

describe('rulesToApply', () => {
  it('applies the first rule of each `first` kind and every follow-up, kind by kind', () => {
    const rules = [
      stored(followUp({ name: 'B', trigger: { kind: 'customer_message' } }), uuid(12), 1),
      stored(autoStage({ conditions: [] }), uuid(8), 1),
      stored(autoReply({ conditions: [] }), uuid(2), 1),
      stored(autoReply(), uuid(1), 0),
      stored(followUp({ name: 'A', trigger: { kind: 'customer_message' } }), uuid(11), 0),
      stored(autoStage(), uuid(7), 0),
      stored(autoDivision(), uuid(5), 0),
    ];
    const applied = rulesToApply(rules, contextOf(customerMessage('harga order')));
    expect(applied.map(({ rule }) => rule.id)).toEqual([uuid(1), uuid(7), uuid(11), uuid(12)]);
    expect(applied.every(({ outcome }) => outcome.fires)).toBe(true);
  });

  it('applies nothing to an agent’s message', () => {
    const rules = [
      stored(autoReply({ conditions: [] }), uuid(1)),
      stored(autoStage({ conditions: [] }), uuid(2)),
    ];
    expect(rulesToApply(rules, contextOf(customerMessage('harga', { author: 'agent' })))).toEqual([]);
  });
});

describe('skipLogged', () => {
  it('logs on an event only a rule that was met and still held back', () => {
    const logged = automationSkipReasons.filter((skip) => skipLogged(skip, 'event'));
    expect(logged).toEqual(['chain_limit', 'not_due', 'quiet_period', 'outside_window_needs_template']);
    expect(skipLogged('error', 'event')).toBe(true);
  });

  it("logs a timer's every reason but those that say it was never meant for the event", () => {
    const unlogged = automationSkipReasons.filter((skip) => !skipLogged(skip, 'timer'));
    expect(unlogged).toEqual(['disabled', 'own_message', 'agent_message', 'own_action', 'trigger_mismatch']);
    expect(skipLogged('keyword_mismatch', 'timer')).toBe(true);
  });
});

describe('changesNothing', () => {
  const conversation = { divisionId: uuid(1), stageId: uuid(2), labelIds: [uuid(3), uuid(4)] };

  it('holds when each action sets what the conversation has already', () => {
    expect(
      changesNothing(
        [
          { kind: 'assign_division', divisionId: uuid(1) },
          { kind: 'set_stage', stageId: uuid(2) },
          { kind: 'add_label', labelId: uuid(4) },
        ],
        conversation,
      ),
    ).toBe(true);
  });

  it('fails when one action would change something', () => {
    expect(changesNothing([{ kind: 'assign_division', divisionId: uuid(5) }], conversation)).toBe(false);
    expect(changesNothing([{ kind: 'set_stage', stageId: uuid(5) }], conversation)).toBe(false);
    expect(
      changesNothing(
        [
          { kind: 'assign_division', divisionId: uuid(1) },
          { kind: 'add_label', labelId: uuid(5) },
        ],
        conversation,
      ),
    ).toBe(false);
    expect(
      changesNothing([{ kind: 'set_stage', stageId: uuid(2) }], { ...conversation, stageId: null }),
    ).toBe(false);
  });

  it('fails for no actions, and for a send, an agent or a note, which always act', () => {
    expect(changesNothing([], conversation)).toBe(false);
    expect(
      changesNothing(
        [
          { kind: 'assign_division', divisionId: uuid(1) },
          { kind: 'send_text', text: 'Halo' },
        ],
        conversation,
      ),
    ).toBe(false);
    expect(
      changesNothing(
        [
          {
            kind: 'assign_agent',
            strategy: 'round_robin',
            userIds: [],
            fallbackUserId: null,
            reassignAfterMinutes: null,
          },
        ],
        conversation,
      ),
    ).toBe(false);
    expect(
      changesNothing([{ kind: 'notify', recipients: 'division', userIds: [], text: 'Cek' }], conversation),
    ).toBe(false);
  });
});
