import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../harness.js';
import { makeClip, mediaEnv, startPlayback, trialViewer, waitForJobs } from '../media-kit.js';

/** A title the catalogue knows by id: a movie, or a series with one of its episodes. */
interface Target {
  movie: number;
  episode: number;
}

type Call = [method: 'GET' | 'POST' | 'DELETE', url: string, json?: unknown];

/**
 * Every viewer call that names a title or an episode, for `target`; `playback` is a live playback session of the
 * viewer (of another, published title).
 */
function viewerCalls({ movie, episode }: Target, playback: string): Call[] {
  const stream = `/api/stream/${movie}`;
  const episodeStream = `${stream}/episodes/${episode}`;
  return [
    ['GET', `/api/catalog/titles/${movie}`],
    ['GET', `/api/catalog/titles/${movie}?lang=Uz`],
    ['GET', `/api/catalog/titles/${movie}/similar`],
    ['GET', `/api/ratings/${movie}`],
    ['POST', '/api/ratings', { movie_id: movie, stars: 4 }],
    ['POST', '/api/watchlist', { movie_id: movie }],
    ['DELETE', `/api/watchlist/${movie}`],
    ['POST', '/api/favourites', { movie_id: movie }],
    ['DELETE', `/api/favourites/${movie}`],
    ['POST', '/api/progress', { movie_id: movie, position_seconds: 40, duration_seconds: 100 }],
    [
      'POST',
      '/api/progress',
      { movie_id: movie, episode_id: episode, position_seconds: 40, duration_seconds: 100 },
    ],
    ['GET', `/api/progress/${movie}`],
    ['POST', '/api/playback/start', { movie_id: movie }],
    ['POST', '/api/playback/audio', { movie_id: movie, language: 'uz' }],
    ['POST', `/api/playback/${playback}/cast`, { movie_id: movie }],
    ['POST', `/api/playback/${playback}/cast`, { movie_id: movie, episode_id: episode }],
    ...(['video', 'trailer'] as const).flatMap((asset): Call[] => [
      ['GET', `${stream}/master.m3u8?asset=${asset}`],
      ['GET', `${stream}/master.m3u8?asset=${asset}&playback=${playback}`],
      ['GET', `${stream}/start.json?asset=${asset}`],
      ['GET', `${stream}/start.json?asset=${asset}&playback=${playback}`],
      ['GET', `${stream}/start.mp4?asset=${asset}`],
      ['GET', `${stream}/start.mp4?asset=${asset}&playback=${playback}`],
    ]),
    ['GET', `${episodeStream}/master.m3u8`],
    ['GET', `${episodeStream}/master.m3u8?playback=${playback}`],
    ['GET', `${episodeStream}/start.json?playback=${playback}`],
    ['GET', `${episodeStream}/start.mp4?playback=${playback}`],
  ];
}

/** What a caller can tell of an answer: its status, type and body. */
const seen = (answer: LightMyRequestResponse) => ({
  status: answer.statusCode,
  type: answer.headers['content-type'],
  body: answer.body,
});

/**
 * An unpublished title answers every viewer call exactly as an id that never existed: nothing tells a viewer that
 * a draft (with its video, trailer and episodes ready) is behind an id.
 */
describe('unpublished titles are unknown to viewers', () => {
  let t: TestApp;
  let viewer: TestClient;
  let playback = '';
  let draftMovie: Target;
  let draftSeries: Target;
  let never: Target;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    const admin = await signedInAdmin(t.app);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-unpublished-'));
    const clip = await makeClip(dir, 'clip', { seconds: 1 });
    fs.rmSync(dir, { recursive: true, force: true });
    const file = { filename: 'v.mp4', contentType: 'video/mp4', data: clip };
    const upload = async (url: string, fields: Record<string, string>) => {
      const answer = await admin.postForm(url, { ...fields, file });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const title = async (details: Record<string, unknown>) => {
      const { movie_id } = (await admin.post('/api/movie/create')).json();
      const saved = await admin.post('/api/movie/details', { movie_id, genres: ['Drama'], ...details });
      expect(saved.statusCode, saved.body).toBe(200);
      return movie_id as number;
    };

    const published = await title({ title: 'Open Harbour' });
    await upload('/api/movie/add', { movie_id: String(published) });
    const movie = await title({ title: 'Quiet Draft', status: 'draft' });
    await upload('/api/movie/add', { movie_id: String(movie) });
    await upload('/api/movie/trailer', { movie_id: String(movie) });
    const series = await title({ title: 'Draft Chronicles', kind: 'series', status: 'draft' });
    const made = await admin.post('/api/movie/episode', {
      movie_id: series,
      season_number: 1,
      title: 'Pilot',
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const episode = (await admin.get(`/api/movie/${series}`)).json().seasons[0].episodes[0]
      .episode_id as number;
    await upload('/api/movie/add', { movie_id: String(series), episode_id: String(episode) });
    await waitForJobs(t.app);
    await admin.post('/api/movie/details', {
      movie_id: published,
      title: 'Open Harbour',
      status: 'published',
    });

    const statuses = await t.app.container.database.db
      .selectFrom('titles')
      .select(['movie_id', 'status'])
      .where('movie_id', 'in', [published, movie, series])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.movie_id, row.status]))).toEqual({
      [published]: 'published',
      [movie]: expect.not.stringMatching(/^published$/),
      [series]: expect.not.stringMatching(/^published$/),
    });
    draftMovie = { movie, episode };
    draftSeries = { movie: series, episode };
    // Ids past every one made: they never existed.
    never = { movie: Math.max(published, movie, series) + 1000, episode: episode + 1000 };

    viewer = await trialViewer(t.app, '+998907770011');
    playback = await startPlayback(viewer, published);
  });
  afterAll(() => t.close());

  for (const [name, draft] of [
    ['a draft movie with its video and trailer', () => draftMovie],
    ['a draft series with an episode', () => draftSeries],
  ] as const) {
    it(`answers ${name} as an id that never existed, signed in and signed out`, async () => {
      const visitor = new TestClient(t.app);
      const differences: unknown[] = [];
      for (const [who, client] of [
        ['viewer', viewer],
        ['visitor', visitor],
      ] as const) {
        const unknown = viewerCalls(never, playback);
        for (const [i, [method, url, json]] of viewerCalls(draft(), playback).entries()) {
          const [, unknownUrl, unknownJson] = unknown[i]!;
          const send = (to: string, body: unknown) =>
            client.request(method, to, body === undefined ? {} : { json: body });
          const [drafted, unknownAnswer] = [
            seen(await send(url, json)),
            seen(await send(unknownUrl, unknownJson)),
          ];
          if (JSON.stringify(drafted) !== JSON.stringify(unknownAnswer))
            differences.push({ call: `${who}: ${method} ${url}`, draft: drafted, never: unknownAnswer });
        }
      }
      expect(differences).toEqual([]);
    });
  }
});
