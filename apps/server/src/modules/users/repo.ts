import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export class UserRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findById(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async insert(values: Insertable<UsersTable>): Promise<UserRow> {
    return this.db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
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
}
