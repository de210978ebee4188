import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { ToastStore } from './toastStore.ts';
import * as css from './toast.css.ts';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastRegion store={store} />
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts needs a <ToastProvider>');
  return store;
}

function ToastRegion({ store }: { store: ToastStore }) {
  const t = useT();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <section className={css.region} aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={css.toast({ tone: toast.tone })}
        >
          <span className={css.message}>{toast.message}</span>
          <Button
            tone="ghost"
            size="sm"
            aria-label={t('toast.close')}
            onPress={() => store.dismiss(toast.id)}
          >
            ×
          </Button>
        </div>
      ))}
    </section>
  );
}
