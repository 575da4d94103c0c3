import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { SmsOutboxRepo } from './outbox-repo.js';
import type { SmsLog, SmsMessage, SmsSender } from './sender.js';

const KEEP_DAYS = 7;

/** Development provider: writes each message to the log and to the outbox table instead of sending it. */
export class ConsoleSmsSender implements SmsSender {
  readonly provider = 'console';

  constructor(
    private readonly outbox: SmsOutboxRepo,
    private readonly clock: Clock,
    private readonly log: SmsLog,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const now = this.clock.now();
    await this.outbox.deleteCreatedBefore(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString());
    await this.outbox.insert({ to_number: message.to, body: message.body, created_at: now.toISOString() });
    this.log.info({ to: message.to, body: message.body }, 'SMS (console provider, not sent)');
  }
}
