/// <reference lib="webworker" />
// SalomTV's service worker: the app shell and the build's hashed files from a cache, so the site opens
// without a network and installs as an app. Media (/api/stream, /api/media, /media/) and every API answer
// always go to the network, untouched: they are per viewer, signed, expiring, and large.

// The build writes this line (apps/web/pwa/vite-plugin.ts): its id, and the files the shell needs at once.
const BUILD = { id: 'dev', precache: ['/app-shell'] };

const PREFIX = 'salomtv-shell-';
const CACHE = `${PREFIX}${BUILD.id}`;
/** Stands for every page address: the app's index.html (its router draws the page asked for). */
const SHELL = '/app-shell';
/** Never answered from a cache, never stored in one. */
const NEVER = /^\/(api|media)\//;

self.addEventListener('install', (event) => {
  // No skipWaiting: pages opened on the old build keep their files until they close, then this one takes over.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.precache)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The cached copy, else the network's (kept when it is a whole, successful answer of our own). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200 && response.type === 'basic')
    await cache.put(request, response.clone());
  return response;
}

/** Pages come from the network (their first paint is per language and viewer); offline, the cached shell. */
async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  // Hashed files never change under their name; the top-level ones (icons, manifest) change with the build.
  if (url.pathname.startsWith('/static/') || (BUILD.precache.includes(url.pathname) && !url.search)) {
    event.respondWith(cacheFirst(request));
  }
});
