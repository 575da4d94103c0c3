import { useSyncExternalStore } from 'react';
import { whenLoaded } from './when-loaded';

/** Chromium's install offer (not in the DOM typings): kept from the start so a page can offer it later. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How this browser installs the site: it has (`installed`), by our button (`prompt`), or by its own menu. */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'menu';

let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers the service worker (pwa/service-worker.js, written by the build as /sw.js) once the page has
 * loaded, and keeps the browser's install offer, which it makes once, early, whatever page is open.
 */
export function startInstallableApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    changed();
  });
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    whenLoaded(() => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    });
  }
}

/** iPhone and iPad (iPadOS says Macintosh, with touch): installing goes through Safari's Share menu. */
export function isAppleMobile(userAgent: string, touchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (userAgent.includes('Macintosh') && touchPoints > 1);
}

function currentWay(): InstallWay {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (installed || standalone) return 'installed';
  if (offer) return 'prompt';
  return isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : 'menu';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog (once: the browser makes a new offer if the viewer says no). */
async function install(): Promise<void> {
  const pending = offer;
  if (!pending) return;
  offer = null;
  await pending.prompt();
  const choice = await pending.userChoice;
  if (choice.outcome === 'accepted') installed = true;
  changed();
}

/** How this browser installs the site, and the install dialog where the browser offers one. */
export function useInstallApp(): { way: InstallWay; install: () => Promise<void> } {
  const way = useSyncExternalStore(subscribe, currentWay, () => 'menu' as const);
  return { way, install };
}
