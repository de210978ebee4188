/** A set of change listeners: `subscribe` returns its own unsubscribe, `notify` calls each once. */
export interface Listeners {
  subscribe(listener: () => void): () => void;
  notify(): void;
  readonly size: number;
}

export function createListeners(onFirst?: () => void, onLast?: () => void): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      // Wrap so the same function may subscribe twice and unsubscribe each independently.
      const entry = () => listener();
      listeners.add(entry);
      if (listeners.size === 1) onFirst?.();
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) onLast?.();
      };
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
    get size() {
      return listeners.size;
    },
  };
}
