import { expect, test } from '@playwright/test';
import { expectAccessible } from './accounts-helpers';
import { adminAxeFindings, signInAsAdmin } from './helpers';
import { viewInUrdu } from './urdu';

test('the footer and the landing page lead to the terms of use and the privacy policy', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Terms and conditions apply' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expect(page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByTestId('legal-body')).toContainText('30-day free trial');
  await expectAccessible(page);

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await footer.getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test('an admin rewrites the Urdu privacy policy; a viewer reads it in Urdu at 360 px', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, '/legalpages');
  await expect(page.getByRole('heading', { name: 'Legal pages', level: 1 })).toBeVisible();
  await page.getByLabel('Page', { exact: true }).selectOption('privacy');
  await page.getByLabel('Language', { exact: true }).selectOption('Ur');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('رازداری کی پالیسی');
  expect(await adminAxeFindings(page)).toEqual([]);
  await title.fill('رازداری');
  const editor = page.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ہم صرف وہی رکھتے ہیں جو سروس کو چاہیے۔');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Privacy policy (Ur) saved' })).toBeVisible();

  const viewer = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await viewer.newPage();
  await viewInUrdu(phone);
  await phone.goto('/privacy');
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('رازداری');
  await expect(phone.getByTestId('legal-body')).toHaveText('ہم صرف وہی رکھتے ہیں جو سروس کو چاہیے۔');
  expect(
    await phone.locator('#main').evaluate((main) => main.scrollWidth - main.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(phone);
  // Other languages keep their own text.
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await viewer.close();
});
