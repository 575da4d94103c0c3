import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startInstallableApp } from '../shared/hooks/install-app';
import { whenLoaded } from '../shared/hooks/when-loaded';
import { App } from './app';
import { reportWebVitals } from './vitals/report-web-vitals';

/** Renders the app into #root; loaded by the page's entry (main.tsx) once the page has painted. */
export function startApp(root: HTMLElement): void {
  startInstallableApp();
  const app = createRoot(root);
  // As a transition React renders the first page in slices and lets the browser answer taps in between.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  whenLoaded(() => void reportWebVitals());
}
