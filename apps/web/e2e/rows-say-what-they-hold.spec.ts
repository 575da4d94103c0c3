import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import { makeClip } from './clips';
import { createTitle, publishTitle, signedInAdminApi, signInAsAdmin } from './helpers';
import { mediaReady, upload } from './media';

/** Goes to `url` inside the app, as its links do (the page, and what it has cached, stay). */
const navigateInApp = (page: Page, url: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);

const cardTitles = (scope: import('@playwright/test').Locator) =>
  scope.getByTestId('title-card').locator('h3').allTextContents();

test("the serials page names serials, and a row's see all lists what the row lists", async ({
  page,
  playwright,
}) => {
  const admin = await signedInAdminApi(playwright);
  const stamp = Date.now();
  for (const n of [1, 2, 3]) {
    await publishTitle(admin, {
      title: `Rows Serial ${n} ${stamp}`,
      kind: 'series',
      genres: ['Thriller'],
      age_rating: '13+',
    });
  }
  await admin.dispose();

  await page.goto('/serials');
  const newRow = page.getByTestId('row-new');
  await expect(newRow).toContainText(`Rows Serial 3 ${stamp}`);
  const headings = await page.locator('section[data-testid^="row-"] h2').allTextContents();
  expect(headings.length).toBeGreaterThan(1);
  expect(headings.filter((heading) => /movie/i.test(heading))).toEqual([]);
  await expect(newRow.getByRole('heading', { level: 2 })).toHaveText('New serials');

  // See all of the thrillers row: the grid starts with the titles the row starts with, in its order.
  const row = page.getByTestId('row-genre:thriller');
  const inRow = await cardTitles(row);
  const rowHeading = (await row.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await row.getByRole('link', { name: /See all/ }).click();
  await expect(page).toHaveURL(/\/browse\?/);
  // The grid page is on screen (the serials page may stay a moment while the grid's code loads).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rowHeading);
  const grid = page.getByRole('region', { name: rowHeading });
  await expect(grid.getByTestId('title-card').first()).toBeVisible();
  expect((await cardTitles(grid)).slice(0, inRow.length)).toEqual(inRow);
});

test("the landing page's two rails are different lists", async ({ page, playwright }) => {
  const admin = await signedInAdminApi(playwright);
  const stamp = Date.now();
  await publishTitle(admin, { title: `Rail Film ${stamp}`, genres: ['Drama'], age_rating: '13+' });
  await publishTitle(admin, { title: `Rail Serial ${stamp}`, kind: 'series', genres: ['Drama'] });
  await admin.dispose();

  await page.goto('/');
  const season = page.getByTestId('season-title').locator('li');
  const popular = page.getByTestId('popular-title').locator('li');
  await expect(season.first()).toBeVisible();
  await expect(popular.first()).toBeVisible();
  const seasonTitles = await season.allTextContents();
  const popularTitles = await popular.allTextContents();
  expect(seasonTitles.filter((title) => popularTitles.includes(title))).toEqual([]);
});

test('the Verified switch shows a viewer who confirmed their phone by code as verified', async ({
  page,
  browser,
}) => {
  const viewer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const viewerPage = await viewer.newPage();
  const { phone } = newPhone();
  await signUpViaApi(viewerPage, phone, 'strong-pass-1');
  const { user_id } = (await (await viewerPage.request.get('/api/user/me')).json()) as { user_id: number };
  await viewer.close();

  await signInAsAdmin(page, `/viewuser?user_id=${user_id}`);
  await expect(page.getByRole('switch', { name: /^Verified/ })).toHaveAttribute('aria-checked', 'true');
});

test('Add movies leaves no untitled draft behind when the editor is left without a change', async ({
  page,
}) => {
  await signInAsAdmin(page, '/addmovies');
  await page.getByRole('button', { name: 'Add movies' }).click();
  await expect(page).toHaveURL(/\/editmovies\?movie_id=\d+/);
  const movieId = Number(new URL(page.url()).searchParams.get('movie_id'));
  await expect(page.getByRole('heading', { name: 'Basic Details' })).toBeVisible();
  await page.getByRole('link', { name: 'All Movies' }).click();
  await expect(page.getByRole('heading', { name: 'All Movies', level: 1 })).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`/api/movie/${movieId}`)).status(), {
      message: 'the untouched draft is deleted',
    })
    .toBe(404);
  await expect(page.getByText(`Untitled #${movieId}`)).toHaveCount(0);
});

test('a title the admin publishes is on /home at once', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const admin = await signedInAdminApi(playwright);
  const title = `Fresh Release ${Date.now()}`;
  const movieId = await createTitle(admin, { title, genres: ['Drama'], age_rating: '13+' });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-rows-'));
  try {
    await upload(admin, 'add', movieId, makeClip(path.join(workDir, 'fresh.mp4'), 1, '160x90'));
    await mediaReady(admin, movieId, title);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
    await admin.dispose();
  }

  // The admin has looked at /home, then publishes the title from its editor and goes back.
  await signInAsAdmin(page, '/home');
  await expect(page.getByTestId('browse-home')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await navigateInApp(page, `/editmovies?movie_id=${movieId}&step=graphics`);
  await page.getByTestId('publish-bar').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('publish-bar')).toContainText('Viewers can find and watch this title.');
  await navigateInApp(page, '/home');
  await expect(page.getByTestId('row-new').getByTestId('title-card').first()).toContainText(title);
});
