import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toastStore.ts';

describe('toast store', () => {
  it('shows the newest toast first', () => {
    const store = createToastStore();
    store.show('first');
    store.show('second', 'error');
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['second', 'first']);
    expect(store.getSnapshot()[0]?.tone).toBe('error');
  });

  it('closes a toast by itself after 5000 ms', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore();
      store.show('hello');
      vi.advanceTimersByTime(4999);
      expect(store.getSnapshot()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.getSnapshot()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('dismisses one toast and tells its listeners', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show('a');
    store.show('b');
    store.dismiss(id);
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['b']);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
