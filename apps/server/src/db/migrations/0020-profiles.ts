import { type Kysely, sql } from 'kysely';
import { autoId, idColumnType, isPostgres, watchTables } from './helpers.js';

const date = 'varchar(32)';

/**
 * Profiles: an account holds one to five viewers (`profiles`), each with its own watch list, favourites, progress,
 * ratings, notifications' read state and audio choices (those tables gain `profile_id` and are keyed on it). Every
 * existing account gets one profile, its owner's, holding what it had. A session says which profile it is on; an
 * account may cap titles above a maturity level (`users.maturity_limit`) unless the session was unlocked with the
 * account password (`sessions.mature_unlocked`). A profile's maturity and kind, the cap and a session's profile
 * are part of what a live session says, so they bump the access version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('profile_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(200)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)')
    .addColumn('maturity', 'varchar(8)', (c) => c.notNull().defaultTo('18+'))
    .addColumn('kids', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autoplay_next', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('autoplay_previews', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subtitle_language', 'varchar(16)')
    .addColumn('audio_language', 'varchar(16)')
    .addColumn('pin_hash', 'text')
    .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pin_retry_at', date)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('last_active_at', date)
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  // One owner (position 0) per account, and the positions in order.
  await db.schema
    .createIndex('profiles_user_position_uq')
    .unique()
    .on('profiles')
    .columns(['user_id', 'position'])
    .execute();
  await sql`
    insert into profiles (user_id, name, avatar, language, position, created_at, updated_at)
    select user_id, substr(coalesce(nullif(trim(first_name), ''), 'Me'), 1, 40), 'avatar:' || (user_id % 12),
           language, 0, created_at, updated_at
    from users`.execute(db);

  await db.schema.alterTable('users').addColumn('maturity_limit', 'varchar(8)').execute();
  await db.schema
    .alterTable('plans')
    .addColumn('max_profiles', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('sessions').addColumn('profile_id', 'integer').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('mature_unlocked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql.raw(`update sessions set profile_id = (${ownerProfile('sessions')})`).execute(db);
  await db.schema.alterTable('playback_sessions').addColumn('profile_id', 'integer').execute();

  for (const table of PER_PROFILE) await keyByProfile(db, table);

  await watchTables(db, 'access_version', [
    { table: 'profiles', updateOf: ['maturity', 'kids', 'user_id'], inserts: false },
  ]);
  // users is already watched for other columns under the helper's trigger names: this one gets its own.
  if (isPostgres(db)) {
    await sql`create trigger users_maturity_access_version after update of maturity_limit on users
      for each statement execute function bump_access_version()`.execute(db);
  } else {
    await sql`create trigger users_maturity_access_version after update of maturity_limit on users
      begin update access_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

/** The owner profile (position 0) of the row's `user_id`. */
const ownerProfile = (table: string) =>
  `select p.profile_id from profiles p where p.user_id = ${table}.user_id order by p.position, p.profile_id limit 1`;

interface PerProfileTable {
  table: string;
  /** The columns after user_id, in order, with their SQL types (as the table was made). */
  columns: [name: string, type: string][];
  /** The unique key, profile first: the old one had user_id where profile_id now stands. */
  key: string[];
  /** The key is the primary key (else a unique constraint beside an auto-numbered id). */
  primary: boolean;
  /** The old key's constraint name on PostgreSQL. */
  oldKey: string;
  /** Indexes that led with `user_id`, replaced by `indexes`' profile ones (PostgreSQL drops them). */
  oldIndexes: string[];
  indexes: { name: string; columns: string[] }[];
  /** Version counters watching the table (SQLite drops their triggers with the rebuilt table). */
  watchedBy?: string;
}

const PER_PROFILE: PerProfileTable[] = [
  ...(['watchlist', 'favourites'] as const).map(
    (table): PerProfileTable => ({
      table,
      columns: [
        ['title_id', 'integer not null references titles(movie_id) on delete cascade'],
        ['created_at', 'varchar(32) not null'],
      ],
      key: ['profile_id', 'title_id'],
      primary: true,
      oldKey: `${table}_pk`,
      oldIndexes: [`${table}_user_created_idx`],
      indexes: [
        { name: `${table}_profile_created_idx`, columns: ['profile_id', 'created_at'] },
        { name: `${table}_title_idx`, columns: ['title_id'] },
      ],
    }),
  ),
  {
    table: 'playback_progress',
    columns: [
      ['title_id', 'integer not null references titles(movie_id) on delete cascade'],
      ['episode_id', 'integer not null default 0'],
      ['position_seconds', 'double precision not null'],
      ['duration_seconds', 'double precision not null'],
      ['finished', 'integer not null default 0'],
      ['updated_at', 'varchar(32) not null'],
    ],
    key: ['profile_id', 'title_id', 'episode_id'],
    primary: false,
    oldKey: 'playback_progress_target_uq',
    oldIndexes: ['playback_progress_user_updated_idx'],
    indexes: [
      { name: 'playback_progress_profile_updated_idx', columns: ['profile_id', 'updated_at'] },
      { name: 'playback_progress_title_idx', columns: ['title_id'] },
      { name: 'playback_progress_updated_idx', columns: ['updated_at', 'title_id', 'user_id'] },
    ],
  },
  {
    table: 'title_ratings',
    columns: [
      ['title_id', 'integer not null references titles(movie_id) on delete cascade'],
      ['stars', 'integer not null check (stars between 1 and 5)'],
      ['updated_at', 'varchar(32) not null'],
    ],
    key: ['profile_id', 'title_id'],
    primary: true,
    oldKey: 'title_ratings_pk',
    oldIndexes: ['title_ratings_title_stars_idx'],
    // Covering: a title's average per account comes from the index alone.
    indexes: [{ name: 'title_ratings_title_account_idx', columns: ['title_id', 'user_id', 'stars'] }],
    watchedBy: 'catalog_version',
  },
  {
    table: 'notification_receipts',
    columns: [
      ['notification_id', 'integer not null references notifications(notification_id) on delete cascade'],
      ['read_at', 'varchar(32) not null'],
    ],
    key: ['profile_id', 'notification_id'],
    primary: true,
    oldKey: 'notification_receipts_pk',
    oldIndexes: [],
    indexes: [],
  },
  {
    table: 'audio_choices',
    columns: [
      ['movie_id', 'integer not null references titles(movie_id) on delete cascade'],
      ['language', 'varchar(16) not null'],
      ['updated_at', 'varchar(32) not null'],
    ],
    key: ['profile_id', 'movie_id'],
    primary: true,
    oldKey: 'audio_choices_pk',
    oldIndexes: [],
    indexes: [],
  },
];

/**
 * Adds `profile_id` (the owner's profile for existing rows) and moves the table's unique key onto it. PostgreSQL
 * alters the table in place; SQLite cannot drop a key, so the table is made again and its rows copied.
 */
async function keyByProfile(db: Kysely<unknown>, spec: PerProfileTable): Promise<void> {
  const { table } = spec;
  const keyName = `${table}_profile_key`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `alter table ${table} add column profile_id integer references profiles(profile_id) on delete cascade`,
      )
      .execute(db);
    await sql.raw(`update ${table} set profile_id = (${ownerProfile(table)})`).execute(db);
    await sql.raw(`alter table ${table} alter column profile_id set not null`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${spec.oldKey}`).execute(db);
    await sql
      .raw(
        `alter table ${table} add constraint ${keyName} ${spec.primary ? 'primary key' : 'unique'} (${spec.key.join(', ')})`,
      )
      .execute(db);
    for (const old of spec.oldIndexes) await db.schema.dropIndex(old).execute();
    // The indexes the table keeps stand already; the new ones are made.
    for (const index of spec.indexes)
      await db.schema.createIndex(index.name).ifNotExists().on(table).columns(index.columns).execute();
    return;
  }
  const names = spec.columns.map(([name]) => name);
  const id = spec.primary ? [] : ['progress_id integer primary key autoincrement'];
  await sql.raw(`alter table ${table} rename to ${table}_before_profiles`).execute(db);
  await sql
    .raw(
      `create table ${table} (${[
        ...id,
        'user_id integer not null references users(user_id) on delete cascade',
        'profile_id integer not null references profiles(profile_id) on delete cascade',
        ...spec.columns.map(([name, type]) => `${name} ${type}`),
        `constraint ${keyName} ${spec.primary ? 'primary key' : 'unique'} (${spec.key.join(', ')})`,
      ].join(', ')})`,
    )
    .execute(db);
  const copied = [...(spec.primary ? [] : ['progress_id']), 'user_id', ...names];
  await sql
    .raw(
      `insert into ${table} (${copied.join(', ')}, profile_id)
       select ${copied.join(', ')}, (${ownerProfile(`${table}_before_profiles`)})
       from ${table}_before_profiles`,
    )
    .execute(db);
  await sql.raw(`drop table ${table}_before_profiles`).execute(db);
  // The old table's indexes went with it, so their names are free again.
  for (const index of spec.indexes)
    await db.schema.createIndex(index.name).on(table).columns(index.columns).execute();
  if (spec.watchedBy) await watchTables(db, spec.watchedBy, [{ table }]);
}

export async function down(): Promise<void> {
  throw new Error('Profiles cannot be undone: the per-profile rows would lose their owner');
}
