import { expect, test } from '@playwright/test';
import { gotoWithScriptsHeld } from './helpers';
import { viewInUrdu } from './urdu';

const HEADING = "The world's best movies and serials, all in one place";

test('the landing page paints its header and hero from the server before any script, then the app takes over', async ({
  browser,
  page,
}) => {
  // Without scripts: the server's HTML alone shows the heading and working links.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText(HEADING);
  await expect(plain.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signupotp');
  await expect(plain.getByRole('link', { name: 'Sign In' }).first()).toHaveAttribute('href', '/signin');
  await expect(plain.getByTestId('language-button')).toContainText('English');
  await noScript.close();

  // With scripts: the app replaces that paint with its own page, one heading, nothing moved.
  const { releaseScripts, errors } = await gotoWithScriptsHeld(page, '/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCSS('font-weight', '800');
  await expect(page.locator('#prerendered-page')).toHaveCount(1);
  const painted = await heading.boundingBox();
  releaseScripts();
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Movies of this season', level: 2 })).toBeVisible();
  await expect(heading).toHaveText(HEADING);
  expect(painted).not.toBeNull();
  expect(await heading.boundingBox()).toEqual(painted);
  expect(errors).toEqual([]);
  // The app's own links now navigate inside the app.
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signupotp$/);
});

test('"Get the app" offers the browser’s own install dialog, and no store link', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  const install = page.getByTestId('install-app');
  // Chromium has made no offer yet: its menu's steps.
  await expect(install).toHaveAttribute('data-way', 'menu');
  await expect(install).toHaveText("In your browser's menu, choose Install app or Add to Home screen.");
  // The browser's offer (as Chromium makes it once the site qualifies) turns into our button.
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        (window as Window & { installAsked?: boolean }).installAsked = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await install.getByRole('button', { name: 'Install the app' }).click();
  expect(await page.evaluate(() => (window as Window & { installAsked?: boolean }).installAsked)).toBe(true);
  await expect(install).toHaveText('The app is installed: open SalomTV from your home screen or desktop.');
  const section = page.getByRole('region', { name: 'Take SalomTV with you' });
  await expect(section.getByRole('link')).toHaveCount(0);
  await expect(
    page.locator('a[href*="apps.apple.com"], a[href*="play.google.com"], a[href*="itunes."]'),
  ).toHaveCount(0);
});

test('at 360 px in Urdu on an iPhone, "Get the app" gives the steps of Safari’s Share menu', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await viewInUrdu(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const install = page.getByTestId('install-app');
  await expect(install).toHaveAttribute('data-way', 'ios');
  await expect(install).toHaveText(
    'iPhone یا iPad پر: یہ سائٹ Safari میں کھولیں، Share دبائیں، پھر Add to Home Screen چنیں۔',
  );
  await context.close();
});
