/** Toasts show newest first and close by themselves after 5000 ms (SPEC.md sections 2 and 9). */
import { TOAST_AUTO_CLOSE_MS } from '@sapa/sdk';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

type Listener = () => void;

export interface Timers {
  set(run: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(handle: ReturnType<typeof setTimeout>): void;
}

export interface ToastStore {
  getSnapshot(): readonly Toast[];
  subscribe(listener: Listener): () => void;
  show(message: string, tone?: ToastTone): number;
  dismiss(id: number): void;
}

export function createToastStore(
  autoCloseMs: number = TOAST_AUTO_CLOSE_MS,
  // Wrapped: browsers refuse `setTimeout` called as a method of another object.
  timers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle) },
): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const handles = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const dismiss = (id: number) => {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clear(handle);
    handles.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };
  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(message, tone = 'info') {
      const id = nextId++;
      toasts = [{ id, tone, message }, ...toasts];
      handles.set(
        id,
        timers.set(() => dismiss(id), autoCloseMs),
      );
      emit();
      return id;
    },
    dismiss,
  };
}
