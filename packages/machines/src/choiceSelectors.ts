/**
 * The selectors of the machines built from choiceRegions.ts: where the first load and the
 * picker are, and what the picker offers (searched by words of the names).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { PickerContext } from './choiceRegions.ts';

export type LoadStatus = 'loading' | 'failed' | 'ready';
export type PickerStatus = 'closed' | 'loading' | 'failed' | 'picking';

/** Where the first load is (`firstLoad`'s tags). */
export function loadStatus(snapshot: { hasTag(tag: 'loading' | 'error'): boolean }): LoadStatus {
  if (snapshot.hasTag('error')) return 'failed';
  return snapshot.hasTag('loading') ? 'loading' : 'ready';
}

/** Where the picker is (`pickerRegion` at `ready.picker`). */
export function pickerStatus(snapshot: AnyMachineSnapshot): PickerStatus {
  for (const status of ['loading', 'failed', 'picking'] as const)
    if (snapshot.matches({ ready: { picker: { open: status } } })) return status;
  return 'closed';
}

/** The items whose name holds every word of `search` (any case); all of them for ''. */
export function matchNames<T extends { name: string }>(items: readonly T[], search: string): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    const name = item.name.toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

const offeredCache = new WeakMap<object, unknown[]>();

/**
 * What the picker offers: the options not `taken` already, matching the search (kept per
 * context, so a selector answers the same array until the context changes).
 */
export function offeredOptions<Option extends { id: string; name: string }>(
  context: PickerContext<Option>,
  taken: Iterable<string>,
): Option[] {
  const cached = offeredCache.get(context);
  if (cached !== undefined) return cached as Option[];
  const takenIds = new Set(taken);
  const offered = matchNames(
    context.options.filter((option) => !takenIds.has(option.id)),
    context.search,
  );
  offeredCache.set(context, offered);
  return offered;
}
