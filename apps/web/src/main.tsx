import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { reportWebVitals } from './app/vitals/report-web-vitals';
import { keepTapsBeforeTakeover } from './shared/prerender/prerendered-page';
import { startInstallableApp } from './shared/pwa/install-app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
keepTapsBeforeTakeover();
startInstallableApp();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

window.addEventListener('load', () => {
  void reportWebVitals();
});
