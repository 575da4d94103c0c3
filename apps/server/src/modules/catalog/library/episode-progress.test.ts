import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import type { PlayableEpisode } from '../titles/episode-repo.js';
import type { ProgressRow } from './repo.js';
import { resumePoint } from './service.js';

const MINUTE = 60_000;

const row = (episode_id: number, position: number, duration: number, finished = false): ProgressRow => ({
  progress_id: episode_id,
  user_id: 1,
  profile_id: 1,
  title_id: 7,
  episode_id,
  position_seconds: position,
  duration_seconds: duration,
  finished: finished ? 1 : 0,
  updated_at: `2026-12-01T10:00:${String(episode_id).padStart(2, '0')}.000Z`,
});
const order: PlayableEpisode[] = [11, 12, 21].map((episode_id, index) => ({
  movie_id: 7,
  episode_id,
  season: index < 2 ? 1 : 2,
  number: index < 2 ? index + 1 : 1,
  duration_seconds: 600,
}));

describe('where a series goes on', () => {
  it('goes on in the episode watched last, at its position', () => {
    expect(resumePoint([row(12, 35, 600), row(11, 590, 600, true)], order)).toMatchObject({
      episodeId: 12,
      position: 35,
      upNext: false,
    });
  });

  it('moves to the next episode, across seasons, once the one watched last is finished', () => {
    expect(resumePoint([row(11, 590, 600, true)], order)).toMatchObject({
      episodeId: 12,
      position: 0,
      duration: 600,
      finished: false,
      upNext: true,
    });
    expect(resumePoint([row(12, 599, 600, true), row(11, 590, 600, true)], order)).toMatchObject({
      episodeId: 21,
      upNext: true,
    });
  });

  it("keeps the next episode's own position when the viewer had opened it before", () => {
    expect(resumePoint([row(11, 590, 600, true), row(12, 80, 600)], order)).toMatchObject({
      episodeId: 12,
      position: 80,
      upNext: true,
    });
  });

  it('is finished after the last episode, and a film goes on where it was left', () => {
    expect(resumePoint([row(21, 600, 600, true)], order)).toMatchObject({ episodeId: 21, finished: true });
    expect(resumePoint([row(0, 120, 5400)], undefined)).toMatchObject({ episodeId: null, position: 120 });
    expect(resumePoint([], order)).toBeUndefined();
  });
});

describe('progress per episode, through the API', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  let serial = 0;
  let film = 0;
  const episodes: number[] = [];

  /** An episode whose video is ready, as the pipeline leaves it. */
  async function readyEpisode(season: number, title: string): Promise<number> {
    const made = await admin.post('/api/movie/episode', { movie_id: serial, season_number: season, title });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const db = t.app.container.database.db;
    const episode = await db
      .selectFrom('episodes')
      .select('episode_id')
      .where('movie_id', '=', serial)
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    const now = t.clock.now().toISOString();
    const asset = await db
      .insertInto('media_assets')
      .values({
        movie_id: serial,
        kind: 'video',
        status: 'ready',
        hls_key: `hls/${episode.episode_id}`,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('asset_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('episodes')
      .set({ video_asset_id: asset.asset_id, duration_seconds: 600 })
      .where('episode_id', '=', episode.episode_id)
      .execute();
    return episode.episode_id;
  }

  const save = (episodeId: number | undefined, position: number, movieId = serial) => {
    t.clock.advance(MINUTE);
    return viewer.post('/api/progress', {
      movie_id: movieId,
      ...(episodeId === undefined ? {} : { episode_id: episodeId }),
      position_seconds: position,
      duration_seconds: 600,
    });
  };
  const resume = async () => (await viewer.get(`/api/progress/${serial}`)).json();
  const watching = async () => (await viewer.get('/api/continue-watching')).json().items;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    viewer = await signedInViewer(t.app, '+998901117711');
    serial = await publishedTitle(admin, 'Harbour Nights', { kind: 'series' });
    film = await publishedTitle(admin, 'Salt Road');
    episodes.push(await readyEpisode(1, 'Arrival'));
    episodes.push(await readyEpisode(1, 'Storm'));
    episodes.push(await readyEpisode(2, 'Return'));
  });
  afterAll(() => t.close());

  it("keeps each episode's place: opening one never moves another's", async () => {
    const [e1, e2] = episodes as [number, number];
    expect((await save(e2, 35)).statusCode).toBe(204);
    expect((await save(e1, 4)).statusCode).toBe(204);
    const reply = await resume();
    // The episode opened last goes on; the other keeps its own place.
    expect(reply).toMatchObject({ episode_id: e1, position_seconds: 4, up_next: false });
    expect(reply.episodes).toEqual(
      expect.arrayContaining([
        { episode_id: e1, position_seconds: 4, duration_seconds: 600, finished: false },
        { episode_id: e2, position_seconds: 35, duration_seconds: 600, finished: false },
      ]),
    );
    expect(reply.episodes).toHaveLength(2);
  });

  it('says on Continue Watching which episode goes on and how much of it is left', async () => {
    const [, e2] = episodes as [number, number];
    await save(e2, 48);
    const [item] = await watching();
    expect(item).toMatchObject({
      card: expect.objectContaining({ movie_id: serial }),
      episode_id: e2,
      episode: { season: 1, number: 2 },
      position_seconds: 48,
      remaining_seconds: 552,
      percent: 8,
      up_next: false,
    });
  });

  it('goes on with the next episode, into the next season, once one is finished', async () => {
    const [, e2, e3] = episodes as [number, number, number];
    await save(e2, 580);
    expect(await resume()).toMatchObject({
      episode_id: e3,
      position_seconds: 0,
      up_next: true,
      finished: false,
    });
    const [item] = await watching();
    expect(item).toMatchObject({
      episode_id: e3,
      episode: { season: 2, number: 1 },
      up_next: true,
      percent: 0,
    });

    // The last episode finished: the series leaves Continue Watching.
    await save(e3, 600);
    expect(await resume()).toMatchObject({ episode_id: e3, finished: true });
    expect((await watching()).map((i: { card: { movie_id: number } }) => i.card.movie_id)).not.toContain(
      serial,
    );
  });

  it("asks which episode a series' position is in, and takes none for a film", async () => {
    const missing = await save(undefined, 20);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('episode_id');
    expect((await save(episodes[0], 20, film)).statusCode).toBe(404);
    expect((await save(undefined, 20, film)).statusCode).toBe(204);
    expect((await viewer.get(`/api/progress/${film}`)).json()).toMatchObject({
      episode_id: null,
      position_seconds: 20,
      episodes: [],
    });
  });

  it("keeps one profile's places apart from another's", async () => {
    const other = await signedInViewer(t.app, '+998901117722');
    expect((await other.get(`/api/progress/${serial}`)).statusCode).toBe(204);
    expect((await other.get('/api/continue-watching')).json().items).toEqual([]);
  });
});
