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
import { notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import type { TitleRow } from '../titles/repo.js';
import type { LibraryRepo, ListTable, ProgressRow, ProgressScope } from './repo.js';

/** Builds catalogue cards from title rows (the catalogue's presenter), locked as the viewer's plan says. */
export interface CardPresenter {
  cards(rows: TitleRow[], viewer: SessionUser | number, lang?: string): Promise<TitleCard[]>;
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

function presentProgress(row: ProgressRow): ProgressReply {
  return {
    movie_id: row.title_id,
    episode_id: row.episode_id === 0 ? null : row.episode_id,
    position_seconds: Number(row.position_seconds),
    duration_seconds: Number(row.duration_seconds),
    finished: row.finished === 1,
    updated_at: row.updated_at,
  };
}

/** The viewer's watch list, favourites, playback progress and ratings. */
export class LibraryService {
  constructor(
    private readonly repo: LibraryRepo,
    private readonly presenter: CardPresenter,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** A published title the viewer's profile may see (any other is as if it did not exist). */
  private async requireVisible(viewer: LibraryViewer | undefined, movieId: number): Promise<void> {
    const rating = await this.repo.publishedRating(movieId);
    if (rating === undefined || !withinMaturity(rating, viewer?.maturity_ceiling ?? null))
      throw notFound('This title does not exist');
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
    await this.requireVisible(viewer, body.movie_id);
    const episodeId = body.episode_id ?? null;
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

  /** The latest position in a published title; null when the viewer has not watched it yet (nothing is wrong). */
  async progress(viewer: LibraryViewer, movieId: number): Promise<ProgressReply | null> {
    await this.requireVisible(viewer, movieId);
    const row = await this.repo.latestProgress(viewer, movieId);
    return row ? presentProgress(row) : null;
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
    const titles = await this.repo.titles(rows.map((row) => row.title_id));
    const cards = new Map(
      (
        await this.presenter.cards(
          typeof asker === 'number' ? titles : this.visible(asker, titles),
          asker,
          lang,
        )
      ).map((card) => [card.movie_id, card]),
    );
    const items: ContinueWatchingReply['items'] = [];
    for (const row of rows) {
      const card = cards.get(row.title_id);
      if (!card) continue;
      const { episode_id, position_seconds, duration_seconds, updated_at } = presentProgress(row);
      const percent = Math.min(100, Math.max(0, Math.round((position_seconds / duration_seconds) * 100)));
      items.push({ card, episode_id, position_seconds, duration_seconds, percent, updated_at });
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
