import type { Config } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import type { SmsLog } from '../sms/sender.js';
import { ConsoleEmailSender } from './console-sender.js';
import type { EmailOutboxRepo } from './outbox-repo.js';
import type { EmailSender } from './sender.js';
import { SmtpEmailSender } from './smtp-sender.js';

/** The provider EMAIL_PROVIDER names (config.ts already refused smtp without SMTP_URL and console in production). */
export function createEmailSender(
  config: Config,
  outbox: EmailOutboxRepo,
  clock: Clock,
  log: SmsLog,
): EmailSender {
  if (config.emailProvider === 'smtp') {
    if (!config.smtp) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL and EMAIL_FROM');
    return new SmtpEmailSender(config.smtp, log);
  }
  return new ConsoleEmailSender(outbox, clock, log);
}
