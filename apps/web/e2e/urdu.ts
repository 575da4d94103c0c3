import { type Page, test } from '@playwright/test';

/** Opens every page of this browser context in Urdu (right to left), as a viewer who chose it before would. */
export async function viewInUrdu(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('key', 'Ur');
    localStorage.setItem('language_title', 'اردو');
  });
  // The server paints the first screen in the language of this cookie, which the app keeps in step.
  const url = test.info().project.use.baseURL ?? 'http://127.0.0.1:3101';
  await page.context().addCookies([{ name: 'lang', value: 'Ur', url }]);
}
