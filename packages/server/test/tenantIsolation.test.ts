/**
 * Tenant isolation sweep (issue 6, Done-when). Every act of the SDK's contract is either swept
 * here or listed as exempt with the reason, so an act added later is covered without anyone
 * remembering to: the last test fails for an act that is neither.
 *
 * Project-scoped acts (their input has `key`) are called by the owner of project A (holding every
 * permission there):
 *
 * 1. with project B's key and B's object ids: always `not_found` (A's owner is not a member of B);
 * 2. with A's key and B's object ids: refused (`not_found`, `forbidden` or `invalid_input`), except
 *    list filters, which may answer but must show nothing of B;
 * 3. by a member of B holding no permission, with B's key and ids: `forbidden` for every act that
 *    needs a permission or B's owner.
 *
 * Afterwards B's data is exactly as before. User-scoped acts that take an id (a session, a
 * notification) are called with B's owner's ids and must answer `not_found`.
 *
 * Inputs are built from the zod shapes (`acts[name].input.shape`): required fields from a table
 * by field name, id-shaped fields (required or not) from B's objects; each input must parse, so
 * the sweep fails loudly when it cannot build one for a new act instead of passing on
 * `invalid_input`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { followUpRuns, topups } from '../src/db/schema.ts';
import { acts } from '../src/sdk.ts';
import type {
  ActName,
  Division,
  Invite,
  Label,
  MessageTemplate,
  QuickReply,
  Stage,
  ThreadMessage,
} from '../src/sdk.ts';
import { addMember, conversationWith, dataOf, inboxProject, uploadPng } from './support/inbox.ts';
import type { InboxProject } from './support/inbox.ts';
import { startTestServer } from './support/testServer.ts';
import type { ApiAnswer, TestServer } from './support/testServer.ts';
import { join } from './support/team.ts';
import { storedTemplate } from './support/outreach.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** Acts that name no project, with why they need no sweep. */
const EXEMPT: Partial<Record<ActName, string>> = {
  auth_register: 'public sign-in: names no stored object',
  auth_login: 'public sign-in: names no stored object',
  auth_forgot_password: 'public sign-in: names no stored object',
  auth_verify_otp: 'public sign-in: the challenge id is a random secret bound to its phone',
  auth_reset_password: 'public sign-in: the challenge id is a random secret bound to its phone',
  auth_resend_otp: 'public sign-in: the challenge id is a random secret bound to its phone',
  auth_logout: "acts on the call's own token",
  user_check_token: "answers the call's own user",
  project_create: 'creates a new project of the caller',
  project_list: "answers only the caller's own memberships (test/projects.test.ts)",
  invite_get: 'addressed by the invite code, a random secret that is the permission itself',
  invite_accept: 'addressed by the invite code, a random secret that is the permission itself',
  profile_update: "changes the caller's own user",
  profile_avatar_set: "changes the caller's own user",
  profile_avatar_clear: "changes the caller's own user",
  profile_phone_change: "changes the caller's own user",
  profile_phone_confirm: "the caller's own challenge (bound to their user id)",
  profile_password_change: "changes the caller's own user",
  session_list: "answers the caller's own sessions",
  notification_list: "answers the caller's own notifications",
  notification_count: "answers the caller's own notifications",
  notification_read_all: "changes the caller's own notifications",
  session_revoke: "user-scoped: swept below with another user's session id",
  notification_read: "user-scoped: swept below with another user's notification id",
  saldo_get: "answers the caller's own saldo",
  saldo_ledger: "answers the caller's own saldo",
  saldo_export: "answers the caller's own saldo",
  topup_create: "starts a top-up of the caller's own saldo",
  topup_list: "answers the caller's own top-ups",
  topup_get: "user-scoped: swept below with another user's top-up id",
  topup_check: "user-scoped: swept below with another user's top-up id",
};

/** User-scoped acts taking an id of the caller's own objects, and whose object that id is. */
type UserObject = 'session' | 'notification' | 'topup';
const USER_OBJECT_ACTS: Partial<Record<ActName, UserObject>> = {
  session_revoke: 'session',
  notification_read: 'notification',
  topup_get: 'topup',
  topup_check: 'topup',
};

/** List acts whose id fields only filter: with A's key they may answer, showing nothing of B. */
const FILTER_ACTS: ReadonlySet<ActName> = new Set<ActName>([
  'conversation_list',
  'customer_list',
  'customer_export',
  'billing_ledger',
  'billing_export',
  'gallery_list',
]);

type ObjectKind =
  | 'label'
  | 'stage'
  | 'division'
  | 'customer'
  | 'conversation'
  | 'account'
  | 'media'
  | 'member'
  | 'message'
  | 'quickReply'
  | 'invite'
  | 'template'
  | 'broadcast'
  | 'automationRule'
  | 'followUpRun';

/** Fields that name one object, by field name. */
const ID_FIELDS: Record<string, ObjectKind> = {
  labelId: 'label',
  stageId: 'stage',
  divisionId: 'division',
  defaultDivisionId: 'division',
  customerId: 'customer',
  conversationId: 'conversation',
  receiver: 'conversation',
  accountId: 'account',
  mediaId: 'media',
  userId: 'member',
  replyTo: 'message',
  templateId: 'template',
  ruleId: 'automationRule',
  runId: 'followUpRun',
};

/**
 * Naming fields the sweep leaves out because the act takes one of two: `message_list` by
 * `conversationId` here (its `receiver` is `conversation_find`'s lookup, swept there, and
 * inboxActs.test.ts names another project's conversation with it).
 */
const ALTERNATIVE_FIELDS: Partial<Record<ActName, string>> = { message_list: 'receiver' };

/** What `id` names, by the act's name. */
const ID_BY_PREFIX: [string, ObjectKind][] = [
  ['label_', 'label'],
  ['stage_', 'stage'],
  ['division_', 'division'],
  ['customer_', 'customer'],
  ['quick_reply_', 'quickReply'],
  ['gallery_', 'media'],
  ['media_', 'media'],
  ['account_', 'account'],
  ['invite_', 'invite'],
  ['template_', 'template'],
  ['broadcast_', 'broadcast'],
  ['automation_rule_', 'automationRule'],
];

/** Values of required fields that name nothing of B. */
/** A template draft Meta's rules accept (`template_create`). */
const SWEEP_DRAFT = {
  name: 'sapu_bersih',
  language: 'id',
  category: 'UTILITY',
  header: null,
  body: 'Halo {{1}}, pesanan Anda siap.',
  bodyExamples: ['Sapu'],
  footer: null,
  buttons: [],
};

/** An auto-reply that names no row of any project (`automation_rule_create`). */
const SWEEP_RULE = {
  kind: 'auto_reply',
  name: 'Sapu',
  enabled: true,
  trigger: { kind: 'customer_message' },
  conditions: [],
  actions: [{ kind: 'send_text', text: 'Sapu bersih' }],
  quietPeriodMinutes: 60,
};

const PLAIN_FIELDS: Record<string, (act: ActName, world: World) => unknown> = {
  name: () => 'Sapu Bersih',
  color: () => '#123456',
  phone: () => '+6281299990001',
  shortcut: () => 'sapu',
  text: () => 'Sapu bersih',
  permissions: () => [],
  // An invite's role template, a template draft, or the template a send uses (B's own).
  template: (act, world) =>
    act === 'invite_create'
      ? 'viewer'
      : act === 'template_create'
        ? SWEEP_DRAFT
        : { id: world.ids.template, values: { body: ['Sapu'] } },
  member: () => true,
  attached: () => true,
  csv: () => 'name,phone\nSapu,+6281299990002',
  clientId: () => randomUUID(),
  phoneNumberId: () => `9${Date.now()}${Math.floor(Math.random() * 1000)}`,
  displayPhone: () => '+6281299990003',
  accessToken: () => 'sweep-token',
  wabaId: () => '109999999999999',
  // The prepaid balance: an amount to pay in, a threshold, a range of days, a month.
  amount: () => 1_000,
  threshold: () => 5_000,
  from: () => '2026-01-01',
  to: () => '2026-01-31',
  month: () => '2026-01',
  // A broadcast's compose: a fixed value, a CSV of one phone (an audience in any project), now.
  values: () => ({ body: [{ source: 'fixed', value: 'Sapu', fallback: '' }] }),
  audience: () => ({ kind: 'csv', csv: 'phone\n+6281299990004', filename: 'sapu.csv' }),
  scheduledAt: () => null,
  // An agent opting a customer out of broadcasts.
  optedOut: () => true,
  // An automation rule naming nothing of any project, its kind's list, a sample to try rules on.
  rule: () => SWEEP_RULE,
  kind: () => 'auto_reply',
  sample: () => ({ text: 'sapu' }),
};

interface World {
  key: string;
  name: string;
  ids: Record<ObjectKind, string>;
}

function shapeOf(act: ActName): Record<string, z.ZodType> {
  const input = acts[act].input as unknown as { shape?: Record<string, z.ZodType> };
  if (input.shape === undefined) throw new Error(`${act}: its input has no object shape to sweep`);
  return input.shape;
}

function isProjectScoped(act: ActName): boolean {
  return 'key' in shapeOf(act);
}

/**
 * A valid input of `act` naming `world`'s objects under `key`; `names` tells whether it names
 * any object (or the name) of `world` at all.
 */
function inputFor(
  act: ActName,
  key: string,
  world: World,
): { input: Record<string, unknown>; names: boolean; namingFields: string[] } {
  const input: Record<string, unknown> = {};
  const namingFields: string[] = [];
  for (const [field, schema] of Object.entries(shapeOf(act))) {
    const required = !schema.safeParse(undefined).success;
    if (ALTERNATIVE_FIELDS[act] === field) continue;
    if (field === 'key') {
      input.key = key;
    } else if (field === 'id') {
      const kind = ID_BY_PREFIX.find(([prefix]) => act.startsWith(prefix))?.[1];
      if (kind === undefined) throw new Error(`${act}: no object kind for its \`id\``);
      input.id = world.ids[kind];
      namingFields.push(field);
    } else if (field === 'ids') {
      // A kind's rules to order, or files.
      input.ids = [act.startsWith('automation_') ? world.ids.automationRule : world.ids.media];
      namingFields.push(field);
    } else if (field in ID_FIELDS) {
      input[field] = world.ids[ID_FIELDS[field] as ObjectKind];
      namingFields.push(field);
    } else if (field === 'confirmName') {
      input.confirmName = world.name;
      namingFields.push(field);
    } else if (required) {
      const value = PLAIN_FIELDS[field];
      if (value === undefined) throw new Error(`${act}: no sweep value for the required field \`${field}\``);
      input[field] = value(act, world);
    }
  }
  const parsed = acts[act].input.safeParse(input);
  if (!parsed.success) throw new Error(`${act}: the sweep's input does not parse: ${parsed.error.message}`);
  return { input, names: namingFields.length > 0, namingFields };
}

const upload = (setup: InboxProject) => uploadPng(server, setup);

/** Project B with one of every kind of object, as its owner made them. */
async function populate(setup: InboxProject): Promise<World> {
  const { token } = setup.owner;
  const key = setup.project.key;
  // A name of its own: A's acts carry it as `confirmName`, which must not match A's.
  const { name } = dataOf<{ name: string }>(
    await server.act('project_update', { token, key, name: 'Toko B Rahasia' }),
  );
  const conversation = await conversationWith(server, setup, '+6281299991234');
  const label = dataOf<Label>(
    await server.act('label_create', { token, key, name: 'Rahasia B', color: '#aa0000' }),
  );
  const stage = dataOf<Stage>(
    await server.act('stage_create', { token, key, name: 'Tahap B', color: '#00aa00' }),
  );
  const division = dataOf<Division>(
    await server.act('division_create', { token, key, name: 'Divisi B', color: '#0000aa' }),
  );
  const media = await upload(setup);
  dataOf(await server.act('gallery_add', { token, key, ids: [media] }));
  const quickReply = dataOf<QuickReply>(
    await server.act('quick_reply_create', {
      token,
      key,
      shortcut: 'rahasiab',
      text: 'Hanya B',
      mediaId: media,
    }),
  );
  const invite = dataOf<Invite>(await server.act('invite_create', { token, key, template: 'agent' }));
  const member = await join(
    server,
    { owner: { ...setup.owner, phone: '' }, project: setup.project },
    'agent',
  );
  dataOf(
    await server.act('division_member_set', {
      token,
      key,
      divisionId: division.id,
      userId: member.userId,
      member: true,
    }),
  );
  dataOf(
    await server.act('customer_label_set', {
      token,
      key,
      customerId: conversation.customer.id,
      labelId: label.id,
      attached: true,
    }),
  );
  const template = dataOf<MessageTemplate>(
    await server.act('template_create', {
      token,
      key,
      accountId: setup.account.id,
      template: { ...SWEEP_DRAFT, name: 'rahasia_b' },
    }),
  );
  const messages = dataOf<ThreadMessage[]>(
    await server.act('message_list', { token, key, conversationId: conversation.id }),
  );
  // A broadcast of B's approved template, scheduled for tomorrow (it does not start meanwhile).
  const approved = await storedTemplate(
    server,
    setup,
    { ...SWEEP_DRAFT, name: 'siaran_b', language: 'id', category: 'UTILITY' },
    { funds: 0 },
  );
  const broadcast = dataOf<{ id: string }>(
    await server.act('broadcast_create', {
      token,
      key,
      clientId: randomUUID(),
      name: 'Siaran B',
      accountId: setup.account.id,
      templateId: approved.id,
      values: { body: [{ source: 'name', value: '', fallback: 'Kak' }] },
      audience: { kind: 'filter', filter: { labelId: label.id } },
      scheduledAt: new Date(server.clock.now().getTime() + 86_400_000).toISOString(),
    }),
  );
  // An auto-reply of B that names B's label and answers with B's gallery file.
  const automationRule = dataOf<{ id: string }>(
    await server.act('automation_rule_create', {
      token,
      key,
      rule: {
        ...SWEEP_RULE,
        name: 'Rahasia B',
        conditions: [{ kind: 'label', labelIds: [label.id] }],
        actions: [{ kind: 'send_media', galleryItemId: media, caption: 'Hanya B' }],
      },
    }),
  );
  // A follow-up of B on entering B's stage, running for B's customer (a day before its step).
  dataOf(
    await server.act('automation_rule_create', {
      token,
      key,
      rule: {
        kind: 'follow_up',
        name: 'Rahasia B',
        enabled: true,
        trigger: { kind: 'stage_entered', stageId: stage.id },
        conditions: [],
        steps: [{ delay: { amount: 1, unit: 'days' }, message: { kind: 'send_text', text: 'Hanya B' } }],
      },
    }),
  );
  dataOf(
    await server.act('customer_stage_set', {
      token,
      key,
      customerId: conversation.customer.id,
      stageId: stage.id,
    }),
  );
  const [run] = await server.app.sapa.services.db
    .select({ id: followUpRuns.id })
    .from(followUpRuns)
    .where(eq(followUpRuns.customerId, conversation.customer.id));
  if (run === undefined) throw new Error('no follow-up run in B');
  const message = messages[0];
  if (message === undefined) throw new Error('no message in B');
  return {
    key,
    name,
    ids: {
      label: label.id,
      stage: stage.id,
      division: division.id,
      customer: conversation.customer.id,
      conversation: conversation.id,
      account: setup.account.id,
      media,
      member: member.userId,
      message: message.id,
      quickReply: quickReply.id,
      invite: invite.id,
      template: template.id,
      broadcast: broadcast.id,
      automationRule: automationRule.id,
      followUpRun: run.id,
    },
  };
}

/** What B's owner sees of B (signed links left out: they carry the moment they were signed). */
async function snapshot(setup: InboxProject, world: World): Promise<string> {
  const { token } = setup.owner;
  const key = setup.project.key;
  const reads: [ActName, Record<string, unknown>][] = [
    ['project_settings_get', {}],
    ['member_list', {}],
    ['invite_list', {}],
    ['account_list', {}],
    ['template_list', { accountId: world.ids.account }],
    ['label_list', { all: true }],
    ['stage_list', { all: true }],
    ['division_list', { all: true }],
    ['division_member_list', { divisionId: world.ids.division }],
    ['quick_reply_list', { all: true }],
    ['gallery_list', {}],
    ['customer_list', {}],
    ['conversation_list', {}],
    ['message_list', { conversationId: world.ids.conversation }],
    ['customer_label_list', { customerId: world.ids.customer }],
    ['customer_stage_get', { customerId: world.ids.customer }],
    ['broadcast_list', {}],
    ['broadcast_recipients', { id: world.ids.broadcast }],
    ['automation_rule_list', { kind: 'auto_reply', all: true }],
    ['automation_activity_list', {}],
    ['follow_up_list', { customerId: world.ids.customer }],
  ];
  const answers = [];
  for (const [act, fields] of reads)
    answers.push([act, dataOf(await server.act(act, { token, key, ...fields }))]);
  return JSON.stringify(answers, (field, value: unknown) => (/url/i.test(field) ? undefined : value));
}

function refusal(answer: ApiAnswer): unknown {
  return answer.body.code === '0' ? answer.body.reason : `answered ${JSON.stringify(answer.body.data)}`;
}

describe('tenant isolation sweep', () => {
  let a: InboxProject;
  let b: InboxProject;
  let world: World;
  let before: string;

  beforeAll(async () => {
    a = await inboxProject(server);
    b = await inboxProject(server);
    world = await populate(b);
    before = await snapshot(b, world);
  });

  const projectActs = (Object.keys(acts) as ActName[]).filter(isProjectScoped);

  it("refuses every project act with another project's key: not_found", async () => {
    expect(projectActs.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const act of projectActs) {
      const { input } = inputFor(act, world.key, world);
      const answer = await server.act(act, { token: a.owner.token, ...input });
      if (refusal(answer) !== 'not_found') wrong.push(`${act}: ${String(refusal(answer))}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(b, world)).toBe(before);
  });

  it("refuses every project act with the caller's own key and another project's ids", async () => {
    const wrong: string[] = [];
    let swept = 0;
    const foreign = Object.values(world.ids);
    for (const act of projectActs) {
      const { input, names, namingFields } = inputFor(act, a.project.key, world);
      if (!names) continue;
      swept += 1;
      const answer = await server.act(act, { token: a.owner.token, ...input });
      if (answer.body.code === '1') {
        const shown = JSON.stringify(answer.body.data);
        if (!FILTER_ACTS.has(act) || foreign.some((id) => shown.includes(id)) || shown.includes('Rahasia B'))
          wrong.push(`${act}: answered ${shown.slice(0, 200)}`);
        continue;
      }
      const reason = answer.body.reason as string;
      if (!['not_found', 'forbidden', 'invalid_input'].includes(reason)) wrong.push(`${act}: ${reason}`);
      // The input parses: `invalid_input` may only be about the fields that name B's objects.
      const fields = Object.keys((answer.body.errors as Record<string, string> | undefined) ?? {});
      if (
        reason === 'invalid_input' &&
        (fields.length === 0 || fields.some((field) => !namingFields.includes(field)))
      )
        wrong.push(`${act}: invalid_input on ${fields.join(', ')}`);
    }
    expect(swept).toBeGreaterThan(25);
    expect(wrong).toEqual([]);
    expect(await snapshot(b, world)).toBe(before);
    // A is still there too (project_delete with B's name did nothing).
    expect(
      dataOf<{ key: string }>(await server.act('project_get', { token: a.owner.token, key: a.project.key }))
        .key,
    ).toBe(a.project.key);
  });

  it('refuses every permission and owner act to a member of the project holding no permission: forbidden', async () => {
    const nobody = await addMember(server, b.project, []);
    const wrong: string[] = [];
    for (const act of projectActs) {
      // Every act but those any member may call (`owner` acts included: the member is not it).
      if (acts[act].access === 'member') continue;
      const { input } = inputFor(act, world.key, world);
      const answer = await server.act(act, { token: nobody.token, ...input });
      if (refusal(answer) !== 'forbidden') wrong.push(`${act}: ${String(refusal(answer))}`);
    }
    expect(wrong).toEqual([]);
    // Only the permissionless member joined: everything else is unchanged.
    const after = JSON.parse(await snapshot(b, world)) as [string, unknown][];
    const expected = JSON.parse(before) as [string, unknown][];
    expect(after.filter(([act]) => act !== 'member_list')).toEqual(
      expected.filter(([act]) => act !== 'member_list'),
    );
  });

  it("refuses user acts on another user's sessions, notifications and top-ups: not_found", async () => {
    const sessions = dataOf<{ id: string }[]>(await server.act('session_list', { token: b.owner.token }));
    const notifications = dataOf<{ id: string }[]>(
      await server.act('notification_list', { token: b.owner.token }),
    );
    // A top-up of B's owner waiting for payment (no gateway here: stored as `topup_create` stores one).
    const now = server.clock.now();
    const [topup] = await server.app.sapa.services.db
      .insert(topups)
      .values({
        id: randomUUID(),
        userId: b.owner.userId,
        clientId: randomUUID(),
        orderId: `TOPUP-20260101-${randomUUID().slice(0, 10).toUpperCase()}`,
        gateway: 'simulator',
        amount: 50_000,
        redirectUrl: 'http://127.0.0.1:9/snap/v4/redirection/b',
        expiresAt: new Date(now.getTime() + 3_600_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const ids = { session: sessions[0]?.id, notification: notifications[0]?.id, topup: topup?.id };
    for (const [act, kind] of Object.entries(USER_OBJECT_ACTS) as [ActName, UserObject][]) {
      const id = ids[kind];
      if (id === undefined) throw new Error(`B's owner has no ${kind}`);
      expect(refusal(await server.act(act, { token: a.owner.token, id })), act).toBe('not_found');
    }
    // B's owner's session still works; the notification is still unread.
    expect(
      dataOf<{ unread: number }>(await server.act('notification_count', { token: b.owner.token })).unread,
    ).toBe(notifications.length);
  });

  it('covers every act of the contract: swept, or exempt with a reason', () => {
    const all = Object.keys(acts) as ActName[];
    const neither = all.filter((act) => !isProjectScoped(act) && EXEMPT[act] === undefined);
    expect(neither).toEqual([]);
    // An exemption is for acts that name no project.
    expect(all.filter((act) => isProjectScoped(act) && EXEMPT[act] !== undefined)).toEqual([]);
    for (const act of all.filter(isProjectScoped))
      expect(['public', 'user'], act).not.toContain(acts[act].access);
    for (const act of Object.keys(USER_OBJECT_ACTS) as ActName[]) expect(shapeOf(act)).toHaveProperty('id');
    // Every exempt act that takes an id is swept as a user object.
    const exemptWithId = all.filter((act) => EXEMPT[act] !== undefined && 'id' in shapeOf(act));
    expect(exemptWithId.sort()).toEqual((Object.keys(USER_OBJECT_ACTS) as ActName[]).sort());
  });
});
