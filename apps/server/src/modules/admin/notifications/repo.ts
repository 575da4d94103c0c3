import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { NotificationsTable } from '../../../db/schema-admin.js';
import { CUSTOMER_STATUSES } from '../dashboard/foreign-tables.js';

export type NotificationRow = Selectable<NotificationsTable>;
export type AdminNotificationRow = NotificationRow & { read_count: number };
export type ViewerNotificationRow = Pick<
  NotificationRow,
  'notification_id' | 'title' | 'body' | 'link' | 'send_at'
> & {
  read_at: string | null;
};

/** Whose notifications. */
export interface Recipient {
  userId: number;
  /** Read state is kept per profile. */
  profileId: number;
}

export class NotificationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Delivered to this recipient by `now`: everyone's, theirs, or their plan's (active or trialing). */
  private visibleTo(eb: ExpressionBuilder<Database, 'notifications'>, recipient: Recipient, now: string) {
    return eb.and([
      eb('notifications.send_at', '<=', now),
      eb.or([
        eb('notifications.audience', '=', 'all'),
        eb.and([
          eb('notifications.audience', '=', 'user'),
          eb('notifications.user_id', '=', recipient.userId),
        ]),
        eb.and([
          eb('notifications.audience', '=', 'plan'),
          eb(
            'notifications.plan_id',
            'in',
            eb
              .selectFrom('subscriptions')
              .select('subscriptions.plan_id')
              .where('subscriptions.user_id', '=', recipient.userId)
              .where('subscriptions.status', 'in', [...CUSTOMER_STATUSES]),
          ),
        ]),
      ]),
    ]);
  }

  async insert(values: Insertable<NotificationsTable>): Promise<number> {
    const row = await this.db
      .insertInto('notifications')
      .values(values)
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    return row.notification_id;
  }

  findById(notificationId: number): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('notification_id', '=', notificationId)
      .executeTakeFirst();
  }

  async delete(notificationId: number): Promise<void> {
    await this.db.deleteFrom('notifications').where('notification_id', '=', notificationId).execute();
  }

  /** Lazy delivery: marks every notification whose time has come as sent. */
  async deliverDue(now: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set((eb) => ({ sent_at: eb.ref('send_at') }))
      .where('sent_at', 'is', null)
      .where('send_at', '<=', now)
      .execute();
  }

  async listAdmin(filter: {
    status?: 'scheduled' | 'sent' | undefined;
    now: string;
    limit: number;
    offset: number;
  }) {
    const base = this.db
      .selectFrom('notifications')
      .$if(filter.status === 'scheduled', (q) => q.where('notifications.send_at', '>', filter.now))
      .$if(filter.status === 'sent', (q) => q.where('notifications.send_at', '<=', filter.now));
    const [rows, count] = await Promise.all([
      base
        .selectAll('notifications')
        .select((eb) =>
          eb
            .selectFrom('notification_receipts')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('notification_receipts.notification_id', '=', 'notifications.notification_id')
            .as('read_count'),
        )
        .orderBy('notifications.send_at', 'desc')
        .orderBy('notifications.notification_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        read_count: Number(row.read_count ?? 0),
      })) as AdminNotificationRow[],
      total: Number(count.count),
    };
  }

  async listFor(recipient: Recipient, now: string, limit: number, offset: number) {
    const base = this.db.selectFrom('notifications').where((eb) => this.visibleTo(eb, recipient, now));
    const [rows, count] = await Promise.all([
      base
        .leftJoin('notification_receipts', (join) =>
          join
            .onRef('notification_receipts.notification_id', '=', 'notifications.notification_id')
            .on('notification_receipts.profile_id', '=', recipient.profileId),
        )
        .select([
          'notifications.notification_id',
          'notifications.title',
          'notifications.body',
          'notifications.link',
          'notifications.send_at',
          'notification_receipts.read_at',
        ])
        .orderBy('notifications.send_at', 'desc')
        .orderBy('notifications.notification_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ViewerNotificationRow[], total: Number(count.count) };
  }

  async countUnread(recipient: Recipient, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .where((eb) => this.visibleTo(eb, recipient, now))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_receipts')
              .select('notification_receipts.notification_id')
              .whereRef('notification_receipts.notification_id', '=', 'notifications.notification_id')
              .where('notification_receipts.profile_id', '=', recipient.profileId),
          ),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async isVisible(notificationId: number, recipient: Recipient, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('notifications')
      .select('notifications.notification_id')
      .where('notifications.notification_id', '=', notificationId)
      .where((eb) => this.visibleTo(eb, recipient, now))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ids of the recipient's delivered notifications they have not read (at most `limit`). */
  async unreadIds(recipient: Recipient, now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .select('notifications.notification_id')
      .where((eb) => this.visibleTo(eb, recipient, now))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_receipts')
              .select('notification_receipts.notification_id')
              .whereRef('notification_receipts.notification_id', '=', 'notifications.notification_id')
              .where('notification_receipts.profile_id', '=', recipient.profileId),
          ),
        ),
      )
      .limit(limit)
      .execute();
    return rows.map((row) => row.notification_id);
  }

  async markRead(recipient: Recipient, notificationIds: number[], now: string): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.db
      .insertInto('notification_receipts')
      .values(
        notificationIds.map((notification_id) => ({
          notification_id,
          user_id: recipient.userId,
          profile_id: recipient.profileId,
          read_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['profile_id', 'notification_id']).doNothing())
      .execute();
  }

  async userExists(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async planExists(planId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('plans')
      .select('plan_id')
      .where('plan_id', '=', planId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
