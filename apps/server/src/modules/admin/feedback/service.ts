import type { FeedbackCreate, FeedbackTicket } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../../../lib/errors.js';
import type { AuditService } from '../../../platform/audit/service.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { FeedbackRepo, FeedbackRow } from './repo.js';

/** Tickets one address (or one account) may open per hour. */
export const FEEDBACK_PER_HOUR = 5;
const HOUR = 3_600_000;

/** Tells a viewer their ticket was answered (the notifications module does it). */
export interface TicketNotifier {
  notifyUser(
    actorUserId: number,
    userId: number,
    message: { title: string; body: string; link: string | null },
  ): Promise<void>;
}

/** The account a signed-in sender has, for the ticket's contact details. */
export interface ContactLookup {
  findById(userId: number): Promise<{ email: string | null; phone_number: string } | undefined>;
}

function auditView(row: FeedbackRow) {
  return { status: row.status, answer: row.answer, answered_by: row.answered_by };
}

export class FeedbackService {
  constructor(
    private readonly tickets: FeedbackRepo,
    private readonly users: ContactLookup,
    private readonly limits: RateLimitService,
    private readonly audit: AuditService,
    private readonly notifier: TicketNotifier,
    private readonly clock: Clock,
  ) {}

  private toTicket(row: FeedbackRow): FeedbackTicket {
    const name = [row.user_first_name, row.user_last_name].filter(Boolean).join(' ');
    const { user_first_name: _first, user_last_name: _last, ...rest } = row;
    return { ...rest, user_name: name || null };
  }

  /** A viewer's Help form: signed in, or anonymous with a contact email; rate-limited per address and account. */
  async create(
    input: FeedbackCreate,
    sender: { userId: number | undefined; address: string },
  ): Promise<FeedbackTicket> {
    const email = input.email?.trim().toLowerCase() || null;
    const phone = input.phone?.trim() || null;
    if (sender.userId === undefined && !email) {
      throw badRequest('Some fields are not valid', { email: 'Enter your email so we can answer you' });
    }
    const rule = { limit: FEEDBACK_PER_HOUR, windowMs: HOUR };
    const keys = [
      `feedback:ip:${sender.address}`,
      ...(sender.userId !== undefined ? [`feedback:user:${sender.userId}`] : []),
    ];
    for (const key of keys) {
      const verdict = await this.limits.consume(key, rule);
      if (!verdict.allowed)
        throw tooManyRequests(verdict.retryAfterSeconds, 'Too many messages, try again later');
    }
    const account = sender.userId !== undefined ? await this.users.findById(sender.userId) : undefined;
    const now = this.clock.now().toISOString();
    const ticketId = await this.tickets.insert({
      user_id: sender.userId ?? null,
      email: email ?? account?.email ?? null,
      phone: phone ?? account?.phone_number ?? null,
      tag: input.tag,
      subject: input.subject,
      message: input.message,
      status: 'open',
      answer: null,
      answered_by: null,
      answered_at: null,
      created_at: now,
      updated_at: now,
    });
    return this.toTicket((await this.tickets.findById(ticketId))!);
  }

  async mine(userId: number, page: number, pageSize: number) {
    const [{ rows, total }, openCount] = await Promise.all([
      this.tickets.list({ userId, limit: pageSize, offset: (page - 1) * pageSize }),
      this.tickets.countOpen(userId),
    ]);
    return { items: rows.map((row) => this.toTicket(row)), total, page, pageSize, open_count: openCount };
  }

  async list(query: {
    status?: FeedbackRow['status'] | undefined;
    tag?: FeedbackRow['tag'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const [{ rows, total }, openCount] = await Promise.all([
      this.tickets.list({
        status: query.status,
        tag: query.tag,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      this.tickets.countOpen(),
    ]);
    return {
      items: rows.map((row) => this.toTicket(row)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      open_count: openCount,
    };
  }

  async answer(actor: { user_id: number }, ticketId: number, answer: string): Promise<FeedbackTicket> {
    const before = await this.requireRow(ticketId);
    if (before.status === 'closed') throw conflict('This ticket is closed');
    const now = this.clock.now().toISOString();
    await this.tickets.update(ticketId, {
      status: 'answered',
      answer,
      answered_by: actor.user_id,
      answered_at: now,
      updated_at: now,
    });
    const after = (await this.tickets.findById(ticketId))!;
    await this.audit.record(actor, 'answer', 'feedback', ticketId, auditView(before), auditView(after));
    if (after.user_id !== null) {
      await this.notifier.notifyUser(actor.user_id, after.user_id, {
        title: `Your ${after.tag.toLowerCase()} ticket was answered`,
        body: `${after.subject}: ${answer}`.slice(0, 2000),
        link: '/help',
      });
    }
    return this.toTicket(after);
  }

  async close(actor: { user_id: number }, ticketId: number): Promise<FeedbackTicket> {
    const before = await this.requireRow(ticketId);
    if (before.status === 'closed') return this.toTicket(before);
    await this.tickets.update(ticketId, { status: 'closed', updated_at: this.clock.now().toISOString() });
    const after = (await this.tickets.findById(ticketId))!;
    await this.audit.record(actor, 'close', 'feedback', ticketId, auditView(before), auditView(after));
    return this.toTicket(after);
  }

  private async requireRow(ticketId: number): Promise<FeedbackRow> {
    const row = await this.tickets.findById(ticketId);
    if (!row) throw notFound('This ticket does not exist');
    return row;
  }
}
