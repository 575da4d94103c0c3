import { useLayoutEffect } from 'react';

/**
 * The id of the landing page's first paint: markup the server puts beside `#root` for a signed-out visit to
 * `/` (app/prerender/landing-shell.tsx, server plugins/web-app.ts). While it is there, `#root` is hidden
 * (index.css); the page that takes its place removes it before the browser paints again.
 */
export const PRERENDERED_LANDING_ID = 'prerendered-landing';

export function removePrerenderedLanding(): void {
  document.getElementById(PRERENDERED_LANDING_ID)?.remove();
}

/** Hands the screen from the server's first paint to the app (the landing page, or an error in its place). */
export function useReplacePrerenderedLanding(): void {
  useLayoutEffect(removePrerenderedLanding, []);
}
