import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { xsrfHeaders } from './helpers';

/** Titles with real media for the players' specs, made through the admin API (an admin's request context). */

interface AssetState {
  status: string;
}
export interface MovieState {
  trailer: AssetState | null;
  video: AssetState | null;
  seasons: { episodes: { episode_id: number; number: number; video: AssetState | null }[] }[];
}

/** Uploads a title's (or an episode's) video, or the title's trailer. */
export async function upload(
  admin: APIRequestContext,
  endpoint: 'add' | 'trailer',
  movieId: number,
  file: string,
  episodeId?: number,
): Promise<void> {
  const reply = await admin.post(`/api/movie/${endpoint}`, {
    headers: await xsrfHeaders(admin),
    multipart: {
      movie_id: String(movieId),
      ...(episodeId ? { episode_id: String(episodeId) } : {}),
      file: { name: path.basename(file), mimeType: 'video/mp4', buffer: fs.readFileSync(file) },
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

export async function movieState(admin: APIRequestContext, movieId: number): Promise<MovieState> {
  return (await (await admin.get(`/api/movie/${movieId}`)).json()) as MovieState;
}

/** Adds episodes to season 1 of a series; their ids in order. */
export async function addEpisodes(
  admin: APIRequestContext,
  movieId: number,
  episodes: { title: string; description?: string }[],
): Promise<number[]> {
  for (const episode of episodes) {
    const added = await admin.post('/api/movie/episode', {
      headers: await xsrfHeaders(admin),
      data: { movie_id: movieId, season_number: 1, ...episode },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const made = (await movieState(admin, movieId)).seasons[0]!.episodes;
  return [...made].sort((a, b) => a.number - b.number).map((e) => e.episode_id);
}

export async function mediaReady(admin: APIRequestContext, movieId: number, title: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const movie = await movieState(admin, movieId);
        const assets = [
          movie.trailer,
          movie.video,
          ...movie.seasons.flatMap((s) => s.episodes.map((e) => e.video)),
        ].filter((a): a is AssetState => a !== null);
        return assets.length > 0 && assets.every((a) => a.status === 'ready');
      },
      { timeout: 120_000, message: `the media of ${title} is transcoded` },
    )
    .toBe(true);
}

/** Publishes a title once its media is transcoded. */
export async function publish(admin: APIRequestContext, movieId: number, title: string): Promise<void> {
  await mediaReady(admin, movieId, title);
  const published = await admin.post('/api/movie/details', {
    headers: await xsrfHeaders(admin),
    data: { movie_id: movieId, title, status: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
}

/** Where a video is now, in seconds. */
export const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Marks on each video of the page's documents the first position it played from, whatever it does afterwards. */
export async function recordFirstPlayedAt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const target = event.target as HTMLVideoElement;
        target.dataset.firstPlayedAt ??= String(target.currentTime);
      },
      true,
    );
  });
}

/** The first position `video` played from (`recordFirstPlayedAt`), once it has played. */
export async function firstPlayedAt(video: Locator, timeout?: number): Promise<number> {
  await expect.poll(() => video.getAttribute('data-first-played-at'), { timeout }).not.toBeNull();
  return Number(await video.getAttribute('data-first-played-at'));
}
