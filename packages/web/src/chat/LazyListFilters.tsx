/**
 * The inbox list's on-demand filters (`ListFilters.tsx`, with their pickers) load in a chunk of
 * their own: when the "Filter" button is pointed at or focused (`preloadListFilters`), or at the
 * latest when the panel first opens (a spinner meanwhile).
 */
import { Suspense, type ComponentProps } from 'react';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { lazyComponent } from '../lazyComponent.ts';

const Loaded = lazyComponent(() => import('./ListFilters.tsx'), 'ListFilters');

/** Starts loading the filters' code (once). */
export const preloadListFilters = (): Promise<unknown> => Loaded.preload();

export function ListFilters(props: ComponentProps<typeof Loaded>) {
  const t = useT();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <Loaded {...props} />
    </Suspense>
  );
}
