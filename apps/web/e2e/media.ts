import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
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
