import { expect, type Page, test } from '@playwright/test';
import { codeSentTo, createViewer, newPhone } from './accounts-helpers';
import { expectInputsUsable } from './geometry';
import { submitSignIn, xsrfHeaders } from './helpers';
import { viewInLanguage } from './urdu';

const PASSWORD = 'viewer-pass-123';
const LANGUAGES = [
  { keyword: 'En', title: 'English' },
  { keyword: 'Uz', title: 'Oʻzbekcha' },
  { keyword: 'Ur', title: 'اردو' },
] as const;

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Every control of the form on the page can be seen whole, inside its card, wide enough and uncovered. */
async function expectFormUsable(page: Page, where: string): Promise<void> {
  await test.step(where, async () => {
    expect(await expectInputsUsable(page), `${where} shows a form`).toBeGreaterThan(0);
  });
}

for (const { keyword, title } of LANGUAGES) {
  test.describe(`in ${title}`, () => {
    test.beforeEach(async ({ page }) => {
      await viewInLanguage(page, keyword, title);
    });

    test('every sign-in and sign-up form fits a 360 px phone, and a 320 px one', async ({ page }) => {
      const { phone } = newPhone();
      await page.goto('/signin');
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${keyword}`, 'i'));
      await expect(page.locator('#prerendered-page')).toHaveCount(0);
      await expectFormUsable(page, '/signin');
      for (const path of [
        '/signupotp',
        '/forgotpassword',
        `/signupotpverify?phone=${encodeURIComponent(phone)}`,
        `/signup?phone=${encodeURIComponent(phone)}`,
      ]) {
        await page.goto(path);
        await expect(page.locator('form').first()).toBeVisible();
        await expectFormUsable(page, path);
      }
      // The narrowest phones still in use: the number keeps its width beside the country picker.
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of ['/signin', '/signupotp', '/forgotpassword']) {
        await page.goto(path);
        await expect(page.locator('form').first()).toBeVisible();
        await expectFormUsable(page, `${path} at 320 px`);
        // The header's menu, logo, search, bell and Sign In fit too: the page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 320 px`).toBe(
          320,
        );
      }
    });

    test("the account's forms, profiles and the card form fit a 360 px phone", async ({ page, request }) => {
      const { phone } = newPhone();
      await createViewer(request, phone, PASSWORD);
      const login = await page.request.post('/api/user/login', {
        data: { phone_number: phone, password: PASSWORD },
        headers: await xsrfHeaders(page),
      });
      expect(await login.text()).toBe('user');

      await page.goto('/userprofile');
      const rows = page.locator('section[aria-labelledby$="-label"]');
      await expect(rows.first()).toBeVisible();
      // Each Personal Details row opens on its own Change; all of them open at once, and the name form too.
      for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).getByRole('button').first().click();
      await expect(page.locator('#account-phone')).toBeVisible();
      await page.locator('button[aria-pressed]').click();
      await expect(page.locator('#first_name')).toBeVisible();
      await expectFormUsable(page, '/userprofile');

      await page.goto('/profiles/manage');
      await page.getByTestId('add-profile').click();
      await expectFormUsable(page, '/profiles/manage, a new profile');
      await page.goto('/profiles/manage');
      await page.getByTestId('manage-profile').first().getByRole('button').click();
      await page.locator('[data-testid="pin-state"] + div button').first().click();
      await expect(page.locator('#pin-settings-title ~ div input').first()).toBeVisible();
      await expectFormUsable(page, '/profiles/manage, a PIN');

      await page.goto('/userprofile/payment');
      await expect(page.locator('#card_number')).toBeVisible();
      await expectFormUsable(page, '/userprofile/payment');
    });
  });
}

test('in Urdu, each step of the password reset fits a 360 px phone', async ({ page, request }) => {
  await viewInLanguage(page, 'Ur', 'اردو');
  const { phone, national } = newPhone();
  await createViewer(request, phone, PASSWORD);
  await page.goto('/forgotpassword');
  await page.locator('#reset-phone-country').selectOption('UZ');
  await page.locator('#reset-phone').fill(national);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('#reset-code')).toBeVisible();
  await expectFormUsable(page, '/forgotpassword, the code');
  await page.locator('#reset-code').fill(await codeSentTo(page.request, phone));
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('form input[type="password"]').first()).toBeVisible();
  await expectFormUsable(page, '/forgotpassword, the new password');
});

test('a number signs in written as sign-up taught it, beside its country; a name that is none is told so', async ({
  page,
  request,
}) => {
  const { phone, national } = newPhone();
  await createViewer(request, phone, PASSWORD);
  const spaced = `${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
  for (const typed of [spaced, `0${national}`, `+998 ${spaced}`]) {
    await page.context().clearCookies();
    await page.goto('/signin');
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await page.getByLabel('Country code').selectOption('UZ');
    await submitSignIn(page, typed, PASSWORD);
    await expect(page, typed).toHaveURL(/\/home$/);
  }

  await page.context().clearCookies();
  await page.goto('/signin');
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  await page.getByLabel('Country code').selectOption('UZ');
  for (let i = 0; i < 6; i++) {
    await submitSignIn(page, national.slice(0, 5), PASSWORD);
    await expect(page.locator('#phone_number-error')).toHaveText('Enter a valid phone number or email');
    await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  }
  // The mistypes did not lock the account.
  await submitSignIn(page, spaced, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('a number too short for its country is refused on the phone, before a code is asked for', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/otp/send') asked.push(sent.url());
  });
  await page.goto('/signupotp');
  await page.getByLabel('Country code').selectOption('UZ');
  await page.getByLabel('Phone Number').fill('12345');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('#phoneNumber-error')).toHaveText('Enter a valid phone number');
  await page.getByLabel('Phone Number').fill(newPhone().national);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/signupotpverify\?/);
  expect(asked).toHaveLength(1);
});
