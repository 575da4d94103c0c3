import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { makeClip } from './clips';
import { adminAxeFindings, createTitle, signedInAdminApi, signInAsAdmin, snap, xsrfHeaders } from './helpers';

/*
 * The title editor's audio tracks: the video's own sound is the original, an Uzbek dub is uploaded beside it
 * (resumably), relabelled, made the original and moved first; a reload keeps all that; then it is deleted.
 */

const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const TITLE = `Silk Road Dub ${Date.now().toString(36)}`;
const DUB_LABEL = "O'zbekcha dublyaj";
const NEW_LABEL = 'Uzbek dub';

let workDir = '';
let admin: APIRequestContext;
let movieId = 0;
let dubPath = '';
let longSoundPath = '';

/** A tone of this length as an M4A file. */
function makeSound(file: string, seconds: number): string {
  const made = spawnSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`, '-ac', '2', '-c:a', 'aac', file],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr}`);
  return file;
}

interface TrackState {
  label: string;
  status: string;
}

async function tracksOf(): Promise<TrackState[]> {
  const movie = (await (await admin.get(`/api/movie/${movieId}`)).json()) as { audio_tracks: TrackState[] };
  return movie.audio_tracks;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-admin-audio-'));
  const clip = makeClip(path.join(workDir, 'silk-road.mp4'), 2, '160x90');
  dubPath = makeSound(path.join(workDir, 'uzbek-dub.m4a'), 2);
  // Longer than the 2 s video by more than the 2 s allowed.
  longSoundPath = makeSound(path.join(workDir, 'too-long.m4a'), 6);
  admin = await signedInAdminApi(playwright);
  movieId = await createTitle(admin, { title: TITLE, status: '' });
  const video = await admin.post('/api/movie/add', {
    headers: await xsrfHeaders(admin),
    multipart: {
      movie_id: String(movieId),
      file: { name: 'silk-road.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
    },
  });
  expect(video.status(), await video.text()).toBe(200);
  await expect
    .poll(async () => (await tracksOf()).map((track) => track.status), {
      timeout: 90_000,
      message: 'the video is converted and its own sound becomes a track',
    })
    .toEqual(['ready']);
});

test.afterAll(async () => {
  await admin?.dispose();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('an admin adds a dub, relabels it, makes it the original, moves it first, and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, `/editmovies?movie_id=${movieId}&step=graphics`);
  const panel = page.getByTestId('audio-tracks-panel');
  await expect(panel.getByRole('heading', { name: 'Audio tracks' })).toBeVisible();
  const rows = panel.getByTestId('audio-track-row');
  await expect(rows).toHaveCount(1);
  await expect(panel.getByLabel('Label of Original', { exact: true })).toHaveValue('Original');
  await expect(panel.getByRole('radio', { name: 'Original: Original' })).toBeChecked();
  await expect(rows.first()).toContainText('From the video');
  await expect(rows.first()).toContainText('Stereo');
  await expect(panel.getByRole('button', { name: 'Move Original up' })).toBeDisabled();

  // A sound much longer than the video is refused, and the reason shows under the file field.
  const fileInput = panel.getByTestId('audio-file-input');
  await panel.getByLabel('Language of the new track').selectOption('uz');
  await fileInput.setInputFiles(longSoundPath);
  await panel.getByRole('button', { name: 'Upload sound track' }).click();
  await expect(panel.locator('#audio-file-error')).toContainText('must match within 2 s');
  await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
  await expect(rows).toHaveCount(1);

  await panel.getByLabel('Label of the new track').fill(DUB_LABEL);
  await fileInput.setInputFiles(dubPath);
  await panel.getByRole('button', { name: 'Upload sound track' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Sound track upload' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(panel.locator('#audio-file-error')).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  const dub = rows.nth(1);
  await expect(dub.getByLabel(`Label of ${DUB_LABEL}`)).toHaveValue(DUB_LABEL);
  await expect(dub).toContainText('Uploaded: uzbek-dub.m4a');
  // The editor asks again while the dub is encoded.
  await expect(dub.getByTestId('audio-track-status')).toHaveAttribute('data-status', 'ready', {
    timeout: 60_000,
  });
  await expect(dub.getByLabel(`Language of ${DUB_LABEL}`)).toHaveValue('uz');
  expect(await adminAxeFindings(page)).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await snap(page, 'admin-audio-tracks');

  // Relabel (saved with Enter), then make it the original.
  const label = dub.getByLabel(`Label of ${DUB_LABEL}`);
  await label.fill(NEW_LABEL);
  await label.press('Enter');
  await expect(dub.getByLabel(`Label of ${NEW_LABEL}`)).toHaveValue(NEW_LABEL);
  await dub.getByRole('radio', { name: `Original: ${NEW_LABEL}` }).check();
  await expect(panel.getByRole('radio', { name: `Original: ${NEW_LABEL}` })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Original: Original' })).not.toBeChecked();

  // Moved first, focus stays on the dub's move buttons (Up is now disabled, so Down).
  await panel.getByRole('button', { name: `Move ${NEW_LABEL} up` }).click();
  await expect(rows.nth(0).getByRole('textbox')).toHaveValue(NEW_LABEL);
  await expect(rows.nth(1).getByRole('textbox')).toHaveValue('Original');
  await expect(panel.getByRole('button', { name: `Move ${NEW_LABEL} down` })).toBeFocused();

  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('textbox')).toHaveValue(NEW_LABEL);
  await expect(rows.nth(1).getByRole('textbox')).toHaveValue('Original');
  await expect(panel.getByRole('radio', { name: `Original: ${NEW_LABEL}` })).toBeChecked();
  expect((await tracksOf()).map((track) => track.label)).toEqual([NEW_LABEL, 'Original']);

  // Delete asks first; Cancel keeps it.
  await panel.getByRole('button', { name: `Delete ${NEW_LABEL}` }).click();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: `Delete ${NEW_LABEL}` })).toBeFocused();
  await panel.getByRole('button', { name: `Delete ${NEW_LABEL}` }).click();
  await panel.getByRole('button', { name: `Yes, delete ${NEW_LABEL}` }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('textbox')).toHaveValue('Original');
  expect((await tracksOf()).map((track) => track.label)).toEqual(['Original']);
});
