import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, request, test } from '@playwright/test';
import { expectAccessible } from './accounts-helpers';
import { makeClip } from './clips';
import { ADMIN, createTitle, signInAsAdmin, xsrfHeaders } from './helpers';
import { currentTime, publish, upload } from './media';

/*
 * The player's quality report: it plays a title, reports its start, its stalls and errors when it closes (and with
 * each heartbeat), and the title's row appears on the admin dashboard with those figures.
 */

// This machine is shared with other builds and tests: give the page time.
const expect = baseExpect.configure({ timeout: 20_000 });
const NAME = `Harbour Lights ${Date.now().toString(36)}`;
let movieId = 0;
let workDir = '';

test.describe.configure({ mode: 'serial' });
test.use({ navigationTimeout: 60_000 });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-quality-e2e-'));
  const clip = makeClip(path.join(workDir, 'clip.mp4'), 4);
  const admin = await request.newContext({ baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  movieId = await createTitle(admin, { title: NAME, kind: 'movie', genres: ['Drama'], year: 2025 });
  await upload(admin, 'add', movieId, clip);
  await publish(admin, movieId, NAME);
  await admin.dispose();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** A pointer move over the player, which brings its controls back while it plays. */
async function wake(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.mouse.move(size.width / 2, 120);
  await page.mouse.move(size.width / 2 + 7, 127);
}

test("a title's start time, stall ratio and errors reach the dashboard from its player", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto(`/player?title=${movieId}`);
  const video = page.getByTestId('player-video');
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(1.5);

  // Closing the player stops its playback session with the last report.
  const stopped = page.waitForRequest((sent) => sent.url().endsWith('/stop') && sent.method() === 'POST');
  await wake(page);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const sent = (await stopped).postDataJSON() as { quality: Record<string, number> };
  expect(sent.quality.first_frame_ms).toBeGreaterThan(0);
  expect(sent.quality.watched_ms).toBeGreaterThan(1000);
  expect(sent.quality.bytes_loaded).toBeGreaterThan(10_000);

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Playback quality (last 24 hours)' });
  await expect(panel).toBeVisible();
  const row = panel.getByTestId('playback-quality-table').locator('tr', { hasText: NAME });
  await expect(row).toBeVisible();
  const cells = row.locator('td');
  await expect(cells.nth(1)).toHaveText('1');
  // The mean time to the first frame: what the player measured, more than nothing and less than the wait above.
  const start = (await cells.nth(2).textContent()) ?? '';
  const match = /^([\d.]+) (ms|s)$/.exec(start);
  expect(match, start).not.toBeNull();
  const startMs = Number(match![1]) * (match![2] === 's' ? 1000 : 1);
  expect(startMs).toBeGreaterThan(0);
  expect(startMs).toBeLessThan(30_000);
  expect(Math.abs(startMs - sent.quality.first_frame_ms!)).toBeLessThanOrEqual(10);
  await expect(cells.nth(3)).toHaveText(/\d+ sec/);
  await expect(cells.nth(4)).toHaveText(/^\d+(\.\d)?%$/);
  await expect(cells.nth(5)).toHaveText('0');
  await expectAccessible(page);
});
