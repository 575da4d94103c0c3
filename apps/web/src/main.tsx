import './index.css';
import { keepTapsBeforeTakeover } from './shared/hooks/first-paint';
import { nextTask } from './shared/hooks/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
keepTapsBeforeTakeover();

/**
 * React, the router and then the app are evaluated in tasks of their own, not in one: a phone's CPU answers taps in
 * between (each stage's chunks load while the one before runs; the browser has them from its cache after that).
 */
async function start(root: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./app/routing/router-library');
  await nextTask();
  const { startApp } = await import('./app/start');
  await startApp(root);
}
// The app's code loads once the browser has painted what the server sent (a page's first paint, or the empty
// page), so no paint waits for it; a hidden tab paints no frame and starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void start(root)));
else void start(root);
