import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PasskeysTable, TotpFactorsTable } from '../../../db/schema-accounts.js';

export type TotpRow = Selectable<TotpFactorsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;

/** An account's second factors: its TOTP app, its passkeys and its recovery codes. */
export class SecondFactorRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the account has a factor that signs in (a confirmed TOTP app or a passkey). */
  async hasFactor(userId: number): Promise<boolean> {
    const found = await this.db
      .selectFrom('users')
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('totp_factors')
              .select('user_id')
              .where('user_id', '=', userId)
              .where('confirmed_at', 'is not', null),
          )
          .as('totp'),
        eb.exists(eb.selectFrom('passkeys').select('user_id').where('user_id', '=', userId)).as('passkey'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(found && (Number(found.totp) || Number(found.passkey)));
  }

  findTotp(userId: number): Promise<TotpRow | undefined> {
    return this.db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Starts (or starts again) a TOTP setup that is not confirmed yet; a confirmed app is left alone. */
  async startTotp(userId: number, secretBox: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .insertInto('totp_factors')
      .values({ user_id: userId, secret_box: secretBox, created_at: nowIso })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_box: secretBox, created_at: nowIso, last_step: null })
          .where('totp_factors.confirmed_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Takes the code of time step `step`: true when no code of this step or a later one was taken before. One
   * statement, so two requests with the same code cannot both pass. `confirm` also confirms a setup.
   */
  async takeTotpStep(userId: number, step: number, confirmAtIso?: string): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_factors')
      .set({ last_step: step, ...(confirmAtIso ? { confirmed_at: confirmAtIso } : {}) })
      .where('user_id', '=', userId)
      .where((eb) => (confirmAtIso ? eb('confirmed_at', 'is', null) : eb('confirmed_at', 'is not', null)))
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteTotp(userId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  listPasskeys(userId: number): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('passkey_id')
      .execute();
  }

  findPasskey(userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  async addPasskey(row: {
    user_id: number;
    credential_id: string;
    public_key: string;
    sign_count: number;
    transports: string | null;
    name: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('passkeys').values(row).execute();
  }

  /**
   * Records a passkey's use with the authenticator's new signature counter. An authenticator that counts must
   * count up: an assertion whose counter did not grow (a cloned key) is refused by the `where`.
   */
  async usePasskey(passkeyId: number, counter: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ sign_count: counter, last_used_at: nowIso })
      .where('passkey_id', '=', passkeyId)
      .where((eb) => eb.or([eb('sign_count', '<', counter), eb('sign_count', '=', 0)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deletePasskey(userId: number, passkeyId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .where('passkey_id', '=', passkeyId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Replaces the account's recovery codes with these (their HMACs). */
  async replaceRecoveryCodes(userId: number, hashes: string[], nowIso: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length === 0) return;
      await trx
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: nowIso })))
        .execute();
    });
  }

  async countUnusedRecoveryCodes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Uses a recovery code: true once, for the first request that names it; one statement, so never twice. */
  async useRecoveryCode(userId: number, codeHash: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: nowIso })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes every factor and recovery code of an account (the operator's reset for a lost phone). */
  async deleteAll(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
      await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
    });
  }
}
