import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { TitleRecords } from '../../catalog/module.js';
import type { JobQueue } from '../jobs/queue.js';
import type { WorkerLog } from '../jobs/worker.js';
import type { MovieMediaService } from '../pipeline/media-service.js';
import type { MovieService } from '../title-admin/service.js';
import type { TitleTranslationService } from '../title-admin/translations.js';
import type { FilmSpec } from './demo-film-layers.js';
import type { DemoVideo } from './demo-footage.js';
import { type DemoTitle, demoTitles } from './demo-titles.js';
import { DEMO_TRANSLATIONS } from './demo-translations.js';

/** What the demo catalogue is made through: the catalogue's titles, the title editor and the media pipeline. */
export interface DemoMakers {
  titles: TitleRecords;
  movies: MovieService;
  movieMedia: MovieMediaService;
  translations: TitleTranslationService;
  queue: JobQueue;
}

/** Lengths and frame of the demo videos (the tests make tiny ones). */
export interface DemoSettings {
  /** Each shared film: a feature plays it whole, an episode after its opening card. */
  filmSeconds: number;
  trailerSeconds: number;
  /** An episode's opening card and a trailer's closing title. */
  cardSeconds: number;
  width: number;
  height: number;
}

/**
 * A minute per film at 854x480: the ladder makes one 480p rendition (never above the source), which keeps every
 * demo job within the first-start budget on two cores (README, "Demo catalogue").
 */
export const DEMO_SETTINGS: DemoSettings = {
  filmSeconds: 60,
  trailerSeconds: 16,
  cardSeconds: 4,
  width: 854,
  height: 480,
};

/**
 * Job order: the hero's art, then its film (the first title plays within a minute), the other titles' art, the
 * hero's trailer, then the other videos, trailers last. Admin uploads (priority 0 and 1) go before the demo's videos.
 */
const PRIORITY = { heroArt: 20, heroVideo: 15, art: 10, heroTrailer: 5, video: -1, trailer: -2 } as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function dateIn(clock: Clock, days: number): string {
  return new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

interface Seeded {
  id: number;
  demo: DemoTitle;
  episodes: { id: number; season: number; number: number; title: string }[];
}

async function createTitle(
  modules: DemoMakers,
  clock: Clock,
  demo: DemoTitle,
  index: number,
): Promise<Seeded> {
  const { movies } = modules;
  // The demo catalogue is the system's doing: its changes are logged without an admin (null).
  const id = (await movies.create(null)).movie_id;
  await movies.updateDetails(
    {
      movie_id: id,
      title: demo.title,
      kind: demo.kind,
      genres: demo.genres,
      tags: demo.tags,
      cast: demo.cast,
      description: demo.description,
      tagline: demo.tagline,
      year: demo.year,
      age_rating: demo.age_rating,
      release_date: demo.releaseInDays ? dateIn(clock, demo.releaseInDays) : dateIn(clock, -30 - index * 20),
      collections: demo.collections,
      featured: demo.featured ?? false,
    },
    null,
  );
  for (const [language, text] of Object.entries(DEMO_TRANSLATIONS[demo.title] ?? {})) {
    await modules.translations.save(
      {
        movie_id: id,
        language,
        title: text.title,
        description: `<p>${escapeXml(text.description)}</p>`,
        tagline: text.tagline,
        cast: text.cast ?? [],
      },
      null,
    );
  }
  // Listed at once, before the worker has made its films: the demo fills in as they become ready. An admin
  // publishes only a title that can be played (MovieService).
  await modules.titles.transition(id, ['draft'], 'published');
  const episodes: Seeded['episodes'] = [];
  for (const [s, names] of (demo.seasons ?? []).entries()) {
    for (const [e, name] of names.entries()) {
      const movie = await movies.addEpisode(
        {
          movie_id: id,
          season_number: s + 1,
          number: e + 1,
          title: name,
          description: `<p>Season ${s + 1}, episode ${e + 1} of ${escapeXml(demo.title)}.</p>`,
        },
        null,
      );
      const episode = movie.seasons
        .find((x) => x.number === s + 1)!
        .episodes.find((x) => x.number === e + 1)!;
      episodes.push({ id: episode.episode_id, season: s + 1, number: e + 1, title: name });
    }
  }
  return { id, demo, episodes };
}

/** The videos a demo title gets: its feature or episodes, and its trailer. */
export function demoVideosOf(demo: DemoTitle, settings: DemoSettings, episodes: Seeded['episodes'] = []) {
  const film: FilmSpec = {
    mood: demo.film,
    seconds: settings.filmSeconds,
    width: settings.width,
    height: settings.height,
  };
  const videos: { episodeId?: number; kind: 'video' | 'trailer'; video: DemoVideo }[] = [];
  if (demo.kind === 'movie') videos.push({ kind: 'video', video: { kind: 'feature', film } });
  for (const episode of episodes) {
    videos.push({
      episodeId: episode.id,
      kind: 'video',
      video: {
        kind: 'episode',
        film,
        title: demo.title,
        season: episode.season,
        episode: episode.number,
        episodeTitle: episode.title,
        cardSeconds: settings.cardSeconds,
      },
    });
  }
  if (demo.trailer) {
    const trailer: DemoVideo = {
      kind: 'trailer',
      film,
      title: demo.title,
      seconds: settings.trailerSeconds,
      endSeconds: Math.min(settings.cardSeconds, settings.trailerSeconds / 4),
    };
    videos.push({ kind: 'trailer', video: trailer });
  }
  return videos;
}

/**
 * Adds the demo catalogue to an empty titles table: published movies, serials with episodes, kids titles,
 * upcoming and featured ones. Their art and videos are made by the worker in the background (durable jobs), so
 * titles fill in as their jobs finish. The list's first title is created last: the newest, it leads the rows
 * and the home page's hero.
 */
export async function seedDemoCatalog(
  modules: DemoMakers,
  clock: Clock,
  log: WorkerLog,
  settings: DemoSettings,
): Promise<void> {
  if ((await modules.titles.count()) > 0) return;
  const seeded: Seeded[] = [];
  for (let i = demoTitles.length - 1; i >= 0; i--)
    seeded.unshift(await createTitle(modules, clock, demoTitles[i]!, i));
  const { queue } = modules;
  for (const [i, title] of seeded.entries()) {
    await queue.enqueue('demo_art', title.id, { priority: i === 0 ? PRIORITY.heroArt : PRIORITY.art });
    for (const { episodeId, kind, video } of demoVideosOf(title.demo, settings, title.episodes)) {
      const hero = i === 0;
      const priority =
        kind === 'trailer'
          ? hero
            ? PRIORITY.heroTrailer
            : PRIORITY.trailer
          : hero
            ? PRIORITY.heroVideo
            : PRIORITY.video;
      await modules.movieMedia.attachGenerated(title.id, episodeId, kind, JSON.stringify(video), priority);
    }
  }
  log.info(
    { titles: demoTitles.length },
    'seeded the demo catalogue; its art and videos are made in the background',
  );
}
