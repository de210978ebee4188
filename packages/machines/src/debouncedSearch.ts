/**
 * The debounced search region shared by the CRM tables' machines (labels, stages, quick replies):
 * a search box whose text applies after a pause in the typing. The region is
 *
 * - `idle`: `<prefix>.search` with text goes to `debouncing` (the text kept in `searchText`);
 *   with nothing (or blanks) it clears the search at once;
 * - `debouncing`: the shared `delay` actor (delay.ts, invoked as `pause`) sends
 *   `<prefix>.searchSettled` after `searchDebounceMs`; the search then applies
 *   (`search`). Typing again restarts the pause; a search equal to the one typed is ignored.
 *
 * Use: spread `searchContext(input.searchDebounceMs)` into the context, `searchGuards` and
 * `searchActions<Context, Event>()` into `setup`, register `delay` among its actors, and place
 * `searchRegion(prefix, then)` as a parallel region; `then` are the machine's own
 * actions run whenever the applied search changes (send the table its payload, announce it).
 */
import { assign } from 'xstate';
import type { EventObject } from 'xstate';
import { on } from './transitions.ts';

export interface SearchContext {
  /** Quiet time after the last keystroke before the search applies. */
  searchDebounceMs: number;
  /** The search the table shows ('' for none), and the one typed (waiting for the pause). */
  search: string;
  searchText: string;
}

export const SEARCH_PAUSE_MS = 300;

/** The region's starting context: nothing searched, the pause of the input or 300 ms. */
export function searchContext(searchDebounceMs: number | undefined): SearchContext {
  return { searchDebounceMs: searchDebounceMs ?? SEARCH_PAUSE_MS, search: '', searchText: '' };
}

/** Text that clears the search (blank) when something is searched or typed. */
export function clearsSearch(context: SearchContext, text: string): boolean {
  return text.trim() === '' && (context.search !== '' || context.searchText !== '');
}

/** Text that is a new search (not blank, not the one typed already). */
export function searchChanged(context: SearchContext, text: string): boolean {
  return text.trim() !== '' && text.trim() !== context.searchText;
}

export const searchGuards = {
  clearsSearch: ({ context }: { context: SearchContext }, params: { text: string }) =>
    clearsSearch(context, params.text),
  searchChanged: ({ context }: { context: SearchContext }, params: { text: string }) =>
    searchChanged(context, params.text),
};

/** The region's actions, for a machine whose context is `Context` and events `Event`. */
export function searchActions<Context extends SearchContext, Event extends EventObject>() {
  return {
    typeSearch: assign<Context, Event, { text: string }, Event, never>(
      (_, params) => ({ searchText: params.text.trim() }) as Partial<Context>,
    ),
    applySearch: assign<Context, Event, undefined, Event, never>(
      ({ context }) => ({ search: context.searchText }) as Partial<Context>,
    ),
    clearSearch: assign<Context, Event, undefined, Event, never>(
      () => ({ search: '', searchText: '' }) as Partial<Context>,
    ),
  };
}

const textOf = ({ event }: { event: { text: string } }) => ({ text: event.text });

/**
 * The region's states and transitions for events `<prefix>.search` and `<prefix>.searchSettled`
 * (the pause is the machine's `delay` actor), and `then`, the machine's own actions after the
 * applied search changed.
 */
export function searchRegion<Prefix extends string, Then extends string = never>(
  prefix: Prefix,
  then: readonly Then[] = [],
) {
  const settled = { type: `${prefix}.searchSettled` as const };
  return {
    initial: 'idle' as const,
    on: on(`${prefix}.search` as const, [
      {
        guard: { type: 'clearsSearch' as const, params: textOf },
        target: '.idle',
        actions: ['clearSearch' as const, ...then],
      },
      {
        guard: { type: 'searchChanged' as const, params: textOf },
        target: '.debouncing',
        actions: { type: 'typeSearch' as const, params: textOf },
      },
    ]),
    states: {
      idle: {},
      debouncing: {
        invoke: {
          id: 'pause' as const,
          src: 'delay' as const,
          input: ({ context }: { context: SearchContext }) => ({
            ms: context.searchDebounceMs,
            event: settled,
          }),
        },
        on: on(`${prefix}.searchSettled` as const, {
          target: 'idle',
          actions: ['applySearch' as const, ...then],
        }),
      },
    },
  };
}
