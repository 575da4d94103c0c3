import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, createPublishedTitle, snap, submitSignIn, xsrfHeaders } from './helpers';

const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const stamp = Date.now().toString(36);
const THRILLER = `Cold Harbour ${stamp}`;
const KIDS = `Little Comet ${stamp}`;
const VIEWER = {
  phone: `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  password: 'viewer-pass-123',
};

let workDir = '';
let clipPath = '';
let posterPng: Buffer;

test.beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-viewer-e2e-'));
  clipPath = path.join(workDir, 'trailer.mp4');
  const made = spawnSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clipPath],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
  posterPng = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 120, g: 30, b: 40 } },
  })
    .png()
    .toBuffer();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('a viewer browses home, keeps titles, plays a trailer in the popup and sees only kids titles in the kids section', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Set-up through the admin API: two published titles with trailers, and a viewer account.
  let headers = await xsrfHeaders(page);
  const login = await page.request.post('/api/user/login', {
    headers,
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  headers = await xsrfHeaders(page);
  await createPublishedTitle(
    page.request,
    {
      title: THRILLER,
      kind: 'movie',
      genres: ['Thriller', 'Crime'],
      cast: ['Ann Lee'],
      description: 'A harbour town holds its breath.',
      age_rating: '16+',
      year: 2024,
      featured: true,
    },
    { poster: posterPng, trailer: fs.readFileSync(clipPath) },
  );
  await createPublishedTitle(
    page.request,
    {
      title: KIDS,
      kind: 'movie',
      genres: ['Animation', 'Family'],
      age_rating: 'All',
      year: 2023,
    },
    { poster: posterPng, trailer: fs.readFileSync(clipPath) },
  );
  const viewer = await page.request.post('/api/web/user', {
    headers,
    data: { phone_number: VIEWER.phone, password: VIEWER.password, role: 'user' },
  });
  expect(viewer.status(), await viewer.text()).toBe(201);
  await page.context().clearCookies();

  // The viewer signs in and lands on home.
  await page.goto('/signin');
  await submitSignIn(page, VIEWER.phone, VIEWER.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('hero-carousel')).toContainText(THRILLER);
  const thrillers = page.getByTestId('row-genre:thriller');
  await expect(thrillers.getByRole('heading', { name: 'TV Thrillers' })).toBeVisible();
  const card = thrillers.getByTestId('title-card').filter({ hasText: THRILLER });
  await expect(card).toBeVisible();
  await snap(page, 'viewer-home');

  // Watch list: plus on the card, then /watchlist shows it.
  await card.hover();
  await card.getByRole('button', { name: `Add to watch list: ${THRILLER}` }).click();
  await expect(card.getByRole('button', { name: `Remove from watch list: ${THRILLER}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('banner').getByRole('link', { name: 'Watch list' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByTestId('watchlist-page').getByTestId('title-card')).toContainText([THRILLER]);

  // Favourites: the heart, then the Your Favourites row on home.
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await card.hover();
  await card.getByRole('button', { name: `Add to Favourites: ${THRILLER}` }).click();
  await expect(page.getByTestId('row-favourites').getByTestId('title-card')).toContainText([THRILLER]);

  // The popup: header hidden, the details over the trailer playing muted, Esc closes it and the header is back.
  await card.getByRole('button', { name: THRILLER, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: THRILLER });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]title=\d+/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(dialog.getByText('Ann Lee')).toBeVisible();
  const video = dialog.getByTestId('popup-preview-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(dialog.getByTestId('popup-play')).toHaveText('Watch Trailer');
  await snap(page, 'viewer-popup');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page).not.toHaveURL(/title=/);

  // The kids section shows the kids title and not the thriller.
  await page.goto('/kidsection');
  await expect(page.getByTestId('title-card').filter({ hasText: KIDS }).first()).toBeVisible();
  await expect(page.getByTestId('title-card').filter({ hasText: THRILLER })).toHaveCount(0);

  // The header's search finds the thriller by its cast as the viewer types, and opens it in the popup.
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Ann Le');
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(THRILLER) })
    .click();
  await expect(page.getByRole('dialog', { name: THRILLER })).toBeVisible();
});
