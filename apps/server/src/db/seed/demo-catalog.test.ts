import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { mediaEnv } from '../../test/media-kit.js';
import { DemoArtHandler, seedDemoCatalog } from './demo-catalog.js';
import { demoTitles } from './demo-titles.js';

describe('demo catalogue (SEED_DEMO=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), SEED_DEMO: 'true', WORKER_IN_PROCESS: 'false' });
  });
  afterAll(() => t.close());

  it('publishes about sixteen titles at once; the worker then draws their art', async () => {
    const visitor = new TestClient(t.app);
    const before = (await visitor.get('/api/catalog/rows')).json().rows as {
      id: string;
      items: { title: string }[];
    }[];
    const everything = new Set(before.flatMap((row) => row.items.map((item) => item.title)));
    expect(everything.size).toBe(demoTitles.length);
    expect(before.map((row) => row.id)).toEqual(
      expect.arrayContaining(['featured', 'genre:thriller', 'kids', 'kind:series', 'upcoming']),
    );
    // Every demo title comes with its age rating (a new title has none until an admin sets it).
    const listed = (await visitor.get('/api/catalog/list?pageSize=60')).json().items as {
      title: string;
      age_rating: string | null;
    }[];
    expect(listed).toHaveLength(demoTitles.length);
    expect(listed.filter((card) => card.age_rating === null)).toEqual([]);

    // Run the art jobs of the first three titles (all of them take long on a busy machine).
    const { queue } = t.app.container.catalog.media;
    const art = new DemoArtHandler(t.app.container.catalog);
    const drawn: number[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await queue.claim('test-worker', 60_000);
      expect(job?.kind).toBe('demo_art');
      await art.run(job!);
      await queue.complete(job!.jobId, 'test-worker');
      drawn.push(job!.targetId);
    }
    const db = t.app.container.database.db;
    await db
      .updateTable('media_jobs')
      .set({ status: 'done' })
      .where('kind', '=', 'demo_art')
      .where('status', '=', 'queued')
      .execute();
    for (const id of drawn) {
      const card = (await visitor.get(`/api/catalog/titles/${id}`)).json();
      expect(card.thumbnail.url).toMatch(/^\/media\/images\/titles\/.+\.webp$/);
      expect(card.banner.srcset.split(', ')).toHaveLength(2);
    }
    const serials = (await visitor.get('/api/catalog/list?kind=series')).json();
    expect(serials.total).toBe(2);
    const details = (await visitor.get(`/api/catalog/titles/${serials.items[0].movie_id}`)).json();
    expect(details.seasons[0].episodes.length).toBeGreaterThan(0);
  });

  it('queues a transcode for every clip, and renders a demo clip from ffmpeg test sources', async () => {
    const { queue, transcoder } = t.app.container.catalog.media;
    const db = t.app.container.database.db;
    const queued = await db
      .selectFrom('media_jobs')
      .select('job_id')
      .where('status', '=', 'queued')
      .where('kind', '=', 'transcode')
      .execute();
    const expected = demoTitles.reduce(
      (sum, title) =>
        sum + (title.trailer ? 1 : 0) + (title.kind === 'movie' ? 1 : (title.seasons ?? []).flat().length),
      0,
    );
    expect(queued).toHaveLength(expected);
    const job = await queue.claim('test-worker', 60_000);
    expect(job?.kind).toBe('transcode');
    await transcoder.run(job!, { signal: new AbortController().signal, progress: () => {} });
    const asset = await db
      .selectFrom('media_assets')
      .selectAll()
      .where('asset_id', '=', job!.targetId)
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ status: 'ready' });
    expect(asset.source_key).toMatch(/^sources\/m\d+-demo-a\d+\.mp4$/);
  });

  it('does not seed twice', async () => {
    const before = await t.app.container.repos.titles.count();
    await seedDemoCatalog(t.app.container.catalog, t.app.container.clock, t.app.log);
    expect(await t.app.container.repos.titles.count()).toBe(before);
  });
});
