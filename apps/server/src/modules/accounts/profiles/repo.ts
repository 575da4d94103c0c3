import { AVATAR_COUNT, PROFILE_NAME_MAX } from '@salomtv/contract';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, ProfilesTable } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/write-transaction.js';

export type ProfileRow = Selectable<ProfilesTable>;

/**
 * Gives an account its owner's profile (position 0) unless it has one: named after the first name, in the
 * account's language, one of the drawn avatars. Made with the account (`UserRepo.insert`) and made sure of at each
 * sign-in, so an account made any other way (an operator's script) still signs in to a profile.
 */
export async function ensureOwnerProfile(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .insertInto('profiles')
    .columns(['user_id', 'name', 'avatar', 'language', 'position', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          'user_id',
          sql<string>`substr(coalesce(nullif(trim(first_name), ''), 'Me'), 1, ${sql.lit(PROFILE_NAME_MAX)})`.as(
            'name',
          ),
          sql<string>`'avatar:' || (user_id % ${sql.lit(AVATAR_COUNT)})`.as('avatar'),
          'language',
          sql<number>`0`.as('position'),
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'position']).doNothing())
    .execute();
}

/** The profiles of accounts (accounts own the table; the per-profile lists belong to their domains). */
export class ProfileRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** An account's profiles, the owner's first, then in the order they were made. */
  listOf(userId: number): Promise<ProfileRow[]> {
    return this.db
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('profile_id')
      .execute();
  }

  /** One of the account's profiles (never another account's). */
  findOf(userId: number, profileId: number): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('profiles')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Adds a profile if the account has fewer than `max`; undefined when it is full. Counted and written under the
   * account's row lock, so two adds at once cannot pass the limit together.
   */
  insertWithinLimit(
    row: Omit<Insertable<ProfilesTable>, 'position'>,
    max: number,
  ): Promise<ProfileRow | undefined> {
    return writeTransaction(
      this.db,
      (trx) =>
        trx.selectFrom('users').select('user_id').where('user_id', '=', row.user_id).forUpdate().execute(),
      async (trx) => {
        const found = await trx
          .selectFrom('profiles')
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('position').as('last')])
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(found.count) >= max) return undefined;
        return trx
          .insertInto('profiles')
          .values({ ...row, position: Number(found.last ?? 0) + 1 })
          .returningAll()
          .executeTakeFirstOrThrow();
      },
    );
  }

  async update(userId: number, profileId: number, values: Updateable<ProfilesTable>): Promise<void> {
    await this.db
      .updateTable('profiles')
      .set(values)
      .where('profile_id', '=', profileId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deletes a profile that is not the owner's; its lists, progress and ratings go with it (cascade). */
  async delete(userId: number, profileId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('profiles')
      .where('profile_id', '=', profileId)
      .where('user_id', '=', userId)
      .where('position', '>', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Takes the account's sessions off a profile (it is being deleted): they choose again. Their hashes. */
  async leaveProfile(userId: number, profileId: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ profile_id: null })
      .where('user_id', '=', userId)
      .where('profile_id', '=', profileId)
      .returning('session_hash')
      .execute();
    return rows.map((row) => row.session_hash);
  }

  /** Profile names by id (the stream limit's prompt lists who watches). */
  async namesOf(profileIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(profileIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('profiles')
      .select(['profile_id', 'name'])
      .where('profile_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.profile_id, row.name]));
  }

  async touch(profileId: number, now: string): Promise<void> {
    await this.db
      .updateTable('profiles')
      .set({ last_active_at: now })
      .where('profile_id', '=', profileId)
      .execute();
  }
}
