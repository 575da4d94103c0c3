import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { randomToken } from '../../../lib/tokens.js';
import type { MediaTools } from '../ffmpeg/tools.js';
import type { GeneratedSource, GeneratedSources } from '../pipeline/transcode-handler.js';
import { endCardSvg, episodeCardSvg, renderPng } from './demo-art.js';
import { cardClipArgs, concatList, filmArgs, joinArgs, trailerArgs } from './demo-film.js';
import { type FilmSpec, filmDrawings } from './demo-film-layers.js';
import { FILM_MOODS, MOOD_FILMS } from './demo-films.js';
import { ladderCache } from './demo-ladder-cache.js';
import { artTitleOf } from './demo-titles.js';

/**
 * The demo videos' sources, made when their transcode job runs: one film per mood (rendered once and kept in
 * `cacheDir`), an episode as its opening card then that film, a trailer as cuts of it ending on the title.
 */

const filmSpec = z.object({
  mood: z.enum(FILM_MOODS),
  seconds: z.number().positive(),
  width: z.number().int().min(64),
  height: z.number().int().min(36),
}) satisfies z.ZodType<FilmSpec>;

/** What a demo asset's `generator` column holds. */
export const demoVideoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feature'), film: filmSpec }),
  z.object({
    kind: z.literal('episode'),
    film: filmSpec,
    title: z.string(),
    season: z.number().int(),
    episode: z.number().int(),
    episodeTitle: z.string(),
    cardSeconds: z.number().positive(),
  }),
  z.object({
    kind: z.literal('trailer'),
    film: filmSpec,
    title: z.string(),
    seconds: z.number().positive(),
    endSeconds: z.number().positive(),
  }),
]);
export type DemoVideo = z.infer<typeof demoVideoSchema>;

export class DemoFootage implements GeneratedSources {
  constructor(
    private readonly tools: MediaTools,
    /** Where the films are kept between jobs and restarts (DATA_DIR/demo-films). */
    private readonly cacheDir: string,
  ) {}

  async source(generator: string, workDir: string, signal: AbortSignal): Promise<GeneratedSource> {
    const video = demoVideoSchema.parse(JSON.parse(generator));
    await fs.mkdir(workDir, { recursive: true });
    const release = () => fs.rm(workDir, { recursive: true, force: true });
    try {
      const film = await this.film(video.film, workDir, signal);
      if (video.kind === 'feature') {
        const ladder = ladderCache(path.join(this.cacheDir, `${film.key}-ladder-alternate-audio`));
        return { path: film.path, ladder, release };
      }
      const output = path.join(workDir, 'source.mp4');
      const card = path.join(workDir, 'card.png');
      const title = artTitleOf(video.title);
      const { width, height } = video.film;
      if (video.kind === 'episode') {
        const svg = episodeCardSvg(title, video.season, video.episode, video.episodeTitle, width, height);
        await fs.writeFile(card, await renderPng(svg));
        const opening = path.join(workDir, 'card.mp4');
        const music = MOOD_FILMS[video.film.mood].music;
        await this.tools.renderDemo(cardClipArgs(card, video.cardSeconds, music, opening), workDir, signal);
        const list = path.join(workDir, 'join.txt');
        await fs.writeFile(list, concatList([opening, film.path]));
        await this.tools.renderDemo(joinArgs(list, output), workDir, signal);
      } else {
        await fs.writeFile(card, await renderPng(endCardSvg(title, width, height)));
        const cuts = trailerCuts(video.film.seconds, video.seconds - video.endSeconds);
        const args = trailerArgs(film.path, cuts, card, video.endSeconds, output);
        await this.tools.renderDemo(args, workDir, signal);
      }
      return { path: output, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** The mood's film at this length and size: from the cache, else drawn and rendered in `workDir`, then kept. */
  private async film(spec: FilmSpec, workDir: string, signal: AbortSignal) {
    const drawn = filmDrawings(spec, (await this.tools.binaries()).ffmpeg.version);
    const file = path.join(this.cacheDir, `${drawn.key}.mp4`);
    const kept = await fs.stat(file).then(
      (stat) => stat.size > 0,
      () => false,
    );
    if (kept) return { path: file, key: drawn.key };
    const layerFile = (s: number, l: number) => path.join(workDir, `s${s}-l${l}.png`);
    const vignette = path.join(workDir, 'vignette.png');
    await Promise.all([
      ...drawn.scenes.flatMap((layers, s) =>
        layers.map(async (layer, l) => fs.writeFile(layerFile(s, l), await renderPng(layer.svg))),
      ),
      renderPng(drawn.vignette).then((png) => fs.writeFile(vignette, png)),
    ]);
    const output = path.join(workDir, 'film.mp4');
    await this.tools.renderDemo(filmArgs(drawn.plan(layerFile, vignette), output), workDir, signal);
    await fs.mkdir(this.cacheDir, { recursive: true });
    // By a temporary name in the cache's own folder, then renamed: a film is there whole or not at all.
    const partial = path.join(this.cacheDir, `${drawn.key}.${randomToken(4)}.part`);
    await fs.copyFile(output, partial);
    await fs.rename(partial, file);
    return { path: file, key: drawn.key };
  }
}

/** Where a trailer's cuts come from: one moment in each scene of the film, `total` seconds in all. */
export function trailerCuts(filmLength: number, total: number): { start: number; seconds: number }[] {
  const count = 4;
  const seconds = total / count;
  return Array.from({ length: count }, (_, i) => ({
    start: Math.max(0, Math.min(filmLength - seconds, (filmLength * (i + 0.35)) / count)),
    seconds,
  }));
}

/** The length of a demo video as seeded: features and episodes run at least the film's length. */
export function demoVideoSeconds(video: DemoVideo): number {
  if (video.kind === 'feature') return video.film.seconds;
  if (video.kind === 'episode') return video.cardSeconds + video.film.seconds;
  return video.seconds;
}
