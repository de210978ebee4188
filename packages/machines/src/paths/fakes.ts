/**
 * In-memory stand-ins for the SDK and the browser, for model paths and tests: a client whose
 * acts wait until the caller settles them, and stores that write what happens to `effects`.
 */
import type { RedirectStore, SessionLocation } from '../sessionMachine.ts';
import type {
  ActCallOptions,
  ActCaller,
  ActInput,
  ActName,
  ActOutput,
  ActResult,
  TokenStoreLike,
} from '../sdk.ts';

export interface ActCall {
  name: ActName;
  fields: unknown;
}

interface PendingCall extends ActCall {
  resolve(data: unknown, totalPage?: number): void;
  reject(error: unknown): void;
}

export interface FakeClient extends ActCaller {
  /** Every act called, in order. */
  readonly calls: ActCall[];
  /** The signal each call in `calls` was given (same order; undefined when none). */
  readonly signals: (AbortSignal | undefined)[];
  /** Acts called and not settled yet. */
  pending(): ActCall[];
  /**
   * Answers the oldest pending call of `name`; throws when nothing called it. A page's
   * `total_page` rides beside `data`, as in a real answer.
   */
  settle(name: ActName, outcome: { data: unknown; total_page?: number } | { error: unknown }): void;
}

export function createFakeClient(): FakeClient {
  const calls: ActCall[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const waiting: PendingCall[] = [];
  return {
    calls,
    signals,
    act<N extends ActName>(name: N, fields: ActInput<N>, options?: ActCallOptions): Promise<ActResult<N>> {
      calls.push({ name, fields });
      signals.push(options?.signal);
      return new Promise<ActResult<N>>((resolve, reject) => {
        waiting.push({
          name,
          fields,
          resolve: (data, totalPage) =>
            resolve({
              code: '1',
              msg: 'OK',
              data: data as ActOutput<N>,
              ...(totalPage === undefined ? {} : { total_page: totalPage }),
            }),
          reject,
        });
      });
    },
    pending: () => waiting.map(({ name, fields }) => ({ name, fields })),
    settle(name, outcome) {
      const index = waiting.findIndex((call) => call.name === name);
      const call = waiting[index];
      if (call === undefined) throw new Error(`No pending ${name} call to settle`);
      waiting.splice(index, 1);
      if ('data' in outcome) call.resolve(outcome.data, outcome.total_page);
      else call.reject(outcome.error);
    },
  };
}

export interface FakeBrowser {
  tokens: TokenStoreLike;
  redirectStore: RedirectStore;
  location: SessionLocation & { visit(path: string): void };
  /** What the machine did to the stores and the router, in words. */
  effects: string[];
}

export function createFakeBrowser(start: {
  token: string | null;
  path: string;
  saved?: string;
}): FakeBrowser {
  const effects: string[] = [];
  let token = start.token;
  let saved: string | null = start.saved ?? null;
  let path = start.path;
  return {
    effects,
    tokens: {
      get: () => token,
      set: (next) => {
        token = next;
        effects.push(next === null ? 'token cleared' : 'token stored');
      },
    },
    redirectStore: {
      get: () => saved,
      set: (next) => {
        saved = next;
        effects.push(`${next} saved for after sign-in`);
      },
      clear: () => {
        if (saved !== null) effects.push('saved path cleared');
        saved = null;
      },
    },
    location: {
      getPath: () => path,
      navigate: (next, options) => {
        path = next;
        effects.push(`navigated to ${next}${options?.replace ? ' (replace)' : ''}`);
      },
      visit: (next) => {
        path = next;
      },
    },
  };
}
