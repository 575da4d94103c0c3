import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, gotoWithScriptsHeld, snap, xsrfHeaders } from './helpers';
import { markPublished } from './server-database';

interface Card {
  title: string;
}

/** Signs the page's requests in as the admin and publishes a title with these details; the admin's headers too. */
async function publishAsAdmin(
  page: Page,
  details: Record<string, unknown>,
): Promise<{ movieId: number; headers: Record<string, string> }> {
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
  const saved = await page.request.post('/api/movie/details', { headers, data: { movie_id, ...details } });
  expect(saved.status(), await saved.text()).toBe(200);
  markPublished(movie_id);
  return { movieId: movie_id, headers };
}

test('/home paints the featured title from the server before any script, then the app takes over', async ({
  browser,
  page,
}) => {
  // A featured title, through the admin API; the page's session is then the admin's (a signed-in visit).
  await publishAsAdmin(page, {
    title: `Lantern Bay ${Date.now().toString(36)} <b>`,
    featured: true,
    year: 2024,
    genres: ['Drama'],
  });
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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the hero says its title once, over the banner only, clear of its buttons at 1440 and 360 px', async ({
  page,
}) => {
  // The demo catalogue's own art (apps/server/dist, built by e2e/start-server.mjs): a poster with the title as a
  // logo, a banner without text.
  const art = await import(
    path.resolve(import.meta.dirname, '../../server/dist/modules/media/demo/demo-art.js')
  );
  const title = `The Lantern Keepers of Northern Harbour ${Date.now().toString(36)}`;
  const look = { sky: 'night', land: 'sea', skyline: 'harbour', weather: 'rain', figure: 'detective' };
  const demo = {
    title,
    genres: ['Thriller'],
    cast: ['Ada Brooks'],
    year: 2025,
    tagline: 'Tonight.',
    look,
    upcoming: false,
  };
  const { movieId: movie_id, headers } = await publishAsAdmin(page, {
    title,
    featured: true,
    year: 2025,
    genres: ['Thriller'],
  });
  const upload = async (slot: 'thumbnail' | 'banner', svg: string) => {
    const response = await page.request.post(`/api/movie/${slot}`, {
      headers,
      multipart: {
        movie_id: String(movie_id),
        file: { name: `${slot}.png`, mimeType: 'image/png', buffer: await art.renderPng(svg) },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const hero = page.getByTestId('hero-carousel');

  // With a poster only, the slide has no picture: the poster's logo would say the title a second time.
  await upload('thumbnail', art.posterSvg(demo));
  await page.goto('/home');
  await expect(hero.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(hero.locator('img')).toHaveCount(0);

  await upload('banner', art.bannerSvg(demo));
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/home');
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    const heading = hero.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(title);
    await heading.hover(); // the carousel holds its slide while the pointer is on it
    await expect(hero.locator('img')).toHaveAttribute('src', /-banner-/);
    // Said once: the heading is the only text of the slide with the title in it.
    await expect(hero.getByText(title)).toHaveCount(1);
    const headingBox = (await heading.boundingBox()) as Box;
    expect(headingBox.x).toBeGreaterThanOrEqual(0);
    expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(viewport.width);
    for (const name of ['Play Now', 'More Details']) {
      const box = (await hero.getByRole('button', { name }).boundingBox()) as Box;
      expect(overlaps(headingBox, box), `the title and ${name} at ${viewport.width} px`).toBe(false);
    }
    await snap(page, `home-hero-${viewport.width}`);
  }
});

test('/movies paints its first film from the server before any script, then the app takes over in place', async ({
  page,
}) => {
  const title = `Paper Lantern ${Date.now().toString(36)}`;
  await publishAsAdmin(page, { title, kind: 'movie', featured: true });
  const rows = (
    (await (await page.request.get('/api/catalog/rows?kind=movie')).json()) as {
      rows: { id: string; items: Card[] }[];
    }
  ).rows;
  const first = (rows.find((row) => row.id === 'featured' && row.items.length) ?? rows[0])?.items[0] as Card;

  const { releaseScripts, errors } = await gotoWithScriptsHeld(page, '/movies');
  const painted = page.locator('#prerendered-page');
  const paintedSlide = painted.getByRole('heading', { level: 2, name: first.title });
  await expect(paintedSlide).toBeVisible();
  await expect(painted.getByRole('button', { name: 'Watch Now' })).toBeVisible();
  // The heading of the row under the carousel is painted too, where the app's first row puts it.
  const paintedRow = painted.getByRole('heading', { level: 2, name: 'Featured Movies to watch now' });
  await expect(paintedRow).toBeVisible();
  const box = await paintedSlide.boundingBox();
  const rowBox = await paintedRow.boundingBox();
  releaseScripts();
  await expect(painted).toHaveCount(0);
  const slide = page.getByTestId('section-carousel').getByRole('heading', { level: 2 }).first();
  await expect(slide).toHaveText(first.title);
  expect(box).not.toBeNull();
  expect(await slide.boundingBox()).toEqual(box);
  const row = page.getByTestId('row-featured').getByRole('heading', { level: 2 });
  expect(rowBox).not.toBeNull();
  expect(await row.boundingBox()).toEqual(rowBox);
  expect(errors).toEqual([]);
});
