import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { SmsLog } from '../sms/sender.js';
import type { EmailOutboxRepo } from './outbox-repo.js';
import type { EmailMessage, EmailSender } from './sender.js';

const KEEP_DAYS = 7;

/** Development provider: writes each mail to the log and to the outbox table instead of sending it. */
export class ConsoleEmailSender implements EmailSender {
  readonly provider = 'console';

  constructor(
    private readonly outbox: EmailOutboxRepo,
    private readonly clock: Clock,
    private readonly log: SmsLog,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const now = this.clock.now();
    await this.outbox.deleteCreatedBefore(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString());
    await this.outbox.insert({
      to_address: message.to,
      subject: message.subject,
      body: message.text,
      created_at: now.toISOString(),
    });
    this.log.info(
      { to: message.to, subject: message.subject, body: message.text },
      'Email (console provider, not sent)',
    );
  }
}
