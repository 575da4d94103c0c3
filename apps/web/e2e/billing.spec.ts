import { expect, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';

const PASSWORD = 'viewer-pass-123';

test('a new viewer buys Standard with the demo card, changes to Basic, cancels and undoes it', async ({
  page,
}) => {
  const { phone } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);

  await page.goto('/pricingplan');
  await expect(page.getByRole('heading', { name: 'Pricing Plan', level: 1 })).toBeVisible();
  const standard = page.getByTestId('plan-standard');
  await expect(standard.getByText('HD', { exact: true })).toBeVisible();
  await expect(standard.getByText('Not included').first()).toBeAttached();
  await standard.getByRole('button', { name: 'Purchase' }).click();

  await expect(page).toHaveURL(/\/checkout\/demo\?session=/);
  await expect(page.getByTestId('demo-mode')).toContainText('Demo mode');
  await expect(page.getByText('Standard', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Aziza Karimova');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Your card was declined')).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/userprofile/);
  await expect(page.getByTestId('plan-name')).toContainText('Standard');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('next-billing')).toContainText('Your next billing date is');
  // The declined attempt is recorded as failed; the successful one as paid.
  const history = page.getByTestId('payment-history').locator('tbody tr');
  await expect(history.filter({ hasText: 'Paid' })).toHaveCount(1);
  await expect(history.filter({ hasText: 'Failed' })).toHaveCount(1);

  await page.goto('/pricingplan');
  await expect(page.getByTestId('plan-standard').getByTestId('current-plan')).toBeVisible();
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Change Plan' }).click();
  await expect(page.getByText('Your plan has been changed')).toBeVisible();
  await expect(page.getByTestId('plan-basic').getByTestId('current-plan')).toBeVisible();

  await page.goto('/userprofile');
  await expect(page.getByTestId('plan-name')).toContainText('Basic');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancel Membership' }).click();
  await expect(page.getByTestId('membership-ends')).toContainText('Your membership ends on');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('next-billing')).toContainText('Your next billing date is');
  await expect(page.getByRole('button', { name: 'Cancel Membership' })).toBeEnabled();
});
