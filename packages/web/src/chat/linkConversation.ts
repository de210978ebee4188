/**
 * Ties together the actors of one open conversation once it is resolved: its summary
 * (`conversationMachine`), its thread and its composer. Socket events reach them through the
 * router; the composer's sends go to the thread's outbox; the composer follows the 24-hour
 * window; the list shows it as open; and the thread is marked read when it is ready and the
 * agent can see it. Answers the function that undoes all of it. No React here.
 */
import type { Actor } from 'xstate';
import {
  selectThreadStatus,
  selectWindowOpen,
  type composerMachine,
  type conversationMachine,
  type ConversationListEvent,
  type InboxRouter,
  type Target,
  type threadMachine,
} from '@sapa/machines';

/** Whether the agent can see the page, and a way to hear when that changes. */
export interface Visibility {
  isVisible(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface LinkConversationOptions {
  key: string;
  conversationId: string;
  router: Pick<InboxRouter, 'attachConversation'>;
  list: Target<ConversationListEvent> | null;
  conversation: Actor<typeof conversationMachine>;
  thread: Actor<typeof threadMachine>;
  composer: Actor<typeof composerMachine>;
  visibility: Visibility;
  /** The server took the conversation away (assigned to someone else): close it. */
  onRemoved(): void;
}

export function linkConversation(options: LinkConversationOptions): () => void {
  const { conversation, thread, composer, list, visibility, conversationId } = options;
  const cleanups: Array<() => void> = [];

  cleanups.push(
    options.router.attachConversation(options.key, {
      conversationId,
      thread,
      conversation,
      onRemoved: options.onRemoved,
    }),
  );

  const sends = composer.on('composer.send', ({ draft }) => thread.send({ type: 'thread.send', draft }));
  cleanups.push(() => sends.unsubscribe());

  let windowOpen: boolean | null = null;
  const followWindow = () => {
    const open = selectWindowOpen(conversation.getSnapshot());
    if (open === windowOpen) return;
    windowOpen = open;
    composer.send({ type: 'composer.window', open });
  };
  followWindow();
  const windowWatch = conversation.subscribe(followWindow);
  cleanups.push(() => windowWatch.unsubscribe());

  list?.send({ type: 'list.select', conversationId });
  cleanups.push(() => list?.send({ type: 'list.deselect' }));

  let read = false;
  const markRead = () => {
    if (!visibility.isVisible() || selectThreadStatus(thread.getSnapshot()) !== 'ready') return;
    thread.send({ type: 'thread.markRead' });
  };
  const onThread = thread.subscribe(() => {
    const ready = selectThreadStatus(thread.getSnapshot()) === 'ready';
    if (ready && !read) {
      read = true;
      markRead();
    }
  });
  cleanups.push(() => onThread.unsubscribe());
  if (selectThreadStatus(thread.getSnapshot()) === 'ready') {
    read = true;
    markRead();
  }
  cleanups.push(visibility.subscribe(markRead));

  return () => {
    for (const cleanup of cleanups.reverse()) cleanup();
  };
}
