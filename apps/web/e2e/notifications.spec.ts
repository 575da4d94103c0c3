import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import { adminAxeFindings, signInAsAdmin, snap } from './helpers';

const PASSWORD = 'viewer-pass-123';

// Several browser contexts and a fresh build share two cores with other work: allow for a slow machine.
test.describe.configure({ timeout: 120_000 });

/**
 * A signed-in viewer on /home with a controllable clock (the bell polls once a minute), and the unread count
 * the server had before the test did anything.
 */
async function viewerOnHome(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { phone, national } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  const before = (
    (await (await page.request.get('/api/notifications/unread-count')).json()) as { unread: number }
  ).unread;
  await page.clock.install();
  await page.goto('/home');
  // The first load builds the whole viewer shell: give a busy machine time. The app's bell, not the one of the
  // server's first paint, which stands beside the hidden #root until the app takes over.
  await expect(page.locator('#root').getByTestId('notifications-button')).toBeVisible({ timeout: 30_000 });
  return { context, page, phone, national, before };
}

const badge = (page: Page) => page.getByTestId('notifications-badge');

async function expectUnread(page: Page, count: number) {
  if (count === 0) await expect(badge(page)).toHaveCount(0);
  else await expect(badge(page)).toHaveText(String(count));
}

async function compose(page: Page, title: string, body: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Message', { exact: true }).fill(body);
}

test('a notification to everyone raises the bell count; reading it brings the count down', async ({
  page,
  browser,
}) => {
  const viewer = await viewerOnHome(browser);
  try {
    await expectUnread(viewer.page, viewer.before);

    const title = `New season ${Date.now()}`;
    await signInAsAdmin(page, '/notification');
    await expect(page.getByRole('heading', { name: 'Notification', level: 1 })).toBeVisible();
    expect(await adminAxeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.locator('#notification-title-error')).toHaveText('Enter the title');
    await compose(page, title, 'Season two starts on Friday.');
    await page.getByLabel('Link (optional)').fill('/pricingplan');
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Notification sent' })).toBeVisible();
    const sent = page.getByTestId('notification-row').filter({ hasText: title });
    await expect(sent).toContainText('Everyone');
    await expect(sent).toContainText('Sent');

    // The bell asks again within a minute.
    await viewer.page.clock.fastForward(61_000);
    await expectUnread(viewer.page, viewer.before + 1);
    const bell = viewer.page.getByTestId('notifications-button');
    await expect(bell).toHaveAccessibleName(`Notifications, ${viewer.before + 1} unread`);

    await bell.click();
    const item = viewer.page.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toContainText('Season two starts on Friday.');
    await expect(item).toHaveAttribute('data-read', 'false');
    await snap(viewer.page, 'bell-panel');
    const panelAxe = await new AxeBuilder({ page: viewer.page })
      .include('#notifications-panel')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(panelAxe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect(item).toHaveAttribute('data-read', 'true');
    await expectUnread(viewer.page, viewer.before);

    // Its link opens the page it points to.
    await item.getByRole('link', { name: 'Open' }).click();
    await expect(viewer.page).toHaveURL(/\/pricingplan$/);

    // Read stays read after a reload; the admin sees who has read it.
    await viewer.page.reload();
    await expectUnread(viewer.page, viewer.before);
    await page.reload();
    await expect(
      page.getByTestId('notification-row').filter({ hasText: title }).locator('td').nth(4),
    ).not.toHaveText('0');
  } finally {
    await viewer.context.close();
  }
});

test('a notification for one user reaches that user and no other viewer', async ({ page, browser }) => {
  const chosen = await viewerOnHome(browser);
  const other = await viewerOnHome(browser);
  try {
    const title = `Just for you ${Date.now()}`;
    await signInAsAdmin(page, '/notification');
    await compose(page, title, 'Your account has a gift.');
    await page.getByLabel('One user').check();
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.locator('#notification-user-error')).toHaveText('Choose a user');
    await page.getByLabel('User', { exact: true }).fill(chosen.national);
    await page.getByRole('button', { name: `Choose ${chosen.phone}` }).click();
    await expect(page.getByTestId('picked-user')).toHaveText(chosen.phone);
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Notification sent' })).toBeVisible();
    await expect(page.getByTestId('notification-row').filter({ hasText: title })).toContainText('User #');

    await chosen.page.clock.fastForward(61_000);
    await other.page.clock.fastForward(61_000);
    await expectUnread(chosen.page, chosen.before + 1);
    await chosen.page.getByTestId('notifications-button').click();
    await expect(chosen.page.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();

    await other.page.getByTestId('notifications-button').click();
    await expect(other.page.locator('#notifications-panel')).toBeVisible();
    await expect(other.page.locator('#notifications-panel [aria-busy="true"]')).toHaveCount(0);
    await expect(other.page.getByText(title)).toHaveCount(0);
    await expectUnread(other.page, other.before);

    // Mark all as read clears the chosen viewer's count.
    await chosen.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expectUnread(chosen.page, 0);
  } finally {
    await chosen.context.close();
    await other.context.close();
  }
});

test('a scheduled notification waits in the list and can be deleted before it goes out', async ({ page }) => {
  const title = `Maintenance ${Date.now()}`;
  await signInAsAdmin(page, '/notification');
  await compose(page, title, 'The service pauses for ten minutes.');
  await page.getByLabel('At a set time').check();
  await page.getByRole('button', { name: 'Schedule notification' }).click();
  await expect(page.locator('#notification-send-at-error')).toHaveText('Choose the date and time to send it');
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  await page
    .getByLabel('Send at')
    .fill(
      `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T${pad(tomorrow.getHours())}:${pad(tomorrow.getMinutes())}`,
    );
  await page.getByLabel('Subscribers of one plan').check();
  await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Standard' });
  await page.getByRole('button', { name: 'Schedule notification' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Notification scheduled' })).toBeVisible();
  const row = page.getByTestId('notification-row').filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('Subscribers of Standard');
  await snap(page, 'notifications-admin');
  expect(await adminAxeFindings(page)).toEqual([]);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Scheduled notification deleted' })).toBeVisible();
  await expect(page.getByTestId('notification-row').filter({ hasText: title })).toHaveCount(0);
});
