import { expect, type Page, test } from '@playwright/test';

// The one spec about the service worker: the others block it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Every address kept in the page's caches, by cache name. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });

/** Waits until the page is controlled by an active service worker. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the site is an installable app: a manifest with its icons, and a worker that keeps the shell, never media or API answers', async ({
  page,
}) => {
  await page.goto('/');
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl!)).json();
  expect(manifest).toMatchObject({
    name: 'SalomTV',
    short_name: 'SalomTV',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b0d12',
    background_color: '#0b0d12',
  });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');

  await controlled(page);
  const shell = Object.entries(await cached(page));
  expect(shell).toHaveLength(1);
  const [name, files] = shell[0]!;
  expect(name).toMatch(/^salomtv-shell-[0-9a-f]{16}$/);
  expect(files).toEqual(expect.arrayContaining(['/app-shell', '/manifest.webmanifest', '/icon-192.png']));
  expect(files.some((file) => /^\/static\/js\/index-[\w-]+\.js$/.test(file))).toBe(true);

  // Hashed files come from the cache on the next visit; media and API answers always from the network.
  const fromWorker = new Map<string, boolean>();
  page.on('response', (response) =>
    fromWorker.set(new URL(response.url()).pathname, response.fromServiceWorker()),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const entry = [...fromWorker.keys()].find((file) => /^\/static\/js\/index-[\w-]+\.js$/.test(file));
  expect(entry && fromWorker.get(entry)).toBe(true);
  const media = [
    '/api/health',
    '/api/stream/1/master.m3u8',
    '/api/media/images/x.webp',
    '/media/flags/x.svg',
  ];
  for (let round = 0; round < 2; round++) {
    await page.evaluate((urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.text()))), media);
  }
  for (const url of media) expect(fromWorker.get(url), url).toBe(false);
  const after = Object.values(await cached(page)).flat();
  expect(after.filter((file) => /^\/(api|media)\//.test(file))).toEqual([]);

  // Offline, a page address still opens the app from the kept shell.
  await page.context().setOffline(true);
  await page.goto('/movies');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.context().setOffline(false);
});

test('a new worker waits for the old one’s pages to close, then drops every other build’s cache', async ({
  context,
  page,
}) => {
  await page.goto('/');
  await controlled(page);
  const [current] = Object.keys(await cached(page));
  // What an earlier build left behind.
  const earlier = 'salomtv-shell-0000000000000000';
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    await cache.put('/static/js/index-old.js', new Response('old'));
  }, earlier);
  // The next deployment's worker (another script address makes the browser install it, as new bytes would).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js?next=1');
    await new Promise<void>((resolve) => {
      const check = () => (registration.waiting ? resolve() : setTimeout(check, 50));
      check();
    });
  });
  // It waits: the open page keeps its worker and every cache.
  expect(Object.keys(await cached(page)).sort()).toEqual([current, earlier].sort());
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // Asked from the new worker itself, so no page is opened (a page would become the old worker's client again).
  const nextWorker = context.serviceWorkers().find((worker) => /\/sw\.js\?next=1$/.test(worker.url()));
  expect(nextWorker, "the next build's worker is running").toBeDefined();
  const activeScript = () =>
    nextWorker!.evaluate(
      () =>
        (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.scriptURL ?? '',
    );
  expect(await activeScript()).toMatch(/\/sw\.js$/);
  const next = await context.newPage();
  await page.close();
  await expect.poll(activeScript, { timeout: 30_000 }).toMatch(/\/sw\.js\?next=1$/);
  await next.goto('/');
  expect(await next.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js\?next=1$/,
  );
  await expect.poll(async () => Object.keys(await cached(next))).toEqual([current]);
});
