import { expect, test } from '@playwright/test';

test('a page chunk that fails to load offers to reload for the new version', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/static\/js\/sign-in-page-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /A new version of SalomTV is available/ })).toBeVisible();
  await page.unroute(/\/static\/js\/sign-in-page-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('when the language record cannot load, the page falls back to English instead of staying blank', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('key', 'Ru');
    localStorage.setItem('language_title', 'Русский');
  });
  await page.route('**/api/language/get', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "The world's best movies and serials, all in one place",
    { timeout: 20_000 },
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
