import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  expect as baseExpect,
  type Locator,
  type Page,
  request,
  test,
} from '@playwright/test';
import { signInNewViewer } from './accounts-helpers';
import { createTitle, signedInAdminApi, signInAsAdmin, xsrfHeaders } from './helpers';
import { viewInLanguage } from './urdu';

/*
 * A dubbed film, uploaded by an admin in the title editor: a video with two audio streams (English, the
 * original, and Russian), then an Uzbek dub as a file in its Audio tracks panel. Played in Urdu, Russian and Uzbek, each starts on its own track (Urdu has none: the original);
 * switching track mid-play keeps the position.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const PASSWORD = 'viewer-pass-123';
// Long enough that the menu's clicks on a busy machine still land mid-film.
const SECONDS = 30;
const TITLE = `Samarkand Dubbed ${Date.now().toString(36)}`;

let workDir = '';
let admin: APIRequestContext;
let movieId = 0;

function ffmpeg(args: string[]): void {
  const made = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
}

/** A test picture with an English and a Russian tone, each tagged with its language. */
function dubbedVideo(): string {
  const file = path.join(workDir, 'dubbed.mp4');
  ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=0x3060a0:size=320x180:rate=24:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=550:duration=${SECONDS}`],
    ...['-map', '0:v', '-map', '1:a', '-map', '2:a'],
    ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=rus'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', file],
  ]);
  return file;
}

/** The Uzbek dub: a tone as long as the video, as an M4A file. */
function uzbekDub(): string {
  const file = path.join(workDir, 'uzbek.m4a');
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=660:duration=${SECONDS}`, '-ac', '2', '-c:a', 'aac', file]);
  return file;
}

interface TrackState {
  track_id: number;
  language: string;
  label: string;
  status: string;
}

async function tracksOf(): Promise<TrackState[]> {
  const movie = (await (await admin.get(`/api/movie/${movieId}`)).json()) as { audio_tracks: TrackState[] };
  return movie.audio_tracks;
}

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The audio playlists the page asks for, by track id (`…a<track>c2…/index.m3u8`). */
function audioRequests(page: Page): number[] {
  const asked: number[] = [];
  page.on('request', (sent) => {
    const match = /\/api\/stream\/s\/\d+\.a(\d+)c2\.[^/]+\/index\.m3u8$/.exec(new URL(sent.url()).pathname);
    if (match) asked.push(Number(match[1]));
  });
  return asked;
}

test.beforeAll(async ({ playwright, browser }) => {
  test.setTimeout(180_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-audio-'));
  admin = await signedInAdminApi(playwright);
  movieId = await createTitle(admin, { title: TITLE, status: '' });
  // The admin uploads the film in its editor, then the Uzbek dub in its Audio tracks panel.
  const page = await browser.newPage();
  await signInAsAdmin(page, `/editmovies?movie_id=${movieId}&step=graphics`);
  await page.getByLabel('Video', { exact: true }).setInputFiles(dubbedVideo());
  const panel = page.getByTestId('audio-tracks-panel');
  const rows = panel.getByTestId('audio-track-row');
  // Its two audio streams become tracks once the film is converted.
  await expect(rows).toHaveCount(2, { timeout: 120_000 });
  await expect(panel.getByLabel('Label of Original', { exact: true })).toHaveValue('Original');
  await expect(panel.getByLabel('Label of Русский', { exact: true })).toHaveValue('Русский');
  await panel.getByLabel('Language of the new track').selectOption('uz');
  await panel.getByLabel('Label of the new track').fill("O'zbekcha dublyaj");
  await panel.getByTestId('audio-file-input').setInputFiles(uzbekDub());
  await panel.getByRole('button', { name: 'Upload sound track' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2).getByTestId('audio-track-status')).toHaveAttribute('data-status', 'ready', {
    timeout: 60_000,
  });
  await page.close();
  expect((await tracksOf()).map((track) => `${track.language} ${track.status}`)).toEqual([
    'en ready',
    'ru ready',
    'uz ready',
  ]);
  const published = await admin.post('/api/movie/details', {
    headers: await xsrfHeaders(admin),
    data: { movie_id: movieId, title: TITLE, status: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

for (const [keyword, languageTitle, expected] of [
  ['Ur', 'اردو', 'Original'],
  ['Ru', 'Русский', 'Русский'],
  ['Uz', "O'zbekcha", "O'zbekcha dublyaj"],
] as const) {
  test(`in ${languageTitle} the film starts on ${expected}`, async ({ page }) => {
    await viewInLanguage(page, keyword, languageTitle);
    const viewerApi = await request.newContext({ baseURL: test.info().project.use.baseURL });
    await signInNewViewer(page, viewerApi, PASSWORD);
    const asked = audioRequests(page);
    const started = page.waitForResponse((response) => response.url().includes('/start.json'));
    await page.goto(`/player?title=${movieId}`);
    const video = page.getByTestId('player-video');
    await expect.poll(() => currentTime(video)).toBeGreaterThan(0.3);
    const menu = page.getByTestId('audio-menu');
    await expect(menu).toHaveAttribute('aria-label', new RegExp(`: ${expected}$`));
    // The player started on that track's sound, which came with its first call.
    const chosen = (await tracksOf()).find((candidate) => candidate.label === expected)!;
    const { audio } = (await (await started).json()) as { audio: { rendition: string } };
    expect(audio.rendition).toBe(`a${chosen.track_id}c2`);
    expect(asked).toEqual([]);
    await viewerApi.dispose();
  });
}

test('switching the audio track mid-play keeps the position and is remembered for the title', async ({
  page,
}) => {
  await viewInLanguage(page, 'Ru', 'Русский');
  const viewerApi = await request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInNewViewer(page, viewerApi, PASSWORD);
  const asked = audioRequests(page);
  await page.goto(`/player?title=${movieId}`);
  const video = page.getByTestId('player-video');
  await expect.poll(() => currentTime(video)).toBeGreaterThan(2);
  const menu = page.getByTestId('audio-menu');
  await expect(menu).toHaveAttribute('aria-label', /: Русский$/);
  // Every seek from here on is noted: switching the sound must not send the picture back.
  await video.evaluate((v: HTMLVideoElement) => {
    const seeks: number[] = [];
    (window as unknown as { seeks: number[] }).seeks = seeks;
    v.addEventListener('seeking', () => seeks.push(v.currentTime));
  });
  const before = await currentTime(video);
  const remembered = page.waitForResponse((response) => response.url().endsWith('/api/playback/audio'));
  // The controls fade while the film plays: the pointer over the picture brings them back, as for a viewer.
  await video.hover();
  await menu.click();
  await expect(page.getByRole('menuitemradio')).toHaveText(['Original', 'Русский', "O'zbekcha dublyaj"]);
  await page.getByRole('menuitemradio', { name: "O'zbekcha dublyaj" }).click();
  expect((await remembered).status()).toBe(204);
  await expect(menu).toHaveAttribute('aria-label', /: O'zbekcha dublyaj$/);
  const uzbek = (await tracksOf()).find((track) => track.language === 'uz')!.track_id;
  await expect.poll(() => asked.at(-1)).toBe(uzbek);
  // The film goes on from where it was, not from the start (to its end, on a machine slow enough to get there).
  const switchedAt = await currentTime(video);
  expect(switchedAt).toBeGreaterThanOrEqual(before);
  const length = await video.evaluate((v: HTMLVideoElement) => v.duration);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(Math.min(switchedAt + 0.5, length - 0.6));
  const seeks = await page.evaluate(() => (window as unknown as { seeks: number[] }).seeks);
  expect(seeks.filter((at) => at < before - 0.5)).toEqual([]);

  // Next time, in Russian still, the film starts on the Uzbek dub the viewer chose.
  await page.goto(`/player?title=${movieId}`);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(0.3);
  await expect(page.getByTestId('audio-menu')).toHaveAttribute('aria-label', /: O'zbekcha dublyaj$/);
  await viewerApi.dispose();
});
