import { expect, type Page, test } from '@playwright/test';
import { signInNewViewer } from './accounts-helpers';
import { ADMIN, holdRequests, xsrfHeaders } from './helpers';
import { markPublished } from './server-database';

const stamp = Date.now().toString(36);
const TITLES = [`Pocket Storm ${stamp}`, `Narrow Bridge ${stamp}`, `Small Hours ${stamp}`];
const PASSWORD = 'viewer-pass-123';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Elements wider than the window (what makes a page scroll sideways), for a readable failure. */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).slice(0, 80)}`;
        offenders.push(`${name} right=${Math.round(box.right)}`);
      }
    }
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...offenders.slice(0, 8)];
  });
}

/** Fully inside the 360 px window. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 360;
  expect(box, 'has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await admin.post('/api/user/login', {
    headers: await xsrfHeaders(admin),
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(await login.text()).toContain('admin');
  const headers = await xsrfHeaders(admin);
  for (const [i, title] of TITLES.entries()) {
    const created = await admin.post('/api/movie/create', { headers });
    const { movie_id } = (await created.json()) as { movie_id: number };
    const saved = await admin.post('/api/movie/details', {
      headers,
      data: {
        movie_id,
        title,
        kind: 'movie',
        genres: ['Thriller', 'Drama'],
        age_rating: '13+',
        year: 2020 + i,
        featured: true,
        description:
          'A long description of a story that takes its time, so the slide text has to wrap nicely.',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    markPublished(movie_id);
  }
  await admin.dispose();
});

test('no page of the viewer site scrolls sideways at 360 px', async ({ page, request }) => {
  for (const path of ['/', '/signin', '/signupotp', '/pricingplan']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await horizontalOverflow(page), path).toEqual([]);
  }
  await signInNewViewer(page, request, PASSWORD);
  for (const path of [
    '/home',
    '/movies',
    '/serials',
    '/tvshow',
    '/kidsection',
    '/watchlist',
    '/pricingplan',
    '/userprofile',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect(await horizontalOverflow(page), path).toEqual([]);
  }
});

test('the mobile header: the same menu (Movies goes to /movies), language, search, bell and profile menu', async ({
  page,
  request,
}) => {
  await signInNewViewer(page, request, PASSWORD);
  await page.goto('/home');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Menu' })).toBeHidden();

  // The menu: the desktop entries in the same order; Movies goes to /movies and the menu closes.
  await header.getByRole('button', { name: 'Menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'Movies',
    'Serials',
    'Watch list',
    'Kids Section',
    'My Profile',
    'Pricing Plan',
    'Help',
  ]);
  await expect(menu.getByRole('link', { name: 'Movies' })).toHaveAttribute('href', '/movies');
  await menu.getByRole('link', { name: 'Movies' }).click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(menu).toHaveCount(0);

  // The language dropdown is in the menu; its list fits the screen and switches the texts.
  const openMenu = async (label: string) => {
    if (!(await menu.isVisible())) await header.getByRole('button', { name: label }).click();
    await expect(menu).toBeVisible();
  };
  await openMenu('Menu');
  await menu.getByTestId('language-button').click();
  await expectOnScreen(page, page.getByRole('listbox', { name: 'Choose language' }));
  await page.getByRole('option', { name: 'Oʻzbekcha' }).click();
  await expect(header.getByRole('button', { name: 'Menyu' })).toBeVisible();
  await openMenu('Menyu');
  await menu.getByTestId('language-button').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
  await openMenu('Menu');
  await header.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toHaveCount(0);

  // Search: the field fits the screen and finds a title as the viewer types.
  await header.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expectOnScreen(page, search);
  await search.fill('Pocket');
  await expect(header.getByRole('button', { name: new RegExp(TITLES[0]!) })).toBeVisible();
  await page.keyboard.press('Escape');

  // The bell and the profile menu open inside the screen.
  await header.getByRole('button', { name: 'Notifications' }).click();
  await expectOnScreen(page, page.locator('#notifications-panel'));
  await page.keyboard.press('Escape');
  await header.getByRole('button', { name: 'My Profile' }).click();
  const profile = page.locator('#profile-menu');
  await expectOnScreen(page, profile);
  await profile.getByRole('link', { name: 'Pricing Plan' }).click();
  await expect(page).toHaveURL(/\/pricingplan$/);
});

test('a tap on the menu button of the server-painted page, before the app takes over, opens the menu', async ({
  page,
  request,
}) => {
  await signInNewViewer(page, request, PASSWORD);
  // Hold the rows call: until it answers, /home shows the server's paint, whose buttons have no script of their own.
  const releaseRows = await holdRequests(page, '**/api/catalog/rows**');
  await page.goto('/home');
  await expect(page.locator('#prerendered-page')).toHaveCount(1);
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  releaseRows();
  await expect(page.locator('#prerendered-page')).toHaveCount(0);
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(menu.getByRole('link', { name: 'Movies' })).toHaveAttribute('href', '/movies');
});
