import { expect, type Page, test } from '@playwright/test';
import { newPhone } from './accounts-helpers';
import { ADMIN, signInAsAdmin, submitSignIn, xsrfHeaders } from './helpers';

const viewer = { ...newPhone(), password: 'viewer-pass-123', last: `Tester${Date.now() % 100_000}` };
const dataRows = (page: Page) => page.locator('tbody tr');

async function searchUsers(page: Page, text: string) {
  await page.getByLabel('Search users').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/[+]/g, '\\+')}`));
}

test.describe
  .serial('user administration', () => {
    test('an admin adds a user, then finds it by search and filters', async ({ page }) => {
      await signInAsAdmin(page, '/user');
      await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
      // Newest first: other specs' accounts may push the admin off the first page; the list has rows.
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.getByRole('link', { name: 'Add User' }).click();
      await expect(page).toHaveURL(/\/adduser$/);

      const create = page.getByRole('button', { name: 'Create user' });
      await create.click();
      await expect(page.locator('#user-phone-error')).toHaveText('Enter your phone number');
      await expect(page.locator('#user-password-error')).toHaveText('Use at least 8 characters');

      await page.getByLabel('Country code').selectOption('UZ');
      await page.getByLabel('Phone Number').fill(viewer.national);
      await page.getByLabel('First Name').fill('Dilnoza');
      await page.getByLabel('Last Name').fill(viewer.last);
      await page.getByLabel('Email').fill(`${viewer.last.toLowerCase()}@example.com`);
      await page.getByLabel('Password').fill(viewer.password);
      await page.getByLabel('Country', { exact: true }).selectOption('India');
      await create.click();
      await expect(
        page.getByTestId('toast').filter({ hasText: `User ${viewer.phone} created` }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/user$/);

      await searchUsers(page, viewer.last);
      await expect(dataRows(page)).toHaveCount(1);
      const found = dataRows(page).first();
      await expect(found).toContainText('Dilnoza');
      await expect(found).toContainText('India');
      await expect(found).toContainText('Active');

      const country = page.getByLabel('Country');
      await country.selectOption('Pakistan');
      await expect(page.getByText('No user matches these filters.')).toBeVisible();
      await country.selectOption('India');
      await expect(dataRows(page)).toHaveCount(1);
      await page.getByLabel('Status').selectOption('disabled');
      await expect(page.getByText('No user matches these filters.')).toBeVisible();
      await page.getByLabel('Status').selectOption('');
      await expect(dataRows(page)).toHaveCount(1);
    });

    test('the list pages through every account with the total the server counts', async ({ page }) => {
      await signInAsAdmin(page, '/user');
      const headers = await xsrfHeaders(page);
      const surname = `Pager${Date.now() % 100_000}`;
      for (let i = 0; i < 21; i++) {
        const created = await page.request.post('/api/web/user', {
          headers,
          data: { phone_number: newPhone().phone, password: 'pager-pass-123', last_name: surname },
        });
        expect(created.status(), await created.text()).toBe(201);
      }
      const answer = await page.request.get('/api/web/user');
      const total = Number(answer.headers()['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(22);
      const pages = Math.ceil(total / 20);

      await page.reload();
      const paging = page.getByRole('navigation', { name: 'Pages' });
      await expect(paging).toContainText(`1–20 of ${total} · page 1 of ${pages}`);
      await expect(dataRows(page)).toHaveCount(20);
      await paging.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(paging).toContainText(`21–${Math.min(40, total)} of ${total} · page 2 of ${pages}`);
      // A search counts only what it finds.
      await searchUsers(page, surname);
      await expect(paging).toContainText('1–20 of 21 · page 1 of 2');
      await paging.getByRole('button', { name: 'Next' }).click();
      await expect(dataRows(page)).toHaveCount(1);
      await expect(paging).toContainText('21–21 of 21 · page 2 of 2');
    });

    test('the Verified switch marks the user verified and stays so', async ({ page }) => {
      await signInAsAdmin(page, `/user?search=${viewer.last}`);
      const toggle = page.getByRole('switch', { name: `Verified: Dilnoza ${viewer.last}` });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await page.reload();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
    });

    test('setting a user Non-Active signs them out at once and refuses their sign-in', async ({
      page,
      browser,
    }) => {
      const viewerContext = await browser.newContext();
      const viewerPage = await viewerContext.newPage();
      await viewerPage.goto('/signin');
      await submitSignIn(viewerPage, viewer.phone, viewer.password);
      await expect(viewerPage).toHaveURL(/\/home$/);

      await signInAsAdmin(page, `/user?search=${viewer.last}`);
      await page.getByRole('link', { name: `View Dilnoza ${viewer.last}` }).click();
      await expect(page).toHaveURL(/\/viewuser\?user_id=\d+$/);
      await expect(page.getByRole('heading', { name: `User: Dilnoza ${viewer.last}` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('1 device');
      // Plan and watching come from billing and the library.
      await expect(page.getByRole('region', { name: 'Plan' })).toContainText('Status');
      await expect(page.getByRole('region', { name: 'Watching' })).toContainText('Nothing part-way through.');
      await page.getByRole('button', { name: 'Set Non-Active' }).click();
      await page.getByRole('button', { name: 'Yes, set Non-Active' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Non-Active' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Account' })).toContainText('Non-Active');

      await viewerPage.goto('/userprofile');
      await expect(viewerPage).toHaveURL(/\/signin\?next=%2Fuserprofile$/);
      await submitSignIn(viewerPage, viewer.phone, viewer.password);
      await expect(viewerPage.getByRole('alert')).toHaveText(
        'This account is disabled. Contact support to enable it.',
      );
      await viewerContext.close();
    });

    test('the last active admin cannot be set Non-Active', async ({ page }) => {
      await signInAsAdmin(page, `/user?search=${encodeURIComponent(ADMIN.phone)}`);
      await page
        .getByRole('link', { name: /^View / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Set Non-Active' }).click();
      await page.getByRole('button', { name: 'Yes, set Non-Active' }).click();
      await expect(page.getByRole('alert')).toContainText('This is the last active administrator');
    });
  });
