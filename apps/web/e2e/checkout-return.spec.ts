import { expect, test } from '@playwright/test';
import { expectAccessible, newPhone, signUpViaApi } from './accounts-helpers';
import { endTrial } from './server-database';

test("the page a provider's checkout returns to waits for the payment, then says the plan is on", async ({
  page,
}) => {
  const { phone } = newPhone();
  await signUpViaApi(page, phone, 'viewer-pass-123');
  await endTrial(page);

  await page.goto('/pricingplan');
  await page.getByTestId('plan-standard').getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\?session=/);
  const session = new URL(page.url()).searchParams.get('session')!;
  const returnPage = `/checkout/return?session=${encodeURIComponent(session)}`;

  // Back from the provider before it has told us: the page waits.
  await page.goto(returnPage);
  await expect(page.getByText('Waiting for the payment to be confirmed…')).toBeVisible();
  await expectAccessible(page);

  // The payment goes through (here the demo provider's; Payme's and Click's reach our server the same way).
  await page.goto(`/checkout/demo?session=${encodeURIComponent(session)}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Aziza Karimova');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/userprofile/);

  await page.goto(returnPage);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment received' })).toBeVisible();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/userprofile/);
  await expect(page.getByTestId('plan-status')).toContainText('Active');
});
