import { type Page, test } from '@playwright/test';

/** Opens every page of this browser context in a language, as a viewer who chose it before would. */
export async function viewInLanguage(page: Page, keyword: string, title: string): Promise<void> {
  await page.addInitScript(
    ([key, languageTitle]) => {
      localStorage.setItem('key', key);
      localStorage.setItem('language_title', languageTitle);
    },
    [keyword, title] as const,
  );
  // The server paints the first screen in the language of this cookie, which the app keeps in step.
  const url = test.info().project.use.baseURL ?? 'http://127.0.0.1:3101';
  await page.context().addCookies([{ name: 'lang', value: keyword, url }]);
}

/** Opens every page of this browser context in Urdu (right to left). */
export async function viewInUrdu(page: Page): Promise<void> {
  await viewInLanguage(page, 'Ur', 'اردو');
}
