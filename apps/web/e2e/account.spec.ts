import { expect, type Page, test } from '@playwright/test';
import {
  codeMailedTo,
  codeSentTo,
  createViewer,
  expectAccessible,
  newPhone,
  signUpViaApi,
  textsSentTo,
} from './accounts-helpers';
import { chooseLanguage, FLAG_PNG, submitSignIn } from './helpers';
import { viewInLanguage } from './urdu';

const PASSWORD = 'viewer-pass-123';

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a signed-out visit to /userprofile goes to sign-in and back after it', async ({ page, request }) => {
  const { phone } = newPhone();
  await createViewer(request, phone, PASSWORD);
  await page.goto('/userprofile');
  await expect(page).toHaveURL(/\/signin\?next=%2Fuserprofile$/);
  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByRole('heading', { name: 'Account Setting', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a viewer renames themselves and picks Russian; the language returns at the next sign-in', async ({
  page,
}) => {
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  await page.goto('/userprofile');
  await expect(page.getByRole('heading', { name: 'Account Setting', level: 1 })).toBeVisible();
  // A trial without a card is never billed: no next billing date.
  await expect(page.getByTestId('next-billing')).toContainText('No card saved');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First Name').fill('Aziza');
  await page.getByLabel('Last Name').fill('Karimova');
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: FLAG_PNG });
  await expect(page.getByTestId('avatar')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(/Updated/);
  await expect(page.getByTestId('profile-name')).toHaveText('Aziza Karimova');
  await expect(page.getByTestId('avatar')).toHaveAttribute('src', /^\/media\//);
  await expect(page.getByTestId('avatar')).toHaveJSProperty('complete', true);

  // Each row has its own toggle: opening Language leaves Email closed.
  await page.getByRole('button', { name: 'Change: Language' }).click();
  await expect(page.getByRole('button', { name: 'Change: Email' })).toBeVisible();
  await row(page, 'Language').getByLabel('Choose language').selectOption({ label: 'Русский' });
  await page.getByRole('button', { name: 'Save: Language' }).click();
  await expect(page.getByRole('heading', { name: 'Настройки аккаунта', level: 1 })).toBeVisible();
  // The change is confirmed in the language chosen.
  await expect(page.getByTestId('toast').last()).toHaveText(/Обновлено/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('language-value')).toHaveText('Русский');

  // Logout from the header's profile menu, then forget the browser's choice.
  await page.getByRole('banner').getByRole('button', { name: 'Мой профиль' }).click();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Войти', level: 1 })).toBeVisible();
  // Once the signed-out page has settled: a call still under way could store the language again after the clear.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();

  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Главная');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/world's best/);
  expect(await page.evaluate(() => localStorage.getItem('key'))).toBe('Ru');

  // A language picked in the header while signed in is saved on the account too.
  await chooseLanguage(page, 'Oʻzbekcha');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('key'))).toBe('Uz');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bosh sahifa');
});

test('in Uzbek, dates and prices read in Uzbek though Chromium has no Uzbek data of its own', async ({
  page,
}) => {
  // Debian's Chromium writes Uzbek dates as "1994 M05 1", prices in English and countries' names in English on its
  // own; the app writes CLDR's.
  await viewInLanguage(page, 'Uz', 'Oʻzbekcha');
  await page.goto('/signupotp');
  await expect(page.locator('option', { hasText: '+998' })).toHaveText('+998 Oʻzbekiston');
  await expect(page.locator('option', { hasText: '+92 ' })).toHaveText('+92 Pokiston');
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  await page.goto('/userprofile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect(row(page, 'Tugʻilgan sana')).toContainText('1-may, 1994');
  await page.goto('/pricingplan');
  // A +998 number sees so'm, written as Uzbek writes it; dollars as CLDR's Uzbek writes them.
  await expect(page.getByText("49\u00a0000\u00a0so'm", { exact: true })).toBeVisible();
  await page.getByTestId('currency-USD').click();
  await expect(page.getByText(/^\d+(,\d\d)?\u00a0US\$$/).first()).toBeVisible();
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
});

test('a password change needs the current one; a phone change needs it and the code sent to the new number', async ({
  page,
  request,
}) => {
  const { phone } = newPhone();
  const next = newPhone();
  await createViewer(request, phone, PASSWORD);
  await page.goto('/signin?next=/userprofile');
  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/userprofile$/);

  await page.getByRole('button', { name: 'Change: Password' }).click();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('fresh-pass-456');
  await page.getByRole('button', { name: 'Save: Password' }).click();
  await expect(page.locator('#current-password-error')).toHaveText('The current password is wrong');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save: Password' }).click();
  await expect(page.getByRole('button', { name: 'Change: Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Change: Phone Number' }).click();
  const phoneRow = row(page, 'Phone Number');
  await phoneRow.getByLabel('Country code').selectOption('UZ');
  await phoneRow.getByLabel('Phone Number', { exact: true }).fill(next.national);
  const before = await textsSentTo(page.request, next.phone);
  await phoneRow.getByRole('button', { name: 'Send code' }).click();
  await phoneRow.getByLabel('Code from the SMS').fill(await codeSentTo(page.request, next.phone, before));
  // The code alone is not enough: the current password too.
  const save = page.getByRole('button', { name: 'Save: Phone Number' });
  await expect(save).toBeDisabled();
  await phoneRow.getByLabel('Current password').fill('not-my-password');
  await save.click();
  await expect(page.locator('#phone-current-password-error')).toHaveText('The current password is wrong');
  const textsToOld = await textsSentTo(page.request, phone);
  await phoneRow.getByLabel('Current password').fill('fresh-pass-456');
  await save.click();
  await expect(page.getByTestId('phone-value')).toHaveText(next.phone);
  // The old number is told.
  await expect.poll(() => textsSentTo(page.request, phone)).toBe(textsToOld + 1);

  // Both changes hold at the next sign-in.
  await page.context().clearCookies();
  await page.goto('/signin');
  await submitSignIn(page, next.phone, 'fresh-pass-456');
  await expect(page).toHaveURL(/\/home$/);
});

test('an email set in account settings becomes a sign-in name once the code mailed to it is confirmed', async ({
  page,
  request,
}) => {
  const { phone } = newPhone();
  const email = `viewer-${phone.slice(1)}@example.com`;
  await createViewer(request, phone, PASSWORD);
  await page.goto('/signin?next=/userprofile');
  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/userprofile$/);

  const emailRow = row(page, 'Email');
  await page.getByRole('button', { name: 'Change: Email' }).click();
  await emailRow.getByLabel('Email', { exact: true }).fill(email);
  await emailRow.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save: Email' }).click();
  await expect(emailRow.getByTestId('email-pending')).toContainText(`${email} · Pending verification`);
  await expect(page.getByTestId('email-value')).toHaveText('Not set');
  await expectAccessible(page);

  await emailRow.getByLabel('Code from the email').fill(await codeMailedTo(page.request, email));
  await emailRow.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByTestId('email-value')).toHaveText(email);
  await expect(emailRow.getByTestId('email-pending')).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto('/signin');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('Forgot your password resets it through a code texted to the account', async ({ page, request }) => {
  const { phone, national } = newPhone();
  await createViewer(request, phone, PASSWORD);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
  await page.getByLabel('Country code').selectOption('UZ');
  await page.getByLabel('Phone Number').fill(national);
  const before = await textsSentTo(page.request, phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code from the SMS').fill(await codeSentTo(page.request, phone, before));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.getByLabel('New password').fill('reset-pass-789');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await submitSignIn(page, phone, 'reset-pass-789');
  await expect(page).toHaveURL(/\/home$/);
});
