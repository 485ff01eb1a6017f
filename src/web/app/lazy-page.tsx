import { type ComponentType, type ReactElement, use } from 'react';

export type LazyPage<Props extends object> = ((props: Props) => ReactElement) & {
  /** Starts loading the code, once; resolves when it is there. */
  preload: () => Promise<unknown>;
  /** Whether the code is there (renders without suspending). */
  isLoaded: () => boolean;
};

/**
 * A page (or layout) whose code is a chunk of its own, loaded when first shown or ahead of it
 * (`preload`: the router on a navigation, a link on hover or focus). Once loaded it renders at once;
 * while loading it suspends (the router shows the screen before it meanwhile: router.tsx).
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that did not arrive may arrive on the next try (main.tsx reloads a stale build).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: Props) {
    const Page = loaded ?? use(preload());
    return <Page {...props} />;
  }
  return Object.assign(Lazy, { preload, isLoaded: () => loaded !== undefined });
}
