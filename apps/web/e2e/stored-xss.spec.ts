import { type Browser, expect, type Page, test } from '@playwright/test';
import { newPhone, signUpViaApi } from './accounts-helpers';
import { chooseLanguage, FLAG_PNG, signInAsAdmin, xsrfHeaders } from './helpers';
import { markPublished } from './server-database';

const run = Date.now().toString(36);

/**
 * Script, event-handler and javascript: payloads (the scheme also in mixed case and with an encoded letter, as
 * filters that match the lower-case word miss them); each alerts its own label if it ever runs.
 */
const payload = (label: string) =>
  `${label} <script>alert('${label}-script')</script><img src=x onerror="alert('${label}-img')">` +
  `<svg onload="alert('${label}-svg')"></svg><a href="javascript:alert('${label}-link')">go</a>` +
  `<a href="JaVaScRiPt:alert('${label}-case')">go</a><a href="jav&#x61;script:alert('${label}-entity')">go</a>`;

/** Every dialog any page of the test opened: none is allowed. */
let dialogs: string[] = [];

function watch(page: Page): Page {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return page;
}

test.beforeEach(() => {
  dialogs = [];
});

test.afterEach(() => {
  expect(dialogs, 'no stored script may run').toEqual([]);
});

/** Nothing of a payload became markup: no injected image, frame or svg, no javascript: link. */
async function expectInert(page: Page): Promise<void> {
  // Give an injected handler the time to fire.
  await page.waitForTimeout(300);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('svg[onload]').count()).toBe(0);
  // Case-insensitive, and on the parsed attribute: an encoded letter is decoded by then.
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(
    await page
      .locator('script:not([src])')
      .evaluateAll((s) => s.filter((e) => e.textContent?.includes('alert')).length),
  ).toBe(0);
}

async function newPage(browser: Browser): Promise<Page> {
  return watch(await (await browser.newContext()).newPage());
}

test('stored script, event-handler and javascript: payloads show as text in every place they are shown', async ({
  page,
  browser,
}) => {
  test.slow(); // several browsers and page loads on a shared 2-core machine
  watch(page);
  await signInAsAdmin(page);
  const headers = await xsrfHeaders(page);

  // A language whose title and texts carry payloads.
  const languageTitle = `Xss${run} <img src=x onerror="alert('lang-title')">`;
  const language = await page.request.post('/api/language', {
    headers,
    multipart: {
      language_title: languageTitle,
      keyword: `Xs${run.replace(/[^a-z]/gi, '')}`.slice(0, 10),
      whats_New_on_salomtv: payload('translation'),
      flag: { name: 'flag.png', mimeType: 'image/png', buffer: FLAG_PNG },
    },
  });
  expect(language.status(), await language.text()).toBe(201);
  const langId = (await language.json()).lang_id as number;

  // A published title with payloads in its title and description.
  const movieId = (await (await page.request.post('/api/movie/create', { headers })).json())
    .movie_id as number;
  const titleText = `Night ${run} <img src=x onerror="alert('title')">`;
  const details = await page.request.post('/api/movie/details', {
    headers,
    data: {
      movie_id: movieId,
      title: titleText,
      description: payload('description'),
      genres: ['Drama'],
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  markPublished(movieId);

  // A published post with payloads in its title and body.
  const postTitle = `News ${run} <script>alert('post-title')</script>`;
  const post = await page.request.post('/api/posts', {
    headers,
    data: { title: postTitle, body: `<p>${payload('post-body')}</p>`, status: 'published' },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = (await post.json()).post_id as number;
  // Post titles are stored as plain text: the tags are dropped, the words stay.
  const postShown = `News ${run}`;

  // A viewer whose names carry payloads.
  const viewer = await newPage(browser);
  const { phone } = newPhone();
  await signUpViaApi(viewer, phone, 'strong-pass-1');
  const firstName = `Eve${run}<img src=x onerror="alert('name')">`;
  const edited = await viewer.request.post('/api/user/edit', {
    headers: await xsrfHeaders(viewer),
    data: { first_name: firstName, last_name: `<svg onload="alert('last')">` },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  // The visitor's landing page in that language: the translation shows as text.
  const visitor = await newPage(browser);
  await visitor.goto('/');
  await chooseLanguage(visitor, languageTitle);
  await expect(
    visitor.getByText(`translation <script>alert('translation-script')</script>`, { exact: false }),
  ).toBeVisible();
  await expectInert(visitor);
  // The server's first paint of the landing page, in that language, shows its title as text too.
  await visitor.reload();
  await expect(visitor.getByTestId('language-button')).toContainText(languageTitle);
  expect(await (await visitor.request.get('/')).text()).not.toContain('<img src=x');
  await expectInert(visitor);

  // The news list and the post page.
  await visitor.goto('/news');
  await expect(visitor.getByText(postShown).first()).toBeVisible();
  await expectInert(visitor);
  await visitor.goto(`/news/${postId}`);
  await expect(visitor.getByText(postShown).first()).toBeVisible();
  await expect(visitor.getByText('post-body', { exact: false }).first()).toBeVisible();
  await expectInert(visitor);

  // The viewer's home with the title's popup, and their own profile.
  await viewer.goto(`/home?title=${movieId}`);
  await expect(viewer.getByText(titleText).first()).toBeVisible();
  // Descriptions are rich text: cleaned on the way in (scripts, handlers and javascript: links dropped).
  await expect(viewer.getByText(/^description\b/).first()).toBeVisible();
  await expectInert(viewer);
  await viewer.goto('/userprofile');
  await expect(
    viewer
      .locator(`input[value="${firstName.replace(/"/g, '\\"')}"]`)
      .or(viewer.getByText(firstName))
      .first(),
  ).toBeVisible();
  await expectInert(viewer);

  // The admin's screens: users, the title editor, posts and the language list.
  await page.goto('/user');
  await expect(page.getByText(`Eve${run}`, { exact: false }).first()).toBeVisible();
  await expectInert(page);
  await page.goto(`/editmovies?movie_id=${movieId}`);
  await expect
    .poll(() =>
      page
        .locator('input')
        .evaluateAll((inputs, t) => inputs.some((i) => (i as HTMLInputElement).value === t), titleText),
    )
    .toBe(true);
  await expectInert(page);
  await page.goto('/post');
  await expect(page.getByText(postShown).first()).toBeVisible();
  await expectInert(page);
  await page.goto('/language');
  await expect(page.getByText(languageTitle).first()).toBeVisible();
  await expectInert(page);

  // Leave nothing behind for the other browser tests.
  await page.request.delete(`/api/language/${langId}`, { headers });
  await page.request.delete(`/api/posts/${postId}`, { headers });
  await page.request.delete(`/api/movie/${movieId}`, { headers });
});
