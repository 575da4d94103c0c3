import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accounts-helpers';
import { holdRequests, snap } from './helpers';
import { viewInUrdu } from './urdu';

/** The page's layout shifts so far (the CLS of web-vitals, without the ones that follow the viewer's input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/** Opens /pricingplan with the plans held back, then lets them arrive: nothing below them may move. */
async function openWhilePlansLoad(page: Page): Promise<void> {
  const release = await holdRequests(page, '**/api/plans');
  await page.goto('/pricingplan');
  await expect(page.getByTestId('plan-placeholder')).toHaveCount(4);
  const footer = page.getByRole('contentinfo');
  const before = await footer.boundingBox();
  const table = await page.getByRole('table').boundingBox();
  release();
  await expect(page.getByTestId('plan-basic')).toBeVisible();
  await expect(page.getByTestId('plan-placeholder')).toHaveCount(0);
  expect(await footer.boundingBox()).toEqual(before);
  expect(await page.getByRole('table').boundingBox()).toEqual(table);
  expect(await layoutShift(page)).toBeLessThan(0.01);
}

test('the plans side by side: each feature once, a check or a cross per plan, and how the trial works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWhilePlansLoad(page);

  const table = page.getByRole('table');
  await expect(page.getByRole('heading', { name: 'Compare plans', level: 2 })).toBeVisible();
  for (const name of ['Basic', 'Standard', 'Platinum', 'Premium'])
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  const cells = (row: string) => page.getByTestId(`compare-${row}`).getByRole('cell');
  await expect(cells('video_quality')).toHaveText(['SD 480p', 'HD 720p', 'FHD 1080p', 'FHD 1080p']);
  await expect(cells('screens_at_once')).toHaveText(['1', '2', '3', '4']);
  // Marks say in words what they mean; a feature every plan has is said once across the plans.
  await expect(cells('salomtv_special')).toHaveText(['✕Not included', '✓Included', '✓Included', '✓Included']);
  await expect(cells('add_free_entertainment')).toHaveText([
    '✕Not included',
    '✕Not included',
    '✓Included',
    '✓Included',
  ]);
  await expect(cells('new_movies')).toHaveText(['✓In every plan']);
  await expect(cells('new_movies')).toHaveAttribute('colspan', '4');
  await expect(page.getByText('New Movies', { exact: true })).toHaveCount(1);
  await expect(page.getByTestId('plan-basic')).not.toContainText('Hollywood Movies');

  await expect(page.getByText('Every new account starts with a 30-day free trial')).toBeVisible();
  const trial = page.getByTestId('trial-explainer');
  await expect(trial.getByRole('heading', { name: 'How the free trial works' })).toBeVisible();
  await expect(trial.getByRole('listitem')).toHaveText([
    /your card is saved and nothing is charged yet/,
    /first payment is taken on the day the trial ends/,
  ]);
  await expectAccessible(page);
  await snap(page, 'pricing-1440-en', { fullPage: true });
});

test('at 360 px in Urdu the table scrolls inside the page, and nothing moves as the plans arrive', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await viewInUrdu(page);
  await openWhilePlansLoad(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'پلانز کا موازنہ' })).toBeVisible();
  await expect(page.getByTestId('compare-new_movies').getByRole('cell')).toHaveText(['✓ہر پلان میں']);
  const scroller = page.getByRole('table').locator('xpath=..');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(
    await page.locator('#main').evaluate((main) => main.scrollWidth - main.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('trial-explainer').getByRole('heading')).toHaveText(
    'مفت آزمائش کیسے کام کرتی ہے',
  );
  await expectAccessible(page);
  await snap(page, 'pricing-360-ur', { fullPage: true });
});
