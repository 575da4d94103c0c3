import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * Every backup the service takes (`backups`): when it started and finished, its archive's file and size, and
 * how it ended. `running_lock` is 1 on the one running backup and null on the others: its unique index lets one
 * backup run at a time across instances. `slot` names the scheduled time a backup was taken for, so two
 * instances never take the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backups')
    .addColumn('backup_id', idColumnType(db), autoId(db))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('slot', 'varchar(32)', (c) => c.unique())
    .addColumn('running_lock', 'integer', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('requested_by', 'integer')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('lease_until', 'varchar(32)')
    .execute();
  await db.schema.createIndex('backups_started_idx').on('backups').column('started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
