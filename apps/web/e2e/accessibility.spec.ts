import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signInNewViewer } from './accounts-helpers';
import { ADMIN, xsrfHeaders } from './helpers';
import { markPublished } from './server-database';

/** axe-core over every viewer page: no serious or critical WCAG 2.1 AA violation. */

const stamp = Date.now().toString(36);
const TITLE = `Quiet Lantern ${stamp}`;
let movieId = 0;

/** Waits for the page to settle (its heading, no loading state) and checks it with the pointer out of the way. */
async function sweep(page: Page, path: string, ready?: () => Promise<void>): Promise<void> {
  await test.step(path, async () => {
    await page.goto(path);
    if (ready) await ready();
    else await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached({ timeout: 45_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 45_000 });
    await page.mouse.move(0, 0);
    await expectAccessible(page);
  });
}

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  const headers = await xsrfHeaders(admin);
  const poster = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 90, g: 40, b: 20 } },
  })
    .png()
    .toBuffer();
  for (const [i, title] of [TITLE, `Kite Hill ${stamp}`].entries()) {
    const { movie_id } = (await (await admin.post('/api/movie/create', { headers })).json()) as {
      movie_id: number;
    };
    if (i === 0) movieId = movie_id;
    const saved = await admin.post('/api/movie/details', {
      headers,
      data: {
        movie_id,
        title,
        kind: i === 0 ? 'movie' : 'series',
        genres: ['Thriller', 'Family'],
        cast: ['Lena Park'],
        age_rating: i === 0 ? '16+' : 'All',
        year: 2022,
        featured: true,
        description: 'A lantern keeps a quiet town awake.',
        collections: i === 0 ? ['hollywood_movies'] : [],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    markPublished(movie_id);
    const thumbnail = await admin.post('/api/movie/thumbnail', {
      headers,
      multipart: {
        movie_id: String(movie_id),
        file: { name: 'p.png', mimeType: 'image/png', buffer: poster },
      },
    });
    expect(thumbnail.status(), await thumbnail.text()).toBe(200);
  }
  await admin.dispose();
});

for (const path of ['/', '/signin', '/signup', '/signupotp', '/pricingplan', '/no-such-page']) {
  test(`${path} (signed out) has no serious or critical accessibility violations`, async ({ page }) => {
    test.setTimeout(120_000);
    await sweep(page, path);
  });
}

const signedIn: [string, (page: Page) => Promise<void>][] = [
  ...[
    '/home',
    '/movies',
    '/serials',
    '/tvshow',
    '/watchlist',
    '/kidsection',
    '/pricingplan',
    '/userprofile',
    '/profiles',
    '/profiles/manage',
    '/browse?genre=thriller&row=tv_thrillers',
    '/no-such-page',
  ].map((path): [string, (page: Page) => Promise<void>] => [path, (page) => sweep(page, path)]),
  [
    'the popup',
    (page) =>
      sweep(page, `/home?title=${movieId}`, () =>
        expect(page.getByRole('dialog', { name: TITLE })).toBeVisible({ timeout: 45_000 }),
      ),
  ],
  [
    '/player',
    (page) =>
      sweep(page, `/player?title=${movieId}`, () =>
        expect(page.getByText(TITLE).first()).toBeVisible({ timeout: 45_000 }),
      ),
  ],
  [
    'the header menus and search',
    async (page) => {
      await page.goto('/home');
      const header = page.getByRole('banner');
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached({ timeout: 45_000 });
      await page.getByTestId('language-button').click();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await header.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill('Lantern');
      await expect(header.getByRole('button', { name: new RegExp(TITLE) })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await header.getByRole('button', { name: 'My Profile' }).click();
      await expectAccessible(page);
    },
  ],
  [
    'the profile form and the PIN dialog',
    async (page) => {
      const headers = await xsrfHeaders(page);
      const made = await page.request.post('/api/profiles', { headers, data: { name: 'Locked one' } });
      expect(made.status(), await made.text()).toBe(201);
      const locked = await page.request.post('/api/profiles/pin', {
        headers,
        data: {
          profile_id: ((await made.json()) as { profile_id: number }).profile_id,
          pin: '1357',
          password: 'viewer-pass-123',
        },
      });
      expect(locked.status(), await locked.text()).toBe(200);
      await page.goto('/profiles/manage');
      await page.getByRole('button', { name: 'Add profile' }).click();
      await expect(page.getByLabel('Profile name')).toBeFocused();
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await page.goto('/profiles');
      await page.getByRole('button', { name: /Locked one/ }).click();
      await expect(page.getByRole('dialog', { name: 'Enter the PIN of Locked one' })).toBeVisible();
      await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
      await expectAccessible(page);
    },
  ],
];

for (const [name, check] of signedIn) {
  test(`${name} (signed in) has no serious or critical accessibility violations`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await signInNewViewer(page, request, 'viewer-pass-123');
    await check(page);
  });
}
