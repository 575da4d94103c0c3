import { PRERENDERED_PAGE_ID } from '@salomtv/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startInstallableApp } from '../shared/hooks/install-app';
import { nextTask } from '../shared/hooks/next-task';
import { whenLoaded } from '../shared/hooks/when-loaded';
import { App } from './app';
import { FIRST_DATA_WAIT_MS, firstData } from './first-data';
import { queryClient } from './query-client';
import { createAppRouter } from './routing/router';
import { reportWebVitals } from './vitals/report-web-vitals';

/**
 * Renders the app into #root, behind the server's first paint once its first page's data is in (first-data.ts);
 * loaded by the page's entry (main.tsx) once the page has painted. The router's first match, the first calls and
 * React's root each start in a task of their own, so a phone's CPU answers taps in between.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const router = createAppRouter();
  await nextTask();
  // Only behind the server's first paint: a page without one shows the app's loading state at once instead.
  const dataIn = document.getElementById(PRERENDERED_PAGE_ID)
    ? firstData(router, queryClient, FIRST_DATA_WAIT_MS)
    : undefined;
  await nextTask();
  startInstallableApp();
  const app = createRoot(root);
  await dataIn;
  // As a transition React renders the first page in slices and lets the browser answer taps in between.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  whenLoaded(() => void reportWebVitals());
}
