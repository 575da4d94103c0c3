import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { chooseLanguage, FLAG_PNG, signInAsAdmin } from './helpers';

const TITLE = 'Тоҷикӣ';
const KEYWORD = 'Tg';
const EDITED = 'Беҳтарин филмҳо ва сериалҳо дар як ҷо';

test.describe
  .serial('languages', () => {
    test('an admin adds a language with a flag and edits one text', async ({ page }) => {
      await signInAsAdmin(page, '/language');
      await expect(page.getByRole('heading', { name: 'All Languages' })).toBeVisible();
      await page.getByRole('link', { name: 'Add language' }).click();
      await expect(page).toHaveURL(/\/addlanguage$/);
      await expect(page.getByRole('heading', { name: 'Language', exact: true })).toBeVisible();

      await page.getByLabel('Language title').fill(TITLE);
      await page.getByLabel('Keyword').fill(KEYWORD);
      await page
        .locator('#lang-flag')
        .setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: FLAG_PNG });
      await expect(page.getByTestId('flag-preview')).toBeVisible();
      await page.locator('#lang-sign_in').fill('Ворид шудан');
      await page.getByRole('button', { name: 'Submit' }).click();

      await expect(page.getByTestId('toast').last()).toContainText(`${TITLE} added`);
      await expect(page).toHaveURL(/\/language$/);
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await expect(row).toContainText(KEYWORD);
      await expect(row.locator('img')).toHaveJSProperty('complete', true);
      expect(await row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );

      await row.getByRole('link', { name: `Edit ${TITLE}` }).click();
      await expect(page).toHaveURL(/\/editlanguage\?lang_id=\d+$/);
      await expect(page.locator('#lang-sign_in')).toHaveValue('Ворид шудан');
      await page.locator('#lang-world_best').fill(EDITED);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByTestId('toast').last()).toContainText('Updated');

      // The address alone brings the form back (a reload or a shared link).
      await page.reload();
      await expect(page.locator('#lang-world_best')).toHaveValue(EDITED);
      await expect(page.locator('#lang-keyword')).toHaveValue(KEYWORD);
    });

    test('a refused save shows the errors next to their fields and at the top', async ({ page }) => {
      await signInAsAdmin(page, '/addlanguage');
      await page.getByLabel('Language title').fill('Duplicate');
      await page.getByLabel('Keyword').fill(KEYWORD.toLowerCase());
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByTestId('error-summary')).toBeVisible();
      await expect(page.locator('#lang-keyword-error')).toContainText(/taken/i);
      await expect(page.locator('#lang-keyword')).toHaveAttribute('aria-invalid', 'true');
    });

    test('a signed-out visitor picks that language in the header and sees the edited text', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "The world's best movies and serials, all in one place",
      );
      await chooseLanguage(page, TITLE);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITED);
      // Texts the language lacks fall back to English; the header shows the new flag and title.
      await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
      await expect(page.getByTestId('language-button')).toContainText(TITLE);
      const stored = await page.evaluate(() => [
        localStorage.getItem('key'),
        localStorage.getItem('language_title'),
      ]);
      expect(stored).toEqual([KEYWORD, TITLE]);
      expect(await page.evaluate(() => localStorage.getItem('flag'))).toMatch(/^\/media\/flags\//);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(EDITED);
      await expect(page.locator('html')).toHaveAttribute('lang', 'tg');
      // The next visit's first answer is already in that language (the server reads the mirrored cookie).
      const html = await (await page.request.get('/')).text();
      expect(html).toContain('<html lang="tg" dir="ltr">');
      expect(html).toContain(`>${EDITED}</h1>`);
    });

    test('Urdu lays the page out right to left', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await chooseLanguage(page, 'اردو');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/world's best/);
      // Mirrored: the logo now sits on the right, the language picker on the left.
      const logo = await page.getByRole('link', { name: 'SalomTV' }).first().boundingBox();
      const picker = await page.getByTestId('language-button').boundingBox();
      expect(logo && picker && logo.x > picker.x).toBe(true);
    });

    test('the first visit shows English with the English flag', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByTestId('language-button')).toContainText('English');
      const flag = page.getByTestId('language-button').locator('img');
      await expect(flag).toHaveAttribute('src', /^\/media\/flags\//);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('key'))).toBe('En');
    });

    test('an admin searches, exports, imports and deletes a language', async ({ page }) => {
      await signInAsAdmin(page, '/language');
      await page.getByLabel('Search languages').fill(KEYWORD.toLowerCase());
      await expect(page.getByRole('row')).toHaveCount(2); // the header row and the one match
      await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
      await expect(page.locator('#lang-world_best')).toHaveValue(EDITED);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`language-${KEYWORD}.json`);
      const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(file).toMatchObject({ keyword: KEYWORD, language_title: TITLE, texts: { world_best: EDITED } });

      file.texts.subscribe_now = 'Обуна шавед';
      await page.getByTestId('import-file').setInputFiles({
        name: 'tg.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(file)),
      });
      await expect(page.getByTestId('toast').last()).toContainText('Updated');
      await expect(page.locator('#lang-subscribe_now')).toHaveValue('Обуна шавед');

      await page.getByRole('link', { name: 'All Languages' }).click();
      await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
      await expect(
        page.getByText('Its translated titles, genre names and legal pages go with it.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toHaveCount(0);
      await expect(page.getByRole('row')).toHaveCount(5); // the header row and the four seeded languages
      await expect(
        page.getByRole('row', { name: /English/ }).getByRole('button', { name: /Delete/ }),
      ).toHaveCount(0);
    });
  });
