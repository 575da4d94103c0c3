import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminAxeFindings, signInAsAdmin, snap, xsrfHeaders } from './helpers';

const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const TITLE = `Night Train ${Date.now().toString(36)}`;
const SERIES = `Border Town ${Date.now().toString(36)}`;
/** Arguments of a test clip: testsrc2 with a tone, H.264 and AAC. */
const clipArgs = (size: string, seconds: number, output: string, extra: string[] = []) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=24`,
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  String(seconds),
  '-c:v',
  'libx264',
  ...extra,
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  output,
];

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello from the night train\n';

let workDir = '';
let clipPath = '';
let bigClipPath = '';
let posterPng: Buffer;

test.beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-movies-e2e-'));
  clipPath = path.join(workDir, 'night-train.mp4');
  // A 2 s 320x180 clip with sound transcodes in a few seconds; the 2 MB one is for pausing and resuming.
  bigClipPath = path.join(workDir, 'long-ride.mp4');
  for (const args of [
    clipArgs('320x180', 2, clipPath),
    clipArgs('640x360', 6, bigClipPath, ['-preset', 'ultrafast', '-qp', '10']),
  ]) {
    const made = spawnSync(FFMPEG, args, { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`ffmpeg could not make a clip: ${made.stderr}`);
  }
  posterPng = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 20, g: 40, b: 120 } },
  })
    .png()
    .toBuffer();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test.describe
  .serial('movie administration', () => {
    test('an admin creates a title through both steps, uploads a clip with a visible progress bar, and sees it reach ready', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page, '/addmovies');
      await expect(page.getByRole('heading', { name: 'All Movies' })).toBeVisible();
      await page.getByRole('button', { name: 'Add movies' }).click();
      await expect(page).toHaveURL(/\/editmovies\?movie_id=\d+$/);
      const movieId = new URL(page.url()).searchParams.get('movie_id');

      // Step one: Basic Details.
      await expect(page.getByRole('heading', { name: 'Basic Details' })).toBeVisible();
      await expect(page.getByTestId('movie-id')).toHaveText(movieId ?? '');
      await page.getByLabel('Title', { exact: true }).fill(TITLE);
      const genres = page.getByLabel('Genres', { exact: true });
      await genres.fill('Thriller');
      await genres.press('Enter');
      await genres.pressSequentially('crime,');
      await expect(page.getByTestId('movie-genres-chip')).toHaveText(['Thriller×', 'crime×']);
      await page.getByRole('button', { name: 'Remove crime' }).click();
      await expect(page.getByTestId('movie-genres-chip')).toHaveCount(1);
      await page.getByLabel('Tags', { exact: true }).fill('rail, night');
      await page.getByLabel('Cast', { exact: true }).fill('Ann Lee');
      await page.getByLabel('Cast', { exact: true }).press('Enter');
      await expect(page.getByTestId('movie-tags-chip')).toHaveCount(2);
      const content = page.getByRole('textbox', { name: 'Content' });
      await content.click();
      await page.getByRole('button', { name: 'Bold' }).click();
      await content.pressSequentially('Tense');
      await page.getByRole('button', { name: 'Bold' }).click();
      await content.pressSequentially(' ride through the night.');
      await page.getByLabel('Year').fill('2024');
      // A new title has no rating until one is chosen.
      const rating = page.getByLabel('Age rating');
      await expect(rating).toHaveValue('');
      await expect(rating.locator('option:checked')).toHaveText('Not set');
      await rating.selectOption('16+');
      await page.getByLabel('Hollywood Movies').check();
      await page.getByLabel('Featured').check();
      await snap(page, 'step-1-basic-details', { fullPage: true });
      expect(await adminAxeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Next' }).click();

      // The answer came back: "updated", then step two.
      await expect(page.getByTestId('toast').last()).toContainText('updated');
      await expect(page.getByRole('heading', { name: 'Movies Graphics' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`movie_id=${movieId}&step=graphics$`));
      await expect(page.getByRole('heading', { name: `Edit movie: ${TITLE}` })).toBeVisible();
      // Nothing was uploaded when the step opened.
      await expect(page.getByRole('progressbar')).toHaveCount(0);

      await page.getByLabel('Thumbnail', { exact: true }).setInputFiles({
        name: 'poster.png',
        mimeType: 'image/png',
        buffer: posterPng,
      });
      const preview = page.getByRole('img', { name: 'Thumbnail preview' });
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('src', /^\/media\//);
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.getByRole('progressbar', { name: 'Thumbnail upload' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
      await expect(page.getByRole('img', { name: 'Banner preview' })).toHaveCount(0);

      await page.getByLabel('Video', { exact: true }).setInputFiles(clipPath);
      const bar = page.getByRole('progressbar', { name: 'Video upload' });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('aria-valuenow', '100');
      await snap(page, 'step-2-uploaded', { fullPage: true });

      // The worker transcodes it: the title and the video reach ready.
      const badge = page.getByTestId('publish-bar').getByTestId('status-badge');
      await expect(badge).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
      await expect(page.getByTestId('movie-video-transcode')).toHaveAttribute('data-status', 'ready');
      await expect(page.getByTestId('movie-video-transcode')).toContainText(/Ready · \d+p/);
      await expect(page.getByRole('img', { name: 'Video poster frame' })).toBeVisible();
      await snap(page, 'step-2-ready', { fullPage: true });
      expect(await adminAxeFindings(page)).toEqual([]);

      // A reload opens the same title at the same step.
      await page.reload();
      await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();
      await expect(badge).toHaveAttribute('data-status', 'ready');

      // The list shows it with its status, and search finds it.
      await page.getByRole('link', { name: 'All Movies' }).click();
      await expect(page).toHaveURL(/\/addmovies$/);
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await expect(row).toBeVisible();
      await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'ready');
      await expect(row).toContainText('Ann Lee');
      await expect(row).toContainText('rail, night');
      await expect(row).toContainText('SD');
      await expect(row).toContainText(/\d+(\.\d+)? KB/);
      await snap(page, 'list', { fullPage: true });
      expect(await adminAxeFindings(page)).toEqual([]);
      await page.getByLabel('Search movies').fill(TITLE.toLowerCase());
      await expect(page).toHaveURL(/search=/);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();
      await page.getByLabel('Search movies').fill('no such title anywhere');
      await expect(page.getByText('No title matches these filters.')).toBeVisible();
      await page.getByLabel('Search movies').fill('ann lee');
      await page.getByLabel('Status').selectOption('ready');
      await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();
      await page.getByLabel('Kind').selectOption('series');
      await expect(page.getByText('No title matches these filters.')).toBeVisible();
      await page.getByLabel('Kind').selectOption('');

      // Edit from the list, then publish.
      await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
      await expect(page).toHaveURL(new RegExp(`/editmovies\\?movie_id=${movieId}$`));
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(TITLE);
      await expect(page.getByRole('textbox', { name: 'Content' }).locator('strong')).toHaveText('Tense');
      await expect(page.getByLabel('Age rating')).toHaveValue('16+');
      await page.getByRole('button', { name: 'Movies Graphics' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByTestId('publish-bar').getByTestId('status-badge')).toHaveAttribute(
        'data-status',
        'published',
      );
    });

    test('the list pages through every title with the total the server counts', async ({ page }) => {
      await signInAsAdmin(page, '/addmovies');
      const headers = await xsrfHeaders(page);
      for (let i = 0; i < 21; i++)
        expect((await page.request.post('/api/movie/create', { headers })).status()).toBe(201);
      const answer = await page.request.get('/api/movie/get?pageSize=20');
      const total = Number(answer.headers()['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(22);
      expect(answer.headers().link).toContain('rel="next"');
      const pages = Math.ceil(total / 20);

      await page.reload();
      const paging = page.getByRole('navigation', { name: 'Pages' });
      await expect(paging).toContainText(`1–20 of ${total} · page 1 of ${pages}`);
      await expect(page.locator('tbody tr')).toHaveCount(20);
      await paging.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(paging).toContainText(`21–${Math.min(40, total)} of ${total} · page 2 of ${pages}`);
      await expect(page.locator('tbody tr')).toHaveCount(Math.min(20, total - 20));
      await paging.getByRole('button', { name: 'Previous' }).click();
      await expect(paging).toContainText(`1–20 of ${total}`);
    });

    test('a video upload pauses, resumes, and continues where it stopped after a reload', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInAsAdmin(page, '/addmovies');
      await page.getByRole('button', { name: 'Add movies' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Long Ride');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Movies Graphics' })).toBeVisible();

      // A slow uplink (about 150 KB/s) makes the 2 MB upload take long enough to pause and reload.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const throttle = (bytesPerSecond: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: bytesPerSecond,
        });
      await throttle(150 * 1024);
      const percent = async () =>
        Number(await page.getByRole('progressbar', { name: 'Video upload' }).getAttribute('aria-valuenow'));

      await page.getByLabel('Video', { exact: true }).setInputFiles(bigClipPath);
      await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
      await page.getByRole('button', { name: 'Pause' }).click();
      await expect(page.getByText(/· paused/)).toBeVisible();
      const paused = await percent();
      await page.waitForTimeout(1500);
      expect(await percent()).toBe(paused);
      await snap(page, 'upload-paused', { fullPage: true });
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThanOrEqual(paused + 20);

      // The tab reloads mid-upload: choosing the same file continues from the server's offset. Starting
      // over at this speed would need several seconds to get back to where it was.
      const beforeReload = await percent();
      await page.reload();
      await expect(page.getByText(/stopped before it finished/)).toBeVisible();
      await page.getByLabel('Video', { exact: true }).setInputFiles(bigClipPath);
      await expect(page.getByText(/· resumed/)).toBeVisible();
      await expect.poll(percent, { timeout: 2500 }).toBeGreaterThanOrEqual(beforeReload - 3);
      await throttle(-1);
      await expect(page.getByRole('progressbar', { name: 'Video upload' })).toHaveAttribute(
        'aria-valuenow',
        '100',
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('movie-video-transcode')).toBeVisible();
      await expect(page.getByText(/stopped before it finished/)).toHaveCount(0);
    });

    test('a series gets an episode and a subtitle file, and a title can be deleted', async ({ page }) => {
      await signInAsAdmin(page, '/addmovies');
      await page.getByRole('button', { name: 'Add movies' }).click();
      await expect(page.getByRole('heading', { name: 'Basic Details' })).toBeVisible();
      await page.getByLabel('Title', { exact: true }).fill(SERIES);
      await page.getByLabel('Kind').selectOption('series');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Movies Graphics' })).toBeVisible();

      await expect(page.getByRole('heading', { name: 'Seasons & Episodes' })).toBeVisible();
      await page.getByLabel('Season', { exact: true }).fill('1');
      await page.getByLabel('Episode title').fill('Arrival');
      await page.getByRole('button', { name: 'Add episode' }).click();
      await expect(page.getByText('S1 · E1')).toBeVisible();
      await expect(page.getByLabel('Episode video', { exact: true })).toBeVisible();

      await page.getByLabel('Language', { exact: true }).selectOption('En');
      await page.getByLabel('For', { exact: true }).selectOption({ label: 'S1 E1 Arrival' });
      await page.getByLabel('Subtitle file (.vtt or .srt)').setInputFiles({
        name: 'arrival.en.vtt',
        mimeType: 'text/vtt',
        buffer: Buffer.from(VTT),
      });
      await page.getByRole('button', { name: 'Upload subtitle' }).click();
      const subtitles = page.getByRole('list', { name: 'Subtitle files' });
      await expect(subtitles).toContainText('English');
      await expect(subtitles).toContainText('S1 E1 Arrival');
      await snap(page, 'series-episodes-subtitles', { fullPage: true });
      await page.getByRole('button', { name: 'Delete English subtitle' }).click();
      await expect(page.getByText('No subtitles yet.')).toBeVisible();

      await page.getByRole('link', { name: 'All Movies' }).click();
      await page.getByLabel('Kind').selectOption('series');
      const row = page.getByRole('row', { name: new RegExp(SERIES) });
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: `Delete ${SERIES}` }).click();
      await row.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(page.getByTestId('toast').last()).toContainText(`${SERIES} deleted`);
      await expect(page.getByRole('row', { name: new RegExp(SERIES) })).toHaveCount(0);
    });
  });
