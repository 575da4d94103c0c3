import type { ComponentType } from 'react';

/** A route `lazy` loader: the page's module is its own chunk, loaded on the first visit. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
