import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signInNewViewer } from './accounts-helpers';
import { ADMIN, createPublishedTitle, xsrfHeaders } from './helpers';
import { endTrial, withServerDatabase } from './server-database';

const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const stamp = Date.now().toString(36);
const OPEN = `Open Sky ${stamp}`;
const SHOW = `Brooklyn Nights ${stamp}`;
const PASSWORD = 'viewer-pass-123';

let workDir = '';
let clipPath = '';
let posterPng: Buffer;

/** Buys a plan with the demo provider through the API, as the signed-in page's context, once past the trial. */
async function buyPlan(page: Page, code: string): Promise<void> {
  await endTrial(page);
  const headers = await xsrfHeaders(page.request);
  const plans = (await (await page.request.get('/api/plans')).json()) as { plan_id: number; code: string }[];
  const plan = plans.find((p) => p.code === code);
  expect(plan, code).toBeTruthy();
  const checkout = await page.request.post('/api/billing/checkout', {
    headers,
    data: { plan_id: plan?.plan_id, interval: 'month' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL((await checkout.json()).url, 'http://x').searchParams.get('session');
  const paid = await page.request.post('/api/billing/demo/pay', {
    headers,
    data: { session, card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Test Viewer' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

const card = (page: Page, title: string) =>
  page.getByTestId('row-genre:thriller').getByTestId('title-card').filter({ hasText: title });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-browse-e2e-'));
  clipPath = path.join(workDir, 'trailer.mp4');
  const made = spawnSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clipPath],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
  posterPng = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 30, g: 60, b: 120 } },
  })
    .png()
    .toBuffer();
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  await createPublishedTitle(
    admin,
    {
      title: OPEN,
      kind: 'movie',
      genres: ['Thriller'],
      age_rating: '16+',
      year: 2024,
      featured: true,
    },
    { poster: posterPng, trailer: fs.readFileSync(clipPath) },
  );
  await createPublishedTitle(
    admin,
    {
      title: SHOW,
      kind: 'movie',
      genres: ['Thriller', 'Drama'],
      age_rating: '16+',
      year: 2023,
      collections: ['america_tv_shows'],
    },
    { poster: posterPng, trailer: fs.readFileSync(clipPath) },
  );
  await admin.dispose();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('a Basic viewer sees a lock on a title their plan lacks; Play offers the trailer and leads to /pricingplan', async ({
  page,
  request,
}) => {
  await signInNewViewer(page, request, PASSWORD);
  await buyPlan(page, 'basic');
  await page.goto('/home');
  const show = card(page, SHOW);
  await expect(show).toHaveAttribute('data-locked', 'upgrade');
  await expect(show.getByTestId('card-lock')).toBeVisible();
  await expect(card(page, OPEN).getByTestId('card-lock')).toHaveCount(0);

  // Play: the upgrade prompt, which names the missing collection; Esc closes it.
  await show.hover();
  await show.getByRole('button', { name: `Play Now: ${SHOW}` }).click();
  const prompt = page.getByRole('dialog', { name: 'Upgrade your plan to watch this title' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('American TV Shows');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);

  // Its trailer stays open: Watch Trailer plays it in the popup.
  await show.hover();
  await show.getByRole('button', { name: `Play Now: ${SHOW}` }).click();
  await prompt.getByRole('button', { name: 'Watch Trailer' }).click();
  const popup = page.getByRole('dialog', { name: SHOW });
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(/trailer=1/);
  await expect
    .poll(() => popup.getByTestId('popup-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  // Change Plan goes to the pricing page (opened from the keyboard this time; the mouse path is above).
  await show.getByRole('button', { name: `Play Now: ${SHOW}` }).focus();
  await page.keyboard.press('Enter');
  await prompt.getByRole('link', { name: 'Change Plan' }).click();
  await expect(page).toHaveURL(/\/pricingplan$/);
});

test('once the trial has ended: every feature is locked, Play prompts to subscribe and trailers still play', async ({
  page,
  request,
}) => {
  const phone = await signInNewViewer(page, request, PASSWORD);
  withServerDatabase((db) =>
    db
      .prepare('UPDATE users SET trial_ends_at = ? WHERE phone_number = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), phone),
  );
  await page.goto('/home');
  const open = card(page, OPEN);
  await expect(open).toHaveAttribute('data-locked', 'subscribe');
  await expect(card(page, SHOW)).toHaveAttribute('data-locked', 'subscribe');
  await open.hover();
  await open.getByRole('button', { name: `Play Now: ${OPEN}` }).click();
  const prompt = page.getByRole('dialog', { name: 'Subscribe to watch this title' });
  await expect(prompt).toContainText('Trailers are open to all');
  await prompt.getByRole('button', { name: 'Watch Trailer' }).click();
  const popup = page.getByRole('dialog', { name: OPEN });
  await expect
    .poll(() => popup.getByTestId('popup-video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  // From the keyboard this time (the mouse path is above).
  await open.getByRole('button', { name: `Play Now: ${OPEN}` }).focus();
  await page.keyboard.press('Enter');
  await prompt.getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/pricingplan$/);
});

test('resting on a card plays a muted trailer preview; its volume button unmutes it; focus starts it too', async ({
  page,
  request,
}) => {
  await signInNewViewer(page, request, PASSWORD);
  await page.goto('/home');
  const open = card(page, OPEN);
  await expect(open).toBeVisible();
  await open.hover();
  const preview = open.getByTestId('card-preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect(await preview.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await open.getByRole('button', { name: `Unmute: ${OPEN}` }).click();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await open.getByRole('button', { name: `Mute: ${OPEN}` }).click();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  // Leaving the card stops it; a short pass over a card does not start one.
  await page.mouse.move(0, 0);
  await expect(preview).toHaveCount(0);
  await open.hover();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(900);
  await expect(preview).toHaveCount(0);

  // Keyboard: focusing the card starts the preview as well.
  await open.getByRole('button', { name: OPEN, exact: true }).focus();
  await expect(preview).toBeVisible();
});

test('no card preview for a viewer who prefers reduced motion', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInNewViewer(page, request, PASSWORD);
  await page.goto('/home');
  const open = card(page, OPEN);
  await open.hover();
  await page.waitForTimeout(1500);
  await expect(open.getByTestId('card-preview')).toHaveCount(0);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  test('cards show their actions without a hover preview', async ({ page, request }) => {
    await signInNewViewer(page, request, PASSWORD);
    await page.goto('/home');
    const open = card(page, OPEN);
    await open.scrollIntoViewIfNeeded();
    await open.getByRole('button', { name: OPEN, exact: true }).focus();
    await expect(open.getByRole('button', { name: `Play Now: ${OPEN}` })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(open.getByTestId('card-preview')).toHaveCount(0);
  });
});

test('past due: account settings show the grace end; Update Payment info with a good card makes it active', async ({
  page,
  request,
}) => {
  const phone = await signInNewViewer(page, request, PASSWORD);
  await buyPlan(page, 'standard');
  // A renewal failed a moment ago: past due with 7 days of grace (retried tomorrow by the server's timer).
  const grace = new Date(Date.now() + 7 * 86_400_000);
  withServerDatabase((db) =>
    db
      .prepare(
        `UPDATE subscriptions SET status = 'past_due', grace_until = ?, next_attempt_at = ?
         WHERE user_id = (SELECT user_id FROM users WHERE phone_number = ?)`,
      )
      .run(grace.toISOString(), new Date(Date.now() + 86_400_000).toISOString(), phone),
  );
  await page.goto('/userprofile');
  await expect(page.getByTestId('plan-status')).toHaveText('Payment overdue');
  const notice = page.getByTestId('past-due');
  const graceText = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(grace);
  await expect(notice).toContainText('Your last payment did not go through');
  await expect(notice).toContainText(graceText);

  await page.getByRole('button', { name: 'Update Payment info' }).click();
  await expect(page).toHaveURL(/\/userprofile\/payment$/);
  await expect(page.getByTestId('demo-mode')).toContainText('Demo mode');
  const fill = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Aziza Karimova');
    await page.getByRole('button', { name: 'Save' }).click();
  };
  // A card that is saved but cannot be charged leaves it past due.
  await fill('4000 0000 0000 0341');
  await expect(page.getByText('Your card was declined')).toBeVisible();
  await fill('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('past-due')).toHaveCount(0);
  await expect(page.getByTestId('payment-method')).toContainText('4242');
  await expect(
    page.getByTestId('payment-history').locator('tbody tr').filter({ hasText: 'Paid' }),
  ).toHaveCount(2);
});
