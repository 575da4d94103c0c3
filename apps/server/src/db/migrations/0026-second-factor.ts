import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { autoId, idColumnType, isPostgres } from './helpers.js';

/**
 * A second factor for sign-in: an account's TOTP app (its secret sealed with AES-256-GCM), its passkeys, its
 * recovery codes (HMACs only), the sign-ins waiting for their second step, the passkey registrations under way
 * and the site's policy. Sessions learn their device and last use; the last use is written about once a minute,
 * so it is left out of the access version's triggers (it changes nothing a live session says).
 */
const userId = (c: ColumnDefinitionBuilder) => c.notNull().references('users.user_id').onDelete('cascade');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'integer', (c) => userId(c).primaryKey())
    .addColumn('secret_box', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('passkey_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', userId)
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', userId)
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('pending_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', userId)
    .addColumn('remember', 'integer', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('passkey_challenge', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('passkey_registrations')
    .addColumn('session_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', userId)
    .addColumn('challenge', 'varchar(200)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('security_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('require_admin_second_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)')
    .execute();
  await sql`insert into security_settings (id, require_admin_second_factor) values (1, 0)`.execute(db);

  await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'varchar(32)').execute();
  // Sessions from before get an id from their hash: a hash of a random token, so a prefix of it tells nothing.
  await sql`update sessions set public_id = substr(session_hash, 1, 24), last_used_at = created_at`.execute(
    db,
  );

  // The access version's sessions trigger (0008) fired on every update: now on the columns a live session reads.
  const watched = 'session_hash, user_id, profile_id, mature_unlocked, remember, expires_at';
  if (isPostgres(db)) {
    await sql`drop trigger sessions_access_version on sessions`.execute(db);
    await sql
      .raw(
        `create trigger sessions_access_version after update of ${watched} or delete or truncate
         on sessions for each statement execute function bump_access_version()`,
      )
      .execute(db);
  } else {
    await sql`drop trigger sessions_access_version_update`.execute(db);
    await sql
      .raw(
        `create trigger sessions_access_version_update after update of ${watched} on sessions
         begin update access_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}
