import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CheckoutSessionsTable } from '../../db/schema-billing.js';

export type CheckoutRow = Selectable<CheckoutSessionsTable>;

/** The checkout_sessions table. */
export class CheckoutRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<CheckoutSessionsTable>): Promise<void> {
    await this.db.insertInto('checkout_sessions').values(values).execute();
  }

  find(sessionId: string): Promise<CheckoutRow | undefined> {
    return this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** Locks the session's row until the transaction ends (PostgreSQL: writers of one order take turns). */
  async lock(sessionId: string): Promise<void> {
    await this.db
      .selectFrom('checkout_sessions')
      .select('session_id')
      .where('session_id', '=', sessionId)
      .forUpdate()
      .execute();
  }

  async setProviderSession(sessionId: string, providerSessionId: string): Promise<void> {
    await this.db
      .updateTable('checkout_sessions')
      .set({ provider_session_id: providerSessionId })
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** Marks an open session completed; false when it was not open (paid twice, or raced). */
  async complete(sessionId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('checkout_sessions')
      .set({ status: 'completed', completed_at: nowIso })
      .where('session_id', '=', sessionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Reopens a session whose payment failed after it was claimed, so the viewer can try another card. */
  async reopen(sessionId: string): Promise<void> {
    await this.db
      .updateTable('checkout_sessions')
      .set({ status: 'open', completed_at: null })
      .where('session_id', '=', sessionId)
      .execute();
  }

  async deleteExpired(beforeIso: string): Promise<void> {
    await this.db
      .deleteFrom('checkout_sessions')
      .where('status', '=', 'open')
      .where('expires_at', '<', beforeIso)
      .execute();
  }
}
