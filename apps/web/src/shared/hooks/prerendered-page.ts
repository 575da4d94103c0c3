import { PRERENDERED_PAGE_ID } from '@salomtv/contract';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** The button of the server's paint that was tapped before the app took over (its `controlKey`). */
let tapBeforeTakeover: string | undefined;

/** Names a button the same in the server's paint and in the app: both are rendered from the same components. */
function controlKey(button: Element): string {
  return button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
}

/**
 * The paint's buttons (the menu, the bell, Play Now) look live but have no script of their own: a tap on one while
 * the app is still loading its page is kept, and given to the same button of the app when it takes over.
 * Called once, as the app starts.
 */
export function keepTapsBeforeTakeover(): void {
  document.getElementById(PRERENDERED_PAGE_ID)?.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) tapBeforeTakeover = controlKey(button);
  });
}

/**
 * The server's first paint of a page (the landing page, /home) sits beside `#root` in the element with this id
 * (app/prerender/page-shells.tsx, server plugins/web-app.ts). While it is there, `#root` is hidden (index.css);
 * the page that takes its place removes it before the browser paints again.
 */
export function removePrerenderedPage(): void {
  const painted = document.getElementById(PRERENDERED_PAGE_ID);
  if (!painted) return;
  painted.remove();
  const tapped = tapBeforeTakeover;
  tapBeforeTakeover = undefined;
  if (tapped === undefined) return;
  const button = Array.from(document.querySelectorAll('#root button')).find(
    (candidate) => controlKey(candidate) === tapped,
  );
  // After the commit that took over, so the click reaches the app's handlers like a tap of the viewer's.
  if (button instanceof HTMLElement) queueMicrotask(() => button.click());
}

/** Hands the screen from the server's first paint to the app once the page has what it shows (`ready`). */
export function useReplacePrerenderedPage(ready = true): void {
  useLayoutEffect(() => {
    if (ready) removePrerenderedPage();
  }, [ready]);
}

/** A first paint belongs to one address: the app at any other one (a redirect, a link) removes it. */
export function useDropPrerenderedPageElsewhere(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const painted = document.getElementById(PRERENDERED_PAGE_ID);
    if (painted && painted.dataset.path !== pathname) painted.remove();
  }, [pathname]);
}
