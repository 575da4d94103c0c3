/** How long to wait for the change that may move the page (a list's refetch on a slow phone). */
const WAIT_MS = 10_000;
/** How long the hold lasts after the last move (images of a new row that load late). */
const SETTLE_MS = 2_000;

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
  let timer = setTimeout(() => stop(), WAIT_MS);
  const observer = new ResizeObserver(() => {
    if (!element.isConnected) return;
    const moved = element.getBoundingClientRect().top - top;
    if (Math.abs(moved) < 1) return;
    window.scrollBy({ top: moved, behavior: 'instant' });
    clearTimeout(timer);
    timer = setTimeout(() => stop(), SETTLE_MS);
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
