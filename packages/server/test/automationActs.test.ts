/**
 * Automation acts through the act endpoint (issue 18, src/automation/acts.ts): rules of each kind
 * created at the end of their list, checked against the vocabulary and the project's own rows
 * (every problem on its field), kept within `AUTOMATION_RULES_MAX`; edits, switching, deleting
 * (activity kept, follow-ups cancelled) and ordering; the try box on drafts, stored rules and a
 * kind's list; the activity log per rule and per customer; each kind behind its own permission
 * node; other projects' rules out of reach; and the announcements to the members who may view
 * the kind.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  automationActivity,
  automationFired,
  automationRules,
  automationTimers,
  followUpRuns,
} from '../src/db/schema.ts';
import type { TemplateRow } from '../src/db/schema.ts';
import { audienceRooms, memberRooms } from '../src/realtime/rooms.ts';
import { maskPhone } from '../src/otp/maskPhone.ts';
import { AUTOMATION_RULES_MAX, templatePermissions, translate } from '../src/sdk.ts';
import type {
  AutomationActivity,
  AutomationRuleView,
  AutomationTryResult,
  ConversationSummary,
  Division,
  Label,
  PermissionKey,
  Stage,
} from '../src/sdk.ts';
import { addMember, dataOf, inboxProject, reasonOf, uploadPng } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { customerWrote, orderUpdate, projectIdOf, storedTemplate } from './support/outreach.ts';
import { recordPublished } from './support/published.ts';
import type { PublishedLog } from './support/published.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';

let server: TestServer;
let published: PublishedLog;
beforeAll(async () => {
  server = await startTestServer();
  published = recordPublished(server);
});
afterAll(async () => {
  published.stop();
  await server.close();
});
beforeEach(() => published.clear());

const db = () => server.app.sapa.services.db;

/** A member who manages auto-replies only (`crm.auto_replay.*`). */
const REPLY_ADMIN: PermissionKey[] = [
  'crm.menu',
  'crm.auto_replay.menu',
  'crm.auto_replay.view',
  'crm.auto_replay.add',
  'crm.auto_replay.edit',
  'crm.auto_replay.hapus',
];

/** The order update's values: the customer's name (or "Kak"), a fixed order number, the same link. */
const ORDER_VALUES = {
  body: [
    { source: 'name', value: '', fallback: 'Kak' },
    { source: 'fixed', value: 'INV-7', fallback: '' },
  ],
  buttonUrl: { source: 'fixed', value: 'INV-7', fallback: '' },
};

/** Monday 9 March 2026 in Jakarta (the default hours: Monday to Friday 09:00–17:00). */
const MONDAY_10 = '2026-03-09T10:00:00+07:00';
const MONDAY_20 = '2026-03-09T20:00:00+07:00';
const FRIDAY_16 = '2026-03-13T16:00:00+07:00';

interface World {
  setup: InboxProject;
  key: string;
  token: string;
  projectId: string;
  label: Label;
  stage: Stage;
  division: Division;
  /** A file of the project's gallery. */
  media: string;
  template: TemplateRow;
}

/** A project with a number, a label, a stage, a division, a gallery file and an approved template. */
async function world(): Promise<World> {
  const setup = await inboxProject(server);
  const { token } = setup.owner;
  const key = setup.project.key;
  const label = dataOf<Label>(
    await server.act('label_create', { token, key, name: 'VIP', color: '#daa520' }),
  );
  const stage = dataOf<Stage>(
    await server.act('stage_create', { token, key, name: 'Bayar', color: '#00aa00' }),
  );
  const division = dataOf<Division>(
    await server.act('division_create', { token, key, name: 'Sales', color: '#0000aa' }),
  );
  const media = await uploadPng(server, setup);
  dataOf(await server.act('gallery_add', { token, key, ids: [media] }));
  const template = await storedTemplate(server, setup, orderUpdate(), { funds: 0 });
  return {
    setup,
    key,
    token,
    projectId: await projectIdOf(server, key),
    label,
    stage,
    division,
    media,
    template,
  };
}

const autoReply = (w: World, fields: Record<string, unknown> = {}) => ({
  kind: 'auto_reply',
  name: 'Harga',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [
    { kind: 'keyword', mode: 'contains', keywords: ['harga'] },
    { kind: 'label', labelIds: [w.label.id] },
  ],
  actions: [
    { kind: 'send_text', text: 'Harga mulai Rp50.000, kak {nama}.' },
    { kind: 'add_label', labelId: w.label.id },
  ],
  quietPeriodMinutes: 60,
  ...fields,
});

const autoDivision = (w: World) => ({
  kind: 'auto_division',
  name: 'Harga ke Sales',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'account', accountIds: [w.setup.account.id] }],
  actions: [
    { kind: 'assign_division', divisionId: w.division.id },
    {
      kind: 'assign_agent',
      strategy: 'round_robin',
      userIds: [w.setup.owner.userId],
      fallbackUserId: null,
      reassignAfterMinutes: 10,
    },
    { kind: 'notify', recipients: 'members', userIds: [w.setup.owner.userId], text: 'Ada yang tanya harga' },
  ],
});

const autoStage = (w: World) => ({
  kind: 'auto_stage',
  name: 'Sudah transfer',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['transfer'] }],
  actions: [{ kind: 'set_stage', stageId: w.stage.id }],
});

const followUp = (w: World, fields: Record<string, unknown> = {}) => ({
  kind: 'follow_up',
  name: 'Penawaran',
  enabled: true,
  trigger: { kind: 'stage_entered', stageId: w.stage.id },
  conditions: [],
  steps: [
    {
      delay: { amount: 2, unit: 'hours' },
      message: { kind: 'send_media', galleryItemId: w.media, caption: 'Katalog kami' },
    },
    {
      delay: { amount: 1, unit: 'days' },
      message: { kind: 'send_template', templateId: w.template.id, values: ORDER_VALUES },
    },
  ],
  ...fields,
});

async function create(w: World, rule: unknown, token = w.token): Promise<AutomationRuleView> {
  return dataOf<AutomationRuleView>(await server.act('automation_rule_create', { token, key: w.key, rule }));
}

function errorsOf(answer: ApiAnswer): Record<string, string> {
  expect(reasonOf(answer)).toBe('invalid_input');
  return (answer.body.errors ?? {}) as Record<string, string>;
}

async function rulesIn(projectId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(automationRules)
    .where(eq(automationRules.projectId, projectId));
  return row?.n ?? 0;
}

/** The automation events published for the project, as `[event, audience kind, id]`. */
function announced(key: string): [string, string, string][] {
  return published.all
    .filter((item) => 'automation' in item.audience && item.audience.automation === key)
    .map((item) => {
      const payload = item.payload as { rule?: { id: string }; ruleId?: string };
      const kind = 'kind' in item.audience ? item.audience.kind : '';
      return [item.event, kind, payload.rule?.id ?? payload.ruleId ?? ''];
    });
}

/** A customer who wrote in on the world's number. */
async function customerOf(w: World, name: string): Promise<ConversationSummary> {
  const conversation = await customerWrote(server, w.setup, { name });
  server.clock.advance(1_000);
  return conversation;
}

/** A line of the activity log, stored as the engine will store it. */
async function logLine(
  w: World,
  rule: AutomationRuleView,
  conversation: ConversationSummary,
  fields: Partial<typeof automationActivity.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await db()
    .insert(automationActivity)
    .values({
      id,
      projectId: w.projectId,
      ruleId: rule.id,
      ruleName: rule.name,
      kind: rule.kind,
      customerId: conversation.customer.id,
      conversationId: conversation.id,
      event: 'message',
      outcome: 'fired',
      actions: [{ kind: 'send_text', status: 'done', reason: null, targetId: null }],
      eventKey: `test:${id}`,
      at: server.clock.now(),
      ...fields,
    });
  return id;
}

/** A follow-up run of `rule` for the conversation's customer, `state` as given. */
async function runOf(
  w: World,
  rule: AutomationRuleView,
  conversation: ConversationSummary,
  state: 'pending' | 'done',
): Promise<string> {
  const id = randomUUID();
  const now = server.clock.now();
  await db()
    .insert(followUpRuns)
    .values({
      id,
      projectId: w.projectId,
      ruleId: rule.id,
      ruleVersion: 1,
      customerId: conversation.customer.id,
      conversationId: conversation.id,
      anchor: 'stage_entered',
      anchorAt: now,
      stageId: w.stage.id,
      nextStep: state === 'pending' ? 1 : 2,
      scheduledAt: now,
      dueAt: state === 'pending' ? new Date(now.getTime() + 3_600_000) : null,
      state,
      startedAt: now,
      updatedAt: now,
      endedAt: state === 'pending' ? null : now,
    });
  return id;
}

async function runRow(id: string) {
  const [row] = await db().select().from(followUpRuns).where(eq(followUpRuns.id, id));
  return row;
}

describe('automation_rule_create', () => {
  it('stores a rule of each kind at the end of its list, answers it as its screen lists it, and announces it', async () => {
    const w = await world();
    const first = await create(w, autoReply(w));
    const second = await create(
      w,
      autoReply(w, { name: 'Salam malam', trigger: { kind: 'outside_working_hours' } }),
    );
    const division = await create(w, autoDivision(w));
    const stage = await create(w, autoStage(w));
    const sequence = await create(w, followUp(w));
    expect(first).toMatchObject({
      ...autoReply(w),
      id: expect.any(String),
      position: 0,
      createdBy: { id: w.setup.owner.userId, name: 'Budi Santoso' },
      updatedBy: { id: w.setup.owner.userId, name: 'Budi Santoso' },
      lastFiredAt: null,
      runningFollowUps: 0,
    });
    expect(second.position).toBe(1);
    expect([division.position, stage.position, sequence.position]).toEqual([0, 0, 0]);
    expect(division).toMatchObject(autoDivision(w));
    expect(stage).toMatchObject(autoStage(w));
    expect(sequence).toMatchObject(followUp(w));
    expect(sequence).not.toHaveProperty('actions');
    // Stored by kind: steps only for a follow-up, a quiet period only for an auto-reply.
    const [row] = await db().select().from(automationRules).where(eq(automationRules.id, sequence.id));
    expect(row).toMatchObject({ actions: [], quietPeriodMinutes: null, version: 1 });
    expect(row?.steps).toHaveLength(2);
    expect(announced(w.key)).toEqual([
      ['automation.rule.updated', 'auto_reply', first.id],
      ['automation.rule.updated', 'auto_reply', second.id],
      ['automation.rule.updated', 'auto_division', division.id],
      ['automation.rule.updated', 'auto_stage', stage.id],
      ['automation.rule.updated', 'follow_up', sequence.id],
    ]);
  });

  it("answers the vocabulary's problems on their fields, in the caller's language, storing nothing", async () => {
    const w = await world();
    const rule = autoReply(w, {
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['Harga', 'harga!'] }],
      actions: [
        { kind: 'send_text', text: 'Halo' },
        { kind: 'set_stage', stageId: w.stage.id },
      ],
    });
    const errors = errorsOf(await server.act('automation_rule_create', { token: w.token, key: w.key, rule }));
    expect(errors).toEqual({
      'rule.conditions.0.keywords.1': 'Sudah ada di daftar ini.',
      'rule.actions.1.kind': 'Tidak tersedia untuk jenis aturan ini.',
    });
    const late = followUp(w, {
      steps: [{ delay: { amount: 91, unit: 'days' }, message: { kind: 'send_text', text: 'Halo' } }],
    });
    const input = { token: w.token, key: w.key, rule: late };
    expect(errorsOf(await server.act('automation_rule_create', input))).toEqual({
      'rule.steps.0.delay.amount': 'Paling lama 90 hari.',
    });
    expect(errorsOf(await server.act('automation_rule_create', input, { 'accept-language': 'en' }))).toEqual({
      'rule.steps.0.delay.amount': 'At most 90 days.',
    });
    expect(await rulesIn(w.projectId)).toBe(0);
  });

  it("answers every id that is not the project's on its field, and a template's values, storing nothing", async () => {
    const w = await world();
    const other = await world();
    const stranger = await addMember(server, other.setup.project, REPLY_ADMIN);
    const upload = await uploadPng(server, w.setup);
    const notFound = translate('id', 'field.automation_not_in_project');
    const rule = {
      kind: 'auto_division',
      name: 'Salah semua',
      enabled: true,
      trigger: { kind: 'label_added', labelId: other.label.id },
      conditions: [
        { kind: 'label', labelIds: [w.label.id, other.label.id] },
        { kind: 'account', accountIds: [other.setup.account.id] },
      ],
      actions: [
        { kind: 'assign_division', divisionId: other.division.id },
        {
          kind: 'assign_agent',
          strategy: 'fewest_open',
          userIds: [w.setup.owner.userId, stranger.userId],
          fallbackUserId: null,
          reassignAfterMinutes: null,
        },
      ],
    };
    const errors = errorsOf(await server.act('automation_rule_create', { token: w.token, key: w.key, rule }));
    expect(errors).toEqual({
      'rule.trigger.labelId': notFound,
      'rule.conditions.0.labelIds.1': notFound,
      'rule.conditions.1.accountIds.0': notFound,
      'rule.actions.0.divisionId': notFound,
      'rule.actions.1.userIds.1': translate('id', 'field.automation_not_member'),
    });
    const sends = followUp(w, {
      trigger: { kind: 'stage_entered', stageId: other.stage.id },
      steps: [
        {
          delay: { amount: 1, unit: 'hours' },
          message: { kind: 'send_media', galleryItemId: upload, caption: '' },
        },
        {
          delay: { amount: 2, unit: 'hours' },
          message: { kind: 'send_template', templateId: other.template.id, values: ORDER_VALUES },
        },
        {
          delay: { amount: 3, unit: 'hours' },
          message: { kind: 'send_template', templateId: w.template.id, values: { body: [] } },
        },
      ],
    });
    const problems = errorsOf(
      await server.act('automation_rule_create', { token: w.token, key: w.key, rule: sends }),
    );
    expect(problems).toMatchObject({
      'rule.trigger.stageId': notFound,
      'rule.steps.0.message.galleryItemId': translate('id', 'field.automation_not_in_gallery'),
      'rule.steps.1.message.templateId': notFound,
    });
    expect(Object.keys(problems).some((field) => field.startsWith('rule.steps.2.message.values.'))).toBe(
      true,
    );
    expect(await rulesIn(w.projectId)).toBe(0);
  });

  it(`keeps at most ${AUTOMATION_RULES_MAX} rules in a project, whatever their kinds`, async () => {
    const w = await world();
    const now = server.clock.now();
    await db()
      .insert(automationRules)
      .values(
        Array.from({ length: AUTOMATION_RULES_MAX - 1 }, (_, index) => ({
          id: randomUUID(),
          projectId: w.projectId,
          kind: 'auto_stage' as const,
          name: `Tahap ${index}`,
          position: index,
          trigger: { kind: 'customer_message' as const },
          actions: [{ kind: 'set_stage' as const, stageId: w.stage.id }],
          createdAt: now,
          updatedAt: now,
        })),
      );
    // Two at once for the last place (two server processes, say): one gets it.
    const input = { token: w.token, key: w.key, rule: autoReply(w) };
    const answers = await Promise.all([
      server.act('automation_rule_create', input),
      server.act('automation_rule_create', input),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual(['0', '1']);
    const full = answers.find((answer) => answer.body.code === '0') as ApiAnswer;
    expect(reasonOf(full)).toBe('conflict');
    expect(full.body.msg).toBe(translate('id', 'error.automation_rules_max', { max: AUTOMATION_RULES_MAX }));
    expect(await rulesIn(w.projectId)).toBe(AUTOMATION_RULES_MAX);
    // Another project is not held back.
    const other = await world();
    expect((await create(other, autoReply(other))).position).toBe(0);
  });
});

describe('automation_rule_update', () => {
  it('replaces a rule, or switches it, growing its version and saying who changed it', async () => {
    const w = await world();
    const rule = await create(w, autoReply(w));
    const editor = await addMember(server, w.setup.project, REPLY_ADMIN);
    published.clear();
    const replaced = dataOf<AutomationRuleView>(
      await server.act('automation_rule_update', {
        token: editor.token,
        key: w.key,
        id: rule.id,
        rule: autoReply(w, { name: 'Harga grosir', conditions: [], quietPeriodMinutes: 120 }),
      }),
    );
    expect(replaced).toMatchObject({
      id: rule.id,
      name: 'Harga grosir',
      conditions: [],
      quietPeriodMinutes: 120,
      position: 0,
      createdBy: { id: w.setup.owner.userId },
      updatedBy: { id: editor.userId },
    });
    const off = dataOf<AutomationRuleView>(
      await server.act('automation_rule_update', { token: w.token, key: w.key, id: rule.id, enabled: false }),
    );
    expect(off).toMatchObject({ enabled: false, name: 'Harga grosir', quietPeriodMinutes: 120 });
    // Nothing to change: answered as it is.
    const same = dataOf<AutomationRuleView>(
      await server.act('automation_rule_update', { token: w.token, key: w.key, id: rule.id }),
    );
    expect(same).toEqual(off);
    const [row] = await db().select().from(automationRules).where(eq(automationRules.id, rule.id));
    expect(row?.version).toBe(3);
    expect(announced(w.key)).toEqual([
      ['automation.rule.updated', 'auto_reply', rule.id],
      ['automation.rule.updated', 'auto_reply', rule.id],
    ]);
  });

  it("refuses to change a rule's kind, and checks a replacement as a create does", async () => {
    const w = await world();
    const rule = await create(w, autoReply(w));
    const other = await world();
    const kind = await server.act('automation_rule_update', {
      token: w.token,
      key: w.key,
      id: rule.id,
      rule: autoStage(w),
    });
    expect(errorsOf(kind)).toEqual({ 'rule.kind': translate('id', 'field.automation_kind_fixed') });
    const foreign = await server.act('automation_rule_update', {
      token: w.token,
      key: w.key,
      id: rule.id,
      rule: autoReply(w, {
        actions: [
          { kind: 'send_text', text: 'Halo' },
          { kind: 'add_label', labelId: other.label.id },
        ],
      }),
    });
    expect(errorsOf(foreign)).toEqual({
      'rule.actions.1.labelId': translate('id', 'field.automation_not_in_project'),
    });
    expect(
      dataOf<AutomationRuleView>(
        await server.act('automation_rule_get', { token: w.token, key: w.key, id: rule.id }),
      ),
    ).toEqual(rule);
  });

  it('stops the runs under way of a follow-up switched off, and leaves finished ones', async () => {
    const w = await world();
    const rule = await create(w, followUp(w));
    const conversation = await customerOf(w, 'Sari Dewi');
    const pending = await runOf(w, rule, conversation, 'pending');
    const done = await runOf(w, rule, await customerOf(w, 'Budi Hartono'), 'done');
    expect(
      dataOf<AutomationRuleView>(
        await server.act('automation_rule_get', { token: w.token, key: w.key, id: rule.id }),
      ).runningFollowUps,
    ).toBe(1);
    const off = dataOf<AutomationRuleView>(
      await server.act('automation_rule_update', { token: w.token, key: w.key, id: rule.id, enabled: false }),
    );
    expect(off.runningFollowUps).toBe(0);
    expect(await runRow(pending)).toMatchObject({ state: 'stopped', reason: 'rule_disabled', jobId: null });
    expect(await runRow(done)).toMatchObject({ state: 'done', reason: null });
  });
});

describe('automation_rule_delete', () => {
  it('deletes a rule: the rules after it move up, its activity stays, its runs are cancelled', async () => {
    const w = await world();
    const a = await create(w, autoReply(w, { name: 'A' }));
    const b = await create(w, autoReply(w, { name: 'B' }));
    const c = await create(w, autoReply(w, { name: 'C' }));
    const sequence = await create(w, followUp(w));
    const conversation = await customerOf(w, 'Sari Dewi');
    const line = await logLine(w, sequence, conversation, { event: 'stage_entered' });
    const pending = await runOf(w, sequence, conversation, 'pending');
    const now = server.clock.now();
    await db()
      .insert(automationTimers)
      .values({
        id: randomUUID(),
        projectId: w.projectId,
        ruleId: sequence.id,
        conversationId: conversation.id,
        kind: 'no_customer_reply',
        since: now,
        dueAt: new Date(now.getTime() + 60_000),
        createdAt: now,
      });
    await db()
      .insert(automationFired)
      .values({ ruleId: sequence.id, conversationId: conversation.id, lastFiredAt: now });
    published.clear();

    expect(
      dataOf(await server.act('automation_rule_delete', { token: w.token, key: w.key, id: sequence.id })),
    ).toEqual({ id: sequence.id });
    expect(
      dataOf(await server.act('automation_rule_delete', { token: w.token, key: w.key, id: a.id })),
    ).toEqual({
      id: a.id,
    });
    const list = dataOf<AutomationRuleView[]>(
      await server.act('automation_rule_list', { token: w.token, key: w.key, kind: 'auto_reply' }),
    );
    expect(list.map((rule) => [rule.id, rule.position])).toEqual([
      [b.id, 0],
      [c.id, 1],
    ]);
    expect(
      reasonOf(await server.act('automation_rule_get', { token: w.token, key: w.key, id: sequence.id })),
    ).toBe('not_found');
    // Its activity stays, with its name; its run is cancelled (kept for the customer panel).
    const [kept] = await db().select().from(automationActivity).where(eq(automationActivity.id, line));
    expect(kept).toMatchObject({ ruleId: null, ruleName: 'Penawaran', kind: 'follow_up' });
    expect(await runRow(pending)).toMatchObject({ state: 'cancelled', reason: 'rule_deleted', ruleId: null });
    expect(
      await db().select().from(automationTimers).where(eq(automationTimers.conversationId, conversation.id)),
    ).toEqual([]);
    expect(
      await db().select().from(automationFired).where(eq(automationFired.conversationId, conversation.id)),
    ).toEqual([]);
    expect(announced(w.key)).toEqual([
      ['automation.rule.deleted', 'follow_up', sequence.id],
      ['automation.rule.deleted', 'auto_reply', a.id],
    ]);
    expect(published.of('automation.rule.deleted')[0]).toEqual({
      key: w.key,
      kind: 'follow_up',
      ruleId: sequence.id,
    });
  });
});

describe('automation_rule_reorder and automation_rule_list', () => {
  it('gives rules created at once places of their own', async () => {
    const w = await world();
    const made = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) =>
        server.act('automation_rule_create', { token: w.token, key: w.key, rule: autoReply(w, { name }) }),
      ),
    );
    const positions = made.map((answer) => dataOf<AutomationRuleView>(answer).position);
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });

  it("orders a kind's rules, announcing those that moved", async () => {
    const w = await world();
    const a = await create(w, autoReply(w, { name: 'A' }));
    const b = await create(w, autoReply(w, { name: 'B' }));
    const c = await create(w, autoReply(w, { name: 'C' }));
    published.clear();
    const order = (ids: string[]) =>
      server.act('automation_rule_reorder', { token: w.token, key: w.key, kind: 'auto_reply', ids });
    const first = dataOf<AutomationRuleView[]>(await order([c.id, a.id, b.id]));
    expect(first.map((rule) => [rule.name, rule.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    published.clear();
    dataOf(await order([c.id, b.id, a.id]));
    expect(
      announced(w.key)
        .map(([, , id]) => id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    published.clear();

    // An id not of the kind's rules, one given twice, one left out: nothing changes.
    const sequence = await create(w, followUp(w));
    published.clear();
    expect(reasonOf(await order([c.id, b.id, sequence.id]))).toBe('not_found');
    expect(errorsOf(await order([c.id, b.id, b.id]))).toEqual({
      ids: translate('id', 'automation.rule.duplicate'),
    });
    const stale = await order([c.id, b.id]);
    expect(reasonOf(stale)).toBe('conflict');
    expect(stale.body.msg).toBe(translate('id', 'error.automation_order_stale'));
    const list = dataOf<AutomationRuleView[]>(
      await server.act('automation_rule_list', { token: w.token, key: w.key, kind: 'auto_reply' }),
    );
    expect(list.map((rule) => rule.name)).toEqual(['C', 'B', 'A']);
    // The last of the kind says so (its Down is off), whatever the other kinds hold.
    expect(list.map((rule) => rule.last)).toEqual([false, false, true]);
    expect(announced(w.key)).toEqual([]);
  });

  it("lists a kind's rules in order, 10 a page or all at once, searched by name", async () => {
    const w = await world();
    const names = [
      'Promo Ramadan',
      'Harga',
      'Promo Lebaran',
      ...Array.from({ length: 9 }, (_, i) => `Salam ${i}`),
    ];
    for (const name of names) await create(w, autoReply(w, { name }));
    await create(w, followUp(w));
    const list = (fields: Record<string, unknown>) =>
      server.act('automation_rule_list', { token: w.token, key: w.key, kind: 'auto_reply', ...fields });
    const first = await list({});
    expect((first.body.data as AutomationRuleView[]).map((rule) => rule.name)).toEqual(names.slice(0, 10));
    expect(first.body.total_page).toBe(2);
    const second = await list({ page: 1 });
    expect((second.body.data as AutomationRuleView[]).map((rule) => rule.position)).toEqual([10, 11]);
    expect((second.body.data as AutomationRuleView[]).map((rule) => rule.last)).toEqual([false, true]);
    // Searched, the last shown is not the kind's last.
    const searched = await list({ search: 'promo' });
    expect((searched.body.data as AutomationRuleView[]).map((rule) => rule.last)).toEqual([false, false]);
    const all = await list({ all: true });
    expect(all.body.data).toHaveLength(12);
    expect(all.body.total_page).toBe(1);
    const promo = await list({ search: 'promo' });
    expect((promo.body.data as AutomationRuleView[]).map((rule) => rule.name)).toEqual([
      'Promo Ramadan',
      'Promo Lebaran',
    ]);
    const sequences = dataOf<AutomationRuleView[]>(
      await server.act('automation_rule_list', { token: w.token, key: w.key, kind: 'follow_up' }),
    );
    expect(sequences.map((rule) => rule.name)).toEqual(['Penawaran']);
  });
});

describe('automation_rule_try', () => {
  const attempt = (w: World, fields: Record<string, unknown>) =>
    server.act('automation_rule_try', { token: w.token, key: w.key, ...fields });

  it('judges a draft on a sample: what it would do, or why not, sending and storing nothing', async () => {
    const w = await world();
    const draft = autoReply(w);
    const fires = dataOf<AutomationTryResult>(
      await attempt(w, {
        rule: draft,
        sample: { text: 'Berapa HARGANYA kak?', at: MONDAY_10, conversation: { labelIds: [w.label.id] } },
      }),
    );
    expect(fires).toEqual({
      at: new Date(MONDAY_10).toISOString(),
      timeZone: 'Asia/Jakarta',
      open: true,
      rules: [
        {
          id: null,
          name: 'Harga',
          kind: 'auto_reply',
          outcome: { fires: true, actions: draft.actions, keyword: 'harga' },
          applies: true,
          schedule: null,
        },
      ],
    });
    const unlabelled = dataOf<AutomationTryResult>(
      await attempt(w, { rule: draft, sample: { text: 'harga?', at: MONDAY_10 } }),
    );
    expect(unlabelled.rules[0]).toMatchObject({
      outcome: { fires: false, reason: 'label_mismatch' },
      applies: false,
    });
    expect(await rulesIn(w.projectId)).toBe(0);
    expect(
      await db().select().from(automationActivity).where(eq(automationActivity.projectId, w.projectId)),
    ).toEqual([]);
  });

  it("judges a stored rule in the project's time zone and working hours", async () => {
    const w = await world();
    const greeting = await create(
      w,
      autoReply(w, { name: 'Salam malam', trigger: { kind: 'outside_working_hours' }, conditions: [] }),
    );
    const evening = dataOf<AutomationTryResult>(
      await attempt(w, { id: greeting.id, sample: { text: 'halo', at: MONDAY_20 } }),
    );
    expect(evening).toMatchObject({
      open: false,
      rules: [{ id: greeting.id, applies: true, outcome: { fires: true } }],
    });
    const morning = dataOf<AutomationTryResult>(
      await attempt(w, { id: greeting.id, sample: { text: 'halo', at: MONDAY_10 } }),
    );
    expect(morning).toMatchObject({
      open: true,
      rules: [{ outcome: { fires: false, reason: 'inside_working_hours' }, applies: false }],
    });
  });

  it("judges a kind's rules in order: only the first that fires applies to a first-only kind", async () => {
    const w = await world();
    const off = await create(w, autoReply(w, { name: 'Mati', enabled: false, conditions: [] }));
    const first = await create(w, autoReply(w, { name: 'Pertama', conditions: [] }));
    const second = await create(w, autoReply(w, { name: 'Kedua', conditions: [] }));
    const result = dataOf<AutomationTryResult>(
      await attempt(w, { kind: 'auto_reply', sample: { text: 'harga', at: MONDAY_10 } }),
    );
    expect(result.rules.map((rule) => [rule.id, rule.outcome.fires, rule.applies])).toEqual([
      [off.id, false, false],
      [first.id, true, true],
      [second.id, true, false],
    ]);
    expect(result.rules[0]?.outcome).toEqual({ fires: false, reason: 'disabled' });
  });

  it("shows when a follow-up's steps would be due, moved into working hours", async () => {
    const w = await world();
    const draft = followUp(w, { trigger: { kind: 'customer_message' } });
    const monday = dataOf<AutomationTryResult>(
      await attempt(w, { rule: draft, sample: { text: 'ok', at: MONDAY_10 } }),
    );
    expect(monday.rules[0]?.schedule).toEqual([
      { index: 0, dueAt: new Date('2026-03-09T12:00:00+07:00').toISOString() },
      { index: 1, dueAt: new Date('2026-03-10T10:00:00+07:00').toISOString() },
    ]);
    // Friday 18:00 is closed: the first step waits for Monday 09:00.
    const friday = dataOf<AutomationTryResult>(
      await attempt(w, { rule: draft, sample: { text: 'ok', at: FRIDAY_16 } }),
    );
    expect(friday.rules[0]?.schedule?.[0]).toEqual({
      index: 0,
      dueAt: new Date('2026-03-16T09:00:00+07:00').toISOString(),
    });
  });

  it('needs exactly one of a stored rule, a draft and a kind', async () => {
    const w = await world();
    const rule = await create(w, autoReply(w));
    const text = translate('id', 'field.automation_try_target');
    expect(errorsOf(await attempt(w, { sample: { text: 'harga' } }))).toEqual({ _: text });
    expect(
      errorsOf(await attempt(w, { id: rule.id, kind: 'auto_reply', sample: { text: 'harga' } })),
    ).toEqual({
      _: text,
    });
  });
});

describe('automation_activity_list', () => {
  it('answers what the rules did, newest first, per rule, per customer and per outcome', async () => {
    const w = await world();
    // The customers write before the rules exist: the engine logs nothing of its own here.
    const sari = await customerOf(w, 'Sari Dewi');
    const budi = await customerOf(w, 'Budi Hartono');
    const reply = await create(w, autoReply(w));
    const sequence = await create(w, followUp(w));
    const lines: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      lines.push(
        await logLine(w, reply, i % 2 === 0 ? sari : budi, {
          keyword: 'harga',
          ...(i === 11 ? { outcome: 'skipped', reason: 'quiet_period', actions: [] } : {}),
        }),
      );
      server.clock.advance(60_000);
    }
    const step = await logLine(w, sequence, sari, { event: 'follow_up_step', step: 0 });
    const list = (fields: Record<string, unknown>) =>
      server.act('automation_activity_list', { token: w.token, key: w.key, ...fields });

    const byRule = await list({ ruleId: reply.id });
    expect((byRule.body.data as AutomationActivity[]).map((line) => line.id)).toEqual(
      lines.slice(2).reverse(),
    );
    expect(byRule.body.total_page).toBe(2);
    const older = await list({ ruleId: reply.id, page: 1 });
    expect((older.body.data as AutomationActivity[]).map((line) => line.id)).toEqual([lines[1], lines[0]]);
    const [newest] = byRule.body.data as AutomationActivity[];
    expect(newest).toEqual({
      id: lines[11],
      rule: { id: reply.id, name: 'Harga', kind: 'auto_reply' },
      customer: { id: budi.customer.id, name: 'Budi Hartono', phone: budi.customer.phone },
      conversationId: budi.id,
      messageId: null,
      event: 'message',
      outcome: 'skipped',
      reason: 'quiet_period',
      keyword: 'harga',
      step: null,
      actions: [],
      at: expect.any(String),
    });
    const bySari = dataOf<AutomationActivity[]>(await list({ customerId: sari.customer.id }));
    expect(bySari.map((line) => line.id)).toEqual([
      step,
      lines[10],
      lines[8],
      lines[6],
      lines[4],
      lines[2],
      lines[0],
    ]);
    const skipped = dataOf<AutomationActivity[]>(await list({ outcome: 'skipped' }));
    expect(skipped.map((line) => line.id)).toEqual([lines[11]]);
    const sequences = dataOf<AutomationActivity[]>(await list({ kind: 'follow_up' }));
    expect(sequences.map((line) => [line.id, line.event, line.step])).toEqual([[step, 'follow_up_step', 0]]);
    // A rule that fired says when it last did.
    expect(
      dataOf<AutomationRuleView>(
        await server.act('automation_rule_get', { token: w.token, key: w.key, id: reply.id }),
      ).lastFiredAt,
    ).toBe((bySari[1] as AutomationActivity).at);
  });

  it('shows a member only the kinds they may view, phones masked without the contact detail', async () => {
    const w = await world();
    const sari = await customerOf(w, 'Sari Dewi');
    const reply = await create(w, autoReply(w));
    const sequence = await create(w, followUp(w));
    const replyLine = await logLine(w, reply, sari);
    await logLine(w, sequence, sari, { event: 'follow_up_step', step: 0 });
    const member = await addMember(server, w.setup.project, REPLY_ADMIN);
    const list = (fields: Record<string, unknown>) =>
      server.act('automation_activity_list', { token: member.token, key: w.key, ...fields });
    const seen = dataOf<AutomationActivity[]>(await list({ customerId: sari.customer.id }));
    expect(seen.map((line) => line.id)).toEqual([replyLine]);
    expect(seen[0]?.customer.phone).toBe(maskPhone(sari.customer.phone));
    expect(reasonOf(await list({ ruleId: sequence.id }))).toBe('forbidden');
    expect(reasonOf(await list({ kind: 'follow_up' }))).toBe('forbidden');
  });

  it("answers not_found for another project's rule or customer", async () => {
    const w = await world();
    const other = await world();
    const theirs = await create(other, autoReply(other));
    const stranger = await customerOf(other, 'Joko Susilo');
    await logLine(other, theirs, stranger);
    const list = (fields: Record<string, unknown>) =>
      server.act('automation_activity_list', { token: w.token, key: w.key, ...fields });
    expect(reasonOf(await list({ ruleId: theirs.id }))).toBe('not_found');
    expect(reasonOf(await list({ customerId: stranger.customer.id }))).toBe('not_found');
    expect(dataOf<AutomationActivity[]>(await list({}))).toEqual([]);
  });
});

describe('permissions per kind', () => {
  it('lets a member who manages auto-replies do so, and refuses them every other kind', async () => {
    const w = await world();
    const member = await addMember(server, w.setup.project, REPLY_ADMIN);
    const mine = await create(w, autoReply(w), member.token);
    const sequence = await create(w, followUp(w));
    const call = (act: string, fields: Record<string, unknown>) =>
      server.act(act, { token: member.token, key: w.key, ...fields });
    const sample = { text: 'harga' };
    expect(
      dataOf<AutomationRuleView[]>(await call('automation_rule_list', { kind: 'auto_reply' })),
    ).toHaveLength(1);
    dataOf(await call('automation_rule_update', { id: mine.id, enabled: false }));
    dataOf(await call('automation_rule_try', { id: mine.id, sample }));
    const refused: [string, Record<string, unknown>][] = [
      ['automation_rule_list', { kind: 'follow_up' }],
      ['automation_rule_get', { id: sequence.id }],
      ['automation_rule_create', { rule: followUp(w) }],
      ['automation_rule_update', { id: sequence.id, enabled: false }],
      ['automation_rule_reorder', { kind: 'follow_up', ids: [sequence.id] }],
      ['automation_rule_delete', { id: sequence.id }],
      ['automation_rule_try', { id: sequence.id, sample }],
      ['automation_rule_try', { rule: followUp(w), sample }],
      ['automation_rule_try', { kind: 'follow_up', sample }],
    ];
    for (const [act, fields] of refused) expect(reasonOf(await call(act, fields)), act).toBe('forbidden');
    dataOf(await call('automation_rule_delete', { id: mine.id }));
    // The follow-up is as it was.
    expect(
      dataOf<AutomationRuleView>(
        await server.act('automation_rule_get', { token: w.token, key: w.key, id: sequence.id }),
      ),
    ).toEqual(sequence);
  });

  it('puts auto-division under the divisions node, and refuses a member who may only view', async () => {
    const w = await world();
    const divisions = await addMember(server, w.setup.project, [
      'crm.menu',
      'crm.divisi.menu',
      'crm.divisi.view',
      'crm.divisi.add',
    ]);
    expect((await create(w, autoDivision(w), divisions.token)).kind).toBe('auto_division');
    const reply = await create(w, autoReply(w));
    const viewer = await addMember(server, w.setup.project, [
      'crm.menu',
      'crm.auto_replay.menu',
      'crm.auto_replay.view',
    ]);
    const call = (act: string, fields: Record<string, unknown>) =>
      server.act(act, { token: viewer.token, key: w.key, ...fields });
    expect(dataOf<AutomationRuleView>(await call('automation_rule_get', { id: reply.id })).id).toBe(reply.id);
    expect(reasonOf(await call('automation_rule_create', { rule: autoReply(w) }))).toBe('forbidden');
    expect(reasonOf(await call('automation_rule_update', { id: reply.id, enabled: false }))).toBe(
      'forbidden',
    );
    expect(reasonOf(await call('automation_rule_delete', { id: reply.id }))).toBe('forbidden');
    const agent = await addMember(server, w.setup.project, templatePermissions('agent'));
    expect(
      reasonOf(
        await server.act('automation_rule_list', { token: agent.token, key: w.key, kind: 'auto_reply' }),
      ),
    ).toBe('forbidden');
  });
});

describe('tenant isolation', () => {
  it("answers not_found for another project's rule, and changes nothing of it", async () => {
    const w = await world();
    const other = await world();
    const theirs = await create(other, autoReply(other));
    const call = (act: string, fields: Record<string, unknown>) =>
      server.act(act, { token: w.token, key: w.key, ...fields });
    for (const [act, fields] of [
      ['automation_rule_get', { id: theirs.id }],
      ['automation_rule_update', { id: theirs.id, enabled: false }],
      ['automation_rule_delete', { id: theirs.id }],
      ['automation_rule_try', { id: theirs.id, sample: { text: 'harga' } }],
      ['automation_rule_reorder', { kind: 'auto_reply', ids: [theirs.id] }],
    ] as const) {
      expect(reasonOf(await call(act, fields)), act).toBe('not_found');
    }
    expect(
      reasonOf(await server.act('automation_rule_get', { token: w.token, key: other.key, id: theirs.id })),
    ).toBe('not_found');
    const [row] = await db()
      .select()
      .from(automationRules)
      .where(and(eq(automationRules.id, theirs.id), eq(automationRules.projectId, other.projectId)));
    expect(row).toMatchObject({ enabled: true, version: 1 });
  });
});

describe('announcements', () => {
  it('puts the members who may view a kind, and only them, in the room its announcements go to', () => {
    const key = 'toko';
    const followUps: PermissionKey[] = ['crm.menu', 'crm.autofu.menu', 'crm.autofu.view'];
    expect(memberRooms('u1', key, followUps).filter((room) => room.startsWith('automation:'))).toEqual([
      'automation:toko:follow_up',
    ]);
    expect(memberRooms('u1', key, ['crm.autofu.view'])).not.toContain('automation:toko:follow_up');
    expect(
      memberRooms('u1', key, templatePermissions('admin')).filter((room) => room.startsWith('automation:')),
    ).toEqual([
      'automation:toko:auto_reply',
      'automation:toko:auto_division',
      'automation:toko:auto_stage',
      'automation:toko:follow_up',
    ]);
    expect(
      memberRooms('u1', key, templatePermissions('agent')).some((room) => room.startsWith('automation:')),
    ).toBe(false);
    expect(audienceRooms({ automation: key, kind: 'auto_stage' })).toEqual({
      full: ['automation:toko:auto_stage'],
      masked: [],
    });
  });
});
