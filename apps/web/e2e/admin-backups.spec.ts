import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminAxeFindings, signInAsAdmin } from './helpers';

test('an admin backs up from the Backups screen, sees the new archive listed and downloads it whole', async ({
  page,
}) => {
  await signInAsAdmin(page, '/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  const rows = page.getByTestId('backup-row');
  const before = await rows.count();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(rows).toHaveCount(before + 1);
  const newest = rows.first();
  await expect(newest.getByTestId('backup-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(newest).toContainText('Asked for');
  await expect(newest.getByTestId('backup-size')).toHaveText(/^\d+(\.\d+)? (KB|MB)$/);
  expect(await adminAxeFindings(page)).toEqual([]);

  // The list's size is the archive's: the one the download brings.
  const listed = (await (await page.request.get('/api/admin/backups')).json()) as {
    items: { file_name: string; size_bytes: number }[];
  };
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    newest.getByRole('link', { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(listed.items[0]!.file_name);
  expect(download.suggestedFilename()).toMatch(/^salomtv-\d{8}T\d{6}Z-[a-z0-9]+\.tar$/);
  const file = await download.path();
  expect(fs.statSync(file).size).toBe(listed.items[0]!.size_bytes);
  expect(fs.readFileSync(file).subarray(0, 13).toString()).toBe('manifest.json');
});
