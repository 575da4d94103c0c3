import { expect, type Page, test } from '@playwright/test';
import { signInNewViewer } from './accounts-helpers';
import { snap } from './helpers';

const PASSWORD = 'viewer-pass-first';
const LOOKS = [
  { width: 1440, height: 900, keyword: 'En', title: 'English', dir: 'ltr' },
  { width: 360, height: 740, keyword: 'En', title: 'English', dir: 'ltr' },
  { width: 1440, height: 900, keyword: 'Ur', title: 'اردو', dir: 'rtl' },
  { width: 360, height: 740, keyword: 'Ur', title: 'اردو', dir: 'rtl' },
] as const;

/** How far the page reaches past the window's width (0 when nothing makes it scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/*
 * The pages a newcomer sees first, at a desktop and a phone width, left to right and right to left: each laid out
 * in its language's direction, with its heading, and without sideways scrolling. Their screenshots are kept as
 * test artefacts (test-results/screenshots, or E2E_SCREENSHOTS).
 */
for (const look of LOOKS) {
  test(`landing, home and pricing at ${look.width} px in ${look.title}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: look.width, height: look.height } });
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('key')) {
        localStorage.setItem('key', chosen.keyword);
        localStorage.setItem('language_title', chosen.title);
      }
    }, look);
    const page = await context.newPage();
    const name = (what: string) => `first-${what}-${look.width}-${look.keyword.toLowerCase()}`;
    const visit = async (path: string, what: string) => {
      await page.goto(path);
      await expect(page.locator('#prerendered-page')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), `${what} scrolls sideways`).toBeLessThanOrEqual(0);
      await snap(page, name(what));
    };
    await visit('/', 'landing');
    await signInNewViewer(page, page.request, PASSWORD);
    await visit('/home', 'home');
    await visit('/pricingplan', 'pricing');
    await context.close();
  });
}
