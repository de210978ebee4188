/**
 * Where a signed-out visitor was going, kept in browser storage so sign-in can send them back
 * (SPEC.md section 2; DESIGN.md decides the key name).
 */
export const REDIRECT_KEY = 'sapa-redirect-after-login';

export interface RedirectStore {
  get(): string | null;
  set(path: string): void;
  clear(): void;
}

export function createBrowserRedirectStore(storage: Storage): RedirectStore {
  return {
    get() {
      try {
        return storage.getItem(REDIRECT_KEY);
      } catch {
        return null;
      }
    },
    set(path) {
      try {
        storage.setItem(REDIRECT_KEY, path);
      } catch {
        // Storage disabled: the visitor lands on the home page after sign-in instead.
      }
    },
    clear() {
      try {
        storage.removeItem(REDIRECT_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
