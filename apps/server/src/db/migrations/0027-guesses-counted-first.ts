import type { Kysely } from 'kysely';

/**
 * Guesses at PINs and codes are counted in the rate counters before they are checked (`RateLimitService.guardTry`),
 * so the per-row counts that were written after the check go. Counts under way when this runs start again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('pin_failures').execute();
  await db.schema.alterTable('profiles').dropColumn('pin_retry_at').execute();
  await db.schema.alterTable('otp_codes').dropColumn('attempts').execute();
  await db.schema.alterTable('email_codes').dropColumn('attempts').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('email_codes')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('otp_codes')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('profiles').addColumn('pin_retry_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
