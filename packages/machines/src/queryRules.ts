/**
 * SPEC.md section 9's query rules as the list and table machines apply them: a failed fetch is
 * tried again `retry` times (once) before the machine shows the failure, a reconnect refetches
 * what is shown (`refetchOnReconnect`), and the window coming back into focus does not
 * (`refetchOnWindowFocus`). The values are the SDK's `queryDefaults`; a machine's input may
 * override them (tests, or a screen that must not refetch).
 */
import { queryDefaults } from '@sapa/sdk';

export interface QueryRules {
  /** Further tries after a failed fetch before the failure is shown. */
  retry: number;
  refetchOnReconnect: boolean;
  refetchOnWindowFocus: boolean;
}

/** `queryDefaults` with the input's overrides. */
export function queryRules(overrides: Partial<QueryRules> = {}): QueryRules {
  return { ...queryDefaults, ...overrides };
}

/** Whether a fetch that failed `failures` times (this one included) is tried again. */
export function mayRetry(rules: QueryRules, failures: number): boolean {
  return failures <= rules.retry;
}
