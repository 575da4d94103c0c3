import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { mediaEnv } from '../../../test/media-kit.js';
import type { Job } from '../jobs/queue.js';
import { bannerSvg, posterSvg, renderPng, stillSvg } from './demo-art.js';
import { DemoArtHandler } from './demo-art-handler.js';
import { DEMO_SETTINGS, type DemoSettings } from './demo-catalog.js';
import { demoVideoSchema, demoVideoSeconds } from './demo-footage.js';
import { artTitleOf, demoTitles } from './demo-titles.js';

interface Card {
  movie_id: number;
  title: string;
  playable: boolean;
  has_trailer: boolean;
  duration: number | null;
  age_rating: string | null;
}

/** The queue's order: what a worker claims first. */
async function jobsInOrder(t: TestApp) {
  return t.app.container.database.db
    .selectFrom('media_jobs')
    .leftJoin('media_assets', (join) =>
      join
        .onRef('media_assets.asset_id', '=', 'media_jobs.target_id')
        .on('media_jobs.kind', '=', 'transcode'),
    )
    .select([
      'media_jobs.job_id',
      'media_jobs.kind',
      'media_jobs.target_id',
      'media_jobs.attempts',
      'media_jobs.max_attempts',
      'media_assets.generator',
      'media_assets.movie_id',
      'media_assets.episode_id',
    ])
    .orderBy('media_jobs.priority', 'desc')
    .orderBy('media_jobs.job_id')
    .execute();
}

type JobRow = Awaited<ReturnType<typeof jobsInOrder>>[number];
const asJob = (row: JobRow): Job => ({
  jobId: row.job_id,
  kind: row.kind,
  targetId: row.target_id,
  attempts: 1,
  maxAttempts: row.max_attempts,
});

describe('demo catalogue as seeded (SEED_DEMO=true)', () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), SEED_DEMO: 'true', WORKER_IN_PROCESS: 'false' });
    visitor = new TestClient(t.app);
  });
  afterAll(() => t.close());

  it('publishes every title at once, the first of the list leading the featured row', async () => {
    const rows = (await visitor.get('/api/catalog/rows')).json().rows as { id: string; items: Card[] }[];
    expect(new Set(rows.flatMap((row) => row.items.map((item) => item.title))).size).toBe(demoTitles.length);
    expect(rows.map((row) => row.id)).toEqual(
      expect.arrayContaining(['featured', 'genre:thriller', 'kids', 'kind:series', 'upcoming']),
    );
    expect(rows.find((row) => row.id === 'featured')?.items[0]?.title).toBe(demoTitles[0]!.title);
    // Every demo title comes with its age rating (a new title has none until an admin sets it).
    const listed = (await visitor.get('/api/catalog/list?pageSize=60')).json().items as Card[];
    expect(listed).toHaveLength(demoTitles.length);
    expect(listed.filter((card) => card.age_rating === null)).toEqual([]);
  });

  it('translates every title into Uzbek, Russian and Urdu, and the genres with them', async () => {
    for (const [lang, hero, genre] of [
      ['Ru', 'Ночная гавань', 'Триллер'],
      ['Uz', 'Tungi bandargoh', 'Triller'],
      ['Ur', 'رات کی بندرگاہ', 'سنسنی خیز'],
    ] as const) {
      const listed = (await visitor.get(`/api/catalog/list?pageSize=60&lang=${lang}`)).json()
        .items as (Card & {
        genres: string[];
      })[];
      const english = new Set(demoTitles.map((demo) => demo.title));
      // No card keeps its English name, and the hero is the one the rows lead with.
      expect(listed.filter((card) => english.has(card.title))).toEqual([]);
      const first = (await visitor.get(`/api/catalog/rows?lang=${lang}`)).json().rows[0].items[0];
      expect(first.title).toBe(hero);
      expect(first.genres).toContain(genre);
    }
    // Each title's tagline, and its cast in Cyrillic for Russian viewers.
    const hero = (await visitor.get('/api/catalog/list?featured=true')).json().items[0] as Card;
    const page = async (lang: string) =>
      (await visitor.get(`/api/catalog/titles/${hero.movie_id}?lang=${lang}`)).json() as {
        tagline: string;
        cast: string[];
      };
    expect((await page('En')).tagline).toBe('Every ship keeps a secret. Tonight, so does she.');
    expect(await page('Ru')).toMatchObject({
      tagline: 'У каждого корабля есть тайна. Этой ночью — и у неё.',
      cast: ['Амелия Харт', 'Рустам Каримов', 'Джона Рейес'],
    });
  });

  it("queues the hero's art and film first, then the other art, and films of a minute or more with shorter trailers", async () => {
    const jobs = await jobsInOrder(t);
    const hero = (await visitor.get('/api/catalog/list?featured=true')).json().items[0] as Card;
    expect(jobs[0]).toMatchObject({ kind: 'demo_art', target_id: hero.movie_id });
    expect(jobs[1]).toMatchObject({ kind: 'transcode', movie_id: hero.movie_id });
    expect(demoVideoSchema.parse(JSON.parse(jobs[1]!.generator!)).kind).toBe('feature');
    expect(jobs.slice(2, 1 + demoTitles.length).every((job) => job.kind === 'demo_art')).toBe(true);

    const videos = jobs
      .filter((job) => job.kind === 'transcode')
      .map((job) => demoVideoSchema.parse(JSON.parse(job.generator!)));
    const expected = demoTitles.reduce(
      (sum, d) => sum + (d.trailer ? 1 : 0) + (d.kind === 'movie' ? 1 : (d.seasons ?? []).flat().length),
      0,
    );
    expect(videos).toHaveLength(expected);
    // The configured lengths (DEMO_SETTINGS), not rendered here: the suite renders tiny ones below.
    for (const video of videos) {
      expect(video.film).toMatchObject({ width: 854, height: 480, seconds: DEMO_SETTINGS.filmSeconds });
      if (video.kind === 'trailer') {
        expect(demoVideoSeconds(video)).toBeGreaterThanOrEqual(15);
        expect(demoVideoSeconds(video)).toBeLessThanOrEqual(30);
        expect(demoVideoSeconds(video)).toBeLessThan(video.film.seconds);
      } else {
        expect(demoVideoSeconds(video)).toBeGreaterThanOrEqual(60);
      }
    }
    const episodes = videos.filter((video) => video.kind === 'episode');
    expect(episodes.length).toBeGreaterThan(0);
    expect(new Set(episodes.map((e) => `${e.title} ${e.season} ${e.episode} ${e.episodeTitle}`)).size).toBe(
      episodes.length,
    );
    // A few films shared by mood, not one per title.
    expect(new Set(videos.map((video) => video.film.mood)).size).toBeLessThanOrEqual(5);
  });

  it("draws the hero's banner and poster, and a serial's episode stills, through the image path", async () => {
    const art = new DemoArtHandler(t.app.container.modules.media.services);
    const jobs = await jobsInOrder(t);
    const serial = demoTitles.find((d) => d.kind === 'series')!;
    const serials = (await visitor.get('/api/catalog/list?kind=series')).json().items as Card[];
    const serialId = serials.find((card) => card.title === serial.title)!.movie_id;
    for (const row of [jobs[0]!, jobs.find((job) => job.kind === 'demo_art' && job.target_id === serialId)!])
      await art.run(asJob(row));
    const hero = (await visitor.get(`/api/catalog/titles/${jobs[0]!.target_id}`)).json();
    expect(hero.thumbnail.url).toMatch(/^\/media\/images\/titles\/.+-thumbnail-.+\.webp$/);
    expect(hero.banner.url).toMatch(/-banner-.+\.webp$/);
    expect(hero.banner.srcset.split(', ')).toHaveLength(2);
    const details = (await visitor.get(`/api/catalog/titles/${serialId}`)).json();
    const stills = details.seasons.flatMap((s: { episodes: { thumbnail: unknown }[] }) => s.episodes);
    expect(stills.length).toBeGreaterThan(0);
    expect(stills.every((e: { thumbnail: unknown }) => e.thumbnail !== null)).toBe(true);
  });

  it('does not seed twice', async () => {
    const before = await t.app.container.repos.titles.count();
    await t.app.container.modules.media.seedDemo(t.app.log, DEMO_SETTINGS);
    expect(await t.app.container.repos.titles.count()).toBe(before);
  });
});

describe('demo key art', () => {
  const arts = demoTitles.map((d) => artTitleOf(d.title));

  it('gives posters the title as a logo, and banners and stills no text at all', () => {
    for (const art of arts) {
      const poster = posterSvg(art);
      const escaped = art.title.toUpperCase().replace(/&/g, '&amp;').split(' ')[0]!;
      expect(poster).toContain('<text');
      expect(poster.toUpperCase()).toContain(escaped.toUpperCase());
      expect(bannerSvg(art)).not.toContain('<text');
      expect(stillSvg(art, 1, 1)).not.toContain('<text');
    }
  });

  it('draws a different picture for every title', async () => {
    const { default: sharp } = await import('sharp');
    const pixels = async (svg: string) =>
      (
        await sharp(await renderPng(svg))
          .resize(48, 27)
          .raw()
          .toBuffer()
      ).toString('base64');
    const banners = await Promise.all(arts.map((art) => pixels(bannerSvg(art, 192, 108))));
    expect(new Set(banners).size).toBe(arts.length);
    const posters = new Set(arts.map((art) => posterSvg(art, 120, 180)));
    expect(posters.size).toBe(arts.length);
    // The same title draws the same picture (its seed is its slug).
    expect(await pixels(bannerSvg(arts[0]!, 192, 108))).toBe(banners[0]);
  });
});

describe('demo videos, rendered small', () => {
  const TINY: DemoSettings = { filmSeconds: 2, trailerSeconds: 1.6, cardSeconds: 1, width: 192, height: 108 };
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_IN_PROCESS: 'false' });
    visitor = new TestClient(t.app);
    await t.app.container.modules.media.seedDemo(t.app.log, TINY);
  });
  afterAll(() => t.close());

  const run = async (row: JobRow) =>
    t.app.container.modules.media.pipeline.transcoder.run(asJob(row), {
      signal: new AbortController().signal,
      progress: () => {},
      encoded: () => {},
    });
  const asset = (id: number) =>
    t.app.container.database.db
      .selectFrom('media_assets')
      .selectAll()
      .where('asset_id', '=', id)
      .executeTakeFirstOrThrow();

  it('makes each mood one film with sound, shared by its features', async () => {
    const features = (await jobsInOrder(t)).filter(
      (job) => job.generator && demoVideoSchema.parse(JSON.parse(job.generator)).kind === 'feature',
    );
    const night = features.filter((job) => JSON.parse(job.generator!).film.mood === 'night').slice(0, 2);
    expect(night).toHaveLength(2);
    for (const job of night) await run(job);
    const [first, second] = await Promise.all(night.map((job) => asset(job.target_id)));
    for (const made of [first!, second!]) {
      expect(made.status).toBe('ready');
      expect(made.duration_seconds).toBeGreaterThanOrEqual(TINY.filmSeconds - 0.2);
      expect(made.width).toBe(TINY.width);
      expect(made.source_key).toBeNull(); // made from its generator, kept nowhere
      const renditions = JSON.parse(made.renditions) as { codecs: string }[];
      expect(renditions[0]?.codecs).toMatch(/^avc1\./);
      // The film's sound is its title's one audio track, stored once beside the picture.
      const tracks = await t.app.container.database.db
        .selectFrom('audio_tracks')
        .selectAll()
        .where('movie_id', '=', made.movie_id)
        .execute();
      expect(tracks).toMatchObject([{ source: 'stream', status: 'ready', is_default: 1, label: 'Original' }]);
      expect(JSON.parse(tracks[0]!.renditions)).toMatchObject([{ channels: 2, codecs: 'mp4a.40.2' }]);
    }
    expect(second!.duration_seconds).toBe(first!.duration_seconds);
    const films = fs.readdirSync(path.join(t.dataDir, 'demo-films')).filter((name) => name.endsWith('.mp4'));
    expect(films).toHaveLength(1);
    const hero = (await visitor.get(`/api/catalog/titles/${first!.movie_id}`)).json() as Card;
    expect(hero.playable).toBe(true);
    expect(hero.duration).toBeGreaterThan(0);
  });

  it('opens an episode on its own card before the film, and cuts a shorter trailer from it', async () => {
    const jobs = (await jobsInOrder(t)).filter((job) => job.generator);
    const episode = jobs.find((job) => JSON.parse(job.generator!).kind === 'episode')!;
    const trailer = jobs.find((job) => JSON.parse(job.generator!).kind === 'trailer')!;
    await run(episode);
    await run(trailer);
    const [e, tr] = await Promise.all([asset(episode.target_id), asset(trailer.target_id)]);
    expect(e.status).toBe('ready');
    expect(e.duration_seconds).toBeGreaterThanOrEqual(TINY.filmSeconds + TINY.cardSeconds - 0.3);
    expect(tr.status).toBe('ready');
    expect(tr.duration_seconds).toBeLessThan(TINY.filmSeconds);
    expect(tr.duration_seconds).toBeGreaterThanOrEqual(TINY.trailerSeconds - 0.3);
    const serial = (await visitor.get(`/api/catalog/titles/${e.movie_id}`)).json();
    const played = serial.seasons
      .flatMap((s: { episodes: { episode_id: number; duration: number | null }[] }) => s.episodes)
      .find((x: { episode_id: number }) => x.episode_id === e.episode_id);
    expect(played.duration).toBeGreaterThanOrEqual(TINY.filmSeconds + TINY.cardSeconds - 1);
    // Nothing of theirs is left in the temporary folder.
    expect(
      fs.readdirSync(path.join(t.dataDir, 'tmp')).filter((name) => name.startsWith('transcode-')),
    ).toEqual([]);
  });
});
