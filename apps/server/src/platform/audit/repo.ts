import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuditLogTable } from '../../db/schema-admin.js';

export interface AuditRow {
  audit_id: number;
  actor_user_id: number | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_phone: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface AuditFilter {
  actorUserId?: number | undefined;
  entity?: string | undefined;
  limit: number;
  offset: number;
}

export class AuditRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(values).execute();
  }

  async list(filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
    const base = this.db
      .selectFrom('audit_log')
      .$if(filter.actorUserId !== undefined, (q) =>
        q.where('audit_log.actor_user_id', '=', filter.actorUserId!),
      )
      .$if(Boolean(filter.entity), (q) => q.where('audit_log.entity', '=', filter.entity!));
    const [rows, count] = await Promise.all([
      base
        .leftJoin('users', 'users.user_id', 'audit_log.actor_user_id')
        .select([
          'audit_log.audit_id',
          'audit_log.actor_user_id',
          'users.first_name as actor_first_name',
          'users.last_name as actor_last_name',
          'users.phone_number as actor_phone',
          'audit_log.action',
          'audit_log.entity',
          'audit_log.entity_id',
          'audit_log.before',
          'audit_log.after',
          'audit_log.created_at',
        ])
        .orderBy('audit_log.audit_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }
}
