import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { writtenAsPhone } from '../../../lib/phone.js';
import { containsText } from './like.js';

/** The top bar's search: titles, users and posts by the words in their names (dialect-neutral LIKE on lower()). */
export class AdminSearchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  titles(text: string, limit: number) {
    return (
      this.db
        .selectFrom('titles')
        .select(['movie_id', 'title', 'status'])
        // search_text already holds the lower-cased title, cast, genres and tags.
        .where((eb) =>
          eb.or([containsText(eb.ref('search_text'), text, false), containsText(eb.ref('title'), text)]),
        )
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute()
    );
  }

  users(text: string, limit: number) {
    // Only text written as a phone number searches numbers: "film-2024" finds no one's phone.
    const digits = writtenAsPhone(text) ? text.replace(/\D/g, '') : '';
    return this.db
      .selectFrom('users')
      .select(['user_id', 'first_name', 'last_name', 'phone_number', 'email', 'role'])
      .where((eb) =>
        eb.or([
          containsText(eb.ref('first_name'), text),
          containsText(eb.ref('last_name'), text),
          containsText(eb.ref('email'), text),
          ...(digits.length >= 3 ? [containsText(eb.ref('phone_number'), digits, false)] : []),
        ]),
      )
      .orderBy('user_id', 'desc')
      .limit(limit)
      .execute();
  }

  posts(text: string, limit: number) {
    return this.db
      .selectFrom('posts')
      .select(['post_id', 'title', 'status'])
      .where((eb) => containsText(eb.ref('title'), text))
      .orderBy('post_id', 'desc')
      .limit(limit)
      .execute();
  }
}
