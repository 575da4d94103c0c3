import { PRERENDERED_PAGE_ID } from '@salomtv/contract';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { removePrerenderedPage } from './first-paint';

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
