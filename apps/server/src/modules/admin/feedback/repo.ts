import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { FeedbackTable } from '../../../db/schema-admin.js';

export interface FeedbackRow {
  ticket_id: number;
  user_id: number | null;
  user_first_name: string | null;
  user_last_name: string | null;
  email: string | null;
  phone: string | null;
  tag: FeedbackTable['tag'];
  subject: string;
  message: string;
  status: FeedbackTable['status'];
  answer: string | null;
  answered_by: number | null;
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeedbackFilter {
  status?: FeedbackTable['status'] | undefined;
  tag?: FeedbackTable['tag'] | undefined;
  userId?: number | undefined;
  limit: number;
  offset: number;
}

export class FeedbackRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.user_id', 'feedback.user_id')
      .select([
        'feedback.ticket_id',
        'feedback.user_id',
        'users.first_name as user_first_name',
        'users.last_name as user_last_name',
        'feedback.email',
        'feedback.phone',
        'feedback.tag',
        'feedback.subject',
        'feedback.message',
        'feedback.status',
        'feedback.answer',
        'feedback.answered_by',
        'feedback.answered_at',
        'feedback.created_at',
        'feedback.updated_at',
      ]);
  }

  findById(ticketId: number): Promise<FeedbackRow | undefined> {
    return this.select().where('feedback.ticket_id', '=', ticketId).executeTakeFirst();
  }

  async list(filter: FeedbackFilter): Promise<{ rows: FeedbackRow[]; total: number }> {
    const rowsQuery = this.select()
      .$if(filter.status !== undefined, (q) => q.where('feedback.status', '=', filter.status!))
      .$if(filter.tag !== undefined, (q) => q.where('feedback.tag', '=', filter.tag!))
      .$if(filter.userId !== undefined, (q) => q.where('feedback.user_id', '=', filter.userId!))
      .orderBy('feedback.ticket_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset);
    const countQuery = this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .$if(filter.status !== undefined, (q) => q.where('feedback.status', '=', filter.status!))
      .$if(filter.tag !== undefined, (q) => q.where('feedback.tag', '=', filter.tag!))
      .$if(filter.userId !== undefined, (q) => q.where('feedback.user_id', '=', filter.userId!));
    const [rows, count] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
    return { rows, total: Number(count.count) };
  }

  async countOpen(userId?: number): Promise<number> {
    const row = await this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'open')
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(values: Insertable<FeedbackTable>): Promise<number> {
    const row = await this.db
      .insertInto('feedback')
      .values(values)
      .returning('ticket_id')
      .executeTakeFirstOrThrow();
    return row.ticket_id;
  }

  async update(ticketId: number, values: Updateable<FeedbackTable>): Promise<void> {
    await this.db.updateTable('feedback').set(values).where('ticket_id', '=', ticketId).execute();
  }
}
