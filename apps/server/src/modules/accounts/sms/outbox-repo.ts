import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SmsOutboxTable } from '../../../db/schema-accounts.js';

export type OutboxRow = Selectable<SmsOutboxTable>;

/** The console provider's outbox: what would have been sent. */
export class SmsOutboxRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: { to_number: string; body: string; created_at: string }): Promise<void> {
    await this.db.insertInto('sms_outbox').values(row).execute();
  }

  /** The outbox is a development aid: messages older than the given moment are dropped. */
  async deleteCreatedBefore(iso: string): Promise<void> {
    await this.db.deleteFrom('sms_outbox').where('created_at', '<', iso).execute();
  }

  /** The latest messages to a number, newest first. */
  latestFor(toNumber: string, limit = 10): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('to_number', '=', toNumber)
      .orderBy('sms_id', 'desc')
      .limit(limit)
      .execute();
  }
}
