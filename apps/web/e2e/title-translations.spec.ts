import { expect, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import {
  adminAxeFindings,
  publishTitle,
  signedInAdminApi,
  signInAsAdmin,
  snap,
  xsrfHeaders,
} from './helpers';
import { viewInLanguage } from './urdu';

// A word of this run's own, so titles other specs made never match.
const stamp = `tr${Date.now().toString(36)}`;
const ORIGINAL = `Samarkand Nights ${stamp}`;
const RUSSIAN = `Самаркандские ночи ${stamp}`;
const UZBEK = `Samarqand tunlari ${stamp}`;
// A genre of this run's own, which the Genres page names in Russian.
const GENRE = `Noir${stamp}`;
const SERIAL = `Silk Road ${stamp}`;
let movieId = 0;
let serialId = 0;

test.beforeAll(async ({ playwright }) => {
  const admin = await signedInAdminApi(playwright);
  movieId = await publishTitle(admin, {
    title: ORIGINAL,
    description: '<p>A night in the old city.</p>',
    tagline: 'One night. One city.',
    cast: ['Rustam Karimov', 'Amelia Hart'],
    genres: ['Drama', 'Crime', GENRE],
  });
  serialId = await publishTitle(admin, { title: SERIAL, kind: 'series' });
  const episode = await admin.post('/api/movie/episode', {
    headers: await xsrfHeaders(admin),
    data: { movie_id: serialId, season_number: 1, title: 'The Pass' },
  });
  expect(episode.status(), await episode.text()).toBe(200);
  const uzbek = await admin.post('/api/movie/translation', {
    headers: await xsrfHeaders(admin),
    data: { movie_id: movieId, language: 'Uz', title: UZBEK, description: '<p>Eski shahardagi bir tun.</p>' },
  });
  expect(uzbek.status(), await uzbek.text()).toBe(200);
  await admin.dispose();
});

test('an admin translates a title into Russian in its editor; a viewer in Russian finds and sees it so', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, `/editmovies?movie_id=${movieId}`);
  const panel = page.getByRole('region', { name: 'Translations' });
  await expect(panel.getByTestId('translations-count')).toHaveText('1 of 4 languages translated');
  await expect(panel.getByTestId('translations-missing')).toHaveText('Missing: English, Русский, اردو');
  await panel.getByRole('button', { name: 'Edit translations' }).click();
  const russian = panel.getByRole('tab', { name: /Русский/ });
  await expect(russian).toContainText('missing');
  await russian.click();
  await expect(russian).toHaveAttribute('aria-selected', 'true');
  // Saving without a title says what is missing.
  await panel.getByRole('button', { name: 'Save translation' }).click();
  await expect(panel.getByLabel('Title in Русский')).toHaveAttribute('aria-invalid', 'true');
  await panel.getByLabel('Title in Русский').fill(RUSSIAN);
  await panel.getByRole('textbox', { name: 'Description in Русский' }).fill('Ночь в старом городе.');
  await panel.getByLabel('Tagline in Русский').fill('Одна ночь. Один город.');
  // Each cast name may be written in the language's script; an empty one stays as written.
  await expect(panel.getByLabel('Amelia Hart')).toHaveAttribute('placeholder', 'Amelia Hart');
  await panel.getByLabel('Rustam Karimov').fill('Рустам Каримов');
  await panel.getByRole('button', { name: 'Save translation' }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(/Saved in Русский/);
  await expect(russian).not.toContainText('missing');
  await expect(panel.getByTestId('translations-count')).toHaveText('2 of 4 languages translated');
  await expect(panel.getByTestId('translations-missing')).toHaveText('Missing: English, اردو');
  await panel.scrollIntoViewIfNeeded();
  await snap(page, 'admin-title-translations');
  expect(await adminAxeFindings(page)).toEqual([]);
  // Arrow keys move between the language tabs.
  await russian.focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: /اردو/ })).toBeFocused();

  const viewer = await browser.newPage();
  await viewer.setViewportSize({ width: 1440, height: 900 });
  await viewInLanguage(viewer, 'Ru', 'Русский');
  // The Russian name finds it, and the results, the popup and its genres are in Russian.
  await viewer.goto(`/search?q=${encodeURIComponent(`самаркандские ${stamp}`)}`);
  const result = viewer.getByTestId('search-result');
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('heading', { name: RUSSIAN })).toBeVisible();
  await expect(result).toContainText('Драма, Криминал');
  await result.getByRole('button', { name: RUSSIAN }).click();
  const popup = viewer.getByRole('dialog', { name: RUSSIAN });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Ночь в старом городе.')).toBeVisible();
  await expect(popup.getByTestId('tagline')).toHaveText('Одна ночь. Один город.');
  await expect(popup).toContainText('Рустам Каримов, Amelia Hart');
  // Signed in, the full-page player names it in Russian too.
  const { phone } = newPhone();
  await signUpViaApi(viewer, phone, 'viewer-pass-123');
  await viewer.goto(`/player?title=${movieId}`);
  await expect(viewer.getByRole('heading', { level: 1 })).toHaveText(RUSSIAN);
  await viewer.close();
});

test('a viewer in Uzbek sees the Uzbek name, description and genres', async ({ page }) => {
  await viewInLanguage(page, 'Uz', 'Oʻzbekcha');
  await page.goto(`/search?q=${encodeURIComponent(stamp)}`);
  const result = page.getByTestId('search-result').filter({ hasText: UZBEK });
  await expect(result.getByRole('heading', { name: UZBEK })).toBeVisible();
  await expect(result).toContainText('Drama, Jinoyat');
  await expect(result).toContainText('Eski shahardagi bir tun.');
});

test('an admin names a genre in Russian on the Genres page; a viewer in Russian sees that name', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, '/genres');
  await expect(page.getByRole('heading', { name: 'Genres', level: 1 })).toBeVisible();
  const row = page.getByRole('form', { name: new RegExp(GENRE) });
  await expect(row.getByLabel('Oʻzbekcha')).toHaveAttribute('placeholder', GENRE);
  await expect(row).toContainText('(1 title)');
  await expect(row.getByRole('button', { name: `Save ${GENRE}` })).toBeDisabled();
  await row.getByLabel('Русский').fill('Нуар');
  await row.getByRole('button', { name: `Save ${GENRE}` }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(new RegExp(`Saved the names of ${GENRE}`));
  await expect(row.getByLabel('Русский')).toHaveValue('Нуар');
  await snap(page, 'admin-genres');
  expect(await adminAxeFindings(page)).toEqual([]);

  const viewer = await browser.newPage();
  await viewInLanguage(viewer, 'Ru', 'Русский');
  await viewer.goto(`/search?q=${encodeURIComponent(stamp)}`);
  await expect(viewer.getByTestId('search-result').filter({ hasText: RUSSIAN })).toContainText(
    'Драма, Криминал, Нуар',
  );
  await viewer.close();
});

test('an admin names a serial’s episode in Uzbek; a viewer in Uzbek sees that name in its seasons', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, `/editmovies?movie_id=${serialId}`);
  const panel = page.getByRole('region', { name: 'Translations' });
  await panel.getByRole('button', { name: 'Edit translations' }).click();
  await panel.getByRole('tab', { name: /Oʻzbekcha/ }).click();
  const episode = panel.getByTestId('episode-translation');
  await expect(episode.getByLabel('S1 E1 title (The Pass)')).toHaveAttribute('placeholder', 'The Pass');
  await episode.getByLabel('S1 E1 title (The Pass)').fill('Dovon');
  await episode.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(/S1 E1 saved in Oʻzbekcha/);
  await expect(episode.getByRole('button', { name: 'Remove' })).toBeVisible();

  const viewer = await browser.newPage();
  await viewInLanguage(viewer, 'Uz', 'Oʻzbekcha');
  await viewer.goto(`/home?title=${serialId}`);
  const popup = viewer.getByRole('dialog', { name: SERIAL });
  await expect(popup).toContainText('Dovon');
  await expect(popup).not.toContainText('The Pass');
  await viewer.close();
});
