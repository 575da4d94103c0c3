import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ClickCardRequestsTable } from '../../db/schema-billing.js';

export type ClickCardRequestRow = Selectable<ClickCardRequestsTable>;

/** The click_card_requests table: one card per account waiting for the SMS code Click sent. */
export class ClickCardRequestRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps the account's new card, replacing one that was waiting (its tries start again). */
  async put(values: Insertable<ClickCardRequestsTable>): Promise<void> {
    await this.db
      .insertInto('click_card_requests')
      .values({ ...values, attempts: 0 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          card_token: values.card_token,
          phone_number: values.phone_number,
          attempts: 0,
          created_at: values.created_at,
        }),
      )
      .execute();
  }

  find(userId: number): Promise<ClickCardRequestRow | undefined> {
    return this.db
      .selectFrom('click_card_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Counts one try at the code before it is checked, in one statement: of tries sent at once, at most `limit`
   * pass. The row when this try may go on; undefined when the card is gone, expired or tried `limit` times.
   */
  claimTry(userId: number, limit: number, createdAfterIso: string): Promise<ClickCardRequestRow | undefined> {
    return this.db
      .updateTable('click_card_requests')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('attempts', '<', limit)
      .where('created_at', '>', createdAfterIso)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: number): Promise<void> {
    await this.db.deleteFrom('click_card_requests').where('user_id', '=', userId).execute();
  }
}
