/**
 * Test support for automation's timers, events and assignment (automationTimers.test.ts,
 * automationAssign.test.ts): a project with rules, customers writing in through the webhook,
 * agents replying through `message_send`, and the test clock moved with presence kept alive.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { realtimeOf } from '../../src/realtime/attachRealtime.ts';
import { automationActivity, automationTimers, conversations, messages } from '../../src/db/schema.ts';
import type { AutomationRuleView, Division, PermissionKey } from '../../src/sdk.ts';
import { uniquePhone } from './flows.ts';
import { addMember, CHAT_AGENT, dataOf, deliver, inbound, inboxProject } from './inbox.ts';
import type { InboxProject } from './inbox.ts';
import { projectIdOf } from './outreach.ts';
import { recordPublished } from './published.ts';
import type { PublishedLog } from './published.ts';
import { startTestServer } from './testServer.ts';
import type { TestServer } from './testServer.ts';
import type { AutomationDeps } from '../../src/automation/engine.ts';

/**
 * The automation jobs' dependencies as app.ts wires them, for running a job's handler beside the
 * app's runner (as another process would); it wakes no runner.
 */
export function automationDepsOf(server: TestServer): AutomationDeps {
  const { services } = server.app.sapa;
  return {
    db: services.db,
    now: server.clock.now,
    publisher: services.publisher,
    links: services.media.links,
    prices: services.config.billing.prices,
    log: server.app.log,
    kick: () => undefined,
  };
}

/** Monday 4 January 2027, 10:00 in Jakarta (inside the default working hours). */
export const MONDAY_10 = new Date('2027-01-04T10:00:00+07:00');

export interface World {
  setup: InboxProject;
  key: string;
  token: string;
  projectId: string;
}

export function automationSupport(server: () => TestServer) {
  const db = () => server().app.sapa.services.db;
  const presence = () => realtimeOf(server().app).presence;
  /** Outbound messages of the conversation, oldest first. */
  const sentIn = (conversationId: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'out')))
      .orderBy(asc(messages.seq));

  return {
    db,
    presence,
    /** Moves the clock to `at`; this process's presence heartbeat follows (it runs every 10 s live). */
    async setClock(at: Date): Promise<void> {
      const clock = server().clock;
      clock.advance(at.getTime() - clock.now().getTime());
      await presence().heartbeat();
    },
    async advance(ms: number): Promise<void> {
      server().clock.advance(ms);
      await presence().heartbeat();
    },
    runJobs: () => server().app.sapa.runJobsOnce(),

    async world(): Promise<World> {
      const setup = await inboxProject(server());
      return {
        setup,
        key: setup.project.key,
        token: setup.owner.token,
        projectId: await projectIdOf(server(), setup.project.key),
      };
    },

    async create(w: World, rule: Record<string, unknown>): Promise<AutomationRuleView> {
      return dataOf<AutomationRuleView>(
        await server().act('automation_rule_create', { token: w.token, key: w.key, rule }),
      );
    },

    async division(w: World, name: string): Promise<Division> {
      return dataOf<Division>(
        await server().act('division_create', { token: w.token, key: w.key, name, color: '#0000aa' }),
      );
    },

    /** A new agent of the project, in `divisionId` when given. */
    async agent(
      w: World,
      divisionId?: string,
      permissions: PermissionKey[] = CHAT_AGENT,
    ): Promise<{ token: string; userId: string }> {
      const user = await addMember(server(), w.setup.project, permissions);
      if (divisionId !== undefined) {
        dataOf(
          await server().act('division_member_set', {
            token: w.token,
            key: w.key,
            divisionId,
            userId: user.userId,
            member: true,
          }),
        );
      }
      return user;
    },

    /** `userId` has the app open on this process (a socket of theirs, as presence records it). */
    async online(userId: string): Promise<string> {
      const socketId = `test-${randomUUID()}`;
      await presence().connect(socketId, userId);
      return socketId;
    },

    /** The customer `phone` writes `text` now; answers the stored message's id and conversation. */
    async write(
      w: World,
      phone: string,
      text: string,
    ): Promise<{ messageId: string; conversationId: string }> {
      const payload = inbound('inbound-text.json', {
        phoneNumberId: w.setup.account.phoneNumberId,
        from: phone,
        text,
        timestamp: server().clock.now(),
      });
      expect((await deliver(server(), payload)).status).toBe(200);
      await server().app.sapa.processPendingDeliveries();
      const wamid = (payload as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] })
        .entry[0]!.changes[0]!.value.messages[0]!.id;
      const [row] = await db()
        .select({ id: messages.id, conversationId: messages.conversationId })
        .from(messages)
        .where(eq(messages.wamid, wamid))
        .limit(1);
      if (row === undefined) throw new Error('message not stored');
      return { messageId: row.id, conversationId: row.conversationId };
    },

    /** A member replies in the conversation (`message_send`). */
    async reply(w: World, token: string, conversationId: string, text: string): Promise<void> {
      dataOf(
        await server().act('message_send', {
          token,
          key: w.key,
          conversationId,
          clientId: randomUUID(),
          type: 'text',
          caption: text,
        }),
      );
    },

    async conversation(conversationId: string) {
      const [row] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
      if (row === undefined) throw new Error('no conversation');
      return row;
    },

    sentIn,

    /** Outbound messages of the conversation sent by automation, oldest first. */
    async sentByRules(conversationId: string) {
      return (await sentIn(conversationId)).filter((row) => row.automationRuleId !== null);
    },

    async activityOf(ruleId: string) {
      return db()
        .select()
        .from(automationActivity)
        .where(eq(automationActivity.ruleId, ruleId))
        .orderBy(asc(automationActivity.at), asc(automationActivity.id));
    },

    async timersOf(conversationId: string) {
      return db().select().from(automationTimers).where(eq(automationTimers.conversationId, conversationId));
    },

    uniquePhone,
  };
}

/**
 * The set-up every automation test file shares, its hooks registered here: one server for the
 * file, started with `overrides` before its tests and closed after them, its announcements
 * recorded; before each test the clock back at `MONDAY_10` and the record cleared. Answers the
 * support bound to that server, the server itself and the record.
 */
export function automationFile(overrides: Parameters<typeof startTestServer>[0] = {}) {
  let started: { server: TestServer; published: PublishedLog } | null = null;
  const current = () => {
    if (started === null) throw new Error('the automation test server starts in beforeAll');
    return started;
  };
  const support = automationSupport(() => current().server);
  beforeAll(async () => {
    const server = await startTestServer(overrides);
    started = { server, published: recordPublished(server) };
  });
  afterAll(async () => {
    started?.published.stop();
    await started?.server.close();
  });
  beforeEach(async () => {
    await support.setClock(MONDAY_10);
    current().published.clear();
  });
  return { ...support, server: () => current().server, published: () => current().published };
}
