import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Secrets the server generates for itself at first use and keeps in the database (shared by every instance). */
export class AppSecretRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored secret, created with `generate()` when missing; parallel first calls all get the same one. */
  async getOrCreate(name: string, generate: () => string, nowIso: string): Promise<string> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: generate(), created_at: nowIso })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
