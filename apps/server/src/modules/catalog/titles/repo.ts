import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { TitlesTable } from '../../../db/schema-catalog.js';

export type TitleRow = Selectable<TitlesTable>;
export type TitleStatus = TitleRow['status'];

export interface TitleListFilter {
  search?: string | undefined;
  status?: TitleStatus | undefined;
  kind?: TitleRow['kind'] | undefined;
  page: number;
  pageSize: number;
}

/** A LIKE pattern for a user's search text (wildcards in it are dropped). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
}

/** The titles table and its genre index (`title_genres`). */
export class TitleRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(values: Insertable<TitlesTable>): Promise<TitleRow> {
    return this.db.insertInto('titles').values(values).returningAll().executeTakeFirstOrThrow();
  }

  findById(movieId: number): Promise<TitleRow | undefined> {
    return this.db.selectFrom('titles').selectAll().where('movie_id', '=', movieId).executeTakeFirst();
  }

  async update(movieId: number, values: Updateable<TitlesTable>): Promise<void> {
    await this.db.updateTable('titles').set(values).where('movie_id', '=', movieId).execute();
  }

  /** Updates the row and replaces its genre index in one transaction. */
  async updateWithGenres(
    movieId: number,
    values: Updateable<TitlesTable>,
    genreKeys: string[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('titles').set(values).where('movie_id', '=', movieId).execute();
      await trx.deleteFrom('title_genres').where('movie_id', '=', movieId).execute();
      if (genreKeys.length > 0) {
        await trx
          .insertInto('title_genres')
          .values(genreKeys.map((genre) => ({ movie_id: movieId, genre })))
          .execute();
      }
    });
  }

  /** Moves a title between statuses only if it is still in one of `from` (the pipeline and admins race). */
  async transition(
    movieId: number,
    from: TitleStatus[],
    to: TitleStatus,
    values: Updateable<TitlesTable> = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('titles')
      .set({ ...values, status: to })
      .where('movie_id', '=', movieId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(movieId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('title_genres').where('movie_id', '=', movieId).execute();
      await trx.deleteFrom('titles').where('movie_id', '=', movieId).execute();
    });
  }

  async incrementViews(movieId: number): Promise<void> {
    await this.db
      .updateTable('titles')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('movie_id', '=', movieId)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('titles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async list(filter: TitleListFilter): Promise<{ rows: TitleRow[]; total: number }> {
    let query = this.db.selectFrom('titles');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.search) query = query.where('search_text', 'like', likePattern(filter.search));
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('movie_id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
