import type { Job } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import type { MovieMediaService } from '../pipeline/media-service.js';
import type { MovieService } from '../title-admin/service.js';
import { bannerSvg, posterSvg, renderPng, stillSvg } from './demo-art.js';
import { artTitleOf, demoTitles } from './demo-titles.js';

/**
 * The `demo_art` job: banner, poster and episode stills of a demo title, drawn as SVG scenes and stored through
 * the same image path as an admin's upload (WebP at each size). The banner comes first: the hero shows it.
 */
export class DemoArtHandler implements JobHandler {
  constructor(private readonly services: { movies: MovieService; movieMedia: MovieMediaService }) {}

  async run(job: Job): Promise<void> {
    const { movies, movieMedia } = this.services;
    const movie = await movies.get(job.targetId).catch(() => undefined);
    if (!movie || !demoTitles.some((d) => d.title === movie.title)) return; // deleted or renamed since
    const art = artTitleOf(movie.title);
    if (!movie.banner)
      await movieMedia.setImage(movie.movie_id, undefined, 'banner', await renderPng(bannerSvg(art)), null);
    if (!movie.thumbnail)
      await movieMedia.setImage(
        movie.movie_id,
        undefined,
        'thumbnail',
        await renderPng(posterSvg(art)),
        null,
      );
    for (const season of movie.seasons) {
      for (const episode of season.episodes) {
        if (episode.thumbnail) continue;
        const still = await renderPng(stillSvg(art, season.number, episode.number));
        await movieMedia.setImage(movie.movie_id, episode.episode_id, 'thumbnail', still, null);
      }
    }
  }

  async failed(): Promise<void> {}
}
