import { expect, test } from '@playwright/test';
import { codeSentTo, expectAccessible, newPhone } from './accounts-helpers';

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
  await page.getByRole('button', { name: 'Send otp' }).click();

  await expect(page).toHaveURL(/\/signupotpverify\?phone=%2B998/);
  await expect(page.getByTestId('otp-phone')).toHaveText(phone);
  await expect(page.getByRole('button', { name: /Send the code again in \d+ s/ })).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('Code from the SMS').fill(await codeSentTo(page.request, phone));
  await page.getByRole('button', { name: 'verify otp' }).click();

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

  await page.getByLabel('Date of Birth').fill('1995-04-12');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Country').selectOption('Pakistan');
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
});

test('a wrong code says so; once the code is dead the viewer is sent back to /signupotp', async ({
  page,
}) => {
  const { phone, national } = newPhone();
  await page.goto('/signupotp');
  await page.getByLabel('Country code').selectOption('UZ');
  await page.getByLabel('Phone Number').fill(national);
  await page.getByRole('button', { name: 'Send otp' }).click();
  await expect(page).toHaveURL(/\/signupotpverify/);
  const real = await codeSentTo(page.request, phone);
  const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');

  const code = page.getByLabel('Code from the SMS');
  const verify = page.getByRole('button', { name: 'verify otp' });
  await code.fill(wrong);
  await verify.click();
  await expect(page.locator('#code-error')).toHaveText('invalid otp try again. Tries left: 4');
  await expect(page).toHaveURL(/\/signupotpverify/);
  for (let left = 3; left >= 1; left--) {
    await code.fill(wrong);
    await verify.click();
    await expect(page.locator('#code-error')).toContainText(`Tries left: ${left}`);
  }
  await code.fill(wrong);
  await verify.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'invalid otp try again' })).toBeVisible();
  await expect(page).toHaveURL(/\/signupotp\?phone=%2B998/);
  await expect(page.getByLabel('Phone Number')).toHaveValue(national);
});

test('a refused send says why: a bad number, then the wait before another code', async ({ page }) => {
  await page.goto('/signupotp');
  await page.getByLabel('Country code').selectOption('UZ');
  const number = page.getByLabel('Phone Number');
  const send = page.getByRole('button', { name: /^Send otp/ });
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
