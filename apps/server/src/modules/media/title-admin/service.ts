import type {
  EpisodeBody,
  ListPage,
  Movie,
  MovieDetailsBody,
  MovieListItem,
  MovieListQuery,
} from '@salomtv/contract';
import { displayGenre, movieListQuerySchema, publishBlocker } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { cleanRichText } from '../../../lib/rich-text.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type {
  AssetRecords,
  AssetRow,
  AudioTrackRecords,
  AudioTrackRow,
  EpisodeRecords,
  EpisodeRow,
  TitleRecords,
  TitleRow,
} from '../../catalog/module.js';
import { imageKeys, movieAuditView, parseList, presentListItem, presentMovie } from '../../catalog/module.js';
import type { JobQueue } from '../jobs/queue.js';
import { mediaCondition, requestedStatus, type TitleMediaState } from '../pipeline/media-state.js';

function unique(values: string[], key: (value: string) => string = (v) => v.toLowerCase()): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function searchText(parts: {
  title: string;
  cast: string[];
  genres: string[];
  tags: string[];
}): string {
  return [parts.title, ...parts.cast, ...parts.genres, ...parts.tags].join(' | ').toLowerCase();
}

/** The admin's movie records: drafts, details, listing, episodes and deletion with all media. */
export class MovieService {
  constructor(
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly assets: AssetRecords,
    private readonly audioTracks: AudioTrackRecords,
    private readonly state: TitleMediaState,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs an admin's change of a title (null: it creates one) and writes it to the audit log with the title
   * before and after; a change that throws is not recorded.
   */
  async audited(
    actor: AuditActor,
    action: string,
    movieId: number | null,
    change: () => Promise<Movie>,
  ): Promise<Movie> {
    const before = movieId === null ? null : movieAuditView(await this.get(movieId));
    const after = await change();
    await this.audit.record(actor, action, 'title', after.movie_id, before, movieAuditView(after));
    return after;
  }

  create(actor: AuditActor): Promise<Movie> {
    return this.audited(actor, 'create', null, () => this.insertDraft());
  }

  private async insertDraft(): Promise<Movie> {
    const now = this.clock.now().toISOString();
    const row = await this.titles.insert({
      kind: 'movie',
      title: '',
      description: '',
      genres: '[]',
      tags: '[]',
      cast_list: '[]',
      collections: '[]',
      search_text: '',
      status: 'draft',
      size_bytes: 0,
      // No rating until an admin chooses one: an unrated title is kept out of the kids section.
      age_rating: null,
      featured: 0,
      view_count: 0,
      created_at: now,
      updated_at: now,
    });
    return this.get(row.movie_id);
  }

  async get(movieId: number): Promise<Movie> {
    const title = await this.require(movieId);
    const [assets, seasons, episodes, subtitles, audioTracks] = await Promise.all([
      this.assets.listForTitle(movieId),
      this.episodes.listSeasons(movieId),
      this.episodes.listEpisodes(movieId),
      this.assets.listSubtitles(movieId),
      this.audioTracks.listTracks(movieId),
    ]);
    return presentMovie(this.storage, { title, assets, seasons, episodes, subtitles, audioTracks });
  }

  async list(query: MovieListQuery): Promise<ListPage<MovieListItem>> {
    const q = movieListQuerySchema.parse(query);
    const { rows, total } = await this.titles.list({ ...q, search: q.search || undefined });
    return {
      items: rows.map((row) => presentListItem(this.storage, row)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async updateDetails(
    body: MovieDetailsBody,
    actor: AuditActor,
  ): Promise<{ message: 'updated'; movie: Movie }> {
    const movie = await this.audited(actor, 'update', body.movie_id, () => this.saveDetails(body));
    return { message: 'updated', movie };
  }

  private async saveDetails(body: MovieDetailsBody): Promise<Movie> {
    const title = await this.require(body.movie_id);
    const genres = body.genres ? unique(body.genres.map(displayGenre)) : parseList(title.genres);
    const tags = body.tags ? unique(body.tags.map((t) => t.trim())) : parseList(title.tags);
    const cast = body.cast ? unique(body.cast.map((c) => c.trim())) : parseList(title.cast_list);
    const kind = body.kind ?? title.kind;
    if (kind !== title.kind && (await this.hasMediaFor(title, title.kind))) {
      throw badRequest('Remove the videos first', {
        kind: title.kind === 'series' ? 'This serial has episodes' : 'This movie has a video',
      });
    }
    const media = mediaCondition(await this.state.currentAssets(title));
    const status = requestedStatus(title.status, body.status, media);
    if (status === 'published' && title.status !== 'published') {
      const stored = await this.get(title.movie_id);
      const release_date = body.release_date !== undefined ? body.release_date : stored.release_date;
      const blocker = publishBlocker(
        { ...stored, kind, release_date },
        this.clock.now().toISOString().slice(0, 10),
      );
      if (blocker) throw conflict(blocker, { status: blocker });
    }
    const description = body.description === undefined ? title.description : cleanRichText(body.description);
    const tagline = body.tagline ?? title.tagline;
    await this.titles.updateWithGenres(
      title.movie_id,
      {
        title: body.title,
        kind,
        description,
        tagline,
        genres: JSON.stringify(genres),
        tags: JSON.stringify(tags),
        cast_list: JSON.stringify(cast),
        search_text: searchText({ title: body.title, cast, genres, tags }),
        status,
        ...(body.year !== undefined ? { year: body.year } : {}),
        ...(body.age_rating !== undefined ? { age_rating: body.age_rating } : {}),
        ...(body.release_date !== undefined ? { release_date: body.release_date } : {}),
        ...(body.collections !== undefined
          ? { collections: JSON.stringify([...new Set(body.collections)]) }
          : {}),
        ...(body.featured !== undefined ? { featured: body.featured ? 1 : 0 } : {}),
        updated_at: this.clock.now().toISOString(),
      },
      genres.map((g) => g.toLowerCase()),
    );
    return this.get(title.movie_id);
  }

  /** Deletes the title, its rows and every file it owns (images, sources, ladders, previews, subtitles). */
  async delete(movieId: number, actor: AuditActor): Promise<void> {
    const title = await this.require(movieId);
    const before = movieAuditView(await this.get(movieId));
    const [assets, episodes, subtitles, audioTracks] = await Promise.all([
      this.assets.listForTitle(movieId),
      this.episodes.listEpisodes(movieId),
      this.assets.listSubtitles(movieId),
      this.audioTracks.listTracks(movieId),
    ]);
    for (const asset of assets) await this.queue.removeForTarget('transcode', asset.asset_id);
    for (const track of audioTracks) await this.queue.removeForTarget('audio', track.track_id);
    await this.titles.delete(movieId);
    const files = [
      ...imageKeys(title.banner),
      ...imageKeys(title.thumbnail),
      ...episodes.flatMap((e) => imageKeys(e.thumbnail)),
      ...subtitles.map((s) => s.file_key),
    ];
    for (const key of files) await this.storage.remove(key);
    for (const asset of assets) await removeAssetFiles(this.storage, asset);
    for (const track of audioTracks) await removeTrackFiles(this.storage, track);
    await this.audit.record(actor, 'delete', 'title', movieId, before, null);
  }

  /**
   * Deletes a draft nobody has changed since Add movies made it (no title, details, images, media or episodes),
   * when the admin leaves its editor; any other title is kept. Answers whether it was deleted.
   */
  async discardUntouched(movieId: number, actor: AuditActor): Promise<{ discarded: boolean }> {
    const title = await this.titles.findById(movieId);
    if (!title || !(await this.isUntouchedDraft(title))) return { discarded: false };
    await this.delete(movieId, actor);
    return { discarded: true };
  }

  private async isUntouchedDraft(title: TitleRow): Promise<boolean> {
    if (title.status !== 'draft' || title.title !== '' || title.updated_at !== title.created_at) return false;
    if (title.banner || title.thumbnail) return false;
    const lists = await Promise.all([
      this.assets.listForTitle(title.movie_id),
      this.episodes.listSeasons(title.movie_id),
      this.episodes.listEpisodes(title.movie_id),
      this.assets.listSubtitles(title.movie_id),
      this.audioTracks.listTracks(title.movie_id),
    ]);
    return lists.every((list) => list.length === 0);
  }

  addEpisode(body: EpisodeBody, actor: AuditActor): Promise<Movie> {
    return this.audited(actor, 'add_episode', body.movie_id, () => this.insertEpisode(body));
  }

  private async insertEpisode(body: EpisodeBody): Promise<Movie> {
    const title = await this.require(body.movie_id);
    if (title.kind !== 'series')
      throw badRequest('Only a serial has episodes', { movie_id: 'Set the kind to series first' });
    const now = this.clock.now().toISOString();
    const season =
      (await this.episodes.findSeason(title.movie_id, body.season_number)) ??
      (await this.episodes.insertSeason({
        movie_id: title.movie_id,
        number: body.season_number,
        // Unnamed: the apps say "Season 2" in the viewer's language.
        title: '',
        created_at: now,
      }));
    await this.episodes.insertEpisode({
      movie_id: title.movie_id,
      season_id: season.season_id,
      number: body.number ?? (await this.episodes.nextEpisodeNumber(season.season_id)),
      title: body.title,
      description: cleanRichText(body.description ?? ''),
      created_at: now,
      updated_at: now,
    });
    return this.get(title.movie_id);
  }

  updateEpisode(episodeId: number, body: EpisodeBody, actor: AuditActor): Promise<Movie> {
    return this.audited(actor, 'update_episode', body.movie_id, () => this.saveEpisode(episodeId, body));
  }

  private async saveEpisode(episodeId: number, body: EpisodeBody): Promise<Movie> {
    const episode = await this.requireEpisode(body.movie_id, episodeId);
    const now = this.clock.now().toISOString();
    const season =
      (await this.episodes.findSeason(body.movie_id, body.season_number)) ??
      (await this.episodes.insertSeason({
        movie_id: body.movie_id,
        number: body.season_number,
        title: '',
        created_at: now,
      }));
    await this.episodes.updateEpisode(episode.episode_id, {
      season_id: season.season_id,
      number: body.number ?? episode.number,
      title: body.title,
      ...(body.description !== undefined ? { description: cleanRichText(body.description) } : {}),
      updated_at: now,
    });
    await this.episodes.deleteEmptySeasons(body.movie_id);
    return this.get(body.movie_id);
  }

  async deleteEpisode(episodeId: number, actor: AuditActor): Promise<Movie> {
    const episode = await this.episodes.findEpisode(episodeId);
    if (!episode) throw notFound('This episode does not exist');
    return this.audited(actor, 'delete_episode', episode.movie_id, () => this.removeEpisode(episode));
  }

  private async removeEpisode(episode: EpisodeRow): Promise<Movie> {
    const episodeId = episode.episode_id;
    const asset = episode.video_asset_id ? await this.assets.findById(episode.video_asset_id) : undefined;
    const subtitles = await this.assets.listSubtitles(episode.movie_id, episode.episode_id);
    const audioTracks = await this.audioTracks.listTracks(episode.movie_id, episode.episode_id);
    await this.episodes.deleteEpisode(episodeId);
    for (const track of audioTracks) {
      await this.queue.removeForTarget('audio', track.track_id);
      await this.audioTracks.deleteTrack(track.track_id);
      await removeTrackFiles(this.storage, track);
    }
    await this.episodes.deleteEmptySeasons(episode.movie_id);
    for (const subtitle of subtitles) {
      await this.assets.deleteSubtitle(subtitle.subtitle_id);
      await this.storage.remove(subtitle.file_key);
    }
    for (const key of imageKeys(episode.thumbnail)) await this.storage.remove(key);
    if (asset) {
      await this.queue.removeForTarget('transcode', asset.asset_id);
      await this.assets.delete(asset.asset_id);
      await removeAssetFiles(this.storage, asset);
    }
    await this.state.settle(episode.movie_id);
    return this.get(episode.movie_id);
  }

  async require(movieId: number): Promise<TitleRow> {
    const title = await this.titles.findById(movieId);
    if (!title) throw notFound('This movie does not exist');
    return title;
  }

  async requireEpisode(movieId: number, episodeId: number): Promise<EpisodeRow> {
    const episode = await this.episodes.findEpisode(episodeId);
    if (!episode || episode.movie_id !== movieId) throw notFound('This episode does not exist');
    return episode;
  }

  private async hasMediaFor(title: TitleRow, kind: TitleRow['kind']): Promise<boolean> {
    if (kind === 'movie') return title.video_asset_id !== null;
    return (await this.episodes.listEpisodes(title.movie_id)).length > 0;
  }
}

/** Removes an asset's source, ladder, poster and preview files. */
export async function removeAssetFiles(storage: MediaStorage, asset: AssetRow): Promise<void> {
  await storage.remove(asset.source_key);
  await storage.removeTree(asset.hls_key);
  for (const key of imageKeys(asset.poster)) await storage.remove(key);
  await storage.remove(asset.sprite_key);
  await storage.remove(asset.sprite_vtt_key);
}

/** Removes an audio track's own files: an uploaded source and its encoded folder. */
export async function removeTrackFiles(storage: MediaStorage, track: AudioTrackRow): Promise<void> {
  await storage.remove(track.source_key);
  await storage.removeTree(track.hls_key);
}
