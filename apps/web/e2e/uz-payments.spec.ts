import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, newPhone, signUpViaApi } from './accounts-helpers';
import { expectInputsUsable } from './geometry';
import { signInAsAdmin } from './helpers';
import { endTrial, withServerDatabase } from './server-database';

/*
 * Paying where our viewers live, on a phone: a +998 viewer buys in so'm through Click's and Payme's pages (their
 * test doubles, which call our server as the providers do), renews with a card Click keeps, and an admin refunds
 * from the payments list.
 */

const PASSWORD = 'viewer-pass-123';
/** The code the Click double texts for every card it keeps (SMS_CODE in click-double.mjs). */
const SMS_CODE = '123456';
test.describe.configure({ timeout: 120_000 });

/**
 * A +998 viewer on a 360 px phone whose trial is over, so a purchase is paid at once. On `localhost`, the server's
 * PUBLIC_URL, which the providers send the viewer back to.
 */
async function phoneViewer(browser: Browser) {
  const baseURL = String(test.info().project.use.baseURL).replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  expect((await page.request.get('/api/billing/subscription')).status()).toBe(200);
  await endTrial(page);
  return { context, page, phone };
}

/** Buys Standard in so'm through `provider` on its own page, then reads our return page. */
async function buyThrough(page: Page, provider: 'Click' | 'Payme') {
  await page.goto('/pricingplan');
  await expect(page.getByTestId('plan-standard').getByTestId('plan-price')).toContainText("89 000 so'm");
  // The provider's chip, with its mark and name, is what a finger taps.
  await page.getByTestId('provider-choice').locator('label').filter({ hasText: provider }).click();
  await expect(page.getByRole('radio', { name: provider })).toBeChecked();
  await page.getByTestId('plan-standard').getByRole('button', { name: 'Purchase' }).click();
  // The provider's own page (the double's), then back to ours.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/return\?session=/);
  await expect(page.getByTestId('checkout-result')).toHaveText(
    'Payment received: your subscription is active',
  );
  await expect(page.getByTestId('checkout-result')).toHaveAttribute('data-status', 'completed');
}

/** The viewer's payments as the account page lists them. */
const paymentRows = (page: Page) => page.getByTestId('payment-history').locator('tbody tr');

async function refundAsAdmin(page: Page, paymentId: number, providerLabel: string) {
  await signInAsAdmin(page, '/subscription');
  const payments = page.getByRole('region', { name: 'Payments', exact: true });
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: providerLabel });
  const row = payments.locator(`[data-testid="payment-row"][data-payment-id="${paymentId}"]`);
  await expect(row).toContainText("89 000 so'm");
  await row.getByRole('button', { name: `Refund payment #${paymentId}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Refund this payment?' })
    .getByRole('button', { name: 'Refund' })
    .click();
  await expect(row).toContainText('Refunded');
  await expect(row.getByTestId('payment-refund')).toContainText("89 000 so'm");
  await expect(row.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);
}

test("Click: paid on Click's page, renewed with the card Click keeps, refunded by the admin", async ({
  browser,
  page,
}) => {
  const viewer = await phoneViewer(browser);
  try {
    await buyThrough(viewer.page, 'Click');
    await viewer.page.getByRole('link', { name: 'Go to my account' }).click();
    await expect(viewer.page.getByTestId('plan-status')).toContainText('Active');
    await expect(paymentRows(viewer.page)).toHaveCount(1);

    // The card for renewals, on the phone's screen: every field inside it and wide enough to read.
    await viewer.page.getByRole('button', { name: 'Update Payment info' }).click();
    await expect(viewer.page).toHaveURL(/\/userprofile\/payment$/);
    const form = viewer.page.getByRole('form', { name: 'Pay renewals with a card kept by Click' });
    await expect(form).toBeVisible();
    await expectInputsUsable(viewer.page);
    await form.getByRole('button', { name: 'Send the code' }).click();
    await expect(form.getByText('Enter the 16 digits of the card')).toBeVisible();
    await form.getByLabel('Card number').fill('8600 1234 5678 9012');
    await form.getByLabel(/Expiry/).fill('03/30');
    await form.getByLabel('Pay each renewal of my plan with this card').check();
    await form.getByRole('button', { name: 'Send the code' }).click();
    await expect(form.getByText('Click sent a code to 99890*****67')).toBeVisible();
    await form.getByLabel('Code from the SMS').fill('000000');
    await form.getByRole('button', { name: 'Save the card' }).click();
    await expect(form.getByText('Wrong SMS code')).toBeVisible();
    await form.getByLabel('Code from the SMS').fill(SMS_CODE);
    await form.getByRole('button', { name: 'Save the card' }).click();
    await expect(viewer.page).toHaveURL(/\/userprofile$/);
    await expect(viewer.page.getByTestId('payment-method')).toContainText('Click •••• 9012');
    await expectAccessible(viewer.page);

    // The period ends: the billing timer pays the next one with the kept card.
    const { user_id } = (await (await viewer.page.request.get('/api/user/profile')).json()) as {
      user_id: number;
    };
    const past = new Date(Date.now() - 60_000).toISOString();
    withServerDatabase((db) =>
      db
        .prepare('UPDATE subscriptions SET current_period_end = ?, next_attempt_at = ? WHERE user_id = ?')
        .run(past, past, user_id),
    );
    await expect
      .poll(
        async () =>
          ((await (await viewer.page.request.get('/api/billing/payments')).json()) as { total: number })
            .total,
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(2);
    await viewer.page.reload();
    await expect(paymentRows(viewer.page)).toHaveCount(2);
    await expect(paymentRows(viewer.page).first()).toContainText("89 000 so'm");
    await expect(viewer.page.getByTestId('plan-status')).toContainText('Active');
    const payments = (await (await viewer.page.request.get('/api/billing/payments')).json()) as {
      items: { payment_id: number; provider: string; status: string }[];
    };
    const renewal = payments.items[0]!;
    expect(renewal).toMatchObject({ provider: 'click', status: 'succeeded' });

    await refundAsAdmin(page, renewal.payment_id, 'Click');
    await viewer.page.reload();
    await expect(paymentRows(viewer.page).first()).toContainText('Refunded');
  } finally {
    await viewer.context.close();
  }
});

test("Payme: paid on Payme's page, then refunded by the admin from the payments list", async ({
  browser,
  page,
}) => {
  const viewer = await phoneViewer(browser);
  try {
    await buyThrough(viewer.page, 'Payme');
    const payments = (await (await viewer.page.request.get('/api/billing/payments')).json()) as {
      items: { payment_id: number; provider: string; status: string }[];
    };
    expect(payments.items).toMatchObject([{ provider: 'payme', status: 'succeeded' }]);
    await refundAsAdmin(page, payments.items[0]!.payment_id, 'Payme');
    await viewer.page.goto('/userprofile');
    await expect(paymentRows(viewer.page).first()).toContainText('Refunded');
  } finally {
    await viewer.context.close();
  }
});
