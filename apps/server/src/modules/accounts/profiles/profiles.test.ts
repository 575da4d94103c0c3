import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PIN_TRIES, PIN_WAIT_MINUTES } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo, planByCode } from '../../../test/billing.js';
import {
  createTestApp,
  pngImage,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';
import { makeClip, mediaEnv, startPlayback, trialViewer, waitForJobs } from '../../../test/media-kit.js';

const PASSWORD = 'viewer-pass-1';
const MINUTE = 60_000;

interface Card {
  movie_id: number;
  title: string;
}
interface Row {
  id: string;
  items: Card[];
}
const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/** A household: the owner's profile and a second one made through the API, with its id. */
async function addProfile(client: TestClient, body: Record<string, unknown>): Promise<number> {
  const made = await client.post('/api/profiles', body);
  expect(made.statusCode, made.body).toBe(201);
  return made.json().profile_id as number;
}

async function select(client: TestClient, profileId: number, pin?: string) {
  return client.post('/api/profiles/select', { profile_id: profileId, ...(pin ? { pin } : {}) });
}

describe('profiles: a household, each with its own library, language and maturity', () => {
  let t: TestApp;
  let admin: TestClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    admin = await signedInAdmin(t.app);
    for (const [title, age_rating] of [
      ['Bramble Bunnies', 'All'],
      ['Paper Kites', '7+'],
      ['Harbour Nights', '13+'],
      ['Iron Verdict', '18+'],
    ] as const) {
      ids[title] = await publishedTitle(admin, title, { age_rating, genres: ['Drama'] });
    }
    ids.Unrated = await publishedTitle(admin, 'Unrated Reel', { genres: ['Drama'] });
    // An 18+ title with a real video: its stream addresses are refused to a kids profile.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-profiles-'));
    const clip = await makeClip(dir, 'clip', { seconds: 1 });
    fs.rmSync(dir, { recursive: true, force: true });
    const movieId = (await admin.post('/api/movie/create')).json().movie_id as number;
    const upload = await admin.postForm('/api/movie/add', {
      movie_id: String(movieId),
      file: { filename: 'v.mp4', contentType: 'video/mp4', data: clip },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await waitForJobs(t.app);
    const published = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Midnight Ledger',
      age_rating: '18+',
      genres: ['Drama'],
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    ids['Midnight Ledger'] = movieId;
  });
  afterAll(() => t.close());

  it('gives a new account one profile, its owner, and adds up to five', async () => {
    const viewer = await signedInViewer(t.app, '+998900000101');
    const first = (await viewer.get('/api/profiles')).json();
    expect(first.profiles).toHaveLength(1);
    expect(first.profiles[0]).toMatchObject({ owner: true, kids: false, maturity: '18+', locked: false });
    expect(first.current).toBe(first.profiles[0].profile_id);
    expect(first.max).toBe(5);
    const kid = (await viewer.post('/api/profiles', { name: 'Lola', kids: true })).json();
    expect(kid).toMatchObject({ name: 'Lola', kids: true, maturity: '7+', autoplay_previews: false });
    for (const name of ['Two', 'Three', 'Four']) await addProfile(viewer, { name });
    const sixth = await viewer.post('/api/profiles', { name: 'Six' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toMatch(/5 profiles/);
    const unknown = await viewer.post('/api/profiles', { name: 'X', role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    const owner = await viewer.post('/api/profiles/delete', { profile_id: first.current });
    expect(owner.statusCode).toBe(409);
    const badName = await viewer.post('/api/profiles', { name: '   ' });
    expect(badName.statusCode).toBe(400);
  });

  it("signs an account made outside the app (an operator's script) in to an owner's profile of its own", async () => {
    const { hashPassword } = await import('../../../lib/passwords.js');
    await t.app.container.database.db
      .insertInto('users')
      .values({
        phone_number: '+998900000110',
        password_hash: await hashPassword(PASSWORD),
        role: 'user',
        status: 'active',
        verified: 1,
        first_name: 'Gulnora',
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
    const scripted = new TestClient(t.app);
    await scripted.signIn('+998900000110', PASSWORD);
    const household = (await scripted.get('/api/profiles')).json();
    expect(household.profiles.map((p: { name: string; owner: boolean }) => [p.name, p.owner])).toEqual([
      ['Gulnora', true],
    ]);
    // A second sign-in finds it and makes no other.
    const again = new TestClient(t.app);
    await again.signIn('+998900000110', PASSWORD);
    expect((await again.get('/api/profiles')).json().profiles).toHaveLength(1);
  });

  it("holds to the plan's profile limit", async () => {
    const basic = await planByCode(t.app, 'basic');
    expect((await admin.post(`/api/admin/plans/${basic.plan_id}`, { max_profiles: 2 })).statusCode).toBe(200);
    const account = await billingViewer(t.app, null);
    await buyWithDemo(t.app, account.client, 'basic');
    expect((await account.client.get('/api/profiles')).json().max).toBe(2);
    await addProfile(account.client, { name: 'Second' });
    expect((await account.client.post('/api/profiles', { name: 'Third' })).statusCode).toBe(409);
    await admin.post(`/api/admin/plans/${basic.plan_id}`, { max_profiles: 5 });
  });

  it('keeps the watch list, progress, Continue Watching, ratings and read notifications per profile', async () => {
    const viewer = await signedInViewer(t.app, '+998900000102');
    const owner = (await viewer.get('/api/profiles')).json().current as number;
    const partner = await addProfile(viewer, { name: 'Partner' });
    const title = ids['Harbour Nights']!;
    expect((await viewer.post('/api/watchlist', { movie_id: title })).statusCode).toBe(204);
    expect(
      (await viewer.post('/api/progress', { movie_id: title, position_seconds: 300, duration_seconds: 3000 }))
        .statusCode,
    ).toBe(204);
    expect((await viewer.post('/api/ratings', { movie_id: title, stars: 5 })).json().mine).toBe(5);
    const sent = await admin.post('/api/admin/notifications', {
      title: 'New season',
      body: 'Out now',
      audience: 'all',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await viewer.post('/api/notifications/read-all')).json().unread).toBe(0);

    expect((await select(viewer, partner)).statusCode).toBe(200);
    expect((await viewer.get('/api/profiles')).json().current).toBe(partner);
    expect((await viewer.get('/api/watchlist')).json().items).toEqual([]);
    expect((await viewer.get('/api/continue-watching')).json().items).toEqual([]);
    expect((await viewer.get(`/api/progress/${title}`)).statusCode).toBe(204);
    const rating = (await viewer.get(`/api/ratings/${title}`)).json();
    expect(rating).toMatchObject({ mine: null, count: 1 });
    // A household is one vote: the profiles' stars are averaged, not counted apart.
    expect((await viewer.post('/api/ratings', { movie_id: title, stars: 3 })).json()).toMatchObject({
      mine: 3,
      count: 1,
      average: 4,
    });
    const card = (await viewer.get(`/api/catalog/titles/${title}`)).json();
    expect([card.rating_average, card.rating_count]).toEqual([4, 1]);
    expect((await viewer.get('/api/notifications/unread-count')).json().unread).toBeGreaterThan(0);
    expect((await viewer.get('/api/library/state')).json().watchlist).toEqual([]);

    expect((await select(viewer, owner)).statusCode).toBe(200);
    expect((await viewer.get('/api/watchlist')).json().items.map((c: Card) => c.title)).toEqual([
      'Harbour Nights',
    ]);
    expect((await viewer.get('/api/continue-watching')).json().items).toHaveLength(1);
    expect((await viewer.get('/api/notifications/unread-count')).json().unread).toBe(0);

    // Deleting a profile takes its lists with it; its other sessions are on none until they choose again.
    const tablet = new TestClient(t.app);
    await tablet.signIn('+998900000102', PASSWORD);
    expect((await select(tablet, partner)).statusCode).toBe(200);
    await tablet.post('/api/watchlist', { movie_id: ids['Paper Kites'] });
    expect((await viewer.post('/api/profiles/delete', { profile_id: partner })).statusCode).toBe(200);
    expect((await tablet.get('/api/profiles')).json().current).toBeNull();
    expect(
      await t.app.container.database.db
        .selectFrom('watchlist')
        .selectAll()
        .where('profile_id', '=', partner)
        .execute(),
    ).toEqual([]);
  });

  it('sends the sessions of a deleted profile to the profile chooser, never onto a locked profile', async () => {
    const account = await trialViewer(t.app, '+998900000112');
    const owner = (await account.get('/api/profiles')).json().current as number;
    const guest = await addProfile(account, { name: 'Guest' });
    await account.post('/api/profiles/pin', { profile_id: owner, pin: '9753', password: PASSWORD });
    const tv = new TestClient(t.app);
    await tv.signIn('+998900000112', PASSWORD);
    expect((await select(tv, guest)).statusCode).toBe(200);
    const playback = await startPlayback(tv, ids['Midnight Ledger']!);

    expect((await account.post('/api/profiles/delete', { profile_id: guest })).statusCode).toBe(200);
    // The TV is signed in, on no profile: it may list the profiles and its role, and nothing else.
    const chooser = (await tv.get('/api/profiles')).json();
    expect(chooser.current).toBeNull();
    expect(chooser.profiles.map((p: { name: string; locked: boolean }) => [p.name, p.locked])).toEqual([
      ['Me', true],
    ]);
    expect((await tv.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    for (const refused of [
      await tv.get('/api/watchlist'),
      await tv.get('/api/user/profile'),
      await tv.post('/api/profiles', { name: 'Sneaky' }),
      await tv.post(`/api/playback/${playback}/heartbeat`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('profile_required');
    }
    // Public calls see a visitor: no title above what anyone may see, no stream of a feature.
    expect(
      (await tv.get(`/api/stream/${ids['Midnight Ledger']}/master.m3u8?playback=${playback}`)).statusCode,
    ).toBe(401);
    // Its stream ended with the profile; the owner's profile still asks its PIN.
    expect((await account.get('/api/playback/active')).json().items).toEqual([]);
    expect((await select(tv, owner)).json().error.code).toBe('pin_required');
    expect((await select(tv, owner, '9753')).statusCode).toBe(200);
    expect((await tv.get('/api/profiles')).json().current).toBe(owner);
    expect((await tv.get('/api/watchlist')).statusCode).toBe(200);

    // A session that deletes the profile it is on goes to the chooser too.
    const kitchen = await addProfile(account, { name: 'Kitchen' });
    expect((await select(account, kitchen)).statusCode).toBe(200);
    expect((await account.post('/api/profiles/delete', { profile_id: kitchen })).statusCode).toBe(200);
    expect((await account.get('/api/profiles')).json().current).toBeNull();
  });

  it("never reaches another account's profile by its id", async () => {
    const alice = await signedInViewer(t.app, '+998900000108');
    const bob = await signedInViewer(t.app, '+998900000109');
    const bobsKid = await addProfile(bob, { name: 'Bobs kid', kids: true });
    const bobsOwner = (await bob.get('/api/profiles')).json().current as number;
    for (const [url, body] of [
      ['/api/profiles/select', { profile_id: bobsKid }],
      ['/api/profiles/update', { profile_id: bobsKid, name: 'Mine now' }],
      ['/api/profiles/delete', { profile_id: bobsKid }],
      ['/api/profiles/pin', { profile_id: bobsOwner, pin: '1111', password: PASSWORD }],
    ] as const)
      expect((await alice.post(url, body)).statusCode, url).toBe(404);
    const avatar = await alice.postForm('/api/profiles/avatar', {
      profile_id: String(bobsKid),
      avatar: { filename: 'a.png', contentType: 'image/png', data: await pngImage(64, 64) },
    });
    expect(avatar.statusCode).toBe(404);
    const bobs = (await bob.get('/api/profiles')).json().profiles;
    expect(bobs.map((p: { name: string; locked: boolean }) => [p.name, p.locked])).toEqual([
      ['Me', false],
      ['Bobs kid', false],
    ]);
    // Its own upload is checked like every image and shown at its address.
    const own = await alice.postForm('/api/profiles/avatar', {
      profile_id: String((await alice.get('/api/profiles')).json().current),
      avatar: { filename: 'a.png', contentType: 'image/png', data: await pngImage(64, 64) },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().avatar).toMatch(/avatars\/p\d+-.+\.webp$/);
    const notImage = await alice.postForm('/api/profiles/avatar', {
      profile_id: String((await alice.get('/api/profiles')).json().current),
      avatar: { filename: 'a.png', contentType: 'image/png', data: Buffer.from('not an image at all') },
    });
    expect(notImage.statusCode).toBe(415);
  });

  it('shows a profile its own display language', async () => {
    const viewer = await signedInViewer(t.app, '+998900000103');
    expect((await viewer.post('/api/user/edit', { language: 'ru' })).statusCode).toBe(200);
    expect((await viewer.get('/api/user/profile')).json().language).toBe('Ru');
    const other = await addProfile(viewer, { name: 'Guest', language: 'Uz' });
    await select(viewer, other);
    expect((await viewer.get('/api/user/profile')).json().language).toBe('Uz');
    expect((await viewer.post('/api/user/edit', { language: 'Ur' })).statusCode).toBe(200);
    const owner = (await viewer.get('/api/profiles')).json().profiles[0].profile_id;
    await select(viewer, owner);
    expect((await viewer.get('/api/user/profile')).json().language).toBe('Ru');
  });

  it('shows a kids profile only titles at or under its level, in every call, and refuses the rest', async () => {
    const viewer = await trialViewer(t.app, '+998900000104');
    const kid = await addProfile(viewer, { name: 'Timur', kids: true });
    // The adult profile starts the 18+ film before the switch: its addresses stop working after it.
    const playback = await startPlayback(viewer, ids['Midnight Ledger']!);
    const master = await viewer.get(`/api/stream/${ids['Midnight Ledger']}/master.m3u8?playback=${playback}`);
    expect(master.statusCode, master.body).toBe(200);
    const variant = uris(master.body)[0]!;
    expect((await viewer.get(variant)).statusCode).toBe(200);
    await viewer.post('/api/watchlist', { movie_id: ids['Iron Verdict'] });

    expect((await select(viewer, kid)).statusCode).toBe(200);
    const allowed = ['Bramble Bunnies', 'Paper Kites'];
    const rows = (await viewer.get('/api/catalog/rows')).json().rows as Row[];
    const shown = new Set(rows.flatMap((row) => row.items.map((card) => card.title)));
    expect([...shown].sort()).toEqual(allowed);
    const list = (await viewer.get('/api/catalog/list?pageSize=60')).json();
    expect(list.items.map((c: Card) => c.title).sort()).toEqual(allowed);
    expect(list.total).toBe(2);
    for (const q of ['Iron Verdict', 'Midnight', 'Harbour', 'Unrated']) {
      const found = (await viewer.get(`/api/catalog/search?q=${encodeURIComponent(q)}`)).json();
      expect(found.items, q).toEqual([]);
      expect(found.total, q).toBe(0);
      expect(
        found.suggestions.map((c: Card) => c.title).every((title: string) => allowed.includes(title)),
      ).toBe(true);
    }
    const similar = (await viewer.get(`/api/catalog/titles/${ids['Paper Kites']}/similar`)).json().items;
    expect(similar.map((c: Card) => c.title)).toEqual(['Bramble Bunnies']);
    for (const name of ['Harbour Nights', 'Iron Verdict', 'Unrated', 'Midnight Ledger']) {
      const id = ids[name]!;
      expect((await viewer.get(`/api/catalog/titles/${id}`)).statusCode, name).toBe(404);
      expect((await viewer.get(`/api/catalog/titles/${id}/similar`)).statusCode, name).toBe(404);
      expect((await viewer.post('/api/watchlist', { movie_id: id })).statusCode, name).toBe(404);
      expect((await viewer.get(`/api/ratings/${id}`)).statusCode, name).toBe(404);
    }
    expect((await viewer.get('/api/watchlist')).json().items).toEqual([]);
    expect((await viewer.get(`/api/catalog/titles/${ids['Paper Kites']}`)).statusCode).toBe(200);
    // The stream: no new playback, no master, and the adult's running addresses are refused too.
    expect((await viewer.post('/api/playback/start', { movie_id: ids['Midnight Ledger'] })).statusCode).toBe(
      404,
    );
    expect(
      (await viewer.get(`/api/stream/${ids['Midnight Ledger']}/master.m3u8?playback=${playback}`)).statusCode,
    ).toBe(404);
    expect((await viewer.get(variant)).statusCode).not.toBe(200);
    // A kids profile manages no profiles.
    expect((await viewer.post('/api/profiles', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await viewer.post('/api/profiles/update', { profile_id: kid, maturity: '18+' })).statusCode).toBe(
      403,
    );
    expect((await viewer.post('/api/profiles/unlock', { password: PASSWORD })).statusCode).toBe(403);
  });

  it("refuses a kids profile setting or removing any profile's PIN, even with the account password", async () => {
    const viewer = await signedInViewer(t.app, '+998900000111');
    const owner = (await viewer.get('/api/profiles')).json().current as number;
    const dad = await addProfile(viewer, { name: 'Dad' });
    const kid = await addProfile(viewer, { name: 'Laylo', kids: true });
    await viewer.post('/api/profiles/pin', { profile_id: dad, pin: '2580', password: PASSWORD });
    expect((await select(viewer, kid)).statusCode).toBe(200);
    for (const [profile_id, pin] of [
      [kid, '1111'],
      [owner, '1111'],
      [dad, null],
      [dad, '1111'],
    ] as const) {
      const answer = await viewer.post('/api/profiles/pin', { profile_id, pin, password: PASSWORD });
      expect(answer.statusCode, `${profile_id} ${pin}`).toBe(403);
      expect(answer.json().error.code).toBe('kids_profile');
    }
    const locks = (await viewer.get('/api/profiles'))
      .json()
      .profiles.map((p: { name: string; locked: boolean }) => [p.name, p.locked]);
    expect(locks).toEqual([
      ['Me', false],
      ['Dad', true],
      ['Laylo', false],
    ]);
    // Dad's PIN is still the one Dad chose.
    expect((await select(viewer, dad, '1111')).statusCode).toBe(400);
    expect((await select(viewer, dad, '2580')).statusCode).toBe(200);
  });

  it('lets a kids profile change its own language and nothing of the account, its billing or its profiles', async () => {
    const account = await billingViewer(t.app, 30);
    const kid = await addProfile(account.client, { name: 'Aziza', kids: true });
    expect((await select(account.client, kid)).statusCode).toBe(200);
    const basic = await planByCode(t.app, 'basic');
    const refused: [string, unknown][] = [
      ['/api/billing/checkout', { plan_id: basic.plan_id, interval: 'month' }],
      ['/api/billing/change-plan', { plan_id: basic.plan_id }],
      ['/api/billing/cancel', undefined],
      [
        '/api/billing/demo/card',
        { card_number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Aziza' },
      ],
      [
        '/api/billing/click/card',
        { card_number: '8600 1234 5678 9012', expire_date: '03/30', consent: true },
      ],
      ['/api/billing/click/card/verify', { sms_code: '123456' }],
      ['/api/user/edit', { first_name: 'Hacker' }],
      ['/api/user/edit', { language: 'Uz', password: 'new-pass-123', current_password: account.password }],
      ['/api/user/email/resend', undefined],
      ['/api/profiles/maturity-limit', { maturity_limit: null, password: account.password }],
    ];
    for (const [url, body] of refused) {
      const answer = await account.client.post(url, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code, url).toBe('kids_profile');
    }
    expect((await account.client.delete('/api/user/avatar')).statusCode).toBe(403);
    // Its display language is its own to choose.
    expect((await account.client.post('/api/user/edit', { language: 'Uz' })).statusCode).toBe(200);
    expect((await account.client.get('/api/user/profile')).json().language).toBe('Uz');
    // Reading stays open: its plan and the home rows.
    expect((await account.client.get('/api/billing/subscription')).statusCode).toBe(200);
  });

  it("counts every profile's streams against the account's limit, and names the profile watching", async () => {
    const account = await billingViewer(t.app, null);
    await buyWithDemo(t.app, account.client, 'basic');
    const tv = account.client;
    const phone = new TestClient(t.app);
    await phone.signIn(account.phone, account.password);
    const mum = await addProfile(phone, { name: 'Mum' });
    expect((await select(phone, mum)).statusCode).toBe(200);
    await startPlayback(tv, ids['Midnight Ledger']!);
    const refused = await phone.post('/api/playback/start', { movie_id: ids['Midnight Ledger'] });
    expect(refused.statusCode).toBe(409);
    expect(
      refused.json().active.map((s: { profile: string; title: string }) => [s.profile, s.title]),
    ).toEqual([['Me', 'Midnight Ledger']]);
  });

  it('locks a profile with a PIN: five wrong tries, then a wait; the account password resets it', async () => {
    const viewer = await signedInViewer(t.app, '+998900000105');
    const owner = (await viewer.get('/api/profiles')).json().current as number;
    const kid = await addProfile(viewer, { name: 'Nodir', kids: true });
    expect(
      (await viewer.post('/api/profiles/pin', { profile_id: owner, pin: '4821', password: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await viewer.post('/api/profiles/pin', { profile_id: owner, pin: '48a1', password: PASSWORD }))
        .statusCode,
    ).toBe(400);
    const locked = await viewer.post('/api/profiles/pin', {
      profile_id: owner,
      pin: '4821',
      password: PASSWORD,
    });
    expect(locked.json()).toMatchObject({ locked: true });
    const row = await t.app.container.database.db
      .selectFrom('profiles')
      .select('pin_hash')
      .where('profile_id', '=', owner)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toContain('4821');

    await select(viewer, kid);
    const asked = await select(viewer, owner);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('pin_required');
    for (let i = 0; i < PIN_TRIES; i++) expect((await select(viewer, owner, '0000')).statusCode).toBe(400);
    const waiting = await select(viewer, owner, '4821');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect((await viewer.get('/api/profiles')).json().current).toBe(kid);
    t.clock.advance((PIN_WAIT_MINUTES + 1) * MINUTE);
    expect((await select(viewer, owner, '4821')).statusCode).toBe(200);
    expect((await viewer.get('/api/profiles')).json().current).toBe(owner);

    // Forgotten: the account password removes it.
    const cleared = await viewer.post('/api/profiles/pin', {
      profile_id: owner,
      pin: null,
      password: PASSWORD,
    });
    expect(cleared.json()).toMatchObject({ locked: false });
    await select(viewer, kid);
    expect((await select(viewer, owner)).statusCode).toBe(200);
  });

  it("caps every profile at the account's maturity limit unless the account password is given", async () => {
    const viewer = await signedInViewer(t.app, '+998900000106');
    expect(
      (await viewer.post('/api/profiles/maturity-limit', { maturity_limit: '13+', password: 'wrong' }))
        .statusCode,
    ).toBe(400);
    const set = await viewer.post('/api/profiles/maturity-limit', {
      maturity_limit: '13+',
      password: PASSWORD,
    });
    expect(set.json().maturity_limit).toBe('13+');
    expect((await viewer.get(`/api/catalog/titles/${ids['Iron Verdict']}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/catalog/titles/${ids['Harbour Nights']}`)).statusCode).toBe(200);
    const other = new TestClient(t.app);
    await other.signIn('+998900000106', PASSWORD);
    expect((await viewer.post('/api/profiles/unlock', { password: PASSWORD })).statusCode).toBe(200);
    expect((await viewer.get(`/api/catalog/titles/${ids['Iron Verdict']}`)).statusCode).toBe(200);
    expect((await viewer.get('/api/profiles')).json().mature_unlocked).toBe(true);
    // The unlock is this session's only.
    expect((await other.get(`/api/catalog/titles/${ids['Iron Verdict']}`)).statusCode).toBe(404);
  });

  it("lets an admin list an account's profiles and remove a PIN, in the audit log", async () => {
    const viewer = await signedInViewer(t.app, '+998900000107');
    const { user_id } = (await viewer.get('/api/user/profile')).json();
    const kid = await addProfile(viewer, { name: 'Sevara', kids: true });
    await viewer.post('/api/profiles/pin', { profile_id: kid, pin: '1357', password: PASSWORD });
    expect((await viewer.get(`/api/web/user/${user_id}/profiles`)).statusCode).toBe(403);
    const listed = (await admin.get(`/api/web/user/${user_id}/profiles`)).json();
    expect(listed.map((p: { name: string; locked: boolean }) => [p.name, p.locked])).toEqual([
      ['Me', false],
      ['Sevara', true],
    ]);
    const removed = await admin.post(`/api/web/user/${user_id}/profiles/remove-pin`, { profile_id: kid });
    expect(removed.json()[1].locked).toBe(false);
    const audit = await t.app.container.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'profile')
      .where('entity_id', '=', String(kid))
      .execute();
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['remove_pin']);
    const stranger = await admin.post(`/api/web/user/${user_id}/profiles/remove-pin`, {
      profile_id: 999_999,
    });
    expect(stranger.statusCode).toBe(404);
  });
});
