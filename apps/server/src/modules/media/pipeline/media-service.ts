import type { Movie } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AuditActor } from '../../../platform/audit/service.js';
import { renderImageSizes } from '../../../platform/images.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type {
  AssetRecords,
  EpisodeRecords,
  EpisodeRow,
  TitleRecords,
  TitleRow,
} from '../../catalog/module.js';
import { imageKeys, type StoredImageSize } from '../../catalog/module.js';
import type { MediaTools } from '../ffmpeg/tools.js';
import type { JobQueue } from '../jobs/queue.js';
import { toWebVtt } from '../subtitles.js';
import { type MovieService, removeAssetFiles } from '../title-admin/service.js';
import type { TitleMediaState } from './media-state.js';
import { checkVideoFile } from './video-check.js';

export const IMAGE_BOXES = {
  banner: [
    { width: 640, height: 360 },
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ],
  thumbnail: [
    { width: 200, height: 300 },
    { width: 400, height: 600 },
    { width: 600, height: 900 },
  ],
} as const;

export type ImageSlot = keyof typeof IMAGE_BOXES;
export type VideoKind = 'video' | 'trailer';

export interface IncomingVideo {
  /** A finished temporary file on the data disk; it is moved into place or left for the caller to delete. */
  path: string;
  size: number;
  originalName: string | undefined;
}

/**
 * "A job was queued": lets an upload wake the in-process worker at once instead of at its next poll. A process
 * without a worker (WORKER_IN_PROCESS=false) has no listener, and its jobs wait for the worker's poll.
 */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): void {
    this.listeners.add(listener);
  }

  wake(): void {
    for (const listener of this.listeners) listener();
  }
}

/** "pt-br" -> "pt-BR", "EN" -> "en": the BCP 47 spelling players expect. */
export function normaliseLanguage(code: string): string {
  const [primary = '', ...rest] = code.trim().split('-');
  return [primary.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join(
    '-',
  );
}

/** Images, videos, trailers and subtitles of titles and episodes. */
export class MovieMediaService {
  constructor(
    private readonly movies: MovieService,
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly assets: AssetRecords,
    private readonly state: TitleMediaState,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly tools: MediaTools,
    private readonly languageLabel: (code: string) => Promise<string | undefined>,
    private readonly clock: Clock,
    private readonly jobs: JobSignal,
  ) {}

  /** 404 for an unknown movie or episode, 400 for a combination that cannot be (a trailer of an episode). */
  async target(
    movieId: number,
    episodeId: number | undefined,
    kind?: VideoKind,
  ): Promise<{ title: TitleRow; episode?: EpisodeRow }> {
    const title = await this.movies.require(movieId);
    if (episodeId === undefined) return { title };
    if (kind === 'trailer')
      throw badRequest('Trailers belong to the title', { episode_id: 'Leave it out for a trailer' });
    return { title, episode: await this.movies.requireEpisode(movieId, episodeId) };
  }

  setImage(
    movieId: number,
    episodeId: number | undefined,
    slot: ImageSlot,
    upload: Buffer,
    actor: AuditActor,
  ): Promise<Movie> {
    return this.movies.audited(actor, `set_${slot}`, movieId, () =>
      this.storeImage(movieId, episodeId, slot, upload),
    );
  }

  private async storeImage(
    movieId: number,
    episodeId: number | undefined,
    slot: ImageSlot,
    upload: Buffer,
  ): Promise<Movie> {
    const { title, episode } = await this.target(movieId, episodeId);
    if (episode && slot !== 'thumbnail')
      throw badRequest('Episodes have a thumbnail only', { episode_id: 'Not for a banner' });
    const sizes = await renderImageSizes(upload, 'file', IMAGE_BOXES[slot]);
    const base = `images/titles/m${title.movie_id}-${episode ? `e${episode.episode_id}-` : ''}${slot}-${randomToken(9)}`;
    const stored: StoredImageSize[] = [];
    for (const size of sizes) {
      const key = `${base}-${size.width}.webp`;
      await this.storage.put(key, size.data);
      stored.push({ key, width: size.width, height: size.height });
    }
    const value = JSON.stringify(stored);
    const now = this.clock.now().toISOString();
    const previous = episode ? episode.thumbnail : title[slot];
    if (episode) await this.episodes.updateEpisode(episode.episode_id, { thumbnail: value, updated_at: now });
    else await this.titles.update(title.movie_id, { [slot]: value, updated_at: now });
    for (const key of imageKeys(previous)) await this.storage.remove(key);
    return this.movies.get(title.movie_id);
  }

  /** Checks the file, moves it into place, replaces the old asset and queues the transcode. */
  attachVideo(
    movieId: number,
    episodeId: number | undefined,
    kind: VideoKind,
    file: IncomingVideo,
    actor: AuditActor,
  ): Promise<Movie> {
    return this.movies.audited(actor, `upload_${kind}`, movieId, () =>
      this.storeVideo(movieId, episodeId, kind, file),
    );
  }

  private async storeVideo(
    movieId: number,
    episodeId: number | undefined,
    kind: VideoKind,
    file: IncomingVideo,
  ): Promise<Movie> {
    const { title, episode } = await this.target(movieId, episodeId, kind);
    if (kind === 'video' && !episode && title.kind === 'series') {
      throw badRequest('A serial plays its episodes', {
        episode_id: 'Choose the episode this video belongs to',
      });
    }
    const checked = await checkVideoFile(this.tools, file.path);
    const sourceKey = `sources/m${title.movie_id}-${kind}-${randomToken(9)}.${checked.extension}`;
    await this.storage.moveIn(sourceKey, file.path);
    const now = this.clock.now().toISOString();
    let assetId: number | undefined;
    try {
      const asset = await this.assets.insert({
        movie_id: title.movie_id,
        episode_id: episode?.episode_id ?? null,
        kind,
        status: 'queued',
        source_key: sourceKey,
        original_name: file.originalName?.slice(0, 255) ?? null,
        size_bytes: file.size,
        duration_seconds: checked.probe.duration || null,
        width: checked.probe.video?.width ?? null,
        height: checked.probe.video?.height ?? null,
        renditions: '[]',
        progress: 0,
        created_at: now,
        updated_at: now,
      });
      assetId = asset.asset_id;
      const previousId = episode
        ? episode.video_asset_id
        : kind === 'video'
          ? title.video_asset_id
          : title.trailer_asset_id;
      if (episode)
        await this.episodes.updateEpisode(episode.episode_id, { video_asset_id: assetId, updated_at: now });
      else
        await this.titles.update(title.movie_id, {
          [kind === 'video' ? 'video_asset_id' : 'trailer_asset_id']: assetId,
        });
      await this.queue.enqueue('transcode', assetId, { priority: kind === 'video' ? 1 : 0 });
      if (previousId !== null) await this.removeAsset(previousId);
    } catch (error) {
      if (assetId !== undefined) await this.assets.delete(assetId).catch(() => {});
      await this.storage.remove(sourceKey);
      throw error;
    }
    await this.state.settle(title.movie_id);
    this.jobs.wake();
    return this.movies.get(title.movie_id);
  }

  /**
   * A demo video or trailer: the worker makes its source from `generator` (../demo/demo-footage.ts), then
   * transcodes it like an upload; `priority` orders the demo's jobs.
   */
  async attachGenerated(
    movieId: number,
    episodeId: number | undefined,
    kind: VideoKind,
    generator: string,
    priority: number,
  ): Promise<void> {
    const { title, episode } = await this.target(movieId, episodeId, kind);
    const now = this.clock.now().toISOString();
    const asset = await this.assets.insert({
      movie_id: title.movie_id,
      episode_id: episode?.episode_id ?? null,
      kind,
      status: 'queued',
      source_key: null,
      generator,
      original_name: null,
      size_bytes: 0,
      renditions: '[]',
      progress: 0,
      created_at: now,
      updated_at: now,
    });
    if (episode) await this.episodes.updateEpisode(episode.episode_id, { video_asset_id: asset.asset_id });
    else
      await this.titles.update(title.movie_id, {
        [kind === 'video' ? 'video_asset_id' : 'trailer_asset_id']: asset.asset_id,
      });
    await this.queue.enqueue('transcode', asset.asset_id, { priority });
    await this.state.settle(title.movie_id);
    this.jobs.wake();
  }

  addSubtitle(
    movieId: number,
    episodeId: number | undefined,
    language: string,
    upload: Buffer,
    actor: AuditActor,
  ): Promise<Movie> {
    return this.movies.audited(actor, 'add_subtitle', movieId, () =>
      this.storeSubtitle(movieId, episodeId, language, upload),
    );
  }

  private async storeSubtitle(
    movieId: number,
    episodeId: number | undefined,
    language: string,
    upload: Buffer,
  ): Promise<Movie> {
    const { title, episode } = await this.target(movieId, episodeId);
    const code = normaliseLanguage(language);
    const label = await this.labelFor(code);
    const vtt = toWebVtt(upload);
    const key = `subtitles/m${title.movie_id}-${episode ? `e${episode.episode_id}-` : ''}${code}-${randomToken(9)}.vtt`;
    await this.storage.put(key, Buffer.from(vtt, 'utf8'));
    const target = episode?.episode_id ?? 0;
    const previous = await this.assets.findSubtitleFor(title.movie_id, target, code);
    if (previous) {
      await this.assets.deleteSubtitle(previous.subtitle_id);
      await this.storage.remove(previous.file_key);
    }
    try {
      await this.assets.insertSubtitle({
        movie_id: title.movie_id,
        episode_id: target,
        language: code,
        label,
        file_key: key,
        created_at: this.clock.now().toISOString(),
      });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    return this.movies.get(title.movie_id);
  }

  async deleteSubtitle(subtitleId: number, actor: AuditActor): Promise<Movie> {
    const subtitle = await this.assets.findSubtitle(subtitleId);
    if (!subtitle) throw notFound('This subtitle does not exist');
    return this.movies.audited(actor, 'delete_subtitle', subtitle.movie_id, async () => {
      await this.assets.deleteSubtitle(subtitleId);
      await this.storage.remove(subtitle.file_key);
      return this.movies.get(subtitle.movie_id);
    });
  }

  private async labelFor(code: string): Promise<string> {
    const known = await this.languageLabel(code.split('-')[0]!);
    if (known) return known;
    try {
      const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
      if (name) return name;
    } catch {
      // not a language code Intl knows
    }
    throw badRequest('Unknown language', { language: 'Use a language code such as En, Uz or Ru' });
  }

  private async removeAsset(assetId: number): Promise<void> {
    const asset = await this.assets.findById(assetId);
    if (!asset) return;
    await this.queue.removeForTarget('transcode', assetId);
    await this.assets.delete(assetId);
    await removeAssetFiles(this.storage, asset);
  }
}
