import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInNewViewer } from './accounts-helpers';
import { ADMIN, signInAsAdmin, snap, xsrfHeaders } from './helpers';
import { markPublished, withServerDatabase } from './server-database';

/** The sizes and languages the browser suite checks the viewer site in. */
const SCREENS = [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
] as const;
const LANGUAGES = [
  { keyword: 'En', title: 'English' },
  { keyword: 'Ur', title: 'اردو' },
] as const;
/** Each screen once, each language once: the wide page left to right, the phone right to left. */
const SCREEN_LANGUAGE_PAIRS = [
  [SCREENS[0], LANGUAGES[0]],
  [SCREENS[1], LANGUAGES[1]],
] as const;
const LIST_PAGES = ['/movies', '/serials', '/kidsection', '/tvshow', '/watchlist'] as const;
const PASSWORD = 'viewer-pass-26';

interface Catalogue {
  dramas: number[];
  mystery: number;
  series: number[];
}

let catalogue: Catalogue;

/** Titles for every list page, through the admin API: a long row (dramas), a short one (one mystery), series. */
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  let headers = await xsrfHeaders(page);
  const login = await page.request.post('/api/user/login', {
    headers,
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  headers = await xsrfHeaders(page);
  const run = Date.now().toString(36);
  const create = async (details: Record<string, unknown>) => {
    const created = await page.request.post('/api/movie/create', { headers });
    const { movie_id } = (await created.json()) as { movie_id: number };
    const saved = await page.request.post('/api/movie/details', {
      headers,
      data: { movie_id, year: 2024, age_rating: 'All', ...details },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    markPublished(movie_id);
    return movie_id;
  };
  const dramas: number[] = [];
  for (let i = 0; i < 12; i++)
    dramas.push(await create({ title: `Polish Drama ${run} ${i}`, genres: ['Drama'], featured: i < 3 }));
  const mystery = await create({ title: `Lone Mystery ${run}`, genres: ['Mystery'] });
  const series: number[] = [];
  for (let i = 0; i < 3; i++)
    series.push(
      await create({
        title: `Polish Serial ${run} ${i}`,
        kind: 'series',
        genres: ['Crime'],
        collections: ['america_tv_shows'],
      }),
    );
  catalogue = { dramas, mystery, series };
  await context.close();
});

/** A context in a size and language, its language chosen before the first page as the header's menu keeps it. */
async function viewerContext(
  browser: Browser,
  screen: { width: number; height: number },
  language: { keyword: string; title: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: screen });
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('key')) {
      localStorage.setItem('key', chosen.keyword);
      localStorage.setItem('language_title', chosen.title);
    }
  }, language);
  return context;
}

/** Sums the layout shifts not caused by input (a stricter figure than CLS, which keeps the worst window only). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as unknown as { __shift: number; __shifts: string[] };
    win.__shift = 0;
    win.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        win.__shift += entry.value;
        win.__shifts.push(
          `${entry.value.toFixed(3)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('the list pages keep their space while titles load: no layout shift, and the dashboard says CLS is good', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  for (const [screen, language] of SCREEN_LANGUAGE_PAIRS) {
    const context = await viewerContext(browser, screen, language);
    const page = await context.newPage();
    await signInNewViewer(page, page.request, PASSWORD);
    const headers = await xsrfHeaders(page);
    expect(
      (
        await page.request.post('/api/watchlist', { headers, data: { movie_id: catalogue.dramas[0] } })
      ).status(),
    ).toBeLessThan(300);
    await watchShifts(page);
    // Every API answer comes late, as on a slow network: the placeholders must hold the rows' space meanwhile.
    await page.route('**/api/**', async (route) => {
      if (!route.request().url().endsWith('/api/vitals')) await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    for (const path of LIST_PAGES) {
      await page.goto(path);
      await expect(page.locator('[data-testid="title-card"]').first()).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const { shift, shifts } = await page.evaluate(() => {
        const win = window as unknown as { __shift: number; __shifts: string[] };
        return { shift: win.__shift, shifts: win.__shifts };
      });
      expect(
        shift,
        `${path} at ${screen.width} px in ${language.keyword}: ${shifts.join('\n')}`,
      ).toBeLessThan(0.1);
    }
    // Leaving the last page sends its CLS too.
    await page.goto('/help');
    await context.close();
  }

  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const dashboard = await admin.newPage();
  await signInAsAdmin(dashboard);
  const table = dashboard.getByTestId('vitals-table');
  await expect(table).toBeVisible();
  for (const path of LIST_PAGES) {
    const row = table
      .getByRole('row')
      .filter({ has: dashboard.getByRole('rowheader', { name: path, exact: true }) });
    // The columns are Page, LCP, INP, CLS: CLS is the row's last cell.
    await expect(row.getByRole('cell').last(), `CLS of ${path}`).toContainText('good');
  }
  await admin.close();
});

test('a normal visit logs no console error and no refused request, signed out and signed in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const signedIn of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    if (signedIn) await signInNewViewer(page, page.request, PASSWORD);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // A request the page itself abandoned (a preview it stopped, a query it cancelled) is not a failure.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed ${request.url()}`);
    });
    for (const path of ['/', '/home', `/home?title=${catalogue.dramas[1]}`, '/pricingplan', '/signin']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (path.includes('title=')) await expect(page.getByTestId('popup-player')).toBeVisible();
    }
    expect(problems, signedIn ? 'signed in' : 'signed out').toEqual([]);
    await context.close();
  }
});

test('row handles show only where the row can scroll, never over the first card, mirrored in Urdu', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const screen of SCREENS) {
    for (const language of LANGUAGES) {
      const context = await viewerContext(browser, screen, language);
      const page = await context.newPage();
      // The kids section: its mystery row holds this spec's one title (the other specs' mysteries are not for kids).
      await page.goto('/kidsection');
      const long = page.getByTestId('row-new');
      const short = page.getByTestId('row-genre:mystery');
      await expect(long.getByTestId('title-card').first()).toBeVisible();
      const where = `${screen.width} px, ${language.keyword}`;
      // Rows are laid out as the viewer nears them (a phone's first screen holds the hero only): each is scrolled
      // to, as a viewer reaches it, and measured in the frame after.
      const reach = async (row: typeof long) => {
        await row.scrollIntoViewIfNeeded();
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
      };

      // A row of one title cannot scroll: no handle at all.
      await reach(short);
      await expect(short.getByTestId('title-card')).toHaveCount(1);
      await expect(short.getByTestId('row-next'), where).toHaveCount(0);
      await expect(short.getByTestId('row-previous'), where).toHaveCount(0);

      // A long row at its start: only the handle towards its end, beside the first card, not over it.
      await reach(long);
      const next = long.getByTestId('row-next');
      await expect(next, where).toBeVisible();
      await expect(long.getByTestId('row-previous'), where).toHaveCount(0);
      const first = long.getByTestId('title-card').first();
      const card = (await first.boundingBox())!;
      const handle = (await next.boundingBox())!;
      const overlaps =
        handle.x < card.x + card.width &&
        card.x < handle.x + handle.width &&
        handle.y < card.y + card.height &&
        card.y < handle.y + handle.height;
      expect(overlaps, where).toBe(false);
      // The next handle is on the reading direction's end side: right in English, left in Urdu.
      if (language.keyword === 'Ur') expect(handle.x + handle.width, where).toBeLessThanOrEqual(card.x);
      else expect(handle.x, where).toBeGreaterThanOrEqual(card.x + card.width);
      await snap(page, `movies-row-${screen.width}-${language.keyword}`);

      // Scrolled along, the way back appears; at the end, the way on goes.
      await next.click();
      await expect(long.getByTestId('row-previous'), where).toBeVisible();
      const list = long.getByRole('list').first();
      await list.evaluate((element) => {
        element.style.scrollBehavior = 'auto';
        const rtl = getComputedStyle(element).direction === 'rtl';
        element.scrollLeft = (rtl ? -1 : 1) * element.scrollWidth;
      });
      await expect(long.getByTestId('row-next'), where).toHaveCount(0);
      await context.close();
    }
  }
});

test('cards grow a little on hover and on focus without moving anything around them', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/movies');
  const row = page.getByTestId('row-new');
  const [first, second] = [row.getByTestId('title-card').nth(0), row.getByTestId('title-card').nth(1)];
  await expect(first).toBeVisible();
  const layoutOf = (locator: typeof first) =>
    locator.evaluate((element) => {
      const box = element as HTMLElement;
      return { left: box.offsetLeft, top: box.offsetTop, width: box.offsetWidth };
    });
  const before = await layoutOf(second);
  const rest = (await first.boundingBox())!;
  await first.hover();
  await expect.poll(async () => (await first.boundingBox())!.width).toBeGreaterThan(rest.width * 1.02);
  expect(await layoutOf(second)).toEqual(before);
  await page.mouse.move(0, 0);
  await expect.poll(async () => (await first.boundingBox())!.width).toBeCloseTo(rest.width, 0);
  // The card's own button (its poster), which opens the title.
  await second.locator('button').first().focus();
  await expect.poll(async () => (await second.boundingBox())!.width).toBeGreaterThan(rest.width * 1.02);
});

test("the dashboard's payments table fits at 1440 px: no sideways scroll", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const viewer = await context.newPage();
  const phone = await signInNewViewer(viewer, viewer.request, PASSWORD);
  // A payment with a long name and plan, written where the billing module keeps them.
  withServerDatabase((db) => {
    const user = db.prepare('select user_id from users where phone_number = ?').get(phone) as {
      user_id: number;
    };
    db.prepare(
      "update users set first_name = 'Alexandrina', last_name = 'Konstantinopolskaya' where user_id = ?",
    ).run(user.user_id);
    const plan = db.prepare('select plan_id from plans order by monthly_price_cents desc limit 1').get() as {
      plan_id: number;
    };
    db.prepare(
      `insert into payments (user_id, subscription_id, plan_id, amount_cents, currency, status, provider, provider_ref,
         description, failure_reason, created_at) values (?, null, ?, 129900, 'USD', 'succeeded', 'demo', null, 'test', null, ?)`,
    ).run(user.user_id, plan.plan_id, new Date().toISOString());
  });
  await context.close();

  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await admin.newPage();
  await signInAsAdmin(page);
  const table = page.getByTestId('payments-table');
  await expect(table.getByText('Konstantinopolskaya')).toBeVisible();
  const region = page.getByRole('region', { name: 'Latest payments table' });
  const [tableBox, regionBox] = [(await table.boundingBox())!, (await region.boundingBox())!];
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 0.5);
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await admin.close();
});

test('numbers take their plural form: "1 rating", "Rate 1 star", in English and Russian', async ({
  browser,
}) => {
  for (const [language, one, two, rated] of [
    [{ keyword: 'En', title: 'English' }, 'Rate 1 star', 'Rate 2 stars', '(1 rating)'],
    [{ keyword: 'Ru', title: 'Русский' }, 'Оценить на 1 звезду', 'Оценить на 2 звезды', '(1 оценка)'],
  ] as const) {
    const context = await viewerContext(browser, { width: 1440, height: 900 }, language);
    const page = await context.newPage();
    await signInNewViewer(page, page.request, PASSWORD);
    await page.goto(`/movies?title=${catalogue.mystery}`);
    const popup = page.getByTestId('popup-player');
    await expect(popup.getByRole('button', { name: one, exact: true })).toBeVisible();
    await expect(popup.getByRole('button', { name: two, exact: true })).toBeVisible();
    // Each language's run rates a title of its own, so each sees one rating.
    if (language.keyword === 'Ru') await page.goto(`/movies?title=${catalogue.series[0]}`);
    await popup.getByRole('button', { name: two, exact: true }).click();
    await expect(popup.getByTestId('ratings')).toContainText(rated);
    await context.close();
  }
});
