import { expect, type Page, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import { signInAsAdmin, snap, xsrfHeaders } from './helpers';

const PASSWORD = 'viewer-pass-1';

/** A plan card's price as the viewer reads it (no-break spaces read as spaces). */
const priceOf = (page: Page, code: string) => page.getByTestId(`plan-${code}`).getByTestId('plan-price');

test("a viewer with a +998 number sees so'm prices on a phone's screen, and can switch to dollars", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  await page.goto('/pricingplan');

  await expect(priceOf(page, 'basic')).toContainText("49 000 so'm");
  await expect(priceOf(page, 'standard')).toContainText("89 000 so'm");
  await expect(priceOf(page, 'premium')).toContainText("149 000 so'm");
  await expect(page.getByTestId('currency-UZS')).toHaveAttribute('aria-pressed', 'true');
  // The providers that take so'm, each with its name.
  await expect(page.getByTestId('provider-choice')).toContainText('Demo card');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await snap(page, 'prices-som-360', { fullPage: true });

  await page.getByTestId('currency-USD').click();
  await expect(priceOf(page, 'basic')).toContainText('$19');
  await expect(priceOf(page, 'basic')).not.toContainText("so'm");
  await expect(page.getByTestId('currency-USD')).toHaveAttribute('aria-pressed', 'true');

  // Bought in dollars, the checkout is in dollars.
  await page.getByTestId('plan-standard').getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\?session=/);
  await expect(page.getByTestId('checkout-trial-note')).toContainText('$19');
});

test("an admin's new so'm price is the one the viewer sees", async ({ page, browser }) => {
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signInAsAdmin(page, '/subscription');
  const plan = page.getByTestId('admin-plan-platinum');
  const before = (await (await page.request.get('/api/plans')).json()) as {
    code: string;
    plan_id: number;
    prices: Record<string, { month: number; year: number | null }>;
  }[];
  const platinum = before.find((p) => p.code === 'platinum')!;
  try {
    await plan.getByRole('button', { name: 'Edit Platinum' }).click();
    const editor = page.getByTestId('plan-form');
    const monthly = editor.getByLabel('Monthly price (UZS)');
    await expect(monthly).toHaveValue('129000.00');
    await monthly.fill('99000');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Plan Platinum saved' })).toBeVisible();
    await expect(page.getByTestId('admin-plan-platinum')).toContainText("99 000 so'm");

    const { phone } = newPhone();
    await signUpViaApi(viewer, phone, PASSWORD);
    await viewer.goto('/pricingplan');
    await expect(priceOf(viewer, 'platinum')).toContainText("99 000 so'm");
    await expect(priceOf(viewer, 'basic')).toContainText("49 000 so'm");
  } finally {
    await page.request.post(`/api/admin/plans/${platinum.plan_id}`, {
      headers: await xsrfHeaders(page),
      data: { prices: platinum.prices },
    });
    await viewerContext.close();
  }
});

test("the return page shows a so'm checkout's result once it is paid", async ({ page }) => {
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  const plans = (await (await page.request.get('/api/plans')).json()) as { code: string; plan_id: number }[];
  const headers = await xsrfHeaders(page);
  const started = await page.request.post('/api/billing/checkout', {
    headers,
    data: { plan_id: plans.find((p) => p.code === 'basic')!.plan_id, currency: 'UZS', provider: 'demo' },
  });
  expect(started.status()).toBe(200);
  const { session_id } = (await started.json()) as { session_id: string };

  await page.goto(`/checkout/return?session=${session_id}`);
  const result = page.getByTestId('checkout-result');
  await expect(result).toHaveAttribute('data-status', 'open');
  await expect(page.getByText("49 000 so'm")).toBeVisible();
  const paid = await page.request.post('/api/billing/demo/pay', {
    headers,
    data: {
      session: session_id,
      card_number: '4242424242424242',
      exp: '12/30',
      cvc: '123',
      name: 'Test Viewer',
    },
  });
  expect(paid.status()).toBe(200);
  await expect(result).toHaveAttribute('data-status', 'completed');
  await expect(result).toContainText('Payment received');

  await page.goto('/checkout/return?session=not-my-session-id');
  await expect(page.getByTestId('checkout-result')).toContainText(
    'This checkout has expired or is already paid',
  );
});
