/**
 * Acts sent at start-up, beside the stored token's check, for what the asked-for screen will
 * ask first (`startEarlyActs`, from main.tsx): opening a link to a conversation then waits for one
 * round of requests, not for the check, then the project, then the list and the conversation,
 * then its messages, each after the one before.
 *
 * Nothing is shown from them before the session machine has the server's verdict on the token:
 * an answer only waits in the client until a machine, started once the user is signed in, calls
 * the same act with the same fields and the same token; the first such call takes it instead of
 * asking again. Every act still carries the token and the server checks it as always, so a
 * refused token answers these as it answers the check, and an answer nobody takes is dropped
 * after `ttlMs`. A failed early act is forgotten at once: the machine's own call then asks again.
 *
 * An early answer is read before the socket is up, so it misses what the socket would have
 * reported meanwhile: once the connection is up (`settle`), answers not taken yet are dropped, and
 * if one was taken the screens fetch what they missed, as after a reconnection.
 */
import { NetworkError } from '@sapa/sdk';
import type { ActClient, ActInput, ActName, ActOutput, ActSuccess, TokenStore } from '@sapa/sdk';

export interface EarlyActClient extends ActClient {
  /**
   * Calls `name` with `fields` now; the first `act(name, fields)` with the same token within
   * `ttlMs` takes this answer. Resolves as the act does.
   */
  early<N extends ActName>(name: N, fields: ActInput<N>): Promise<ActSuccess<ActOutput<N>>>;
  /**
   * Calls `name` with `sent` now, for a call the screen will make with other fields it does not
   * know yet (`message_list` by the address's `receiver`, which the thread asks for by the id
   * `conversation_find` answers). Once `as` resolves, the answer waits for the first
   * `act(name, as.fields)` with the same token within `ttlMs`: that call takes it when
   * `as.fits(answer)` says it answers those fields too, or else calls the act with them then (as
   * it does when this call failed). When `as` rejects, or the connection came up meanwhile
   * (`settle`), nothing waits.
   */
  earlyAs<N extends ActName>(name: N, sent: ActInput<N>, as: Promise<EarlyFields<N>>): void;
  /**
   * The real-time connection is up: answers still waiting are dropped (the screens' own calls,
   * made now, see everything the socket reports after them). Answers whether one was taken since
   * the last call: what it shows was read before the socket could report changes, so the
   * screens should fetch what they missed (inbox/inboxConnection.ts).
   */
  settle(): boolean;
}

/** What an `earlyAs` answer waits for, and whether it answers that call. */
export interface EarlyFields<N extends ActName> {
  fields: ActInput<N>;
  fits(answer: ActSuccess<ActOutput<N>>): boolean;
}

export interface EarlyActOptions {
  tokens: Pick<TokenStore, 'get'>;
  /** How long an answer waits to be taken (default 15 s). */
  ttlMs?: number;
  /** Milliseconds, for the waiting time (default `Date.now`). */
  now?: () => number;
}

const DEFAULT_TTL_MS = 15_000;

interface Waiting {
  answer: Promise<unknown>;
  sentAt: number;
}

/** The same JSON for the same fields in any key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([field, item]) => `${JSON.stringify(field)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Resolves as `answer` does, or rejects as an aborted call when `signal` aborts first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined, url: string): Promise<T> {
  if (signal === undefined) return answer;
  const aborted = () => new NetworkError('aborted', { method: 'POST', url }, signal.reason);
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** `client`, whose `act` first takes a matching answer sent early (see the module's comment). */
export function withEarlyActs(client: ActClient, options: EarlyActOptions): EarlyActClient {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const waiting = new Map<string, Waiting>();
  let taken = false;
  /** How many times the connection came up: an `earlyAs` answer from before it is not kept. */
  let settled = 0;
  const keyOf = (name: string, fields: unknown, token: string | null) =>
    `${name} ${token ?? ''} ${stableJson(fields ?? {})}`;

  /** The waiting answer for this call, taken (once), or null. */
  const take = (name: string, fields: unknown): Promise<unknown> | null => {
    if (waiting.size === 0) return null;
    const key = keyOf(name, fields, options.tokens.get());
    const found = waiting.get(key);
    if (found === undefined) return null;
    waiting.delete(key);
    if (now() - found.sentAt > ttlMs) return null;
    taken = true;
    return found.answer;
  };

  return {
    baseUrl: client.baseUrl,
    act(name, ...args) {
      const [fields, callOptions] = args;
      const answer = take(name, fields);
      if (answer === null) return client.act(name, ...args);
      return untilAborted(answer, callOptions?.signal, client.baseUrl) as never;
    },
    actForm: (name, form, callOptions) => client.actForm(name, form, callOptions),
    page: (payload, page, callOptions) => client.page(payload, page, callOptions),
    settle() {
      settled += 1;
      waiting.clear();
      const answer = taken;
      taken = false;
      return answer;
    },
    early(name, fields) {
      const key = keyOf(name, fields, options.tokens.get());
      const answer = (client.act as (n: ActName, f: unknown) => Promise<ActSuccess<ActOutput<typeof name>>>)(
        name,
        fields,
      );
      const entry = { answer, sentAt: now() };
      waiting.set(key, entry);
      // A failure is not kept: the screen's own call asks again.
      answer.catch(() => {
        if (waiting.get(key) === entry) waiting.delete(key);
      });
      return answer;
    },
    earlyAs(name, sent, as) {
      type Answer = ActSuccess<ActOutput<typeof name>>;
      const call = client.act as (n: ActName, f: unknown) => Promise<Answer>;
      const token = options.tokens.get();
      const sentAt = now();
      const round = settled;
      const answer = call(name, sent);
      answer.catch(() => undefined);
      as.then(
        ({ fields, fits }) => {
          if (round !== settled) return;
          const key = keyOf(name, fields, token);
          const again = () => call(name, fields);
          const entry = { answer: answer.then((found) => (fits(found) ? found : again()), again), sentAt };
          waiting.set(key, entry);
          entry.answer.catch(() => {
            if (waiting.get(key) === entry) waiting.delete(key);
          });
        },
        () => undefined,
      );
    },
  };
}
