import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.js';
import {
  createTestApp,
  pngImage,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';
import { makeClip, mediaEnv, startPlayback, trialViewer, waitForJobs } from '../../../test/media-kit.js';

interface Card {
  movie_id: number;
  title: string;
}
const titles = (items: Card[]) => items.map((item) => item.title).sort();

describe('viewer catalogue (/api/catalog/*): published titles only', () => {
  let t: TestApp;
  let admin: TestClient;
  let visitor: TestClient;
  const ids: Record<string, number> = {};

  async function add(title: string, details: Record<string, unknown>) {
    ids[title] = await publishedTitle(admin, title, details);
    return ids[title];
  }

  beforeAll(async () => {
    // The test clock says 2026-06-01.
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    admin = await signedInAdmin(t.app);
    visitor = new TestClient(t.app);
    const harbor = await add('Night Harbor', {
      genres: ['Thriller', 'Crime'],
      cast: ['Amelia Hart'],
      featured: true,
      age_rating: '16+',
      collections: ['hollywood_movies'],
      description: '<p>A <strong>harbour</strong> at night.</p>',
    });
    await add('Cold Ledger', { genres: ['Crime', 'Drama'], cast: ['Victor Lang'], age_rating: '18+' });
    await add('Whistle & Wren', { genres: ['Animation', 'Comedy'], age_rating: 'All' });
    await add('Glass Tide', {
      genres: ['Thriller', 'Sci-Fi'],
      release_date: '2026-09-01',
      age_rating: '13+',
    });
    const serial = await add('Ledger of Lies', {
      kind: 'series',
      genres: ['Thriller', 'Drama'],
      age_rating: '16+',
    });
    await admin.post('/api/movie/episode', { movie_id: serial, season_number: 1, title: 'The Extra Zero' });
    await add('Secret Draft', { genres: ['Thriller'], status: 'draft', cast: ['Amelia Hart'] });
    await add('Old Archive', { genres: ['Thriller'], status: 'archived' });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
    const clip = await makeClip(dir, 'c', { seconds: 1, width: 320, height: 180 });
    const mp4 = { filename: 'c.mp4', contentType: 'video/mp4', data: clip };
    await admin.postForm('/api/movie/add', { movie_id: String(harbor), file: mp4 });
    await admin.postForm('/api/movie/trailer', { movie_id: String(harbor), file: mp4 });
    await admin.postForm('/api/movie/thumbnail', {
      movie_id: String(harbor),
      file: { filename: 'p.png', contentType: 'image/png', data: await pngImage(600, 900) },
    });
    await waitForJobs(t.app);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  it('builds rows from published titles: featured, thrillers, upcoming, kids, kinds, collections', async () => {
    const response = await visitor.get('/api/catalog/rows');
    expect(response.statusCode).toBe(200);
    const rows = Object.fromEntries(
      response.json().rows.map((row: { id: string; items: Card[] }) => [row.id, titles(row.items)]),
    );
    expect(rows.featured).toEqual(['Night Harbor']);
    expect(rows['genre:thriller']).toEqual(['Ledger of Lies', 'Night Harbor']);
    expect(rows.upcoming).toEqual(['Glass Tide']);
    expect(rows.kids).toEqual(['Whistle & Wren']);
    expect(rows['kind:series']).toEqual(['Ledger of Lies']);
    expect(rows['collection:hollywood_movies']).toEqual(['Night Harbor']);
    const all = JSON.stringify(response.json());
    expect(all).not.toContain('Secret Draft');
    expect(all).not.toContain('Old Archive');
    const thrillers = response.json().rows.find((row: { id: string }) => row.id === 'genre:thriller');
    expect(thrillers).toMatchObject({
      key: 'tv_thrillers',
      title: 'TV Thrillers',
      see_all: { genre: 'thriller', upcoming: 'false' },
    });
  });

  it('sends the rows compressed to browsers that accept brotli or gzip, and plain to the rest', async () => {
    const ask = (encoding?: string) =>
      t.app.inject({ url: '/api/catalog/rows', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await ask('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gzip = await ask('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('scopes every row to a kind or to kids titles', async () => {
    const series = (await visitor.get('/api/catalog/rows?kind=series')).json();
    for (const row of series.rows)
      expect(row.items.every((c: { kind: string }) => c.kind === 'series')).toBe(true);
    const kids = (await visitor.get('/api/catalog/rows?kids=true')).json();
    const kidsTitles = new Set(kids.rows.flatMap((row: { items: Card[] }) => row.items.map((c) => c.title)));
    expect([...kidsTitles]).toEqual(['Whistle & Wren']);
  });

  it('describes each card: images, trailer, playability and the master playlist address', async () => {
    const list = (await visitor.get('/api/catalog/list?genre=crime')).json();
    const harbor = list.items.find((c: Card) => c.title === 'Night Harbor');
    expect(harbor).toMatchObject({
      kind: 'movie',
      age_rating: '16+',
      genres: ['Thriller', 'Crime'],
      summary: 'A harbour at night.',
      quality: 'SD',
      duration: 1,
      has_trailer: true,
      playable: true,
      video: `/api/stream/${ids['Night Harbor']}/master.m3u8`,
      trailer: `/api/stream/${ids['Night Harbor']}/master.m3u8?asset=trailer`,
    });
    expect(harbor.img).toBe(harbor.thumbnail.url);
    const ledger = list.items.find((c: Card) => c.title === 'Cold Ledger');
    expect(ledger).toMatchObject({ playable: false, video: null, has_trailer: false, img: null });
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 24 });
  });

  it('searches titles, cast and genres', async () => {
    const search = async (q: string) =>
      titles((await visitor.get(`/api/catalog/search?q=${encodeURIComponent(q)}`)).json().items);
    expect(await search('harbor')).toEqual(['Night Harbor']);
    expect(await search('amelia')).toEqual(['Night Harbor']);
    expect(await search('sci-fi')).toEqual(['Glass Tide']);
    expect(await search('100%_')).toEqual([]);
    expect(await search('')).toEqual([]);
  });

  it('answers details with seasons and episodes, and 404 for unpublished titles', async () => {
    const details = (await visitor.get(`/api/catalog/titles/${ids['Ledger of Lies']}`)).json();
    expect(details).toMatchObject({
      title: 'Ledger of Lies',
      kind: 'series',
      episode_count: 1,
      seasons: [
        { number: 1, episodes: [{ number: 1, title: 'The Extra Zero', playable: false, video: null }] },
      ],
    });
    const movie = (await visitor.get(`/api/catalog/titles/${ids['Night Harbor']}`)).json();
    expect(movie.poster.url).toMatch(/^\/media\/images\/posters\//);
    expect(movie.preview_vtt).toMatch(/\.vtt$/);
    expect((await visitor.get(`/api/catalog/titles/${ids['Secret Draft']}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/catalog/titles/${ids['Old Archive']}/similar`)).statusCode).toBe(404);
  });

  it('plays a serial from its episodes: upload to an episode, then its master playlist', async () => {
    const serial = ids['Ledger of Lies']!;
    const episodeId = (await visitor.get(`/api/catalog/titles/${serial}`)).json().seasons[0].episodes[0]
      .episode_id;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
    const clip = await makeClip(dir, 'e', { seconds: 1, width: 320, height: 180 });
    fs.rmSync(dir, { recursive: true, force: true });
    const mp4 = { filename: 'e.mp4', contentType: 'video/mp4', data: clip };
    expect((await admin.postForm('/api/movie/add', { movie_id: String(serial), file: mp4 })).statusCode).toBe(
      400,
    );
    const upload = await admin.postForm('/api/movie/add', {
      movie_id: String(serial),
      episode_id: String(episodeId),
      file: mp4,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await waitForJobs(t.app);
    const details = (await visitor.get(`/api/catalog/titles/${serial}`)).json();
    const url = `/api/stream/${serial}/episodes/${episodeId}/master.m3u8`;
    expect(details).toMatchObject({ playable: true, video: url, quality: 'SD' });
    expect(details.seasons[0].episodes[0]).toMatchObject({ playable: true, video: url, duration: 1 });
    expect((await visitor.get(url)).statusCode).toBe(401);
    const viewer = await trialViewer(t.app, '+998901260001');
    // An episode plays within a playback session of its serial, as a movie does.
    expect((await viewer.get(url)).statusCode).toBe(409);
    const query = `?playback=${await startPlayback(viewer, serial)}`;
    const master = await viewer.get(`${url}${query}`);
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/RESOLUTION=320x180/);
    // The player's start call for the episode: the same master, and the playlist behind its only rendition.
    const startUrl = url.replace('master.m3u8', 'start.json');
    expect((await visitor.get(startUrl)).statusCode).toBe(401);
    const start = (await viewer.get(`${startUrl}${query}`)).json();
    expect(start.master).toMatch(/RESOLUTION=320x180/);
    expect(start.first.playlist).toBe((await viewer.get(start.first.uri)).body);
    expect(start.first.playlist).toMatch(/#EXT-X-MAP:URI=/);
    // And its first media: the init segment and the first segment behind those addresses, joined.
    const mediaUrl = url.replace('master.m3u8', 'start.mp4');
    expect((await visitor.get(mediaUrl)).statusCode).toBe(401);
    const media = await viewer.get(`${mediaUrl}${query}`);
    expect(media.statusCode, media.body).toBe(200);
    const init = (await viewer.get(/URI="([^"]+)"/.exec(start.first.playlist)![1]!)).rawPayload;
    const segment = start.first.playlist.split('\n').find((line: string) => line && !line.startsWith('#'));
    expect(media.headers['x-init-length']).toBe(String(init.length));
    const picture = Buffer.concat([init, (await viewer.get(segment)).rawPayload]);
    expect(media.rawPayload.subarray(0, picture.length).equals(picture)).toBe(true);
    // Then the episode's sound, its own audio track: its init segment and first segment, as start.json names.
    const sound = start.audio.playlist as string;
    const soundFiles = [
      /URI="([^"]+)"/.exec(sound)![1]!,
      sound.split('\n').find((line) => line && !line.startsWith('#'))!,
    ];
    const soundBytes = Buffer.concat(
      await Promise.all(soundFiles.map(async (uri) => (await viewer.get(uri)).rawPayload)),
    );
    expect(media.rawPayload.subarray(picture.length).equals(soundBytes)).toBe(true);
    // An episode has no trailer to ask for.
    expect((await viewer.get(`${mediaUrl}?asset=trailer`)).statusCode).toBe(400);
  });

  it('suggests similar titles by shared genres, most shared first', async () => {
    const similar = (await visitor.get(`/api/catalog/titles/${ids['Night Harbor']}/similar`)).json();
    const names = similar.items.map((c: Card) => c.title);
    expect(names).toEqual(expect.arrayContaining(['Cold Ledger', 'Ledger of Lies', 'Glass Tide']));
    expect(names).not.toContain('Night Harbor');
    expect(names).not.toContain('Secret Draft');
    expect(names).not.toContain('Whistle & Wren');
  });

  it('shows a write from another instance at the next call: the rows and their ETag are kept per catalogue version', async () => {
    const harbor = ids['Night Harbor']!;
    const featured = async () => {
      const rows = (await visitor.get('/api/catalog/rows')).json().rows as { id: string; items: Card[] }[];
      return rows.find((row) => row.id === 'featured')?.items ?? [];
    };
    const first = await visitor.get('/api/catalog/rows');
    expect((await visitor.get('/api/catalog/rows')).body).toBe(first.body);
    // A client holding the answer revalidates it: 304 without a body until the catalogue changes.
    const etag = first.headers.etag as string;
    const revalidate = () => t.app.inject({ url: '/api/catalog/rows', headers: { 'if-none-match': etag } });
    const unchanged = await revalidate();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A second connection stands for another API instance or an admin tool: only the database tells.
    const other = await openDatabase({
      databaseUrl: t.databaseEnv.DATABASE_URL || undefined,
      pgSchema: t.databaseEnv.DATABASE_SCHEMA || undefined,
      dataDir: t.dataDir,
    });
    try {
      await other.db
        .updateTable('titles')
        .set({ title: 'Night Harbour' })
        .where('movie_id', '=', harbor)
        .execute();
      expect((await featured()).map((c) => c.title)).toEqual(['Night Harbour']);
      const renamed = await revalidate();
      expect(renamed.statusCode).toBe(200);
      expect(renamed.headers.etag).not.toBe(etag);

      const [card] = (await featured()) as (Card & { has_trailer: boolean; rating_count: number })[];
      expect(card).toMatchObject({ has_trailer: true, rating_count: 0 });
      const trailer = await other.db
        .selectFrom('titles')
        .select('trailer_asset_id')
        .where('movie_id', '=', harbor)
        .executeTakeFirstOrThrow();
      await other.db
        .updateTable('media_assets')
        .set({ status: 'failed' })
        .where('asset_id', '=', trailer.trailer_asset_id!)
        .execute();
      const admin = await other.db.selectFrom('users').select('user_id').executeTakeFirstOrThrow();
      await other.db
        .insertInto('title_ratings')
        .values({
          user_id: admin.user_id,
          profile_id: other.db
            .selectFrom('profiles')
            .select('profile_id')
            .where('user_id', '=', admin.user_id),
          title_id: harbor,
          stars: 4,
          updated_at: '2026-06-01T10:00:00.000Z',
        })
        .execute();
      expect((await featured())[0]).toMatchObject({
        has_trailer: false,
        trailer: null,
        rating_count: 1,
        rating_average: 4,
      });

      await other.db.updateTable('titles').set({ featured: 0 }).where('movie_id', '=', harbor).execute();
      expect(await featured()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('moves a title out of the upcoming row on the day it comes out, not a day before', async () => {
    const rowsNow = async () =>
      Object.fromEntries(
        (await visitor.get('/api/catalog/rows'))
          .json()
          .rows.map((row: { id: string; items: Card[] }) => [row.id, titles(row.items)]),
      );
    const day = 24 * 60 * 60 * 1000;
    // Glass Tide comes out on 2026-09-01; the clock says 2026-06-01 10:00 (UTC).
    t.clock.advance(91 * day + 13 * 60 * 60 * 1000); // 2026-08-31 23:00
    expect((await rowsNow()).upcoming).toEqual(['Glass Tide']);
    t.clock.advance(60 * 60 * 1000); // midnight
    const released = await rowsNow();
    expect(released.upcoming).toBeUndefined();
    expect(released['genre:thriller']).toContain('Glass Tide');
  });
});
