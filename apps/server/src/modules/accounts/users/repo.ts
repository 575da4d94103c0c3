import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, UsersTable } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/write-transaction.js';
import { ensureOwnerProfile } from '../profiles/repo.js';

export type UserRow = Selectable<UsersTable>;

export interface UserListFilters {
  search?: string | undefined;
  country?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  role?: 'user' | 'admin' | undefined;
}

/**
 * Called once a new account exists (sign-up, admin creation): billing opens the free trial's subscription
 * row then, so subscriber lists and figures count the account from its first minute. Billing also opens the
 * row lazily at first look, so a failed call loses nothing.
 */
export type AccountCreatedListener = (userId: number) => Promise<void>;

export async function announceAccount(listener: AccountCreatedListener, userId: number): Promise<void> {
  try {
    await listener(userId);
  } catch {
    // The row is made at the account's first look instead (see above).
  }
}

/** A unique index refused the write (SQLite and PostgreSQL spell it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export class UserRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findById(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
  }

  /** Emails are stored in lower case, so this is a case-insensitive match. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** A new account, with its owner's profile. */
  async insert(values: Insertable<UsersTable>): Promise<UserRow> {
    const write = async (trx: Kysely<Database>) => {
      const user = await trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
      await ensureOwnerProfile(trx, user.user_id);
      return user;
    };
    return this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write);
  }

  async update(userId: number, values: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(values).where('user_id', '=', userId).execute();
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** One page of accounts matching the filters, newest first, and how many match in all. */
  async list(
    filters: UserListFilters,
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const base = this.db.selectFrom('users').where((eb) => {
      const conditions = [];
      if (filters.status) conditions.push(eb('status', '=', filters.status));
      if (filters.role) conditions.push(eb('role', '=', filters.role));
      if (filters.country)
        conditions.push(eb(eb.fn('lower', ['nationality']), '=', filters.country.toLowerCase()));
      const words = (filters.search ?? '')
        .toLowerCase()
        .replace(/[%_\\]/g, '')
        .trim();
      if (words) {
        const pattern = `%${words}%`;
        const either = [
          eb(sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, 'like', pattern),
          eb(eb.fn('lower', ['email']), 'like', pattern),
        ];
        const digits = words.replace(/\D/g, '');
        if (digits.length >= 3) either.push(eb('phone_number', 'like', `%${digits}%`));
        conditions.push(eb.or(either));
      }
      return eb.and(conditions);
    });
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('user_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * Applies a role or status change unless it would leave no active administrator; false when refused. The active
   * admins' rows are locked first (`writeTransaction`), so two admins demoting each other at once cannot both win.
   */
  async updateKeepingAnAdmin(userId: number, values: Updateable<UsersTable>): Promise<boolean> {
    const activeAdmins = (db: Kysely<Database>) =>
      db.selectFrom('users').select('user_id').where('role', '=', 'admin').where('status', '=', 'active');
    return writeTransaction(
      this.db,
      (trx) => activeAdmins(trx).forUpdate().execute(),
      async (trx) => {
        const admins = await activeAdmins(trx).execute();
        const target = await trx
          .selectFrom('users')
          .select(['role', 'status'])
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!target) return true;
        const staysActiveAdmin =
          (values.role ?? target.role) === 'admin' && (values.status ?? target.status) === 'active';
        const isActiveAdmin = admins.some((admin) => admin.user_id === userId);
        if (isActiveAdmin && !staysActiveAdmin && admins.length <= 1) return false;
        await trx.updateTable('users').set(values).where('user_id', '=', userId).execute();
        return true;
      },
    );
  }

  /** Live sessions of an account (read from the auth module's table for the admin's user page). */
  async sessionStats(
    userId: number,
    nowIso: string,
  ): Promise<{ active: number; lastStartedAt: string | null }> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .executeTakeFirstOrThrow();
    return { active: Number(row.count), lastStartedAt: (row.last as string | null) ?? null };
  }
}
