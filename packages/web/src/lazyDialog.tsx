/**
 * A dialog whose code loads the first time it opens, not with the screen that holds it: the
 * screen's first load carries less, in fewer files (`pnpm bench bundle`, `pnpm bench
 * inboxBrowser`). Until then the wrapper renders nothing, which is what a closed dialog shows;
 * once opened it stays mounted, so closing it later animates as before. The dialogs' content
 * already mounts only while they are open, so nothing starts earlier or later than it did.
 *
 * ```ts
 * export const GalleryPicker = lazyDialog(
 *   () => import('./GalleryPicker.tsx'),
 *   'GalleryPicker',
 *   (props) => props.isOpen,
 * );
 * ```
 */
import { Suspense, useState, type ComponentProps, type lazy } from 'react';
import { lazyComponent } from './lazyComponent.ts';

/** What `lazy` accepts: any component (as in lazyComponent.ts). */
type Component = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

export function lazyDialog<Module extends Record<Name, Component>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  /** Whether the dialog is open (a hook: it may read an actor). */
  useIsOpen: (props: ComponentProps<Module[Name]>) => boolean,
) {
  const Loaded = lazyComponent(load, name);
  function LazyDialog(props: ComponentProps<Module[Name]>) {
    const open = useIsOpen(props);
    const [opened, setOpened] = useState(open);
    // Derived from the props while rendering (React's "storing information from previous renders").
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyDialog.displayName = `Lazy${String(name)}`;
  return LazyDialog;
}
