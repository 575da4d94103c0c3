/**
 * Runs `work` once the page has loaded: at once when it already has (the app's code loads after the first paint,
 * often after the load event), else on the load event.
 */
export function whenLoaded(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}
