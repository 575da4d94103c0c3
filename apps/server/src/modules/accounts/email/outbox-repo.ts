import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EmailOutboxTable } from '../../../db/schema-accounts.js';

export type EmailOutboxRow = Selectable<EmailOutboxTable>;

/** The console email provider's outbox: what would have been sent. */
export class EmailOutboxRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: {
    to_address: string;
    subject: string;
    body: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('email_outbox').values(row).execute();
  }

  /** The outbox is a development aid: mails older than the given moment are dropped. */
  async deleteCreatedBefore(iso: string): Promise<void> {
    await this.db.deleteFrom('email_outbox').where('created_at', '<', iso).execute();
  }

  /** The latest mails to an address, newest first. */
  latestFor(toAddress: string, limit = 10): Promise<EmailOutboxRow[]> {
    return this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', toAddress)
      .orderBy('email_id', 'desc')
      .limit(limit)
      .execute();
  }
}
