/**
 * The acts the inbox's first rows wait for, sent at start-up beside the token check
 * (earlyActs.ts): the project, the list's first page and, when the address names a conversation,
 * the conversation and then its newest messages. Each with the fields the screen's machines send
 * first (projectMachine, conversationListMachine, conversationMachine, threadMachine; a test
 * runs them to prove it), so their first calls take these answers.
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
  client
    .early('conversation_find', { key, receiver })
    .then(({ data }) =>
      client.early('message_list', { key, conversationId: data.id, limit: FIRST_THREAD_PAGE }),
    )
    .catch(ignore);
}
