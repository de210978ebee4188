/**
 * The thread machine's actors: each calls one act (or keeps time) and is named in the machine's
 * `setup`, so tests swap it with `machine.provide(...)`.
 */
import { fromPromise } from 'xstate';
import type { ActCaller } from './sdk.ts';
import { sendFields } from './threadMessages.ts';
import type { ThreadDraft, ThreadMessage } from './threadMessages.ts';

/** At most this many messages per catch-up request; a full answer asks again. */
export const CATCH_UP_LIMIT = 100;

export interface Where {
  client: ActCaller;
  key: string;
  conversationId: string;
}

/** message_list: the newest page, or the page before `beforeSeq`. */
export const loadPage = fromPromise<ThreadMessage[], Where & { beforeSeq?: number; limit: number }>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'message_list',
        {
          key: input.key,
          conversationId: input.conversationId,
          limit: input.limit,
          ...(input.beforeSeq === undefined ? {} : { beforeSeq: input.beforeSeq }),
        },
        { signal },
      )
    ).data,
);

/** message_list with `afterSeq`: what was stored after the last message seen. */
export const catchUp = fromPromise<ThreadMessage[], Where & { afterSeq: number }>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'message_list',
        {
          key: input.key,
          conversationId: input.conversationId,
          afterSeq: input.afterSeq,
          limit: CATCH_UP_LIMIT,
        },
        { signal },
      )
    ).data,
);

/** A send attempt that took longer than `sendTimeoutMs`: handled like a network failure. */
export class SendTimeoutError extends Error {
  override name = 'SendTimeoutError';
  constructor(ms: number) {
    super(`No answer to the send within ${ms} ms`);
  }
}

/**
 * Runs `request` with a signal of its own that aborts when `signal` does (the actor stopped or
 * moved on) or after `timeoutMs`, when it gives up with a `SendTimeoutError` (handled like a
 * network failure: the caller retries with the same client id).
 */
export function timedRequest<T>(
  signal: AbortSignal,
  timeoutMs: number,
  request: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abortRequest = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abortRequest);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new SendTimeoutError(timeoutMs);
      reject(error);
      controller.abort(error);
    }, timeoutMs);
  });
  signal.addEventListener('abort', () => clearTimeout(timer));
  return Promise.race([request(controller.signal), timeout]).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortRequest);
  });
}

/**
 * message_send with the send's client id, given up after `timeoutMs` (the server dedupes retries).
 * The request ends with the attempt: a time-out aborts it before the machine retries, and so does
 * the actor's own signal (the machine stopped or moved on).
 */
export const sendMessage = fromPromise<
  ThreadMessage,
  Where & { clientId: string; draft: ThreadDraft; timeoutMs: number }
>(({ input, signal }) =>
  timedRequest(signal, input.timeoutMs, async (requestSignal) => {
    const result = await input.client.act(
      'message_send',
      {
        key: input.key,
        conversationId: input.conversationId,
        clientId: input.clientId,
        ...sendFields(input.draft),
      },
      { signal: requestSignal },
    );
    return result.data;
  }),
);

/** conversation_read: best effort, its failures are ignored. */
export const markRead = fromPromise<void, Where>(async ({ input, signal }) => {
  await input.client.act(
    'conversation_read',
    { key: input.key, conversationId: input.conversationId },
    { signal },
  );
});
