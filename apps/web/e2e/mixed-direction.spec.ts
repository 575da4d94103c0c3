import { expect, type Page, test } from '@playwright/test';
import { publishTitle, signedInAdminApi } from './helpers';
import { viewInUrdu } from './urdu';

// A word of this run's own, so titles other specs made never match.
const stamp = `bidi${Date.now().toString(36)}`;
const ENGLISH = `Night Harbor ${stamp}`;
const URDU = `رات کا سفر ${stamp}`;

test.beforeAll(async ({ playwright }) => {
  const admin = await signedInAdminApi(playwright);
  await publishTitle(admin, {
    title: ENGLISH,
    description: '<p>A detective comes home, at last. Who called her?</p>',
    genres: ['Thriller'],
  });
  await publishTitle(admin, { title: URDU, description: '<p>ایک لمبا سفر، آخرکار۔</p>', genres: ['Drama'] });
  await admin.dispose();
});

const direction = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).direction);

test('in Urdu, an English title and summary keep their own direction and punctuation', async ({ page }) => {
  await viewInUrdu(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/search?q=${encodeURIComponent(ENGLISH)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const result = page.getByTestId('search-result');
  await expect(result).toHaveCount(1);
  await expect(result.locator('p[dir="auto"]')).toHaveText(
    'A detective comes home, at last. Who called her?',
  );
  expect(await direction(page, '[data-testid="search-result"] p[dir="auto"]')).toBe('ltr');

  await result.getByRole('button', { name: ENGLISH }).click();
  const popup = page.getByRole('dialog', { name: ENGLISH });
  await expect(popup).toBeVisible();
  expect(
    await popup.getByRole('heading', { name: ENGLISH }).evaluate((h) => getComputedStyle(h).direction),
  ).toBe('ltr');
  // Laid out left to right, the sentence's full stops stay at the ends of its sentences.
  const summary = popup.getByText('A detective comes home, at last. Who called her?');
  expect(await summary.evaluate((p) => getComputedStyle(p).direction)).toBe('ltr');
});

test('in English, an Urdu title reads right to left in the popup', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/search?q=${encodeURIComponent(stamp)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: URDU }).click();
  const popup = page.getByRole('dialog', { name: URDU });
  await expect(popup).toBeVisible();
  expect(
    await popup.getByRole('heading', { name: URDU }).evaluate((h) => getComputedStyle(h).direction),
  ).toBe('rtl');
  expect(await popup.getByText('ایک لمبا سفر، آخرکار۔').evaluate((p) => getComputedStyle(p).direction)).toBe(
    'rtl',
  );
});
