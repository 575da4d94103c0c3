import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Locator, type Page, request, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import { makeClip } from './clips';
import { ADMIN, chooseLanguage, createTitle, xsrfHeaders } from './helpers';
import { addEpisodes, currentTime, firstPlayedAt, publish, recordFirstPlayedAt, upload } from './media';

/*
 * Watching as a viewer does: a serial episode after episode (each keeps its place, Continue Watching goes on with
 * the right one), details that do not start the film, the end of a film and of an episode in both players.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const stamp = Date.now().toString(36);
const PASSWORD = 'viewer-pass-123';
const NAMES = {
  series: `Harbour Nights ${stamp}`,
  film: `Salt Road ${stamp}`,
  similar: `Far Shore ${stamp}`,
};
const EPISODES = [
  { title: 'Arrival', description: 'A ferry comes in at dusk with one passenger too many.' },
  { title: 'Storm', description: 'The harbour closes as the storm breaks.' },
  { title: 'Low Tide', description: 'What the sea gives back.' },
];
/** Seconds of each episode and of the film: long enough to play past the saving threshold and resume. */
const LENGTH = 20;
const ids = { series: 0, film: 0, similar: 0, episodes: [] as number[] };
let workDir = '';

/** The viewer's saved place in the title, as the server has it. */
async function savedProgress(page: Page, movieId: number) {
  const reply = await page.request.get(`/api/progress/${movieId}`);
  return reply.status() === 200
    ? ((await reply.json()) as {
        episode_id: number | null;
        position_seconds: number;
        episodes: { episode_id: number; position_seconds: number }[];
      })
    : null;
}
async function saveProgress(page: Page, movieId: number, position: number, episodeId?: number) {
  const saved = await page.request.post('/api/progress', {
    headers: await xsrfHeaders(page),
    data: {
      movie_id: movieId,
      ...(episodeId ? { episode_id: episodeId } : {}),
      position_seconds: position,
      duration_seconds: LENGTH,
    },
  });
  expect(saved.status(), await saved.text()).toBe(204);
}
/**
 * Plays until the video is past `seconds`, then pauses it (which saves the position). A position is saved only after
 * 5 s really played, and a busy machine's late timeupdates do not count as playing, so callers play 2-3 s more.
 */
async function playPastThenPause(video: Locator, seconds: number) {
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(seconds);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
}

test.describe.configure({ mode: 'serial' });
test.use({ navigationTimeout: 60_000 });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-watching-e2e-'));
  const clip = makeClip(path.join(workDir, 'clip.mp4'), LENGTH);
  const trailer = makeClip(path.join(workDir, 'trailer.mp4'), 3, '320x180', 'color');
  const admin = await request.newContext({ baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  ids.series = await createTitle(admin, { title: NAMES.series, kind: 'series', genres: ['Crime'] });
  ids.episodes = await addEpisodes(admin, ids.series, EPISODES);
  for (const episodeId of ids.episodes) await upload(admin, 'add', ids.series, clip, episodeId);
  ids.film = await createTitle(admin, {
    title: NAMES.film,
    kind: 'movie',
    genres: ['Western'],
    featured: true,
  });
  await upload(admin, 'add', ids.film, clip);
  await upload(admin, 'trailer', ids.film, trailer);
  ids.similar = await createTitle(admin, { title: NAMES.similar, kind: 'movie', genres: ['Western'] });
  await upload(admin, 'add', ids.similar, clip);
  await publish(admin, ids.series, NAMES.series);
  await publish(admin, ids.film, NAMES.film);
  await publish(admin, ids.similar, NAMES.similar);
  await admin.dispose();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  // The first position each video plays from, whatever it does afterwards.
  await recordFirstPlayedAt(page);
});

test('a serial is watched episode after episode: each keeps its place, Continue Watching goes on with the right one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [e1, e2, e3] = ids.episodes as [number, number, number];
  await signUpViaApi(page, newPhone().phone, PASSWORD);
  const video = page.getByTestId('player-video');

  // Never watched: the serial opens on its first episode, named in the address.
  await page.goto(`/player?title=${ids.series}`);
  await expect(page).toHaveURL(new RegExp(`episode=${e1}`));
  await expect(page.getByTestId('player-episode')).toHaveText('Season 1, episode 1 · Arrival');

  // Episode 2 watched to 7 s.
  await page.goto(`/player?title=${ids.series}&episode=${e2}`);
  await playPastThenPause(video, 7);
  await expect.poll(async () => (await savedProgress(page, ids.series))?.episode_id).toBe(e2);
  const e2At = (await savedProgress(page, ids.series))!.position_seconds;

  // Episode 1 opened and watched a while: it starts at its own top, and does not move episode 2's place.
  await page.goto(`/player?title=${ids.series}&episode=${e1}`);
  expect(await firstPlayedAt(video)).toBeLessThan(3);
  await playPastThenPause(video, 8);
  await expect.poll(async () => (await savedProgress(page, ids.series))?.episode_id).toBe(e1);
  await page.goto(`/player?title=${ids.series}&episode=${e2}`);
  expect(await firstPlayedAt(video)).toBeGreaterThanOrEqual(e2At - 1);
  await playPastThenPause(video, e2At + 7);
  await expect.poll(async () => (await savedProgress(page, ids.series))?.episode_id).toBe(e2);

  // Continue Watching sits first under the hero and says which episode, with what is left of it.
  await page.goto('/home');
  const rows = page.locator('[data-testid^="row-"]');
  await expect(rows.first()).toHaveAttribute('data-testid', 'row-continue');
  const card = page.getByTestId('row-continue').locator(`[data-movie-id="${ids.series}"]`);
  await expect(card.getByTestId('card-caption')).toHaveText('S1:E2 · 1 min left');
  const progress = Number(await card.getByTestId('card-progress').getAttribute('aria-valuenow'));
  expect(progress).toBeGreaterThan(40);
  expect(progress).toBeLessThan(100);

  // The card opens that episode at its place; at its end the next one is counted down.
  const resumedAt = (await savedProgress(page, ids.series))!.position_seconds;
  await card.getByRole('button', { name: NAMES.series, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/player\\?title=${ids.series}&episode=${e2}`));
  expect(await firstPlayedAt(video)).toBeGreaterThanOrEqual(resumedAt - 1);
  const countdown = page.getByTestId('next-episode');
  await expect(countdown).toBeVisible({ timeout: 30_000 });
  await expect(countdown).toContainText('3. Low Tide');
  await countdown.getByRole('button', { name: 'Cancel' }).click();

  // Finished, the serial goes on with the next episode, from its start.
  await page.goto('/home');
  await expect(card.getByTestId('card-caption')).toHaveText('Up next · S1:E3');
  await card.getByRole('button', { name: NAMES.series, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`episode=${e3}`));
  expect(await firstPlayedAt(video)).toBeLessThan(3);

  // The full player's episode picker: stills, synopses and what was watched of each.
  await page.getByTestId('episode-picker').click();
  const panel = page.getByTestId('episode-panel');
  await expect(panel.getByTestId('episode')).toHaveCount(3);
  await expect(panel.getByTestId('episode-synopsis').first()).toHaveText(EPISODES[0]!.description);
  await expect(panel.locator(`[data-episode-id="${e2}"] [data-testid="episode-progress"]`)).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await panel.locator(`[data-episode-id="${e1}"]`).click();
  await expect(page).toHaveURL(new RegExp(`episode=${e1}`));
  await expect(page.getByTestId('player-episode')).toHaveText('Season 1, episode 1 · Arrival');
});

test('details open on a muted preview; only Play starts the title, and looking never moves the resume point', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpViaApi(page, newPhone().phone, PASSWORD);
  await saveProgress(page, ids.film, 9);
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/progress') saves.push(sent.url());
  });

  // A card's click opens the details: the trailer plays muted under them, the title does not play.
  await page.goto('/home');
  const card = page.getByTestId('row-featured').locator(`[data-movie-id="${ids.film}"]`);
  await card.getByRole('button', { name: NAMES.film, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: NAMES.film });
  await expect(dialog.getByTestId('popup-preview')).toHaveAttribute('data-preview', 'trailer');
  const preview = dialog.getByTestId('popup-preview-video');
  await expect.poll(() => currentTime(preview)).toBeGreaterThan(0.5);
  expect(await preview.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(dialog.getByTestId('popup-video')).toHaveCount(0);
  await page.waitForTimeout(6000);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(saves).toEqual([]);
  expect((await savedProgress(page, ids.film))!.position_seconds).toBe(9);

  // Resume starts the title at its place; closed after a moment, the place stays where it was.
  await page.goto(`/home?title=${ids.film}`);
  await expect(dialog.getByTestId('popup-play')).toHaveText('Resume');
  await dialog.getByTestId('popup-play').click();
  const video = dialog.getByTestId('popup-video');
  expect(await firstPlayedAt(video)).toBeGreaterThanOrEqual(8);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(10);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(saves).toEqual([]);
  expect((await savedProgress(page, ids.film))!.position_seconds).toBe(9);

  // Watched for real, the popup hands the title to the full player, which goes on from there.
  await page.goto(`/home?title=${ids.film}&play=1`);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(15);
  // A pointer move brings the controls back while it plays.
  await video.hover();
  await dialog.getByTestId('open-full-player').click();
  await expect(page).toHaveURL(new RegExp(`/player\\?title=${ids.film}`));
  const full = page.getByTestId('player-video');
  expect(await firstPlayedAt(full)).toBeGreaterThanOrEqual(14);

  // At the film's end: a post-play screen with More like this, not a black frame.
  const postPlay = page.getByTestId('post-play');
  await expect(postPlay).toBeVisible({ timeout: 30_000 });
  await expect(postPlay.getByRole('heading', { name: 'More like this' })).toBeVisible();
  await postPlay.getByRole('button', { name: NAMES.similar }).click();
  await expect(page).toHaveURL(new RegExp(`/player\\?title=${ids.similar}`));

  // The popup ends the same way.
  await saveProgress(page, ids.film, LENGTH - 6);
  await page.goto(`/home?title=${ids.film}&play=1`);
  await expect(dialog.getByTestId('post-play')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('post-play')).toContainText(NAMES.similar);
});

test("the popup's episodes: stills, synopses and progress; an episode's end counts down to the next", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [e1, e2] = ids.episodes as [number, number];
  await signUpViaApi(page, newPhone().phone, PASSWORD);
  await saveProgress(page, ids.series, LENGTH / 2, e1);
  await page.goto(`/home?title=${ids.series}`);
  const dialog = page.getByRole('dialog', { name: NAMES.series });
  const episodes = dialog.getByTestId('episode');
  await expect(episodes).toHaveCount(3);
  for (const [index, episode] of EPISODES.entries()) {
    const item = episodes.nth(index);
    await expect(item.getByTestId('episode-synopsis')).toHaveText(episode.description);
    // A still from the episode's own video.
    await expect(item.locator('img')).toHaveJSProperty('complete', true);
    expect(await item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
  }
  await expect(episodes.nth(0).getByTestId('episode-progress')).toHaveAttribute('aria-valuenow', '50');
  await expect(episodes.nth(1).getByTestId('episode-progress')).toHaveCount(0);
  // Play goes on with episode 1 at its place, and its end counts down to episode 2.
  await expect(dialog.getByTestId('popup-play')).toContainText('Resume');
  await expect(dialog.getByTestId('popup-play')).toContainText('S1:E1');
  await dialog.getByTestId('popup-play').click();
  expect(await firstPlayedAt(dialog.getByTestId('popup-video'))).toBeGreaterThanOrEqual(LENGTH / 2 - 1);
  const countdown = dialog.getByTestId('next-episode');
  await expect(countdown).toBeVisible({ timeout: 30_000 });
  await countdown.getByRole('button', { name: 'Play Now' }).click();
  await expect(page).toHaveURL(new RegExp(`episode=${e2}`));
  await expect(dialog.getByTestId('popup-video')).toBeVisible();
});

test('favouriting keeps the card under the pointer, and the popup covers the page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpViaApi(page, newPhone().phone, PASSWORD);
  await page.goto('/home');
  await expect(page.getByTestId('row-favourites')).toHaveCount(0);
  const card = page.getByTestId('row-featured').locator(`[data-movie-id="${ids.film}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.hover();
  const heart = card.getByRole('button', { name: `Add to Favourites: ${NAMES.film}` });
  // The rows around it are laid out as they near the screen: measured once they have settled.
  await page.waitForLoadState('networkidle');
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const y = (await heart.boundingBox())!.y;
      const still = Math.abs(y - last) < 1;
      last = y;
      return still;
    })
    .toBe(true);
  const before = (await heart.boundingBox())!;
  await heart.click();
  // The Favourites row appears above the featured row, and the card stays where it was.
  await expect(page.getByTestId('row-favourites')).toBeVisible();
  const removeHeart = card.getByRole('button', { name: `Remove from Favourites: ${NAMES.film}` });
  await expect(removeHeart).toBeVisible();
  // Settled: the row's images have loaded and the page has been scrolled by as much as it grew.
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => Math.abs((await removeHeart.boundingBox())!.y - before.y))
    .toBeLessThanOrEqual(2);

  await page.goto(`/home?title=${ids.film}`);
  const dialog = page.getByTestId('popup-player');
  await expect(dialog).toBeVisible();
  const colours = await dialog.evaluate((element) => ({
    backdrop: getComputedStyle(element, '::backdrop').backgroundColor,
    dialog: getComputedStyle(element).backgroundColor,
  }));
  // Both fully opaque: nothing of the page reads through.
  for (const colour of Object.values(colours)) expect(colour).toMatch(/^rgb\(/);
});

test('in Urdu the seek bar runs left to right, as players do', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpViaApi(page, newPhone().phone, PASSWORD);
  await page.goto('/home');
  await chooseLanguage(page, 'اردو');
  await page.goto(`/player?title=${ids.film}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const video = page.getByTestId('player-video');
  await expect.poll(() => currentTime(video)).toBeGreaterThan(0.3);
  const seek = page.getByTestId('player-seek');
  await page.mouse.move(700, 300);
  expect(await seek.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
  const box = (await seek.boundingBox())!;
  // A click near the left end goes near the start; near the right end, near the end.
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect.poll(() => currentTime(video)).toBeGreaterThan(LENGTH * 0.8);
  const time = page.getByTestId('player-time');
  const duration = (await time.evaluate(
    (el) => el.parentElement?.lastElementChild?.getBoundingClientRect().x,
  ))!;
  expect((await time.boundingBox())!.x).toBeLessThan(duration);
  // Space and M still reach the player after the click on the bar.
  await page.keyboard.press(' ');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});
