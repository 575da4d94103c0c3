import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PostsTable, PostTranslationsTable } from '../../../db/schema-admin.js';
import { containsText } from '../search/like.js';

export interface PostRow {
  post_id: number;
  title: string;
  cover: string | null;
  body: string;
  status: 'draft' | 'published';
  publish_at: string | null;
  author: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  created_at: string;
  updated_at: string;
}

export type PostTranslationRow = Selectable<PostTranslationsTable>;

export interface PostFilter {
  status?: 'draft' | 'published' | 'scheduled' | undefined;
  search?: string | undefined;
  /** Only posts the public may see at this moment. */
  visibleAt?: string | undefined;
  /** For `scheduled`: published with publish_at after this moment. */
  now: string;
  limit: number;
  offset: number;
}

export class PostRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private selectPosts() {
    return this.db
      .selectFrom('posts')
      .leftJoin('users', 'users.user_id', 'posts.author')
      .select([
        'posts.post_id',
        'posts.title',
        'posts.cover',
        'posts.body',
        'posts.status',
        'posts.publish_at',
        'posts.author',
        'users.first_name as author_first_name',
        'users.last_name as author_last_name',
        'posts.created_at',
        'posts.updated_at',
      ]);
  }

  findById(postId: number): Promise<PostRow | undefined> {
    return this.selectPosts().where('posts.post_id', '=', postId).executeTakeFirst();
  }

  async list(filter: PostFilter): Promise<{ rows: PostRow[]; total: number }> {
    const base = this.db
      .selectFrom('posts')
      .$if(filter.visibleAt !== undefined, (q) =>
        q.where('posts.status', '=', 'published').where('posts.publish_at', '<=', filter.visibleAt!),
      )
      .$if(filter.status === 'draft', (q) => q.where('posts.status', '=', 'draft'))
      .$if(filter.status === 'published', (q) =>
        q.where('posts.status', '=', 'published').where('posts.publish_at', '<=', filter.now),
      )
      .$if(filter.status === 'scheduled', (q) =>
        q.where('posts.status', '=', 'published').where('posts.publish_at', '>', filter.now),
      )
      .$if(Boolean(filter.search), (q) =>
        q.where((eb) => containsText(eb.ref('posts.title'), filter.search!)),
      );
    const [rows, count] = await Promise.all([
      base
        .leftJoin('users', 'users.user_id', 'posts.author')
        .select([
          'posts.post_id',
          'posts.title',
          'posts.cover',
          'posts.body',
          'posts.status',
          'posts.publish_at',
          'posts.author',
          'users.first_name as author_first_name',
          'users.last_name as author_last_name',
          'posts.created_at',
          'posts.updated_at',
        ])
        .$if(filter.visibleAt !== undefined, (q) => q.orderBy('posts.publish_at', 'desc'))
        .orderBy('posts.post_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  async insert(values: Insertable<PostsTable>): Promise<number> {
    const row = await this.db
      .insertInto('posts')
      .values(values)
      .returning('post_id')
      .executeTakeFirstOrThrow();
    return row.post_id;
  }

  async update(postId: number, values: Updateable<PostsTable>): Promise<void> {
    await this.db.updateTable('posts').set(values).where('post_id', '=', postId).execute();
  }

  async delete(postId: number): Promise<void> {
    await this.db.deleteFrom('posts').where('post_id', '=', postId).execute();
  }

  translationsOf(postId: number): Promise<PostTranslationRow[]> {
    return this.db
      .selectFrom('post_translations')
      .selectAll()
      .where('post_id', '=', postId)
      .orderBy('language')
      .execute();
  }

  /** The posts' texts in one language (lower case), by post. */
  async translationsIn(
    postIds: readonly number[],
    language: string,
  ): Promise<Map<number, PostTranslationRow>> {
    if (postIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('post_translations')
      .selectAll()
      .where('post_id', 'in', postIds)
      .where('language', '=', language)
      .execute();
    return new Map(rows.map((row) => [row.post_id, row]));
  }

  /** Sets the post's texts in a language, replacing what it had. */
  async upsertTranslation(row: PostTranslationRow): Promise<void> {
    await this.db
      .insertInto('post_translations')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['post_id', 'language'])
          .doUpdateSet({ title: row.title, body: row.body, updated_at: row.updated_at }),
      )
      .execute();
  }

  /** Whether there was a translation to remove. */
  async removeTranslation(postId: number, language: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('post_translations')
      .where('post_id', '=', postId)
      .where('language', '=', language)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
