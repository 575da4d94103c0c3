import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { phone: '+998900000001', password: 'admin-pass-123' };

/** A real 30x20 PNG flag (red, white, green), small enough to inline. */
export const FLAG_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAB4AAAAUCAMAAACtdX32AAAACVBMVEX////MAAAAZgAr3LuzAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAF0lEQVR42mNgxAsYhq700AVMeMHQlQYAWCMCdzp2bM0AAAAASUVORK5CYII=',
  'base64',
);

/** Fills and submits the sign-in form (the page must be on /signin). */
export async function submitSignIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInAsAdmin(page: Page, next?: string): Promise<void> {
  await page.goto(next ? `/signin?next=${encodeURIComponent(next)}` : '/signin');
  await submitSignIn(page, ADMIN.phone, ADMIN.password);
  await expect(page).toHaveURL(next ? new RegExp(`${next.replace(/[?]/g, '\\?')}$`) : /\/dashboard$/);
}

/** Picks a language in the header's dropdown. */
export async function chooseLanguage(page: Page, title: string): Promise<void> {
  await page.getByTestId('language-button').click();
  await page.getByRole('option', { name: title }).click();
}

/** Serious and critical axe findings inside the admin's main area (a hovered button is measured at rest). */
export async function adminAxeFindings(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include('#main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}
