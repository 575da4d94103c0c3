import { expect, type Page, test } from '@playwright/test';
import { signInNewViewer } from './accounts-helpers';
import { publishTitle, signedInAdminApi, signInAsAdmin, xsrfHeaders } from './helpers';
import { viewInLanguage, viewInUrdu } from './urdu';

/** The words a viewer reads follow their language, and Urdu is set in the font the app ships. */

const stamp = Date.now().toString(36);
const KIDS_TITLE = `Paper Lanterns ${stamp}`;
const POST_TITLE = `Three new serials ${stamp}`;
const POST_TITLE_UZ = `Uchta yangi serial ${stamp}`;

test.beforeAll(async ({ playwright }) => {
  const admin = await signedInAdminApi(playwright);
  await publishTitle(admin, { title: KIDS_TITLE, kind: 'movie', age_rating: 'All', year: 2024 });
  const headers = await xsrfHeaders(admin);
  const post = await admin.post('/api/posts', {
    headers,
    data: { title: POST_TITLE, body: '<p>Out now.</p>', status: 'published' },
  });
  expect(post.status(), await post.text()).toBe(201);
  const { post_id } = (await post.json()) as { post_id: number };
  const translated = await admin.post(`/api/posts/${post_id}/translation`, {
    headers,
    data: { language: 'Uz', title: POST_TITLE_UZ, body: '<p>Endi ekranlarda.</p>' },
  });
  expect(translated.status(), await translated.text()).toBe(200);
  await admin.dispose();
});

/** The font files the page asked for. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('an Urdu page sets its Urdu in the shipped Nastaliq font; an English landing page never asks for it', async ({
  browser,
}) => {
  const english = await browser.newPage();
  const englishFonts = fontRequests(english);
  await english.goto('/');
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.getByRole('heading', { level: 1 })).toBeVisible();
  await english.waitForLoadState('networkidle');
  expect(englishFonts.filter((url) => url.includes('nastaliq'))).toEqual([]);
  await english.close();

  const urdu = await browser.newPage();
  await viewInUrdu(urdu);
  const urduFonts = fontRequests(urdu);
  await urdu.goto('/');
  await expect(urdu.locator('html')).toHaveAttribute('lang', 'ur');
  const heading = urdu.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  // Polled: the server's first paint of the heading gives way to the app's.
  await expect
    .poll(() => heading.evaluate((element) => getComputedStyle(element).fontFamily))
    .toMatch(/^"?Noto Nastaliq Urdu"?,/);
  await expect
    .poll(() =>
      urdu.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.replaceAll('"', '') === 'Noto Nastaliq Urdu')
          .map((face) => face.status);
      }),
    )
    .toContain('loaded');
  expect(urduFonts.some((url) => /nastaliq.*\.woff2$/.test(url))).toBe(true);
  await urdu.close();
});

test('a viewer reading Uzbek sees plan names, the "All" badge and posts in Uzbek', async ({
  page,
  request,
}) => {
  await viewInLanguage(page, 'Uz', 'Oʻzbekcha');
  await page.goto('/');
  await expect(page.getByText(POST_TITLE_UZ)).toBeVisible();
  await expect(page.getByText(POST_TITLE)).toHaveCount(0);

  await signInNewViewer(page, request, 'viewer-words-26');
  await page.goto('/pricingplan');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Asosiy' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Basic' })).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(KIDS_TITLE)}`);
  const result = page.getByRole('heading', { name: KIDS_TITLE, exact: true, level: 2 }).locator('xpath=..');
  await expect(result).toContainText('Hamma uchun');
});

test('an admin names a plan and translates a post in their editors; a viewer in Uzbek reads those', async ({
  page,
  browser,
}) => {
  const code = `uz-${Date.now() % 1_000_000}`;
  await signInAsAdmin(page, '/subscription');
  await page.getByRole('button', { name: 'New plan' }).click();
  const form = page.getByRole('form', { name: 'New plan' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name', { exact: true }).fill('Family');
  await form.getByLabel('Oʻzbekcha').fill('Oilaviy');
  await form.getByLabel('Monthly price').fill('5');
  await form.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Plan Family created' })).toBeVisible();

  const post = (await (
    await page.request.post('/api/posts', {
      headers: await xsrfHeaders(page),
      data: { title: `Festival week ${stamp}`, body: '<p>Films all week.</p>', status: 'published' },
    })
  ).json()) as { post_id: number };
  await page.goto(`/post?edit=${post.post_id}`);
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Oʻzbekcha' });
  await page.getByLabel('Title in Oʻzbekcha').fill(`Festival haftasi ${stamp}`);
  await page.getByRole('textbox', { name: 'Body in Oʻzbekcha' }).click();
  await page.keyboard.type('Butun hafta filmlar.');
  await page.getByRole('button', { name: 'Save translation' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Translation saved' })).toBeVisible();

  const viewer = await browser.newPage();
  await viewInLanguage(viewer, 'Uz', 'Oʻzbekcha');
  await viewer.goto('/pricingplan');
  await expect(viewer.getByTestId(`plan-${code}`).getByRole('heading', { name: 'Oilaviy' })).toBeVisible();
  await viewer.goto(`/news/${post.post_id}`);
  await expect(viewer.getByRole('heading', { name: `Festival haftasi ${stamp}`, level: 1 })).toBeVisible();
  await expect(viewer.getByText('Butun hafta filmlar.')).toBeVisible();
  await viewer.close();

  // Taken off the offer again: the other tests see the seeded plans.
  await page.goto('/subscription');
  await page.getByTestId(`admin-plan-${code}`).getByRole('button', { name: 'Edit Family' }).click();
  await page.getByLabel('Offered on the pricing page').uncheck();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByTestId(`admin-plan-${code}`)).toContainText('No');
});
