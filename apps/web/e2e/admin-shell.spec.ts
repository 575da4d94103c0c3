import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, newPhone, signUpViaApi } from './accounts-helpers';
import { signInAsAdmin, xsrfHeaders } from './helpers';
import { endTrial } from './server-database';

/** The admin shell (top bar, settings side panel) and the dashboard's real figures. */

const PASSWORD = 'viewer-pass-123';
const stamp = Date.now().toString(36);

/** A signed-in viewer in a browser context of its own. */
async function newViewer(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const { phone, national } = newPhone();
  await signUpViaApi(page, phone, PASSWORD);
  return { context, page, phone, national };
}

const shell = (page: Page) => page.getByTestId('admin-shell');
const userMenu = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

async function openSettings(page: Page) {
  await userMenu(page).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await expect(panel).toBeVisible();
  return panel;
}

test('the settings panel changes the layout, theme and sidebar, kept per admin across reloads and visits', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAsAdmin(page);
  await expect(shell(page)).toHaveAttribute('data-layout', 'light');
  const panel = await openSettings(page);
  await expectAccessible(page);

  await panel.getByRole('group', { name: 'Layout' }).getByText('Dark').click();
  await panel.getByRole('group', { name: 'Sidebar colour' }).getByText('Dark').click();
  await panel.getByText('Purple', { exact: true }).click();
  await panel.getByText('Mini Sidebar').click();
  await panel.getByText('Sticky Header').click();
  await expect(panel.getByRole('switch', { name: 'Mini Sidebar' })).toBeChecked();
  await expect(shell(page)).toHaveAttribute('data-layout', 'dark');
  // Every change is saved on the server.
  await expect
    .poll(async () => (await page.request.get('/api/admin/settings')).json())
    .toEqual({ layout: 'dark', sidebar: 'dark', theme: 'purple', mini_sidebar: true, sticky_header: true });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  const looks = async (target: Page) => {
    await expect(shell(target)).toHaveAttribute('data-layout', 'dark');
    await expect(shell(target)).toHaveAttribute('data-theme', 'purple');
    await expect(shell(target)).toHaveCSS('background-color', 'rgb(11, 13, 18)');
    await expect(target.getByTestId('admin-top-bar')).toHaveCSS('background-color', 'rgb(109, 40, 217)');
    await expect(target.getByTestId('admin-top-bar')).toHaveCSS('position', 'sticky');
    // Mini sidebar: icons only on a wide screen.
    await expect
      .poll(async () => (await target.getByTestId('admin-sidebar').boundingBox())?.width)
      .toBeLessThan(80);
  };
  await looks(page);
  await page.reload();
  await looks(page);
  await expectAccessible(page);

  // Another browser: the settings come from the server, not from this browser's storage.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await signInAsAdmin(otherPage);
  await looks(otherPage);
  await other.close();

  const again = await openSettings(page);
  await again.getByRole('button', { name: 'Restore Default' }).click();
  await expect(shell(page)).toHaveAttribute('data-layout', 'light');
  await expect
    .poll(async () => (await page.request.get('/api/admin/settings')).json())
    .toMatchObject({ layout: 'light', theme: 'white', mini_sidebar: false });
  await page.reload();
  await expect(shell(page)).toHaveAttribute('data-layout', 'light');
  await expect(page.getByTestId('admin-top-bar')).toHaveCSS('position', 'static');
  await expect
    .poll(async () => (await page.getByTestId('admin-sidebar').boundingBox())?.width)
    .toBeGreaterThan(200);
});

test('the top bar search finds a user and a title and opens them', async ({ page, browser }) => {
  const viewer = await newViewer(browser);
  await viewer.context.close();
  await signInAsAdmin(page);
  const headers = await xsrfHeaders(page);
  const title = `Amber Harbour ${stamp}`;
  const { movie_id } = (await (await page.request.post('/api/movie/create', { headers })).json()) as {
    movie_id: number;
  };
  const saved = await page.request.post('/api/movie/details', { headers, data: { movie_id, title } });
  expect(saved.status(), await saved.text()).toBe(200);

  const search = page.getByRole('searchbox', { name: 'Search titles, users and posts' });
  const results = page.getByTestId('admin-search-results');
  await search.fill(`Amber Harbour ${stamp}`);
  await expect(
    results.getByRole('region', { name: 'Titles' }).getByRole('link', { name: title }),
  ).toBeVisible();
  await results.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/editmovies\\?movie_id=${movie_id}$`));

  await search.fill(viewer.national);
  const userLink = results.getByRole('region', { name: 'Users' }).getByRole('link', { name: viewer.phone });
  await expect(userLink).toBeVisible();
  await userLink.click();
  await expect(page).toHaveURL(/\/viewuser\?user_id=\d+$/);
  await expect(page.getByText(viewer.phone).first()).toBeVisible();

  await search.fill(`nothing-like-this-${stamp}`);
  await expect(results).toContainText('Nothing matches');
});

test('the dashboard counts a new sign-up and shows a demo purchase in payments and notifications', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const signups = page.getByTestId('stat-signups-value');
  await expect(signups).toHaveText(/^\d+$/);
  const before = Number(await signups.textContent());

  const viewer = await newViewer(browser);
  await page.reload();
  await expect(signups).toHaveText(String(before + 1));

  // The viewer, past the trial, buys Standard with the demo card.
  await endTrial(viewer.page);
  await viewer.page.goto('/pricingplan');
  await viewer.page.getByTestId('currency-USD').click();
  await viewer.page.getByTestId('plan-standard').getByRole('button', { name: 'Purchase' }).click();
  await expect(viewer.page).toHaveURL(/\/checkout\/demo\?session=/);
  await viewer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await viewer.page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await viewer.page.getByLabel('CVC').fill('123');
  await viewer.page.getByLabel('Name on card').fill('Aziza Karimova');
  await viewer.page.getByRole('button', { name: /^Pay/ }).click();
  await expect(viewer.page).toHaveURL(/\/userprofile/);
  await viewer.context.close();

  await page.reload();
  const row = page.getByTestId('payments-table').locator('tbody tr').first();
  await expect(row).toContainText(viewer.phone);
  await expect(row).toContainText('Standard');
  await expect(row).toContainText('Paid');
  await expect(page.getByTestId('stat-customers-value')).not.toHaveText('0');
  await expect(page.getByTestId('revenue-total')).not.toHaveText('$0');

  // The new subscription is an unread alert until the admin marks the alerts read.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  await expect(page.getByRole('link', { name: /New subscription: Standard/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');

  await expect(page.getByRole('heading', { name: 'Media jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Web vitals (p75, last 7 days)' })).toBeVisible();
  await expectAccessible(page);
});

test('a viewer ticket shows in the messages dropdown; the admin answers and closes it', async ({
  page,
  browser,
}) => {
  test.slow();
  const viewer = await newViewer(browser);
  const subject = `Subtitles drift ${stamp}`;
  const created = await viewer.page.request.post('/api/feedback', {
    headers: await xsrfHeaders(viewer.page),
    data: { tag: 'Bug', subject, message: 'The <b>subtitles</b> fall behind after ten minutes.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { ticket_id } = (await created.json()) as { ticket_id: number };

  await signInAsAdmin(page);
  const messages = page.getByRole('button', { name: /^Messages/ });
  await expect(messages).toHaveAccessibleName(/^Messages, \d+ open$/);
  await messages.click();
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?ticket=${ticket_id}#tickets$`));

  const ticket = page.getByTestId(`ticket-${ticket_id}`);
  // The message is shown as text, markup and all.
  await expect(ticket).toContainText('The <b>subtitles</b> fall behind');
  await ticket.getByRole('textbox', { name: /^Answer to/ }).fill('Thanks: fixed in the next release.');
  await ticket.getByRole('button', { name: 'Send answer' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Answered');
  await expect(ticket).toContainText('Thanks: fixed in the next release.');
  await ticket.getByRole('button', { name: 'Close ticket' }).click();
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(ticket.getByRole('button', { name: 'Close ticket' })).toHaveCount(0);

  const mine = (await (await viewer.page.request.get('/api/feedback/mine')).json()) as {
    items: { ticket_id: number; status: string; answer: string | null }[];
  };
  expect(mine.items.find((item) => item.ticket_id === ticket_id)).toMatchObject({
    status: 'closed',
    answer: 'Thanks: fixed in the next release.',
  });
  await viewer.context.close();

  // Closed tickets leave the dropdown.
  await messages.click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
});

test('the user menu shows the admin, lists their own Activities and signs out', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('admin-name')).not.toBeEmpty();
  // An audited change: a draft post.
  const title = `Activity check ${stamp}`;
  const created = await page.request.post('/api/posts', {
    headers: await xsrfHeaders(page),
    data: { title, body: '<p>Draft</p>' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { post_id } = (await created.json()) as { post_id: number };

  await userMenu(page).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/userprofile');
  await page.getByRole('link', { name: 'Activities' }).click();
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  const entry = page
    .getByTestId('activities-table')
    .locator('tbody tr')
    .filter({ hasText: `post #${post_id}` });
  await expect(entry).toContainText('Create');
  await expect(entry).toContainText(title);

  await userMenu(page).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard$/);
});
