import {
  averageStars,
  CONTINUE_WATCHING_LIMIT,
  type ContinueWatchingReply,
  FINISHED_SHARE,
  type LibraryListReply,
  type LibraryStateReply,
  type ProgressBody,
  type ProgressReply,
  type RatingBody,
  type RatingReply,
  type TitleCard,
  VIEW_AFTER_SECONDS,
  VIEW_AFTER_SHARE,
  withinMaturity,
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import type { PlayableEpisode } from '../titles/episode-repo.js';
import type { TitleRow } from '../titles/repo.js';
import type { LibraryRepo, ListTable, ProgressRow, ProgressScope } from './repo.js';

/** Builds catalogue cards from title rows (the catalogue's presenter), locked as the viewer's plan says. */
export interface CardPresenter {
  cards(rows: TitleRow[], viewer: SessionUser | number, lang?: string): Promise<TitleCard[]>;
}

/** The playable episodes of series, each series' in viewing order. */
export interface EpisodeOrder {
  playableInOrder(movieIds: number[]): Promise<PlayableEpisode[]>;
}

export interface LibraryDeps {
  repo: LibraryRepo;
  presenter: CardPresenter;
  episodes: EpisodeOrder;
  clock: Clock;
}

/** Where a title goes on for a viewer: one of its saved rows, or the start of the next episode. */
interface ResumePoint {
  episodeId: number | null;
  position: number;
  duration: number;
  finished: boolean;
  upNext: boolean;
  updatedAt: string;
}

/**
 * Who calls: the signed-in session (ids in bodies are always titles, never users or profiles). The rows are its
 * profile's; titles above its maturity ceiling are as if they did not exist.
 */
export type LibraryViewer = SessionUser;

/** Whether a saved position is "finished": at least 95% of the duration. */
export function isFinished(positionSeconds: number, durationSeconds: number): boolean {
  // A microsecond of slack, so exactly 95% is not lost to floating point (0.95 * 333 = 316.34999...).
  return positionSeconds >= FINISHED_SHARE * durationSeconds - 1e-6;
}

/** The position from which a viewer's watching counts as a view: 30 s, or 10% of a short clip. */
export function viewThreshold(durationSeconds: number): number {
  return Math.min(VIEW_AFTER_SECONDS, VIEW_AFTER_SHARE * durationSeconds);
}

const pointOf = (row: ProgressRow): ResumePoint => ({
  episodeId: row.episode_id === 0 ? null : row.episode_id,
  position: Number(row.position_seconds),
  duration: Number(row.duration_seconds),
  finished: row.finished === 1,
  upNext: false,
  updatedAt: row.updated_at,
});

/**
 * Where a title goes on from the viewer's rows of it (the latest first): the latest row; for a series whose latest
 * episode is finished, the next playable episode, at its own unfinished position or its start.
 */
export function resumePoint(
  rows: ProgressRow[],
  order: PlayableEpisode[] | undefined,
): ResumePoint | undefined {
  const [latest] = rows;
  if (!latest) return undefined;
  const point = pointOf(latest);
  if (!point.finished || point.episodeId === null || !order) return point;
  const at = order.findIndex((episode) => episode.episode_id === point.episodeId);
  const next = at < 0 ? undefined : order[at + 1];
  if (!next) return point;
  const saved = rows.find((row) => row.episode_id === next.episode_id && row.finished === 0);
  return {
    episodeId: next.episode_id,
    position: saved ? Number(saved.position_seconds) : 0,
    duration: saved ? Number(saved.duration_seconds) : (next.duration_seconds ?? 0),
    finished: false,
    upNext: true,
    updatedAt: point.updatedAt,
  };
}

const byTitle = (episodes: PlayableEpisode[]) => {
  const map = new Map<number, PlayableEpisode[]>();
  for (const episode of episodes) map.set(episode.movie_id, [...(map.get(episode.movie_id) ?? []), episode]);
  return map;
};

/** The viewer's watch list, favourites, playback progress and ratings. */
export class LibraryService {
  private readonly repo: LibraryRepo;
  private readonly presenter: CardPresenter;
  private readonly episodes: EpisodeOrder;
  private readonly clock: Clock;

  constructor(deps: LibraryDeps) {
    this.repo = deps.repo;
    this.presenter = deps.presenter;
    this.episodes = deps.episodes;
    this.clock = deps.clock;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** A published title the viewer's profile may see (any other is as if it did not exist); its kind. */
  private async requireVisible(
    viewer: LibraryViewer | undefined,
    movieId: number,
  ): Promise<TitleRow['kind']> {
    const title = await this.repo.publishedTitle(movieId);
    if (title === undefined || !withinMaturity(title.age_rating, viewer?.maturity_ceiling ?? null))
      throw notFound('This title does not exist');
    return title.kind;
  }

  /** Title rows the viewer's profile may see. */
  private visible(viewer: LibraryViewer, rows: TitleRow[]): TitleRow[] {
    return viewer.maturity_ceiling === null
      ? rows
      : rows.filter((row) => withinMaturity(row.age_rating, viewer.maturity_ceiling));
  }

  // ---- Watch list and favourites ----

  async list(table: ListTable, viewer: LibraryViewer, lang?: string): Promise<LibraryListReply> {
    const rows = this.visible(viewer, await this.repo.list(table, viewer));
    return { items: await this.presenter.cards(rows, viewer, lang) };
  }

  async add(table: ListTable, viewer: LibraryViewer, movieId: number): Promise<void> {
    await this.requireVisible(viewer, movieId);
    await this.repo.add(table, viewer, movieId, this.now());
  }

  async remove(table: ListTable, viewer: LibraryViewer, movieId: number): Promise<void> {
    await this.requireVisible(viewer, movieId);
    await this.repo.remove(table, viewer, movieId);
  }

  async state(viewer: LibraryViewer): Promise<LibraryStateReply> {
    const ids = async (table: ListTable) =>
      (await this.repo.ids(table, viewer))
        .filter((row) => withinMaturity(row.age_rating, viewer.maturity_ceiling))
        .map((row) => row.title_id);
    const [watchlist, favourites] = await Promise.all([ids('watchlist'), ids('favourites')]);
    return { watchlist, favourites };
  }

  // ---- Playback progress ----

  /**
   * Saves the viewer's position in a title (or one of its episodes). The first time the viewer passes the
   * view threshold, the title's view count goes up by one; administrators' previews are not counted.
   */
  async saveProgress(viewer: LibraryViewer, body: ProgressBody): Promise<void> {
    const kind = await this.requireVisible(viewer, body.movie_id);
    const episodeId = body.episode_id ?? null;
    if (episodeId === null && kind === 'series') {
      throw badRequest('Say which episode of the series', { episode_id: 'Choose an episode' });
    }
    if (episodeId !== null && !(await this.repo.episodeOf(body.movie_id, episodeId))) {
      throw notFound('This episode does not exist');
    }
    const duration = body.duration_seconds;
    const position = Math.min(body.position_seconds, duration);
    const now = this.now();
    await this.repo.saveProgress({
      user_id: viewer.user_id,
      profile_id: viewer.profile_id,
      title_id: body.movie_id,
      episode_id: episodeId ?? 0,
      position_seconds: position,
      duration_seconds: duration,
      finished: isFinished(position, duration) ? 1 : 0,
      updated_at: now,
    });
    if (viewer.role !== 'admin' && position >= viewThreshold(duration)) {
      await this.repo.recordView(viewer.user_id, body.movie_id, now);
    }
  }

  /**
   * Where a published title goes on for the viewer, with the position in each episode opened; null when the
   * viewer has not watched it yet (nothing is wrong).
   */
  async progress(viewer: LibraryViewer, movieId: number): Promise<ProgressReply | null> {
    const kind = await this.requireVisible(viewer, movieId);
    const rows = await this.repo.progressOf(viewer, movieId);
    const order = kind === 'series' ? await this.episodes.playableInOrder([movieId]) : undefined;
    const point = resumePoint(rows, order);
    if (!point) return null;
    return {
      movie_id: movieId,
      episode_id: point.episodeId,
      position_seconds: point.position,
      duration_seconds: point.duration,
      finished: point.finished,
      up_next: point.upNext,
      updated_at: point.updatedAt,
      episodes: rows
        .filter((row) => row.episode_id !== 0)
        .map((row) => ({
          episode_id: row.episode_id,
          position_seconds: Number(row.position_seconds),
          duration_seconds: Number(row.duration_seconds),
          finished: row.finished === 1,
        })),
    };
  }

  async continueWatching(viewer: LibraryViewer, lang?: string): Promise<ContinueWatchingReply> {
    return this.watching(viewer, viewer, lang);
  }

  /** What every profile of an account is in the middle of (the admin's view of the account). */
  accountContinueWatching(userId: number): Promise<ContinueWatchingReply> {
    return this.watching({ user_id: userId }, userId);
  }

  private async watching(
    scope: ProgressScope,
    asker: LibraryViewer | number,
    lang?: string,
  ): Promise<ContinueWatchingReply> {
    const rows = await this.repo.continueWatching(scope, CONTINUE_WATCHING_LIMIT);
    const titleIds = [...new Set(rows.map((row) => row.title_id))];
    const titles = await this.repo.titles(titleIds);
    const seriesIds = titles.filter((title) => title.kind === 'series').map((title) => title.movie_id);
    const [cardList, order] = await Promise.all([
      this.presenter.cards(typeof asker === 'number' ? titles : this.visible(asker, titles), asker, lang),
      this.episodes.playableInOrder(seriesIds).then(byTitle),
    ]);
    const cards = new Map(cardList.map((card) => [card.movie_id, card]));
    const items: ContinueWatchingReply['items'] = [];
    for (const titleId of titleIds) {
      const card = cards.get(titleId);
      const episodes = order.get(titleId);
      const point = resumePoint(
        rows.filter((row) => row.title_id === titleId),
        episodes,
      );
      if (!card || !point || point.finished || items.length === CONTINUE_WATCHING_LIMIT) continue;
      const episode = episodes?.find((e) => e.episode_id === point.episodeId);
      const share = point.duration > 0 ? point.position / point.duration : 0;
      items.push({
        card,
        episode_id: point.episodeId,
        episode: episode ? { season: episode.season, number: episode.number } : null,
        position_seconds: point.position,
        duration_seconds: point.duration,
        remaining_seconds: Math.max(0, Math.round(point.duration - point.position)),
        percent: Math.min(100, Math.max(0, Math.round(share * 100))),
        up_next: point.upNext,
        updated_at: point.updatedAt,
      });
    }
    return { items };
  }

  // ---- Ratings ----

  async rate(viewer: LibraryViewer, body: RatingBody): Promise<RatingReply> {
    await this.requireVisible(viewer, body.movie_id);
    await this.repo.rate(viewer, body.movie_id, body.stars, this.now());
    return this.summary(body.movie_id, viewer);
  }

  async rating(viewer: LibraryViewer | undefined, movieId: number): Promise<RatingReply> {
    await this.requireVisible(viewer, movieId);
    return this.summary(movieId, viewer);
  }

  private async summary(movieId: number, viewer: LibraryViewer | undefined): Promise<RatingReply> {
    const [totals, mine] = await Promise.all([
      this.repo.ratingTotals(movieId),
      viewer === undefined ? null : this.repo.myRating(viewer, movieId),
    ]);
    return { average: averageStars(totals.sum, totals.count), count: totals.count, mine };
  }
}
