import { createElement, lazy, useState, type ComponentProps, type FunctionComponent } from 'react';

/** What `lazy` accepts: any component (React types it `ComponentType<any>`). */
type Component = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** A lazily loaded component that can start loading before it renders. */
export type LazyComponent<C extends Component> = FunctionComponent<ComponentProps<C>> & {
  /** Starts loading the component's code (once); rendering it later does not wait again for the network. */
  preload(): Promise<unknown>;
};

/**
 * A component whose code loads when it first renders (its own chunk in the build), or earlier
 * with `preload()`: `load` imports its module, `name` names the component the module exports.
 * Render it inside a Suspense. The screens of App.tsx are made this way, and the heavy pieces
 * (FilePond, the board, the date picker, the media players) behind their `Lazy*` wrappers.
 *
 * Once its code is there (preloaded, or loaded for an earlier mount), a new mount renders it at
 * once instead of suspending: a `React.lazy` suspends on its first render however early its
 * module arrived, and React then holds the boundary's content back for up to 300 ms after its
 * fallback showed (its throttling of reveals), once for the frame and again for the screen.
 *
 * ```ts
 * const ChatPage = lazyComponent(() => import('./chat/ChatPage.tsx'), 'ChatPage');
 * ```
 */
export function lazyComponent<Module extends Record<Name, Component>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyComponent<Module[Name]> {
  let loading: Promise<Module> | null = null;
  let loaded: Module[Name] | null = null;
  const once = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return module;
    }));
  const Lazy = lazy(async () => ({ default: (await once())[name] }));
  function LazyLoaded(props: ComponentProps<Module[Name]>) {
    // Chosen once per mount: switching from `Lazy` to the loaded component later would remount.
    const [Shown] = useState<Component>(() => loaded ?? Lazy);
    return createElement(Shown, props);
  }
  LazyLoaded.displayName = `Lazy(${String(name)})`;
  return Object.assign(LazyLoaded, { preload: once });
}
