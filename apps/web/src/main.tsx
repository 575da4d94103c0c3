import './index.css';
import { keepTapsBeforeTakeover } from './shared/hooks/first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
keepTapsBeforeTakeover();
const start = () => import('./app/start').then(({ startApp }) => startApp(root));
// The app's code loads once the browser has painted what the server sent (a page's first paint, or the empty
// page), so no paint waits for it; a hidden tab paints no frame and starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else void start();
