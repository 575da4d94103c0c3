import { expect, test } from '@playwright/test';
import { ADMIN, gotoWithScriptsHeld, xsrfHeaders } from './helpers';
import { markPublished } from './server-database';

interface Card {
  title: string;
}

test('/home paints the featured title from the server before any script, then the app takes over', async ({
  browser,
  page,
}) => {
  // A featured title, through the admin API; the page's session is then the admin's (a signed-in visit).
  let headers = await xsrfHeaders(page);
  const login = await page.request.post('/api/user/login', {
    headers,
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  headers = await xsrfHeaders(page);
  const { movie_id } = (await (await page.request.post('/api/movie/create', { headers })).json()) as {
    movie_id: number;
  };
  const saved = await page.request.post('/api/movie/details', {
    headers,
    data: {
      movie_id,
      title: `Lantern Bay ${Date.now().toString(36)} <b>`,
      featured: true,
      year: 2024,
      genres: ['Drama'],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  markPublished(movie_id);
  // The slide shows the first featured title, whichever it is in this run's catalogue.
  const rows = (
    (await (await page.request.get('/api/catalog/rows')).json()) as {
      rows: { id: string; items: Card[] }[];
    }
  ).rows;
  const featured = (rows.find((row) => row.id === 'featured' && row.items.length) ?? rows[0])
    ?.items[0] as Card;

  // Without scripts: the server's HTML alone shows the slide and the signed-out header.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/home');
  await expect(plain.getByRole('heading', { level: 2 })).toHaveText(featured.title);
  await expect(plain.getByRole('button', { name: 'Play Now' })).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await noScript.close();

  // With scripts: the app replaces that paint with its own slide, the heading where it was.
  const { releaseScripts, errors } = await gotoWithScriptsHeld(page, '/home');
  // The hero's heading; the app's page shows the title again lower down, in the second carousel.
  const heading = page.getByRole('heading', { level: 2, name: featured.title }).first();
  await expect(heading).toHaveCSS('font-weight', '800');
  await expect(page.locator('#prerendered-page')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
  const painted = await heading.boundingBox();
  releaseScripts();
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  await expect(page.getByTestId('hero-carousel').getByRole('heading', { level: 2 })).toHaveText(
    featured.title,
  );
  expect(painted).not.toBeNull();
  expect(await heading.boundingBox()).toEqual(painted);
  // The app's slide works: More Details opens the title's popup.
  await page.getByTestId('hero-carousel').getByRole('button', { name: 'More Details' }).click();
  await expect(page).toHaveURL(/[?&]title=\d+/);
  expect(errors).toEqual([]);
});
