import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createViewer, newPhone } from './accounts-helpers';
import { makeClip } from './clips';
import { ADMIN, createPublishedTitle, snap, xsrfHeaders } from './helpers';
import { viewInUrdu } from './urdu';

const FILM = `Lantern Bay ${Date.now().toString(36)}`;
let movieId = 0;

/** A featured film with a trailer and its feature, both transcoded: what a signed-out Play Now meets. */
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-signed-out-play-'));
  try {
    const trailer = makeClip(path.join(workDir, 'trailer.mp4'), 2);
    const feature = makeClip(path.join(workDir, 'feature.mp4'), 3);
    const poster = await sharp({
      create: { width: 400, height: 600, channels: 3, background: { r: 30, g: 60, b: 120 } },
    })
      .png()
      .toBuffer();
    const admin: APIRequestContext = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await admin.get('/api/csrf');
    await admin.post('/api/user/login', {
      headers: await xsrfHeaders(admin),
      data: { phone_number: ADMIN.phone, password: ADMIN.password },
    });
    movieId = await createPublishedTitle(
      admin,
      { title: FILM, kind: 'movie', genres: ['Drama'], featured: true, age_rating: '13+', year: 2025 },
      { poster, trailer: fs.readFileSync(trailer) },
    );
    const added = await admin.post('/api/movie/add', {
      headers: await xsrfHeaders(admin),
      multipart: {
        movie_id: String(movieId),
        file: { name: 'feature.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(feature) },
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    await expect
      .poll(
        async () =>
          ((await (await admin.get(`/api/movie/${movieId}`)).json()) as { video: { status: string } | null })
            .video?.status,
        { timeout: 120_000, message: 'the feature is transcoded' },
      )
      .toBe('ready');
    await admin.dispose();
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});

test('signed out, Play Now plays the film’s trailer labelled as one, then offers Sign In and the free trial; signed in, the film', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const hero = page.getByTestId('hero-carousel');
  await expect(hero).toContainText(FILM);
  await hero.getByRole('button', { name: 'Play Now' }).first().click();

  await expect(page).toHaveURL(new RegExp(`/player\\?title=${movieId}&trailer=1`));
  const frame = page.getByTestId('player-frame');
  await expect(frame).toHaveAttribute('data-playing', 'trailer');
  await expect(frame.getByTestId('trailer-badge')).toHaveText('Trailer');
  await expect(frame.getByTestId('trailer-badge')).toBeVisible();
  await snap(page, 'player-trailer-1440-en');

  const end = frame.getByTestId('trailer-end');
  await expect(end).toBeVisible({ timeout: 30_000 });
  await expect(end).toContainText(`That was the trailer. Sign in or start your free trial to watch ${FILM}.`);
  await expect(frame.getByTestId('trailer-badge')).toHaveCount(0);
  await expect(end.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signupotp');
  const signIn = end.getByRole('link', { name: 'Sign In' });
  await expect(signIn).toHaveAttribute(
    'href',
    `/signin?next=${encodeURIComponent(`/player?title=${movieId}`)}`,
  );

  // Signed in, the same address plays the film itself, with no trailer label.
  const { phone } = newPhone();
  await createViewer(request, phone, 'viewer-pass-123');
  await signIn.click();
  await page.locator('#phone_number').fill(phone);
  await page.locator('#password').fill('viewer-pass-123');
  await page.locator('form[aria-labelledby="sign-in-title"] button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/player\\?title=${movieId}$`));
  await expect(frame).toHaveAttribute('data-playing', 'feature');
  await expect(frame.getByTestId('trailer-badge')).toHaveCount(0);
  await expect(frame.getByTestId('trailer-end')).toHaveCount(0);
});

test('at 360 px in Urdu, the popup labels the trailer and ends on the way to the free trial', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await viewInUrdu(page);
  await page.goto(`/home?title=${movieId}`);
  const dialog = page.getByRole('dialog', { name: FILM });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('popup-content')).toHaveAttribute('data-trailer', 'true');
  // The details first; the viewer's Play (a signed-out visitor's: Watch Trailer) plays the trailer.
  await dialog.getByTestId('popup-play').click();
  await expect(dialog.getByTestId('trailer-badge')).toHaveText('ٹریلر');
  const end = dialog.getByTestId('trailer-end');
  await expect(end).toBeVisible({ timeout: 30_000 });
  await expect(end).toContainText('یہ ٹریلر تھا۔');
  await snap(page, 'popup-trailer-end-360-ur');
  await end.getByRole('link', { name: 'مفت آزمائش شروع کریں' }).click();
  await expect(page).toHaveURL(/\/signupotp$/);
});
