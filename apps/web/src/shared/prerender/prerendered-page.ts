import { PRERENDERED_PAGE_ID } from '@salomtv/contract';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The server's first paint of a page (the landing page, /home) sits beside `#root` in the element with this id
 * (app/prerender/page-shells.tsx, server plugins/web-app.ts). While it is there, `#root` is hidden (index.css);
 * the page that takes its place removes it before the browser paints again.
 */
export function removePrerenderedPage(): void {
  document.getElementById(PRERENDERED_PAGE_ID)?.remove();
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
