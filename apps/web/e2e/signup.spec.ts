import { expect, test } from '@playwright/test';
import { codeSentTo, createViewer, expectAccessible, newPhone } from './accounts-helpers';
import { viewInUrdu } from './urdu';

const yearsAgo = (years: number) => {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  return day.toISOString().slice(0, 10);
};

test('a visitor signs up with a texted code and lands on /home signed in', async ({ page }) => {
  const { phone, national } = newPhone();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/signupotp$/);
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Country code').selectOption('UZ');
  await page.getByLabel('Phone Number').fill(national);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL(/\/signupotpverify\?phone=%2B998/);
  await expect(page.getByTestId('otp-phone')).toHaveText(phone);
  await expect(page.getByRole('button', { name: /Send the code again in \d+ s/ })).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('Code from the SMS').fill(await codeSentTo(page.request, phone));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await expect(page).toHaveURL(/\/signup\?phone=%2B998/);
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  // Checked in the browser with the server's schema: each field says what is wrong.
  await signUp.click();
  await expect(page.locator('#dob-error')).toHaveText('Enter your date of birth');
  await expect(page.locator('#gender-error')).toHaveText('Choose male or female');
  await expect(page.locator('#terms-error')).toHaveText('Accept the terms and conditions');
  await page.getByLabel('Date of Birth').fill(yearsAgo(5));
  await page.getByLabel('Password').fill('short');
  await signUp.click();
  await expect(page.locator('#dob-error')).toHaveText('You must be at least 13 years old');
  await expect(page.locator('#password-error')).toHaveText('Use at least 8 characters');
  await expectAccessible(page);

  // Every country, named in the page's language; the phone number's (+998) is chosen until the viewer picks.
  const country = page.getByLabel('Country');
  await expect(country).toHaveValue('UZ');
  await expect(country.locator('option:checked')).toHaveText('Uzbekistan');
  expect(await country.locator('option:not([disabled])').count()).toBe(249);
  await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');

  await page.getByLabel('First name (optional)').fill('Dilnoza');
  await page.getByLabel('Date of Birth').fill('1995-04-12');
  await page.getByLabel('Gender').selectOption('female');
  await country.selectOption('Pakistan');
  await page.getByLabel('Password').fill('viewer-pass-123');
  await page.getByLabel('I accept the terms and conditions').check();
  await signUp.click();

  await expect(page).toHaveURL(/\/home$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'My Profile' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  // The account exists and is this browser's: the profile shows the number.
  await page.goto('/userprofile');
  await expect(page.getByTestId('phone-value')).toHaveText(phone);
  const profile = await (await page.request.get('/api/user/profile')).json();
  expect(profile).toMatchObject({ first_name: 'Dilnoza', nationality: 'PK' });
});

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`at ${width} px in Urdu, a number that already has an account stops after its code, with Sign In and Forgot password`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    await viewInUrdu(page);
    const { phone, national } = newPhone();
    await createViewer(request, phone, 'viewer-pass-123');

    await page.goto('/signupotp');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('#phoneNumber-country').selectOption('UZ');
    await page.locator('#phoneNumber').fill(national);
    await page.locator('form[aria-labelledby="sign-up-otp-title"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/signupotpverify/);
    await page.locator('#code').fill(await codeSentTo(page.request, phone));
    await page.locator('form[aria-labelledby="sign-up-verify-title"] button[type="submit"]').click();

    // No form to fill: the page says so, in Urdu, and offers the ways in, carrying the number.
    const card = page.getByTestId('account-exists');
    await expect(card.getByRole('heading', { level: 1 })).toHaveText('آپ کا پہلے سے اکاؤنٹ موجود ہے');
    await expect(page).toHaveURL(/\/signupotpverify/);
    await expect(page.locator('#dob')).toHaveCount(0);
    await expectAccessible(page);
    const signIn = card.getByRole('link', { name: 'داخل ہوں' });
    await expect(signIn).toHaveAttribute('href', `/signin?phone=${encodeURIComponent(phone)}`);
    await expect(card.getByRole('link', { name: 'پاس ورڈ بھول گئے؟' })).toHaveAttribute(
      'href',
      `/forgotpassword?phone=${encodeURIComponent(phone)}`,
    );
    await signIn.click();
    // The number arrives as sign-up showed it: its country in the picker, the national number beside it.
    await expect(page.locator('#phone_number-country')).toHaveValue('UZ');
    await expect(page.locator('#phone_number')).toHaveValue(national);
    await page.locator('#password').fill('viewer-pass-123');
    await page.locator('form[aria-labelledby="sign-in-title"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/home$/);
  });
}

test('a wrong code says so; once the code is dead the viewer is sent back to /signupotp', async ({
  page,
}) => {
  const { phone, national } = newPhone();
  await page.goto('/signupotp');
  await page.getByLabel('Country code').selectOption('UZ');
  await page.getByLabel('Phone Number').fill(national);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/signupotpverify/);
  const real = await codeSentTo(page.request, phone);
  const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');

  const code = page.getByLabel('Code from the SMS');
  const verify = page.getByRole('button', { name: 'Verify code' });
  await code.fill(wrong);
  await verify.click();
  await expect(page.locator('#code-error')).toHaveText('That code is wrong. Try again. Tries left: 4');
  await expect(page).toHaveURL(/\/signupotpverify/);
  for (let left = 3; left >= 1; left--) {
    await code.fill(wrong);
    await verify.click();
    await expect(page.locator('#code-error')).toContainText(`Tries left: ${left}`);
  }
  await code.fill(wrong);
  await verify.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'That code is wrong. Try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/signupotp\?phone=%2B998/);
  await expect(page.getByLabel('Phone Number')).toHaveValue(national);
});

test('a refused send says why: a bad number, then the wait before another code', async ({ page }) => {
  await page.goto('/signupotp');
  await page.getByLabel('Country code').selectOption('UZ');
  const number = page.getByLabel('Phone Number');
  const send = page.getByRole('button', { name: /^Send code/ });
  await number.fill('12');
  await send.click();
  await expect(page.locator('#phoneNumber-error')).toHaveText('Enter a valid phone number');
  // Well formed but no real Uzbek number: the server's phone-number check refuses it.
  await number.fill('12345');
  await send.click();
  await expect(page.locator('#phoneNumber-error')).toHaveText('Enter a valid phone number');

  const { national } = newPhone();
  await number.fill(national);
  await send.click();
  await expect(page).toHaveURL(/\/signupotpverify/);
  await page.getByRole('link', { name: 'Change the number' }).click();
  await expect(page).toHaveURL(/\/signupotp\?phone=/);
  await expect(number).toHaveValue(national);
  await send.click();
  await expect(page.getByRole('alert')).toHaveText(
    /Too many codes were requested\. Try again in \d+ seconds\./,
  );
  await expect(send).toBeDisabled();
  await expect(page).toHaveURL(/\/signupotp\?phone=/);
});
