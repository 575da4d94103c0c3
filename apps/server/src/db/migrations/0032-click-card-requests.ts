import type { Kysely } from 'kysely';

/**
 * A card the viewer asked Click to keep for renewals, waiting for the SMS code Click sent: one per account, with
 * the codes tried so far (counted before each check, so parallel tries cannot pass the limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('click_card_requests')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().notNull().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('card_token', 'varchar(128)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('click_card_requests').execute();
}
