import { lazy, type LazyExoticComponent } from 'react';

/** What `lazy` accepts: any component (React types it `ComponentType<any>`). */
type Component = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** A lazily loaded component that can start loading before it renders. */
export type LazyComponent<C extends Component> = LazyExoticComponent<C> & {
  /** Starts loading the component's code (once); rendering it later does not wait again for the network. */
  preload(): Promise<unknown>;
};

/**
 * A component whose code loads when it first renders (its own chunk in the build), or earlier
 * with `preload()`: `load` imports its module, `name` names the component the module exports.
 * Render it inside a Suspense. The screens of App.tsx are made this way, and the heavy pieces
 * (FilePond, the board, the date picker, the media players) behind their `Lazy*` wrappers.
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
  const once = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: (await once())[name] })),
    { preload: once },
  );
}
