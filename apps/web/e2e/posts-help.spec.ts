import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, newPhone, signUpViaApi } from './accounts-helpers';
import { signInAsAdmin, snap, xsrfHeaders } from './helpers';

const run = Date.now().toString(36);

/** First page loads of a fresh browser context can take long on the shared 2-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Messages of every dialog (an alert from injected script) any page of the test opened: none are allowed. */
let dialogs: string[] = [];

function failOnDialog(page: Page): void {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

test.beforeEach(() => {
  dialogs = [];
});

test.afterEach(() => {
  expect(dialogs, 'no dialog may open').toEqual([]);
});

/** A signed-out visitor in a browser context of their own. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  failOnDialog(page);
  return page;
}

const postRow = (page: Page, title: string) => page.getByTestId('post-row').filter({ hasText: title });

test('an admin publishes a post with a cover; a visitor sees it on the landing page and the news page; unpublishing removes it', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, four page loads and two axe runs on a shared 2-core machine
  failOnDialog(page);
  const title = `Season finale night ${run}`;
  const cover = await sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .png()
    .toBuffer();

  await signInAsAdmin(page, '/post');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add post' }).click();
  await expect(page.getByRole('heading', { name: 'Add post', level: 1 })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page
    .getByLabel('Cover image', { exact: true })
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByAltText('Cover preview')).toHaveAttribute('src', /^blob:/);
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('Every episode of the season is streaming now.');
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await snap(page, 'posts-help-admin-editor', { fullPage: true });
  await page.getByRole('button', { name: 'Create post' }).click();

  await expect(page).toHaveURL(/\/post$/);
  const row = postRow(page, title);
  await expect(row.getByTestId('post-status')).toHaveText('published');
  await expect(row.locator('img')).toHaveAttribute('src', /\/media\/posts\/.+\.webp$/);
  await snap(page, 'posts-help-admin-list', { fullPage: true });

  // The status filter and search find it.
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  await expect(postRow(page, title)).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByLabel('Search posts').fill(run);
  await expect(postRow(page, title)).toHaveCount(1);

  // A signed-out visitor: the landing page's what's new lists it, and it opens on /news/:id.
  const guest = await visitor(browser);
  await guest.goto('/');
  const whatsNew = guest.getByRole('region', { name: "What's new on SalomTV" });
  await expect(whatsNew.getByRole('link', { name: title })).toBeVisible();
  await expect(whatsNew.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/pricingplan');
  await whatsNew.scrollIntoViewIfNeeded();
  await snap(guest, 'posts-help-landing', { fullPage: true });
  await whatsNew.getByRole('link', { name: title }).click();
  await expect(guest).toHaveURL(/\/news\/\d+$/);
  const postUrl = guest.url();
  await expect(guest.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(guest.getByTestId('post-body')).toHaveText('Every episode of the season is streaming now.');
  await expect(guest.locator('article img')).toHaveAttribute('src', /\/media\/posts\/.+\.webp$/);
  await expect
    .poll(() => guest.locator('article img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await snap(guest, 'posts-help-news-post', { fullPage: true });
  await expectAccessible(guest);

  await guest.getByRole('link', { name: 'Back to news' }).click();
  await expect(guest).toHaveURL(/\/news$/);
  await expect(guest.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(guest.getByRole('link', { name: title })).toBeVisible();
  await snap(guest, 'posts-help-news', { fullPage: true });
  await expectAccessible(guest);

  // Unpublish: the post leaves the landing page and the news page, and its address answers not found.
  await postRow(page, title).getByRole('button', { name: 'Unpublish' }).click();
  await expect(postRow(page, title)).toHaveCount(0); // the list is filtered on published
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  await expect(postRow(page, title).getByTestId('post-status')).toHaveText('draft');

  await guest.goto('/');
  await expect(guest.getByRole('region', { name: "What's new on SalomTV" })).toBeVisible();
  await expect(guest.getByRole('link', { name: title })).toHaveCount(0);
  await guest.goto('/news');
  await expect(guest.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(guest.getByRole('link', { name: title })).toHaveCount(0);
  await guest.goto(postUrl);
  await expect(
    guest.getByRole('heading', { name: 'This post does not exist or is no longer published' }),
  ).toBeVisible();

  // Delete asks first, then removes it for good.
  await postRow(page, title).getByRole('button', { name: 'Delete' }).click();
  await postRow(page, title)
    .getByRole('group', { name: /Delete/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(postRow(page, title)).toHaveCount(0);
  await guest.context().close();
});

test('script in a post title or body never runs: tags are removed or shown as text', async ({
  page,
  browser,
}) => {
  test.slow();
  failOnDialog(page);
  const payload = '<img src=x onerror=alert(1)>';
  await signInAsAdmin(page, '/post?edit=new');

  // Typed into the form: the title loses its tags on the server, the body's text stays text.
  const typedTitle = `Typed ${payload}<script>alert(2)</script> notes ${run}`;
  await page.getByLabel('Title', { exact: true }).fill(typedTitle);
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type(`Look: ${payload} <script>alert(3)</script>`);
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page).toHaveURL(/\/post$/);
  await expect(postRow(page, `Typed notes ${run}`)).toHaveCount(1);

  // Sent straight to the API as HTML: the sanitiser keeps the text and the allowed tags only.
  const created = await page.request.post('/api/posts', {
    headers: await xsrfHeaders(page),
    data: {
      title: `Raw ${payload} title <script>alert(4)</script>${run}`,
      body: `<p>Safe <strong>bold</strong> text</p>${payload}<script>alert(5)</script><a href="javascript:alert(6)">link</a><p onclick="alert(7)">para</p>`,
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const raw = (await created.json()) as { post_id: number; title: string };
  expect(raw.title).toBe(`Raw title ${run}`);

  const guest = await visitor(browser);
  await guest.goto('/');
  const whatsNew = guest.getByRole('region', { name: "What's new on SalomTV" });
  await expect(whatsNew.getByRole('link', { name: `Raw title ${run}` })).toBeVisible();
  await expect(whatsNew.getByRole('link', { name: `Typed notes ${run}` })).toBeVisible();
  await expect(guest.locator('img[onerror], script:not([src])')).toHaveCount(0);

  await guest.goto(`/news/${raw.post_id}`);
  await expect(guest.getByRole('heading', { name: `Raw title ${run}`, level: 1 })).toBeVisible();
  const rawBody = guest.getByTestId('post-body');
  await expect(rawBody.locator('strong')).toHaveText('bold');
  await expect(rawBody).toContainText('link');
  await expect(rawBody.locator('img, script, [onclick], a[href^="javascript"]')).toHaveCount(0);

  await whatsNewLinkOpens(guest, `Typed notes ${run}`);
  await expect(guest.getByTestId('post-body')).toHaveText(`Look: ${payload} <script>alert(3)</script>`);
  await expect(guest.getByTestId('post-body').locator('img, script')).toHaveCount(0);

  // The admin list shows the titles as text too.
  await page.reload();
  await expect(postRow(page, `Raw title ${run}`)).toHaveCount(1);
  await expect(page.locator('img[onerror]')).toHaveCount(0);
  await guest.context().close();
});

/** Opens a post from the landing page's what's new. */
async function whatsNewLinkOpens(guest: Page, title: string): Promise<void> {
  await guest.goto('/');
  await guest
    .getByRole('region', { name: "What's new on SalomTV" })
    .getByRole('link', { name: title })
    .click();
  await expect(guest.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test('a viewer sends a Help ticket from the footer link and sees it listed as open', async ({ page }) => {
  test.slow();
  failOnDialog(page);
  const { phone } = newPhone();
  await signUpViaApi(page, phone, 'viewer-pass-123');
  await page.goto('/home');
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.locator('#profile-menu').getByRole('link', { name: 'Help' })).toHaveAttribute(
    'href',
    '/help',
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not sent us a message yet')).toBeVisible();
  await expectAccessible(page);

  // Nothing filled in: each field says what it needs.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('#help-tag-error')).toHaveText('Choose a topic');
  await expect(page.locator('#help-subject-error')).toHaveText('Enter a subject');
  await expect(page.locator('#help-message-error')).toHaveText('Write your message');
  await expect(page.getByTestId('ticket')).toHaveCount(0);

  const subject = `Subtitles drift ${run}`;
  await page.getByLabel('Topic', { exact: true }).selectOption('Bug');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('The subtitles of episode 2 come a second late.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'your message has been sent' }).first(),
  ).toBeVisible();

  const ticket = page.getByTestId('ticket').filter({ hasText: subject });
  await expect(ticket).toHaveCount(1);
  await expect(ticket.getByTestId('ticket-status')).toHaveText('Open');
  await expect(ticket).toContainText('Bug');
  await expect(ticket).toContainText('The subtitles of episode 2 come a second late.');
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
  await snap(page, 'posts-help-help', { fullPage: true });

  // Still there after a reload (it comes from the server).
  await page.reload();
  await expect(page.getByTestId('ticket').filter({ hasText: subject })).toHaveCount(1);
  await expectAccessible(page);
});
