/**
 * Test support for real-time events: SDK clients that record what they hear, and a barrier that
 * shows what a client will never hear (events reach one socket in the order they were published).
 */
import { createMemoryTokenStore, createRealtime } from '@sapa/sdk';
import type { Realtime, ServerEventName, ServerEventPayload } from '@sapa/sdk';
import { realtimeOf } from '../../src/realtime/attachRealtime.ts';
import type { ConversationSummary } from '../../src/sdk.ts';
import type { TestServer } from './testServer.ts';

export type Heard = { event: ServerEventName; payload: unknown };

/** Polls `check` until it holds (the test's own timeout ends a wait that never does). */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 25));
}

export interface Listeners {
  /**
   * A connected SDK client that records every event it hears, in order: conversation and account
   * events, and the `extra` events asked for.
   */
  listen(token: string, extra?: readonly ServerEventName[]): Promise<Heard[]>;
  /**
   * Publishes a marker (to every member of `key`, or to one user) and waits until each listener
   * heard it: whatever a listener has not heard by then, it never will.
   */
  barrier(key: string, listeners: Heard[][], toUser?: string): Promise<void>;
  disconnect(): void;
}

export function listeners(server: TestServer): Listeners {
  const clients: Realtime[] = [];
  let marks = 0;
  return {
    async listen(token, extra = []) {
      const realtime = createRealtime({
        url: server.url,
        tokens: createMemoryTokenStore(token),
        logger: { warn: () => undefined },
      });
      clients.push(realtime);
      const heard: Heard[] = [];
      const events: ServerEventName[] = [
        'message.new',
        'message.updated',
        'conversation.updated',
        'conversation.removed',
        'account.status',
        ...extra,
      ];
      for (const event of events) {
        realtime.on(event, ((payload: unknown) => heard.push({ event, payload })) as never);
      }
      realtime.connect();
      await until(() => realtime.getSnapshot().status === 'connected');
      return heard;
    },
    async barrier(key, heards, toUser) {
      marks += 1;
      const accountId = `mark-${marks}`;
      const { publisher } = realtimeOf(server.app);
      const mark = { key, accountId, status: 'connected' } as const;
      if (toUser === undefined) publisher.toProject(key, 'account.status', mark);
      else publisher.toUser(toUser, 'account.status', mark);
      await until(() =>
        heards.every((heard) =>
          heard.some(
            (entry) =>
              entry.event === 'account.status' &&
              (entry.payload as ServerEventPayload<'account.status'>).accountId === accountId,
          ),
        ),
      );
    },
    disconnect() {
      for (const client of clients) client.disconnect();
    },
  };
}

/** What was heard about conversations (markers left out). */
export const conversationEvents = (heard: Heard[]) =>
  heard.filter((entry) => entry.event !== 'account.status');

/** The summaries of the `conversation.updated` events heard, in order. */
export const summaries = (heard: Heard[]) =>
  heard
    .filter((entry) => entry.event === 'conversation.updated')
    .map((entry) => (entry.payload as { conversation: ConversationSummary }).conversation);
