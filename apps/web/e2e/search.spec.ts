import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accounts-helpers';
import { publishTitle, signedInAdminApi } from './helpers';
import { viewInUrdu } from './urdu';

// A word of this run's own, so titles other specs made never match.
const stamp = `q${Date.now().toString(36)}`;
const HARBOR = `Night Harbor ${stamp}`;
const SAMARKAND = `Samarkand ${stamp}`;
const PAGED = 26;

test.beforeAll(async ({ playwright }) => {
  const admin = await signedInAdminApi(playwright);
  await publishTitle(admin, {
    title: HARBOR,
    genres: ['Thriller', 'Crime'],
    cast: ['Amelia Hart', 'Ravi Kumar'],
  });
  await publishTitle(admin, { title: SAMARKAND, genres: ['Drama'] });
  for (let n = 1; n <= PAGED; n++)
    await publishTitle(admin, { title: `Orbit ${stamp} ${n}`, genres: ['Sci-Fi'] });
  await admin.dispose();
});

/** Types in the header's search and presses Enter. */
async function searchFromHeader(page: Page, words: string, searchName: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: searchName }).click();
  const box = page.getByRole('banner').getByRole('searchbox', { name: searchName });
  await box.fill(words);
  await box.press('Enter');
}

test('Enter in the header search opens the results page: titles with genres and cast, a wrong letter forgiven', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await searchFromHeader(page, `nigth harbr ${stamp}`, 'Search');
  await expect(page).toHaveURL(/\/search\?q=nigth(%20|\+)harbr/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “nigth harbr ${stamp}”`);
  const result = page.getByTestId('search-result');
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('heading', { name: HARBOR })).toBeVisible();
  await expect(result).toContainText('Thriller, Crime');
  await expect(result).toContainText('Cast: Amelia Hart, Ravi Kumar');
  await expectAccessible(page);
  // A result opens the title's popup.
  await result.getByRole('button', { name: HARBOR }).click();
  await expect(page.getByRole('dialog', { name: HARBOR })).toBeVisible();
});

test('a title is found typed in Russian or Uzbek Cyrillic and in Uzbek Latin', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  for (const city of ['Самарканд', 'Самарқанд', 'Samarqand']) {
    await searchFromHeader(page, `${city} ${stamp}`, 'Search');
    const result = page.getByTestId('search-result');
    await expect(result).toHaveCount(1);
    await expect(result.getByRole('heading', { name: SAMARKAND })).toBeVisible();
  }
});

test('results come a page at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/search?q=${encodeURIComponent(`orbit ${stamp}`)}`);
  await expect(page.getByTestId('search-result')).toHaveCount(24);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('search-result')).toHaveCount(PAGED - 24);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByTestId('search-result')).toHaveCount(24);
});

test('at 360 px in Urdu, a search that finds nothing says so and offers popular titles', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await viewInUrdu(page);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await searchFromHeader(page, `zzyzx ${stamp}`, 'تلاش');
  await expect(page).toHaveURL(/\/search\?q=zzyzx/);
  const empty = page.getByTestId('search-empty');
  await expect(empty.getByRole('status')).toContainText('سے کچھ نہیں ملا');
  await expect(empty.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(empty.getByTestId('title-card').first()).toBeVisible();
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  // Searching again from the page itself, where the header's panel is out of the way on a phone.
  const box = page.getByRole('main').getByRole('searchbox');
  await box.fill(`harbor ${stamp}`);
  await box.press('Enter');
  await expect(page.getByTestId('search-result').getByRole('heading', { name: HARBOR })).toBeVisible();
  // Nothing on the page runs past the screen's edge.
  expect(
    await page.locator('#main').evaluate((main) => main.scrollWidth - main.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
