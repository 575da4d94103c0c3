import { type Clock, DAY_MS } from '../../lib/clock.js';
import type { DemoClip } from '../../media/ffmpeg/tools.js';
import type { Job } from '../../media/jobs/queue.js';
import type { JobHandler, WorkerLog } from '../../media/jobs/worker.js';
import type { CatalogModules } from '../../modules/media/compose.js';
import { type DemoTitle, demoTitles } from './demo-titles.js';

const PATTERNS: DemoClip['pattern'][] = ['testsrc2', 'smptebars', 'testsrc', 'rgbtestsrc'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a title into at most three lines that fit the art. */
function lines(text: string, perLine: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last && `${last} ${word}`.length <= perLine) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
}

/** Title art: the name on a diagonal gradient, with a small caption. */
export function artSvg(
  width: number,
  height: number,
  title: string,
  caption: string,
  colors: [string, string],
): string {
  const size = Math.round(Math.min(width / 9, height / 6));
  const rows = lines(title, Math.max(8, Math.floor(width / (size * 0.62))));
  const top = height / 2 - ((rows.length - 1) * size * 1.15) / 2;
  const text = rows
    .map(
      (row, i) =>
        `<text x="${width / 2}" y="${Math.round(top + i * size * 1.15)}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(row)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect width="${width}" height="${height}" fill="#000" opacity="0.18"/>${text}
<text x="${width / 2}" y="${height - size * 0.8}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.38)}" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
}

async function png(svg: string): Promise<Buffer> {
  // sharp loads on first use: a server start that seeds nothing does not pay for it (bench/README.md).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}

function dateIn(clock: Clock, days: number): string {
  return new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

async function seedTitle(
  modules: CatalogModules,
  clock: Clock,
  demo: DemoTitle,
  index: number,
): Promise<void> {
  const { movies, movieMedia } = modules.services;
  // The demo catalogue is the system's doing: its changes are logged without an admin (null).
  const created = await movies.create(null);
  const id = created.movie_id;
  await movies.updateDetails(
    {
      movie_id: id,
      title: demo.title,
      kind: demo.kind,
      genres: demo.genres,
      tags: demo.tags,
      cast: demo.cast,
      description: demo.description,
      year: demo.year,
      age_rating: demo.age_rating,
      release_date: demo.releaseInDays ? dateIn(clock, demo.releaseInDays) : dateIn(clock, -30 - index * 20),
      collections: demo.collections,
      featured: demo.featured ?? false,
    },
    null,
  );
  // Listed at once, before the worker has made its clips: the demo fills in as they become ready. An admin
  // publishes only a title that can be played (MovieService).
  await modules.repos.titles.transition(id, ['draft'], 'published');
  // The art is rendered by the worker first (a durable job), so the first start is not held up by it.
  await modules.media.queue.enqueue('demo_art', id, { priority: 10 });
  const clip = (seconds: number, width: number, height: number, salt: number): DemoClip => ({
    pattern: PATTERNS[(index + salt) % PATTERNS.length]!,
    seconds,
    width,
    height,
    frequency: 220 + ((index * 70 + salt * 30) % 660),
  });
  if (demo.trailer) await movieMedia.attachGenerated(id, undefined, 'trailer', clip(2, 320, 180, 1));
  if (demo.kind === 'movie') {
    await movieMedia.attachGenerated(id, undefined, 'video', clip(3 + (index % 2), 640, 360, 0));
    return;
  }
  for (const [s, episodes] of (demo.seasons ?? []).entries()) {
    for (const [e, name] of episodes.entries()) {
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
      await movieMedia.attachGenerated(id, episode.episode_id, 'video', clip(2 + (e % 2), 640, 360, s + e));
    }
  }
}

/**
 * The `demo_art` job: poster and banner of a demo title (and its episodes' thumbnails), drawn as SVG and
 * stored through the same image path as an admin's upload.
 */
export class DemoArtHandler implements JobHandler {
  constructor(private readonly modules: CatalogModules) {}

  async run(job: Job): Promise<void> {
    const { movies, movieMedia } = this.modules.services;
    const movie = await movies.get(job.targetId).catch(() => undefined);
    const demo = demoTitles.find((d) => d.title === movie?.title);
    if (!movie || !demo) return; // deleted or renamed since: nothing to draw
    const caption = `${demo.genres.slice(0, 2).join(' · ')} · ${demo.year}`;
    if (!movie.thumbnail) {
      await movieMedia.setImage(
        movie.movie_id,
        undefined,
        'thumbnail',
        await png(artSvg(600, 900, demo.title, caption, demo.colors)),
        null,
      );
    }
    if (!movie.banner) {
      await movieMedia.setImage(
        movie.movie_id,
        undefined,
        'banner',
        await png(artSvg(1280, 720, demo.title, caption, demo.colors)),
        null,
      );
    }
    for (const season of movie.seasons) {
      for (const episode of season.episodes) {
        if (episode.thumbnail) continue;
        const art = artSvg(
          640,
          360,
          episode.title,
          `${demo.title} · S${season.number} E${episode.number}`,
          demo.colors,
        );
        await movieMedia.setImage(movie.movie_id, episode.episode_id, 'thumbnail', await png(art), null);
      }
    }
  }

  async failed(): Promise<void> {}
}

/**
 * Adds the demo catalogue to an empty titles table: published movies, serials with episodes, kids titles,
 * upcoming and featured ones. Their art, and their clips (rendered from ffmpeg's test sources and
 * transcoded), are made by the worker in the background, so titles fill in as their jobs finish.
 */
export async function seedDemoCatalog(modules: CatalogModules, clock: Clock, log: WorkerLog): Promise<void> {
  if ((await modules.repos.titles.count()) > 0) return;
  for (const [index, demo] of demoTitles.entries()) await seedTitle(modules, clock, demo, index);
  log.info(
    { titles: demoTitles.length },
    'seeded the demo catalogue; its art and videos are made in the background',
  );
}
