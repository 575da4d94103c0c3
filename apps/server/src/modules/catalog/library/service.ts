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
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import type { TitleRow } from '../titles/repo.js';
import type { LibraryRepo, ListTable, ProgressRow } from './repo.js';

/** Builds catalogue cards from title rows (the catalogue's presenter), locked as the viewer's plan says. */
export interface CardPresenter {
  cards(rows: TitleRow[], userId: number, lang?: string): Promise<TitleCard[]>;
}

/** Who calls: the signed-in account (ids in bodies are always titles, never users). */
export interface LibraryViewer {
  user_id: number;
  role: 'user' | 'admin';
}

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

  private async requirePublished(movieId: number): Promise<void> {
    if (!(await this.repo.isPublished(movieId))) throw notFound('This title does not exist');
  }

  // ---- Watch list and favourites ----

  async list(table: ListTable, userId: number, lang?: string): Promise<LibraryListReply> {
    return { items: await this.presenter.cards(await this.repo.list(table, userId), userId, lang) };
  }

  async add(table: ListTable, userId: number, movieId: number): Promise<void> {
    await this.requirePublished(movieId);
    await this.repo.add(table, userId, movieId, this.now());
  }

  async remove(table: ListTable, userId: number, movieId: number): Promise<void> {
    await this.requirePublished(movieId);
    await this.repo.remove(table, userId, movieId);
  }

  async state(userId: number): Promise<LibraryStateReply> {
    const [watchlist, favourites] = await Promise.all([
      this.repo.ids('watchlist', userId),
      this.repo.ids('favourites', userId),
    ]);
    return { watchlist, favourites };
  }

  // ---- Playback progress ----

  /**
   * Saves the viewer's position in a title (or one of its episodes). The first time the viewer passes the
   * view threshold, the title's view count goes up by one; administrators' previews are not counted.
   */
  async saveProgress(viewer: LibraryViewer, body: ProgressBody): Promise<void> {
    await this.requirePublished(body.movie_id);
    const episodeId = body.episode_id ?? null;
    if (episodeId !== null && !(await this.repo.episodeOf(body.movie_id, episodeId))) {
      throw notFound('This episode does not exist');
    }
    const duration = body.duration_seconds;
    const position = Math.min(body.position_seconds, duration);
    const now = this.now();
    await this.repo.saveProgress({
      user_id: viewer.user_id,
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
  async progress(userId: number, movieId: number): Promise<ProgressReply | null> {
    await this.requirePublished(movieId);
    const row = await this.repo.latestProgress(userId, movieId);
    return row ? presentProgress(row) : null;
  }

  async continueWatching(userId: number, lang?: string): Promise<ContinueWatchingReply> {
    const rows = await this.repo.continueWatching(userId, CONTINUE_WATCHING_LIMIT);
    const titles = await this.repo.titles(rows.map((row) => row.title_id));
    const cards = new Map(
      (await this.presenter.cards(titles, userId, lang)).map((card) => [card.movie_id, card]),
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

  async rate(userId: number, body: RatingBody): Promise<RatingReply> {
    await this.requirePublished(body.movie_id);
    await this.repo.rate(userId, body.movie_id, body.stars, this.now());
    return this.summary(body.movie_id, userId);
  }

  async rating(userId: number | undefined, movieId: number): Promise<RatingReply> {
    await this.requirePublished(movieId);
    return this.summary(movieId, userId);
  }

  private async summary(movieId: number, userId: number | undefined): Promise<RatingReply> {
    const [totals, mine] = await Promise.all([
      this.repo.ratingTotals(movieId),
      userId === undefined ? null : this.repo.myRating(userId, movieId),
    ]);
    return { average: averageStars(totals.sum, totals.count), count: totals.count, mine };
  }
}
