/** How long an element is held in place after the action that may move the page around it. */
const HOLD_MS = 3000;

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
  let stopped = false;
  const observer = new ResizeObserver(() => {
    if (stopped || !element.isConnected) return;
    const moved = element.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
  });
  const stop = () => {
    stopped = true;
    observer.disconnect();
    for (const name of ['wheel', 'touchmove', 'keydown'] as const) window.removeEventListener(name, stop);
  };
  observer.observe(document.body);
  observer.observe(documentElement);
  for (const name of ['wheel', 'touchmove', 'keydown'] as const)
    window.addEventListener(name, stop, { passive: true });
  setTimeout(stop, HOLD_MS);
}
