import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequest, type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { markPublished } from './server-database';

export const ADMIN = { phone: '+998900000001', password: 'admin-pass-123' };

/** A real 30x20 PNG flag (red, white, green), small enough to inline. */
export const FLAG_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAB4AAAAUCAMAAACtdX32AAAACVBMVEX////MAAAAZgAr3LuzAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAF0lEQVR42mNgxAsYhq700AVMeMHQlQYAWCMCdzp2bM0AAAAASUVORK5CYII=',
  'base64',
);

/** Fills and submits the sign-in form (the page must be on /signin). */
export async function submitSignIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInAsAdmin(page: Page, next?: string): Promise<void> {
  await page.goto(next ? `/signin?next=${encodeURIComponent(next)}` : '/signin');
  await submitSignIn(page, ADMIN.phone, ADMIN.password);
  // The sign-in form is the server's paint until the app takes over, which a machine busy with transcodes (the
  // earlier tests' uploads) can hold past the usual 10 s.
  await expect(page).toHaveURL(next ? new RegExp(`${next.replace(/[?]/g, '\\?')}$`) : /\/dashboard$/, {
    timeout: 30_000,
  });
}

/**
 * Opens a page the server paints first (`/`, `/home`) with the app's scripts held back, so the server's paint can be
 * measured with its stylesheet, at a desktop size; the returned function lets the scripts load. The page's small
 * entry script (`index-*.js`, which keeps taps and typing for the app) runs as it would. Page errors are collected.
 */
export async function gotoWithScriptsHeld(
  page: Page,
  url: string,
): Promise<{ releaseScripts: () => void; errors: string[] }> {
  await page.setViewportSize({ width: 1366, height: 768 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const releaseScripts = await holdRequests(
    page,
    (url) => url.pathname.startsWith('/static/js/') && !/\/index-[^/]*\.js$/.test(url.pathname),
  );
  await page.goto(url, { waitUntil: 'commit' });
  return { releaseScripts, errors };
}

/** Holds the page's requests to matching addresses until the returned function is called. */
export async function holdRequests(
  page: Page,
  pattern: string | ((url: URL) => boolean),
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Picks a language in the header's dropdown. */
export async function chooseLanguage(page: Page, title: string): Promise<void> {
  // On `/` and `/home` the server's first paint shows the same header until the app takes its place; a click on its
  // button is handed to the app's when it does (mobile.spec.ts), but this helper picks from the app's own list.
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  await page.getByTestId('language-button').click();
  await page.getByRole('option', { name: title }).click();
}

/** Serious and critical axe findings inside the admin's main area (a hovered button is measured at rest). */
export async function adminAxeFindings(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include('#main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

/**
 * The CSRF header for API calls from a page's browser context or from a request context: asks once so the
 * XSRF-TOKEN cookie exists, then echoes it.
 */
export async function xsrfHeaders(from: Page | APIRequestContext): Promise<Record<string, string>> {
  const isPage = 'request' in from;
  await (isPage ? from.request : from).get('/api/csrf');
  const cookies = isPage ? await from.context().cookies() : (await from.storageState()).cookies;
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

/**
 * A screenshot kept as an artefact of the run, in E2E_SCREENSHOTS or else `test-results/screenshots` (for looking
 * at the pages a run went through).
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS ?? path.join(import.meta.dirname, '../test-results/screenshots');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** An API client signed in as the seeded admin, for a spec's fixtures (dispose of it after). */
export async function signedInAdminApi(playwright: { request: APIRequest }): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await admin.get('/api/csrf');
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  return admin;
}

/** A published title with these details and no media (a fixture for what viewers see of its texts). */
export async function publishTitle(
  request: APIRequestContext,
  details: Record<string, unknown>,
): Promise<number> {
  const movieId = await createTitle(request, details);
  markPublished(movieId);
  return movieId;
}

/** A draft title with these details, made through the admin API (the request context must be an admin's). */
export async function createTitle(
  request: APIRequestContext,
  details: Record<string, unknown>,
): Promise<number> {
  const headers = await xsrfHeaders(request);
  const created = await request.post('/api/movie/create', { headers });
  expect(created.status()).toBe(201);
  const movieId = ((await created.json()) as { movie_id: number }).movie_id;
  const saved = await request.post('/api/movie/details', {
    headers,
    data: { movie_id: movieId, ...details },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return movieId;
}

/**
 * A published title made through the admin API (the request context must be an admin's): details, a poster,
 * a trailer transcoded by the server, then published.
 */
export async function createPublishedTitle(
  request: APIRequestContext,
  details: Record<string, unknown>,
  media: { poster: Buffer; trailer: Buffer },
): Promise<number> {
  const headers = await xsrfHeaders(request);
  const movieId = await createTitle(request, details);
  const upload = async (kind: 'thumbnail' | 'trailer', name: string, mimeType: string, buffer: Buffer) => {
    const response = await request.post(`/api/movie/${kind}`, {
      headers,
      multipart: { movie_id: String(movieId), file: { name, mimeType, buffer } },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await upload('thumbnail', 'poster.png', 'image/png', media.poster);
  await upload('trailer', 'trailer.mp4', 'video/mp4', media.trailer);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/movie/${movieId}`)).json()) as {
            trailer: { status: string } | null;
          }
        ).trailer?.status,
      { timeout: 60_000, message: 'the trailer is transcoded' },
    )
    .toBe('ready');
  markPublished(movieId);
  return movieId;
}
