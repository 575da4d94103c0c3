/** The hold lasts at least this long: a list's refetch on a slow phone, then its row's images. */
const HOLD_MS = 10_000;
/** ...and this long after the last move, up to `MAX_HOLD_MS`. */
const SETTLE_MS = 3_000;
const MAX_HOLD_MS = 20_000;

/**
 * Keeps `element` where it is on the screen while the page changes above it (a row that appears or goes after
 * adding a title to a list): the page scrolls by as much as the element moved. The viewer's own scrolling ends
 * the hold. Browsers' scroll anchoring does not cover this: it anchors on the first visible node, which may sit
 * above the row that appears.
 */
export function keepInPlace(element: Element): void {
  const { documentElement } = document;
  if (typeof ResizeObserver === 'undefined') return;
  const top = element.getBoundingClientRect().top;
  const started = Date.now();
  let timer = setTimeout(() => stop(), HOLD_MS);
  const observer = new ResizeObserver(() => {
    if (!element.isConnected) return;
    const moved = element.getBoundingClientRect().top - top;
    if (Math.abs(moved) < 1) return;
    window.scrollBy({ top: moved, behavior: 'instant' });
    const elapsed = Date.now() - started;
    clearTimeout(timer);
    timer = setTimeout(() => stop(), Math.min(Math.max(HOLD_MS - elapsed, SETTLE_MS), MAX_HOLD_MS - elapsed));
  });
  const stop = () => {
    clearTimeout(timer);
    observer.disconnect();
    for (const name of ['wheel', 'touchmove', 'keydown'] as const) window.removeEventListener(name, stop);
  };
  observer.observe(document.body);
  observer.observe(documentElement);
  for (const name of ['wheel', 'touchmove', 'keydown'] as const)
    window.addEventListener(name, stop, { passive: true });
}
