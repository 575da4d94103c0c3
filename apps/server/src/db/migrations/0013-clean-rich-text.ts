import type { Kysely } from 'kysely';
import { cleanRichText } from '../../lib/rich-text.js';

/** The rich-text columns, each with its table's key. */
interface RichTextTables {
  titles: { movie_id: number; description: string };
  episodes: { episode_id: number; description: string };
  posts: { post_id: number; body: string };
}

const COLUMNS = [
  { table: 'titles', key: 'movie_id', text: 'description' },
  { table: 'episodes', key: 'episode_id', text: 'description' },
  { table: 'posts', key: 'post_id', text: 'body' },
] as const;

const BATCH = 500;

/**
 * Rich text already stored is cleaned once by the policy of lib/rich-text.ts (what another cleaner wrote may fall
 * outside it), so every read can serve the stored text as it is. Rows already clean are left alone; each table is
 * read in key order, a batch at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rich = db as unknown as Kysely<RichTextTables>;
  for (const { table, key, text } of COLUMNS) {
    let after = 0;
    for (;;) {
      const rows = (await rich
        .selectFrom(table)
        .select([key, text] as never[])
        .where(key, '>', after)
        .orderBy(key)
        .limit(BATCH)
        .execute()) as unknown as Record<string, string | number>[];
      for (const row of rows) {
        const stored = String(row[text] ?? '');
        const clean = cleanRichText(stored);
        if (clean !== stored)
          await rich
            .updateTable(table)
            .set({ [text]: clean } as never)
            .where(key, '=', row[key] as number)
            .execute();
      }
      if (rows.length < BATCH) break;
      after = Number(rows.at(-1)![key]);
    }
  }
}
