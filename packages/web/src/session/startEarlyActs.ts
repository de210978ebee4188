/**
 * The acts the inbox's first rows wait for, sent at start-up beside the token check
 * (earlyActs.ts): the project, the list's first page and, when the address names a conversation,
 * the conversation and its newest messages, both asked for by the address at once. Each answers
 * the fields the screen's machines send first (projectMachine, conversationListMachine,
 * conversationMachine, threadMachine; a test runs them to prove it), so their first calls take
 * these answers.
 */
import { projectRoutes, routeParams } from '../routes.ts';
import type { EarlyActClient } from './earlyActs.ts';

/** The list's first query: no filter, no search (conversationListMachine's start). */
export const FIRST_LIST_FILTER = 'all';
/** The thread's first page (threadMachine's default page size). */
export const FIRST_THREAD_PAGE = 50;

const ignore = () => undefined;

/** Starts the early acts of the screen at `path`, if it is the inbox or a chat window. */
export function startEarlyActs(client: EarlyActClient, path: string): void {
  const chat = routeParams(projectRoutes.chat, path);
  const window = chat === null ? routeParams(projectRoutes.chatWindow, path) : null;
  const key = chat?.key ?? window?.key;
  if (key === undefined) return;
  const receiver = chat === null ? window?.phone : chat.receiver;
  client.early('project_get', { key }).catch(ignore);
  if (chat !== null)
    client.early('conversation_list', { key, page: 0, filter: FIRST_LIST_FILTER }).catch(ignore);
  if (receiver === undefined) return;
  const found = client.early('conversation_find', { key, receiver });
  found.catch(ignore);
  // The thread asks by the id `conversation_find` answers; its newest messages go out beside it,
  // by the address, and answer the thread's call when they are that conversation's.
  client.earlyAs(
    'message_list',
    { key, receiver, limit: FIRST_THREAD_PAGE },
    found.then(({ data: conversation }) => ({
      fields: { key, conversationId: conversation.id, limit: FIRST_THREAD_PAGE },
      fits: ({ data: messages }) =>
        messages.length > 0 && messages.every((message) => message.conversationId === conversation.id),
    })),
  );
}
