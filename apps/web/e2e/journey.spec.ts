import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect as baseExpect, type Page, request, test } from '@playwright/test';
import { type LanguageRecord, type TranslationKey, translate } from '@salomtv/contract';
import { fill } from '../src/shared/i18n/translate';
import { codeSentTo, newPhone } from './accounts-helpers';
import { makeClip } from './clips';
import { expectInputsUsable } from './geometry';
import { ADMIN, createTitle, xsrfHeaders } from './helpers';
import { addEpisodes, currentTime, firstPlayedAt, publish, recordFirstPlayedAt, upload } from './media';
import { viewInLanguage } from './urdu';

/*
 * A new viewer's first week, walked on a phone in the viewer's own language: sign-up, browsing, a serial watched
 * across two episodes and resumed from Continue Watching, a purchase, a plan change, a cancel and a second
 * profile. Every page is checked as the viewer sees it: it fits the window, every field is usable, and the
 * console stays quiet.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const stamp = Date.now().toString(36);
const PASSWORD = 'viewer-pass-123';
const SERIES = `Night Market ${stamp}`;
const EPISODES = [
  { title: 'Lanterns', description: 'The stalls open as the sun goes down.' },
  { title: 'Spices', description: 'A trader arrives with a locked chest.' },
];
/** Long enough to play past the saving threshold. */
const LENGTH = 10;
const ids = { series: 0, episodes: [] as number[] };
let workDir = '';

test.describe.configure({ mode: 'serial' });
test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  navigationTimeout: 60_000,
});

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-journey-e2e-'));
  const clip = makeClip(path.join(workDir, 'clip.mp4'), LENGTH);
  const admin = await request.newContext({ baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  // Not a kids' title: the kids section's rows belong to other specs.
  ids.series = await createTitle(admin, {
    title: SERIES,
    kind: 'series',
    genres: ['Mystery'],
    age_rating: '13+',
  });
  ids.episodes = await addEpisodes(admin, ids.series, EPISODES);
  for (const episodeId of ids.episodes) await upload(admin, 'add', ids.series, clip, episodeId);
  await publish(admin, ids.series, SERIES);
  await admin.dispose();
});

test.afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The language's text of each key, as the app reads it (with the app's fallback for a key not translated). */
async function textsOf(api: APIRequestContext, keyword: string): Promise<(key: TranslationKey) => string> {
  const reply = await api.post('/api/language/get', { data: { keyword } });
  expect(reply.status()).toBe(200);
  const [record] = (await reply.json()) as LanguageRecord[];
  expect(record?.keyword).toBe(keyword);
  return (key) => translate(record, key);
}

/** Errors the console shows: the browser's own (a failed request) and the app's. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Elements that stick out of the window (what makes a page scroll sideways). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    return [`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`];
  });
}

/** A sign-in or sign-up form, by the id of its card. */
const authForm = (page: Page, id: string) => page.locator(`form[aria-labelledby="${id}-title"]`);

async function savedProgress(page: Page) {
  const reply = await page.request.get(`/api/progress/${ids.series}`);
  return reply.status() === 200
    ? ((await reply.json()) as { episode_id: number | null; position_seconds: number })
    : null;
}

for (const language of [
  { keyword: 'Uz', title: 'Oʻzbekcha', dir: 'ltr' },
  { keyword: 'Ur', title: 'اردو', dir: 'rtl' },
]) {
  test(`a new viewer's first week on a phone, in ${language.title}`, async ({ page }) => {
    test.setTimeout(300_000);
    const t = await textsOf(page.request, language.keyword);
    const errors = watchConsole(page);
    await viewInLanguage(page, language.keyword, language.title);
    await recordFirstPlayedAt(page);
    /** The page as the viewer sees it: in the language, fitting the window, every field usable, no errors. */
    const looksRight = async (what: string) => {
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), what).toEqual([]);
      await expectInputsUsable(page);
      expect(errors, `console on ${what}`).toEqual([]);
    };

    // Sign-up: number, texted code, details.
    const { phone, national } = newPhone();
    await page.goto('/');
    await page
      .getByRole('link', { name: t('sign_up') })
      .first()
      .tap();
    await expect(page).toHaveURL(/\/signupotp$/);
    await authForm(page, 'sign-up-otp').locator('select').selectOption('UZ');
    await page.locator('#phoneNumber').fill(national);
    await looksRight('the number step of sign-up');
    await authForm(page, 'sign-up-otp').locator('button[type="submit"]').tap();
    await expect(page).toHaveURL(/\/signupotpverify/);
    await page.locator('#code').fill(await codeSentTo(page.request, phone));
    await looksRight('the code step of sign-up');
    await authForm(page, 'sign-up-verify').locator('button[type="submit"]').tap();
    await expect(page).toHaveURL(/\/signup\?phone=/);
    await page.locator('#first_name').fill('Dilnoza');
    await page.locator('#dob').fill('1995-04-12');
    await page.locator('#gender').selectOption('female');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#terms').check();
    await looksRight('the details step of sign-up');
    await authForm(page, 'sign-up').locator('button[type="submit"]').tap();
    await expect(page).toHaveURL(/\/home$/);

    // Browsing: the serial is found in a row and opened on its details, which play nothing yet.
    await looksRight('/home');
    const card = page.locator(`[data-movie-id="${ids.series}"]`).first();
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: SERIES, exact: true }).tap();
    const dialog = page.getByTestId('popup-player');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('popup-video')).toHaveCount(0);
    await looksRight('the title popup');

    // Episode 1 to its end, then episode 2 a while: the serial goes on with episode 2.
    const [e1, e2] = ids.episodes as [number, number];
    await dialog.getByTestId('popup-play').tap();
    const popupVideo = dialog.getByTestId('popup-video');
    await expect.poll(() => currentTime(popupVideo)).toBeGreaterThan(0.5);
    await popupVideo.evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 6);
    });
    const countdown = dialog.getByTestId('next-episode');
    await expect(countdown).toBeVisible({ timeout: 30_000 });
    await countdown.getByRole('button', { name: t('play_now') }).tap();
    await expect(page).toHaveURL(new RegExp(`episode=${e2}`));
    await expect.poll(() => currentTime(popupVideo), { timeout: 30_000 }).toBeGreaterThan(6);
    await popupVideo.evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(async () => (await savedProgress(page))?.episode_id).toBe(e2);
    expect(e1).not.toBe(e2);
    const savedAt = (await savedProgress(page))!.position_seconds;
    await looksRight('the popup player');

    // Continue Watching names the episode and opens it at its place.
    await page.goto('/home');
    const resume = page.getByTestId('row-continue').locator(`[data-movie-id="${ids.series}"]`);
    await expect(resume.getByTestId('card-caption')).toContainText(
      fill(t('episode_code'), { season: 1, number: 2 }),
    );
    await looksRight('/home with Continue Watching');
    await resume.getByRole('button', { name: SERIES, exact: true }).tap();
    await expect(page).toHaveURL(new RegExp(`/player\\?title=${ids.series}&episode=${e2}`));
    expect(await firstPlayedAt(page.getByTestId('player-video'))).toBeGreaterThanOrEqual(savedAt - 1);
    await looksRight('the full player');

    // A purchase on the trial: the card is saved, nothing is charged.
    await page.goto('/pricingplan');
    await looksRight('/pricingplan');
    await page
      .getByTestId('plan-standard')
      .getByRole('button', { name: t('purchase') })
      .tap();
    await expect(page).toHaveURL(/\/checkout\/demo\?session=/);
    await page.locator('#card_number').fill('4242 4242 4242 4242');
    await page.locator('#exp').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Dilnoza Karimova');
    await looksRight('the checkout');
    await page.getByRole('button', { name: t('save_card') }).tap();
    await expect(page).toHaveURL(/\/userprofile/);
    await expect(page.getByTestId('payment-method')).toContainText('4242');
    await looksRight('/userprofile after the purchase');

    // A plan change, confirmed on the pricing page.
    await page.goto('/pricingplan');
    await page
      .getByTestId('plan-premium')
      .getByRole('button', { name: t('change_plan') })
      .tap();
    await page
      .getByTestId('plan-change')
      .getByRole('button', { name: t('confirm_change') })
      .tap();
    await expect(page.getByTestId('plan-premium').getByTestId('current-plan')).toBeVisible();
    await looksRight('/pricingplan after the plan change');
    // The account page says the same: the plan after the trial is the one just chosen.
    const chosen = await page.getByTestId('plan-premium').getByRole('heading', { level: 2 }).innerText();
    await page.goto('/userprofile');
    await expect(page.getByRole('main')).toContainText(chosen);

    // A cancel, asked by the app's own dialog.
    await page.getByRole('button', { name: t('cancel_membership') }).tap();
    const question = page.getByRole('alertdialog');
    // In the trial it asks about the plan chosen for after it.
    await expect(question).toContainText(chosen);
    await looksRight('the cancel question');
    await question.getByRole('button', { name: t('cancel_trial_plan') }).tap();
    // Nothing will be charged when the trial ends, and the card stays on file.
    await expect(page.getByTestId('next-billing')).toContainText(t('trial_card_no_plan'));
    await expect(page.getByTestId('payment-method')).toContainText('4242');
    await looksRight('/userprofile after the cancel');

    // A second profile, made and chosen.
    await page.goto('/profiles/manage');
    await page.getByRole('button', { name: t('add_profile') }).tap();
    await page.locator('#profile-name').fill('Bobur');
    await looksRight('the new profile form');
    await page.locator('#profile-name').press('Enter');
    await page.goto('/profiles');
    const tiles = page.getByTestId('profile-tile');
    await expect(tiles).toHaveCount(2);
    await looksRight('/profiles');
    await tiles.filter({ hasText: 'Bobur' }).tap();
    await expect(page).toHaveURL(/\/home/);
    await expect(page.getByTestId('row-continue')).toHaveCount(0);
    await looksRight('/home of the second profile');
  });
}
