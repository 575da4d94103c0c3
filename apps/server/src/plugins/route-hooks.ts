/**
 * A route's hooks of one kind with one more after them, as a new array. Used by `onRoute` hooks that give a route
 * what it alone needs. Never pushed into the array a route came with: the options of a GET route are copied for
 * its HEAD route before the `onRoute` hooks run, so a hook pushed into the shared array would run twice there.
 */
export function appendHook<Hook>(hooks: Hook | readonly Hook[] | undefined, hook: Hook): Hook[] {
  return [...[hooks ?? []].flat(), hook] as Hook[];
}
