import { expect, test } from '@playwright/test';
import { gotoWithScriptsHeld } from './helpers';

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
