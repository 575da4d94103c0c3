import { expect, test } from '@playwright/test';
import { ADMIN, gotoWithScriptsHeld, signInAsAdmin, submitSignIn } from './helpers';

test('a signed-out visit to /language goes to sign-in and back after it', async ({ page }) => {
  await page.goto('/language');
  await expect(page).toHaveURL(/\/signin\?next=%2Flanguage$/);
  await submitSignIn(page, ADMIN.phone, ADMIN.password);
  await expect(page).toHaveURL(/\/language$/);
  await expect(page.getByRole('heading', { name: 'All Languages' })).toBeVisible();
});

test('a wrong password shows a readable message on the form', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signupotp');
  await submitSignIn(page, ADMIN.phone, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The phone number or password is wrong');
  await expect(page).toHaveURL(/\/signin$/);
});

test('an admin lands on the dashboard with the admin shell and can sign out', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard$/);
});

test('the deep link /editlanguage loads the form (matching ignores case)', async ({ page }) => {
  await signInAsAdmin(page, '/EditLanguage?lang_id=1');
  await expect(page.getByRole('heading', { name: /Edit language: English/ })).toBeVisible();
  await expect(page.locator('#lang-keyword')).toHaveValue('En');
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Language' }),
  ).toHaveAttribute('aria-current', 'page');
  // Each key has its own input.
  const ids = await page.locator('form [id^="lang-"]').evaluateAll((nodes) => nodes.map((node) => node.id));
  expect(new Set(ids).size).toBe(ids.length);
});

test('/test goes to /home and an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/test');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in is painted by the server; what is typed before the app takes over is kept with the caret, and signs in', async ({
  page,
}) => {
  const { releaseScripts, errors } = await gotoWithScriptsHeld(page, '/signin');
  await expect(page.locator('#prerendered-page')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await page.getByLabel('Phone Number').fill(ADMIN.phone);
  await page.getByLabel('Remember me').check();
  // The caret is in the password field as the app takes over: it stays there, and typing goes on in the app's field.
  await page.getByLabel('Password').focus();
  releaseScripts();
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await expect(page.getByLabel('Phone Number')).toHaveValue(ADMIN.phone);
  await expect(page.getByLabel('Password')).toHaveValue(ADMIN.password);
  await expect(page.getByLabel('Remember me')).toBeChecked();
  // The app's state holds them: the button is live and signs the admin in.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

test('a tap on the painted Sign In once both fields are typed signs in when the app takes over', async ({
  page,
}) => {
  const { releaseScripts, errors } = await gotoWithScriptsHeld(page, '/signin');
  await expect(page.locator('#prerendered-page')).toHaveCount(1);
  const painted = page.locator('#prerendered-page').getByRole('button', { name: 'Sign In', exact: true });
  await expect(painted).toBeDisabled();
  await page.getByLabel('Phone Number').fill(ADMIN.phone);
  await expect(painted).toBeDisabled();
  await page.getByLabel('Password').fill(ADMIN.password);
  await painted.click();
  // The painted form does not post itself: nothing typed goes into the address.
  await expect(page).toHaveURL(/\/signin$/);
  releaseScripts();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});
