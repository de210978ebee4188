/**
 * Automation's agent assignment and notes (issue 18: src/automation/assignAgent.ts, timers.ts,
 * src/realtime/presence.ts) through the webhook and the job runner, with the test clock: a
 * message with "harga" routes its conversation to Sales and its online agents by round robin
 * across customers (also when their jobs run at once), never to an offline member; with nobody
 * online the fallback or nobody; fewest open conversations; reassignment after N minutes without
 * an agent's reply; presence across processes, one of which dies; a `notify` note in the bell.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { automationMessageJob, AUTOMATION_MESSAGE_JOB } from '../src/automation/engine.ts';
import { jobs, notifications, projectMembers, serverProcesses, socketPresence } from '../src/db/schema.ts';
import type { JobRow } from '../src/db/schema.ts';
import { onlineUserIds, Presence, PRESENCE_EXPIRY_MS } from '../src/realtime/presence.ts';
import type { Division } from '../src/sdk.ts';
import { automationDepsOf, automationFile, MONDAY_10 } from './support/automation.ts';
import type { World } from './support/automation.ts';
import { listeners, until } from './support/realtime.ts';

const t = automationFile();
const { server, published } = t;
const MINUTE = 60_000;
/** Sockets registered by a test, taken off after it (agents are online only where a test says so). */
const sockets: string[] = [];

afterEach(async () => {
  for (const socketId of sockets.splice(0)) await t.presence().disconnect(socketId);
});

async function online(userId: string): Promise<void> {
  sockets.push(await t.online(userId));
}

/** "harga" routes to the division and an agent of it (`assign`: the assign_agent action's settings). */
function routing(division: Division, assign: Record<string, unknown> = {}) {
  return {
    kind: 'auto_division',
    name: 'Harga ke Sales',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
    actions: [
      { kind: 'assign_division', divisionId: division.id },
      {
        kind: 'assign_agent',
        strategy: 'round_robin',
        userIds: [],
        fallbackUserId: null,
        reassignAfterMinutes: null,
        ...assign,
      },
    ],
  };
}

/** Sales with `count` agents, in the order they joined it. */
async function sales(w: World, count: number) {
  const division = await t.division(w, 'Sales');
  const agents = [];
  for (let index = 0; index < count; index += 1) agents.push(await t.agent(w, division.id));
  return { division, agents };
}

async function automationJobOf(messageId: string): Promise<JobRow> {
  const rows = await t.db().select().from(jobs).where(eq(jobs.kind, AUTOMATION_MESSAGE_JOB));
  const job = rows.find((row) => (row.payload as { messageId: string }).messageId === messageId);
  if (job === undefined) throw new Error('no automation job');
  return job;
}

function messageHandler() {
  return automationMessageJob(automationDepsOf(server()));
}

describe('assign_agent', () => {
  it('routes "harga" to Sales and its online agents by round robin across customers', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 4);
    const [first, second, third, offline] = agents;
    for (const agent of [first, second, third]) await online(agent!.userId);
    const rule = await t.create(w, routing(division));
    const assigned: (string | null)[] = [];
    for (let index = 0; index < 4; index += 1) {
      const { conversationId } = await t.write(w, t.uniquePhone(), 'Harganya berapa kak?');
      await t.runJobs();
      const conversation = await t.conversation(conversationId);
      expect(conversation.divisionId).toBe(division.id);
      assigned.push(conversation.assignedUserId);
      const updates = published()
        .of('conversation.updated')
        .filter((event) => event.conversation.id === conversationId);
      expect(updates.length).toBeGreaterThan(0);
    }
    expect(assigned).toEqual([first!.userId, second!.userId, third!.userId, first!.userId]);
    expect(assigned).not.toContain(offline!.userId);
    const lines = await t.activityOf(rule.id);
    expect(lines.map((line) => line.actions.map((action) => [action.kind, action.status]))).toEqual(
      Array.from({ length: 4 }, () => [
        ['assign_division', 'done'],
        ['assign_agent', 'done'],
      ]),
    );
    const [member] = await t
      .db()
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, w.projectId), eq(projectMembers.userId, third!.userId)));
    expect(member?.lastAssignedAt?.getTime()).toBeGreaterThanOrEqual(MONDAY_10.getTime());
    // Each agent is told, in the bell, by the rule's name.
    const told = await t.db().select().from(notifications).where(eq(notifications.userId, first!.userId));
    expect(told.map((note) => [note.kind, note.actorName])).toEqual([
      ['conversation_assigned', 'Harga ke Sales'],
      ['conversation_assigned', 'Harga ke Sales'],
    ]);
  });

  it("counts a member's manual assignment in the rotation, so the rule gives the next one to another agent", async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 3);
    const [first, second, third] = agents;
    for (const agent of agents) await online(agent.userId);
    await t.create(w, routing(division));
    // The owner gives a conversation that no rule touched to the first agent by hand.
    const { conversationId: byHand } = await t.write(w, t.uniquePhone(), 'Halo kak');
    await t.runJobs();
    expect((await t.conversation(byHand)).assignedUserId).toBeNull();
    await t.advance(60_000);
    dataOfUpdate(
      await server().act('conversation_assign', {
        token: w.token,
        key: w.key,
        conversationId: byHand,
        userId: first!.userId,
      }),
    );
    const assigned: (string | null)[] = [];
    for (let index = 0; index < 3; index += 1) {
      await t.advance(60_000);
      const { conversationId } = await t.write(w, t.uniquePhone(), 'Harganya berapa kak?');
      await t.runJobs();
      assigned.push((await t.conversation(conversationId)).assignedUserId);
    }
    expect(assigned).toEqual([second!.userId, third!.userId, first!.userId]);
  });

  it('gives three customers whose jobs run at once three different agents', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 3);
    for (const agent of agents) await online(agent.userId);
    await t.create(w, routing(division));
    const written = [];
    for (let index = 0; index < 3; index += 1) written.push(await t.write(w, t.uniquePhone(), 'harga?'));
    const queued = await Promise.all(written.map((item) => automationJobOf(item.messageId)));
    const handler = messageHandler();
    await Promise.all(queued.map((job) => handler.run(job, { save: async () => true })));
    const assigned = await Promise.all(
      written.map(async (item) => (await t.conversation(item.conversationId)).assignedUserId),
    );
    expect(new Set(assigned)).toEqual(new Set(agents.map((agent) => agent.userId)));
  });

  it('falls back when nobody is online, and leaves the conversation unassigned without a fallback', async () => {
    const w = await t.world();
    const { division } = await sales(w, 2);
    const lead = await t.agent(w);
    const withFallback = await t.create(w, routing(division, { fallbackUserId: lead.userId }));
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(lead.userId);

    dataOfUpdate(
      await server().act('automation_rule_update', {
        token: w.token,
        key: w.key,
        id: withFallback.id,
        enabled: false,
      }),
    );
    const rule = await t.create(w, routing(division));
    const other = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    const conversation = await t.conversation(other.conversationId);
    expect(conversation.divisionId).toBe(division.id);
    expect(conversation.assignedUserId).toBeNull();
    const [line] = await t.activityOf(rule.id);
    expect(line?.actions.find((action) => action.kind === 'assign_agent')).toEqual({
      kind: 'assign_agent',
      status: 'failed',
      reason: 'no_agent',
      targetId: null,
    });
  });

  it('picks the online agent with the fewest open conversations', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 2);
    const [busy, free] = agents;
    for (const agent of agents) await online(agent.userId);
    await t.create(w, routing(division, { strategy: 'fewest_open' }));
    // The first agent already holds two conversations.
    for (let index = 0; index < 2; index += 1) {
      const { conversationId } = await t.write(w, t.uniquePhone(), 'halo');
      dataOfUpdate(
        await server().act('conversation_assign', {
          token: w.token,
          key: w.key,
          conversationId,
          userId: busy!.userId,
        }),
      );
    }
    await t.runJobs();
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(free!.userId);
  });

  it('reassigns after N minutes without a reply from the agent, until an agent replies', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 2);
    const [slow, quick] = agents;
    for (const agent of agents) await online(agent.userId);
    const rule = await t.create(w, routing(division, { reassignAfterMinutes: 10 }));
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(slow!.userId);
    const [timer] = await t.timersOf(conversationId);
    expect([timer?.kind, timer?.userId]).toEqual(['reassign', slow!.userId]);

    await t.advance(9 * MINUTE);
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(slow!.userId);
    await t.advance(MINUTE);
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(quick!.userId);
    // The slow agent is still in Sales, which shows it to them: nothing is removed from their list.
    expect(published().of('conversation.removed')).toEqual([]);
    const lines = await t.activityOf(rule.id);
    expect(lines.map((line) => [line.event, line.eventKey])).toEqual([
      ['message', expect.stringMatching(/^message:/)],
      ['no_agent_reply', `timer:${timer?.id}`],
    ]);
    expect(lines[1]?.actions).toEqual([
      { kind: 'assign_agent', status: 'done', reason: null, targetId: quick!.userId },
    ]);

    // The new agent answers in time: no more reassignment.
    await t.advance(5 * MINUTE);
    await t.reply(w, quick!.token, conversationId, 'Halo kak, harganya Rp50.000');
    expect(await t.timersOf(conversationId)).toHaveLength(0);
    await t.advance(30 * MINUTE);
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(quick!.userId);
  });

  it('takes the conversation out of the list of a listed agent it was taken from', async () => {
    const w = await t.world();
    const slow = await t.agent(w);
    const quick = await t.agent(w);
    for (const agent of [slow, quick]) await online(agent.userId);
    await t.create(w, {
      kind: 'auto_division',
      name: 'Harga ke agen',
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
      actions: [
        {
          kind: 'assign_agent',
          strategy: 'round_robin',
          userIds: [slow.userId, quick.userId],
          fallbackUserId: null,
          reassignAfterMinutes: 5,
        },
      ],
    });
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(slow.userId);
    await t.advance(5 * MINUTE);
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(quick.userId);
    expect(published().all.filter((item) => item.event === 'conversation.removed')).toEqual([
      {
        audience: { limitedMember: w.key, userId: slow.userId },
        event: 'conversation.removed',
        payload: { key: w.key, conversationId },
      },
    ]);
  });

  it('notifies the division with the rule’s note', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 2);
    const rule = await t.create(w, {
      ...routing(division),
      actions: [
        { kind: 'assign_division', divisionId: division.id },
        { kind: 'notify', recipients: 'division', userIds: [], text: '{nama} menanyakan harga' },
      ],
    });
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    const notes = await t
      .db()
      .select()
      .from(notifications)
      .where(eq(notifications.conversationId, conversationId));
    expect(notes.map((note) => note.userId).sort()).toEqual(agents.map((agent) => agent.userId).sort());
    expect(notes.every((note) => note.kind === 'automation_note')).toBe(true);
    expect(notes[0]?.actorName).toMatch(/ menanyakan harga$/);
    expect(notes[0]?.actorName).not.toContain('{nama}');
    expect(
      published()
        .of('notification.new')
        .map((event) => event.notification.kind),
    ).toEqual(['automation_note', 'automation_note']);
    const [line] = await t.activityOf(rule.id);
    expect(line?.actions.map((action) => [action.kind, action.status])).toEqual([
      ['assign_division', 'done'],
      ['notify', 'done'],
    ]);
  });
});

describe('presence', () => {
  it('counts a member online while their socket’s process lives, and not once it died', async () => {
    const w = await t.world();
    const agent = await t.agent(w);
    const other = new Presence({ db: t.db(), now: server().clock.now, log: server().app.log });
    await other.start({ interval: false });
    await other.connect('socket-1', agent.userId);
    expect(await onlineUserIds(t.db(), [agent.userId], server().clock.now())).toEqual(
      new Set([agent.userId]),
    );

    // The other process stops renewing its heartbeat (it died): its sockets stop counting.
    await t.advance(PRESENCE_EXPIRY_MS + 1_000);
    expect(await onlineUserIds(t.db(), [agent.userId], server().clock.now())).toEqual(new Set());
    const left = await t.db().select().from(serverProcesses).where(eq(serverProcesses.id, other.processId));
    expect(left).toEqual([]);
    expect(
      await t.db().select().from(socketPresence).where(eq(socketPresence.processId, other.processId)),
    ).toEqual([]);

    // It was only stalled: its next heartbeat registers it again, with its sockets.
    await other.heartbeat();
    expect(await onlineUserIds(t.db(), [agent.userId], server().clock.now())).toEqual(
      new Set([agent.userId]),
    );
    // A clean stop takes them off at once.
    await other.stop();
    expect(await onlineUserIds(t.db(), [agent.userId], server().clock.now())).toEqual(new Set());
  });

  it('never assigns a member whose only socket was on a process that died', async () => {
    const w = await t.world();
    const { division, agents } = await sales(w, 2);
    const [gone, here] = agents;
    const other = new Presence({ db: t.db(), now: server().clock.now, log: server().app.log });
    await other.start({ interval: false });
    await other.connect('socket-2', gone!.userId);
    await online(here!.userId);
    await t.advance(PRESENCE_EXPIRY_MS + 1_000);
    await t.create(w, routing(division));
    const { conversationId } = await t.write(w, t.uniquePhone(), 'harga?');
    await t.runJobs();
    expect((await t.conversation(conversationId)).assignedUserId).toBe(here!.userId);
    await other.stop();
  });

  it('records a real socket while it is connected', async () => {
    const w = await t.world();
    const agent = await t.agent(w);
    const clients = listeners(server());
    await clients.listen(agent.token);
    const isOnline = async () =>
      (await onlineUserIds(t.db(), [agent.userId], server().clock.now())).has(agent.userId);
    let seen = false;
    await until(() => {
      void isOnline().then((value) => (seen = value));
      return seen;
    });
    expect(seen).toBe(true);
    clients.disconnect();
    await until(() => {
      void isOnline().then((value) => (seen = value));
      return !seen;
    });
    expect(seen).toBe(false);
  });
});

function dataOfUpdate(answer: { body: Record<string, unknown> }): void {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
}
