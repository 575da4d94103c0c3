import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible, newPhone } from './accounts-helpers';
import { expectInputsUsable } from './geometry';
import { signedInAdminApi, submitSignIn, xsrfHeaders } from './helpers';
import { withServerDatabase } from './server-database';

const PASSWORD = 'second-factor-pass-1';
const PHONE_SIZE = { width: 360, height: 740 };

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** A new account made by the seeded admin (its own number: the specs after this one use the seeded admin). */
async function newAccount(admin: APIRequestContext, role: 'admin' | 'user'): Promise<string> {
  const { phone } = newPhone();
  const created = await admin.post('/api/web/user', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: phone, password: PASSWORD, role, status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return phone;
}

/** Signs in with the password in a browser that holds no session. */
async function passwordSignIn(page: Page, phone: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/signin');
  await submitSignIn(page, phone, PASSWORD);
}

/** The recovery codes the page shows once, after which the admin says they are kept. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const shown = page.getByTestId('fresh-recovery-codes');
  await expect(shown.getByTestId('recovery-code')).toHaveCount(10);
  const codes = await shown.getByTestId('recovery-code').allTextContents();
  await shown.getByRole('button', { name: 'I have saved them' }).click();
  await expect(shown).toHaveCount(0);
  return codes;
}

let admin: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  admin = await signedInAdminApi(playwright);
});

/** The policy is the whole site's: the seeded admin (the other specs' and this one's fixtures) has no factor. */
const policyOff = () =>
  withServerDatabase((db) =>
    db.prepare('update security_settings set require_admin_second_factor = 0').run(),
  );

test.afterAll(async () => {
  policyOff();
  await admin.dispose();
});

test('an admin sets up an authenticator app, then signs in with its code and once with a recovery code', async ({
  page,
}) => {
  const phone = await newAccount(admin, 'admin');
  await passwordSignIn(page, phone);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.setViewportSize(PHONE_SIZE);
  await page.goto('/userprofile/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectInputsUsable(page);
  await expectAccessible(page);
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  const codes = await keepRecoveryCodes(page);
  await expect(page.getByTestId('totp-on')).toBeVisible();
  // Shown once: the page no longer has the secret.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Unused recovery codes: 10');

  // The password alone no longer signs in: the second step comes next, and nothing is open until it is done.
  await passwordSignIn(page, phone);
  await expect(page).toHaveURL(/\/signin\/second-factor$/);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
  expect((await page.request.get('/api/web/user')).status()).toBe(401);
  await expectInputsUsable(page);
  await expectAccessible(page);
  // The code that confirmed the app is spent; the next step's is within the drift the server accepts.
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await passwordSignIn(page, phone);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/userprofile/security');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Unused recovery codes: 9');

  // The same recovery code a second time is refused.
  await passwordSignIn(page, phone);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Try again.');
  await expect(page).toHaveURL(/\/signin\/second-factor$/);
});

/** A browser on `localhost` (a passkey needs a domain, not an IP address) with a virtual platform authenticator. */
async function browserWithAuthenticator(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = String(test.info().project.use.baseURL).replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

test('an admin registers a passkey and signs in with it', async ({ browser }) => {
  const phone = await newAccount(admin, 'admin');
  const { context, page } = await browserWithAuthenticator(browser);
  try {
    await passwordSignIn(page, phone);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await page.goto('/userprofile/security');
    await page.getByLabel('Name of the passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await keepRecoveryCodes(page);
    const passkey = page.getByTestId('passkey');
    await expect(passkey).toHaveCount(1);
    await expect(passkey).toContainText('Work laptop');
    await expect(passkey).toContainText('Not used yet');

    await passwordSignIn(page, phone);
    await expect(page).toHaveURL(/\/signin\/second-factor$/);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/userprofile/security');
    await expect(page.getByTestId('passkey')).toContainText('Last used');
  } finally {
    await context.close();
  }
});

test('with a second factor required, an admin without one is sent to set it up', async ({
  page,
  browser,
}) => {
  // An admin with a factor turns the policy on.
  const owner = await newAccount(admin, 'admin');
  const newcomer = await newAccount(admin, 'admin');
  const { context, page: ownerPage } = await browserWithAuthenticator(browser);
  try {
    await passwordSignIn(ownerPage, owner);
    await expect(ownerPage).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await ownerPage.goto('/userprofile/security');
    const policy = ownerPage.getByRole('checkbox', { name: 'Require a second factor of every admin' });
    await expect(policy).toBeDisabled();
    await ownerPage.getByRole('button', { name: 'Add a passkey' }).click();
    await keepRecoveryCodes(ownerPage);
    await policy.click();
    await expect(policy).toBeChecked();
  } finally {
    await context.close();
  }

  try {
    await newcomerIsSentToSetup(page, newcomer);
  } finally {
    policyOff();
  }
});

async function newcomerIsSentToSetup(page: Page, newcomer: string): Promise<void> {
  await passwordSignIn(page, newcomer);
  await expect(page).toHaveURL(/\/userprofile\/security\?required=1$/, { timeout: 30_000 });
  await expect(
    page.getByText('Every admin must have a second factor. Add one to open the admin area.'),
  ).toBeVisible();
  const refused = await page.request.get('/api/web/user');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'second_factor_setup_required',
  );
  // Any admin screen sends them back here.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/userprofile\/security\?required=1$/);

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await keepRecoveryCodes(page);
  await page.getByRole('link', { name: 'Go to the admin area' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await page.request.get('/api/web/user')).status()).toBe(200);
}

test('the sessions list names each device and ends another session at once', async ({ page, browser }) => {
  const phone = await newAccount(admin, 'user');
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
  const other = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    userAgent: android,
  });
  try {
    const phonePage = await other.newPage();
    await passwordSignIn(phonePage, phone);
    await expect(phonePage).toHaveURL(/\/home$/, { timeout: 30_000 });

    await page.setViewportSize(PHONE_SIZE);
    await passwordSignIn(page, phone);
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await page.goto('/userprofile');
    const sessions = page.getByTestId('session');
    await expect(sessions).toHaveCount(2);
    const mine = page.locator('[data-testid="session"][data-current]');
    await expect(mine).toContainText('This device');
    const theirs = sessions.filter({ hasText: 'Chrome on Android' });
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText('Last active');
    await expectInputsUsable(page);

    await theirs.getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions).toHaveCount(1);
    // The other browser is signed out at once: its next call and its next page find no session.
    expect((await phonePage.request.get('/api/user/me')).status()).toBe(401);
    await phonePage.goto('/userprofile');
    await expect(phonePage).toHaveURL(/\/signin/);
    // This one is still signed in.
    expect((await page.request.get('/api/user/me')).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out everywhere, this device too' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect((await page.request.get('/api/user/me')).status()).toBe(401);
  } finally {
    await other.close();
  }
});
