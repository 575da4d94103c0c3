import { type Kysely, sql } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * An email is a sign-in name only once a code mailed to it was confirmed: `users.email` holds verified emails,
 * `users.pending_email` one waiting for its code. Emails already stored were never confirmed by mail, so each
 * becomes its account's pending email (the owner confirms it from account settings; sign-in by phone is
 * unchanged), except one an administrator entered when creating the account (the audit log's `create` record
 * holds the same email): an administrator's entry counts as verified, as it does for new accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();

  const adminEntered = await sql<{ entity_id: string | null; after: string | null }>`
    select entity_id, "after" from audit_log where entity = 'user' and action = 'create'`.execute(db);
  await sql`update users set pending_email = email, email = null where email is not null`.execute(db);
  for (const record of adminEntered.rows) {
    const email = emailIn(record.after);
    const userId = Number(record.entity_id);
    if (!email || !Number.isInteger(userId)) continue;
    await sql`update users set email = pending_email, pending_email = null
      where user_id = ${userId} and pending_email = ${email}`.execute(db);
  }

  await db.schema
    .createTable('email_codes')
    .addColumn('code_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consumed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_codes_user_idx')
    .on('email_codes')
    .columns(['user_id', 'code_id'])
    .execute();
  await db.schema.createIndex('email_codes_created_at_idx').on('email_codes').column('created_at').execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('email_id', idColumnType(db), autoId(db))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_outbox_to_idx')
    .on('email_outbox')
    .columns(['to_address', 'email_id'])
    .execute();
}

/** The email of an audit record's account view, if it holds one. */
function emailIn(json: string | null): string | undefined {
  try {
    const email = (JSON.parse(json ?? 'null') as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('email_codes').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
}
