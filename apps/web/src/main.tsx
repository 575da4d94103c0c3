import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { reportWebVitals } from './app/vitals/report-web-vitals';
import { startInstallableApp } from './shared/hooks/install-app';
import { keepTapsBeforeTakeover } from './shared/hooks/prerendered-page';

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
