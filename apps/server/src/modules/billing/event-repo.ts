import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BillingEventsTable } from '../../db/schema-billing.js';

/** The billing_events table: provider webhook events already applied. */
export class BillingEventRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records the event; false when it was already there (a replay). */
  async claim(values: Insertable<BillingEventsTable>): Promise<boolean> {
    const existing = await this.db
      .selectFrom('billing_events')
      .select('event_id')
      .where('event_id', '=', values.event_id)
      .executeTakeFirst();
    if (existing) return false;
    try {
      await this.db.insertInto('billing_events').values(values).execute();
      return true;
    } catch (error) {
      // Two deliveries at once: the primary key lets one through.
      const again = await this.db
        .selectFrom('billing_events')
        .select('event_id')
        .where('event_id', '=', values.event_id)
        .executeTakeFirst();
      if (again) return false;
      throw error;
    }
  }

  /** Forgets an event whose processing failed, so the provider's retry is applied. */
  async release(eventId: string): Promise<void> {
    await this.db.deleteFrom('billing_events').where('event_id', '=', eventId).execute();
  }
}
