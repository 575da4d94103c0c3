import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createViewer, newPhone } from './accounts-helpers';
import { publishTitle, signedInAdminApi, signInAsAdmin, submitSignIn, xsrfHeaders } from './helpers';

/** Profiles in a real browser: each its own Continue Watching and maturity, PIN locks, and its own language. */

const PASSWORD = 'household-pass-1';
const stamp = Date.now().toString(36);
const FAMILY = `Paper Kites ${stamp}`;
const GROWN_UP = `Night Verdict ${stamp}`;
let familyId = 0;
let grownUpId = 0;

test.beforeAll(async ({ playwright }) => {
  const admin = await signedInAdminApi(playwright);
  familyId = await publishTitle(admin, {
    title: FAMILY,
    kind: 'movie',
    genres: ['Family'],
    age_rating: 'All',
    year: 2023,
    description: 'Kites over a paper town.',
  });
  grownUpId = await publishTitle(admin, {
    title: GROWN_UP,
    kind: 'movie',
    genres: ['Crime'],
    age_rating: '18+',
    year: 2023,
    description: 'A verdict at night.',
  });
  await admin.dispose();
});

interface MadeProfile {
  profile_id: number;
}

/** A viewer account with a signed-in API context of its own (for a spec's fixtures); the caller disposes of it. */
async function household(
  request: APIRequestContext,
  newContext: () => Promise<APIRequestContext>,
): Promise<{
  phone: string;
  api: APIRequestContext;
  post: (path: string, data: unknown) => Promise<unknown>;
}> {
  const { phone } = newPhone();
  await createViewer(request, phone, PASSWORD);
  const api = await newContext();
  const login = await api.post('/api/user/login', {
    headers: await xsrfHeaders(api),
    data: { phone_number: phone, password: PASSWORD },
  });
  expect(await login.text()).toContain('user');
  const post = async (path: string, data: unknown) => {
    const reply = await api.post(path, { headers: await xsrfHeaders(api), data });
    expect(reply.ok(), `${path}: ${await reply.text()}`).toBe(true);
    return reply.json();
  };
  return { phone, api, post };
}

/** Saves a position in a title through the page's own session (as the player does). */
async function watchABit(page: Page, movieId: number): Promise<void> {
  const saved = await page.request.post('/api/progress', {
    headers: await xsrfHeaders(page),
    data: { movie_id: movieId, position_seconds: 40, duration_seconds: 100 },
  });
  expect(saved.status(), await saved.text()).toBe(204);
}

const menuButton = (page: Page) => page.getByTestId('profile-menu-button');

test('each profile has its own Continue Watching, and a kids profile cannot open an 18+ title', async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const { phone, api, post } = await household(request, () => playwright.request.newContext({ baseURL }));
  const owner = (await (await api.get('/api/profiles')).json()) as { current: number };
  await post('/api/profiles/update', { profile_id: owner.current, name: 'Aziza' });
  await post('/api/profiles', { name: 'Mini', kids: true });
  await api.dispose();

  // A household of several profiles answers "Who's watching?" after signing in.
  await page.goto('/signin');
  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/profiles$/);
  await expect(page.getByRole('heading', { name: "Who's watching?", level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-tile')).toHaveCount(2);
  await expect(page.getByTestId('profile-tile').filter({ hasText: 'Mini' })).toContainText('Kids');

  // The session starts on the owner's profile: what it watches is the grown-up's.
  await watchABit(page, grownUpId);
  await watchABit(page, familyId);
  await page.getByTestId('profile-tile').filter({ hasText: 'Aziza' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const continueRow = page.getByTestId('row-continue');
  await expect(continueRow).toContainText(GROWN_UP);
  await expect(continueRow).toContainText(FAMILY);
  await expect(page.getByTestId('browse-home')).toHaveAttribute('data-layout', 'home');

  // Switching to the kids profile from the header: the kids layout, without the grown-up's Continue Watching.
  await menuButton(page).click();
  await page.getByRole('button', { name: 'Switch profile: Mini' }).click();
  await expect(page.getByTestId('browse-home')).toHaveAttribute('data-layout', 'kids');
  await expect(menuButton(page)).toHaveAccessibleName('My Profile: Mini');
  await expect(page.getByTestId('title-card').filter({ hasText: FAMILY }).first()).toBeVisible();
  await expect(page.getByTestId('row-continue')).toHaveCount(0);
  await expect(page.getByText(GROWN_UP)).toHaveCount(0);
  // No account or profile settings for a kid.
  await menuButton(page).click();
  await expect(page.getByRole('link', { name: 'Manage profiles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The kid's own Continue Watching holds only what the kid watched.
  await watchABit(page, familyId);
  await page.goto('/home');
  await expect(page.getByTestId('browse-home')).toHaveAttribute('data-layout', 'kids');
  await expect(page.getByTestId('row-continue')).toContainText(FAMILY);
  await expect(page.getByTestId('row-continue')).not.toContainText(GROWN_UP);

  // An 18+ title is not there for the kid: not by its address, not by the API.
  await page.goto(`/home?title=${grownUpId}`);
  await expect(page.getByTestId('title-not-found')).toHaveText(
    'This title does not exist or is not available on this profile',
  );
  const statuses = await page.evaluate(async (id) => {
    const details = await fetch(`/api/catalog/titles/${id}`);
    const progress = await fetch(`/api/progress/${id}`);
    return [details.status, progress.status];
  }, grownUpId);
  expect(statuses).toEqual([404, 404]);

  // Typed by hand, the account's pages show a kid only the display language: no details, plan or payments.
  await page.goto('/userprofile');
  await expect(page.getByTestId('kids-account-notice')).toContainText("the account holder's");
  await expect(page.getByRole('button', { name: 'Change: Language' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change: (Email|Password|Phone)/ })).toHaveCount(0);
  await expect(page.getByTestId('plan-details')).toHaveCount(0);
  await expect(page.getByTestId('next-billing')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.goto('/pricingplan');
  await expect(page.getByTestId('kids-account-notice')).toBeVisible();
  await expect(page.getByTestId('plan-standard').getByRole('button')).toBeDisabled();
  await page.goto('/userprofile/payment');
  await expect(page.getByTestId('kids-account-notice')).toBeVisible();
  await expect(page.getByLabel(/card number/i)).toHaveCount(0);

  // The grown-up title's Continue Watching entry is still the owner's: back on that profile it is there.
  await page.goto('/profiles');
  await page.getByTestId('profile-tile').filter({ hasText: 'Aziza' }).click();
  await expect(page.getByTestId('browse-home')).toHaveAttribute('data-layout', 'home');
  await expect(page.getByTestId('row-continue')).toContainText(GROWN_UP);
});

test('a locked profile needs its PIN, and each profile shows its own display language', async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const { phone, api } = await household(request, () => playwright.request.newContext({ baseURL }));
  await api.dispose();
  await page.goto('/signin');
  await submitSignIn(page, phone, PASSWORD);
  // One profile: straight home.
  await expect(page).toHaveURL(/\/home$/);

  // A new profile, in Russian, made on the manage page; then its PIN (the account password is asked).
  await menuButton(page).click();
  await page.getByRole('link', { name: 'Manage profiles' }).click();
  await expect(page.getByRole('heading', { name: 'Manage profiles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Profile name').fill('Dilnoza');
  await page.getByLabel('Avatar 6').check();
  await page.getByLabel('Display language').selectOption({ label: 'Русский' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(/Profile saved/);
  await expect(page.getByTestId('manage-profile')).toHaveCount(2);

  await page.getByRole('button', { name: 'Edit profile: Dilnoza' }).click();
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await page.getByLabel('New PIN (4 digits)').fill('2468');
  await page.getByLabel('Account password').fill('not-the-password');
  await page.getByRole('button', { name: 'Save', exact: true }).last().click();
  await expect(page.getByText('The account password is wrong')).toBeVisible();
  await page.getByLabel('Account password').fill(PASSWORD);
  await page.getByLabel('Account password').press('Enter');
  await expect(page.getByTestId('pin-state')).toHaveText('Locked with a PIN');
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByTestId('manage-profile').filter({ hasText: 'Dilnoza' })).toContainText(
    'Locked with a PIN',
  );

  // Switching to it asks the PIN: a wrong one says so, the right one switches, and the page speaks Russian.
  const selects: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/profiles/select') selects.push(response.status());
  });
  await menuButton(page).click();
  await page.getByRole('button', { name: 'Switch profile: Dilnoza' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the PIN of Dilnoza' });
  await expect(dialog).toBeVisible();
  // The app knows the profile is locked: it asks nothing of the server before the PIN (no refused call).
  expect(selects).toEqual([]);
  await expect(dialog.getByLabel('PIN', { exact: true })).toBeFocused();
  await dialog.getByLabel('PIN', { exact: true }).fill('1111');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The PIN is wrong. Try again.')).toBeVisible();
  await expect(dialog.getByLabel('PIN', { exact: true })).toHaveValue('');
  await dialog.getByLabel('PIN', { exact: true }).fill('2468');
  await dialog.getByLabel('PIN', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Главная' })).toBeVisible();
  await expect(menuButton(page)).toHaveAccessibleName('Мой профиль: Dilnoza');

  // Back to the owner's profile (no PIN): English again.
  await menuButton(page).click();
  await page.getByRole('button', { name: 'Сменить профиль: Me' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(menuButton(page)).toHaveAccessibleName('My Profile: Me');
});

test("a profile deleted on another device sends this one to Who's watching?, never onto a locked profile", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const { phone, api, post } = await household(request, () => playwright.request.newContext({ baseURL }));
  const owner = (await (await api.get('/api/profiles')).json()) as { current: number };
  await post('/api/profiles/pin', { profile_id: owner.current, pin: '3579', password: PASSWORD });
  const guest = (await post('/api/profiles', { name: 'Guest' })) as MadeProfile;

  await page.goto('/signin');
  await submitSignIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/profiles$/);
  await page.getByTestId('profile-tile').filter({ hasText: 'Guest' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(menuButton(page)).toHaveAccessibleName('My Profile: Guest');

  // The owner deletes Guest from another device; this page learns it from its next call.
  await post('/api/profiles/delete', { profile_id: guest.profile_id });
  await api.dispose();
  await page.getByRole('banner').getByRole('link', { name: 'Watch list' }).click();
  await expect(page).toHaveURL(/\/profiles\?next=%2Fwatchlist$/);
  await expect(page.getByRole('heading', { name: "Who's watching?", level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-tile')).toHaveCount(1);
  // A reload stays there: the session is on no profile until it chooses, and the owner's asks its PIN.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/profiles\?next=%2Fhome$/);
  await page.getByTestId('profile-tile').filter({ hasText: 'Me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the PIN of Me' });
  await dialog.getByLabel('PIN', { exact: true }).fill('3579');
  await dialog.getByLabel('PIN', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(menuButton(page)).toHaveAccessibleName('My Profile: Me');
});

test('an admin removes a forgotten PIN from the user page', async ({ page, request, playwright }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const { api, post } = await household(request, () => playwright.request.newContext({ baseURL }));
  const { user_id } = (await (await api.get('/api/user/profile')).json()) as { user_id: number };
  const kid = (await post('/api/profiles', { name: 'Timur', kids: true })) as MadeProfile;
  await post('/api/profiles/pin', { profile_id: kid.profile_id, pin: '1357', password: PASSWORD });
  await api.dispose();

  await signInAsAdmin(page, `/viewuser?user_id=${user_id}`);
  const panel = page.getByRole('region', { name: 'Profiles' });
  const row = panel.getByTestId('admin-profile-row').filter({ hasText: 'Timur' });
  await expect(row).toContainText('7+');
  await expect(row).toContainText('PIN');
  await row.getByRole('button', { name: 'Remove PIN' }).click();
  await row.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('The PIN of Timur is removed');
  await expect(row.getByRole('button', { name: 'Remove PIN' })).toHaveCount(0);
  await expect(row.locator('td').nth(3)).toHaveText('No');
});
