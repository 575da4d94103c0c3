import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './helpers';

test('the landing page reports its web vitals and the admin sees them per page', async ({ page }) => {
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/vitals') && response.request().postData()?.includes('"TTFB"') === true,
  );
  await page.goto('/');
  const response = await reported;
  expect(response.status()).toBe(204);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ name: 'TTFB', page: '/' });

  await signInAsAdmin(page);
  const vitals = await page.request.get('/api/admin/vitals');
  expect(vitals.ok()).toBe(true);
  const body = (await vitals.json()) as { pages: { page: string }[] };
  expect(body.pages.map((p) => p.page)).toContain('/');
});
