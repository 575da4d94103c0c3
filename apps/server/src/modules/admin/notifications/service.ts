import type { AdminNotification, NotificationCreate, ViewerNotification } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { AuditService } from '../../../platform/audit/service.js';
import type { TicketNotifier } from '../feedback/service.js';
import type { AdminNotificationRow, NotificationRepo, NotificationRow, Recipient } from './repo.js';

const READ_ALL_BATCH = 1000;

function auditView(row: NotificationRow) {
  const { notification_id: _id, ...rest } = row;
  return rest;
}

/**
 * Notifications for everyone, one plan's subscribers or one user, now or at a set time. Delivery is lazy:
 * a notification is in a viewer's list once its send_at has passed, so no timer has to run (and several API
 * processes agree without coordination); reads fill in sent_at for the admin list.
 */
/** Who reads: the signed-in account and the profile it is on. */
export interface NotificationReader {
  user_id: number;
  profile_id: number;
}

export class NotificationService implements TicketNotifier {
  constructor(
    private readonly repo: NotificationRepo,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** Notifications are the account's; their read state is the profile's. */
  private async recipient(viewer: NotificationReader): Promise<Recipient> {
    return { userId: viewer.user_id, profileId: viewer.profile_id };
  }

  private toAdmin(row: AdminNotificationRow, now: string): AdminNotification {
    return {
      ...row,
      status: row.send_at <= now ? 'sent' : 'scheduled',
      sent_at: row.send_at <= now ? row.send_at : null,
    };
  }

  async create(actor: { user_id: number }, input: NotificationCreate): Promise<AdminNotification> {
    const now = this.now();
    if (input.audience === 'user' && !(await this.repo.userExists(input.user_id!))) {
      throw badRequest('Some fields are not valid', { user_id: 'No such user' });
    }
    if (input.audience === 'plan' && !(await this.repo.planExists(input.plan_id!))) {
      throw badRequest('Some fields are not valid', { plan_id: 'No such plan' });
    }
    const requested = input.send_at ? new Date(input.send_at).toISOString() : now;
    // A time in the past means now (ISO strings in UTC compare as text).
    const sendAt = [requested, now].sort()[1]!;
    const notificationId = await this.repo.insert({
      title: input.title,
      body: input.body,
      link: input.link || null,
      audience: input.audience,
      plan_id: input.audience === 'plan' ? input.plan_id! : null,
      user_id: input.audience === 'user' ? input.user_id! : null,
      send_at: sendAt,
      sent_at: sendAt <= now ? sendAt : null,
      created_by: actor.user_id,
      created_at: now,
    });
    const row = (await this.repo.findById(notificationId))!;
    await this.audit.record(actor, 'create', 'notification', notificationId, null, auditView(row));
    return this.toAdmin({ ...row, read_count: 0 }, now);
  }

  /** For other modules: a message to one viewer, sent now (a ticket's answer; null: from the service itself). */
  async notifyUser(
    actorUserId: number | null,
    userId: number,
    message: { title: string; body: string; link: string | null },
  ) {
    const now = this.now();
    await this.repo.insert({
      ...message,
      audience: 'user',
      plan_id: null,
      user_id: userId,
      send_at: now,
      sent_at: now,
      created_by: actorUserId,
      created_at: now,
    });
  }

  async listAdmin(query: { status?: 'scheduled' | 'sent' | undefined; page: number; pageSize: number }) {
    const now = this.now();
    await this.repo.deliverDue(now);
    const { rows, total } = await this.repo.listAdmin({
      status: query.status,
      now,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((row) => this.toAdmin(row, now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Only a notification not yet sent can be withdrawn. */
  async delete(actor: { user_id: number }, notificationId: number): Promise<void> {
    const row = await this.repo.findById(notificationId);
    if (!row) throw notFound('This notification does not exist');
    if (row.send_at <= this.now()) throw conflict('This notification has been sent already');
    await this.repo.delete(notificationId);
    await this.audit.record(actor, 'delete', 'notification', notificationId, auditView(row), null);
  }

  async listFor(viewer: NotificationReader, page: number, pageSize: number) {
    const now = this.now();
    const recipient = await this.recipient(viewer);
    const [{ rows, total }, unread] = await Promise.all([
      this.repo.listFor(recipient, now, pageSize, (page - 1) * pageSize),
      this.repo.countUnread(recipient, now),
    ]);
    const items: ViewerNotification[] = rows.map((row) => ({
      notification_id: row.notification_id,
      title: row.title,
      body: row.body,
      link: row.link,
      sent_at: row.send_at,
      read: row.read_at !== null,
    }));
    return { items, total, page, pageSize, unread };
  }

  async unreadCount(viewer: NotificationReader): Promise<{ unread: number }> {
    return { unread: await this.repo.countUnread(await this.recipient(viewer), this.now()) };
  }

  async markRead(viewer: NotificationReader, notificationId: number): Promise<{ unread: number }> {
    const now = this.now();
    const recipient = await this.recipient(viewer);
    if (!(await this.repo.isVisible(notificationId, recipient, now)))
      throw notFound('This notification does not exist');
    await this.repo.markRead(recipient, [notificationId], now);
    return { unread: await this.repo.countUnread(recipient, now) };
  }

  async markAllRead(viewer: NotificationReader): Promise<{ unread: number }> {
    const now = this.now();
    const recipient = await this.recipient(viewer);
    for (;;) {
      const ids = await this.repo.unreadIds(recipient, now, READ_ALL_BATCH);
      await this.repo.markRead(recipient, ids, now);
      if (ids.length < READ_ALL_BATCH) break;
    }
    return { unread: 0 };
  }
}
