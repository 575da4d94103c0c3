import type { Config } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import { ConsoleSmsSender } from './console-sender.js';
import type { SmsOutboxRepo } from './outbox-repo.js';
import type { SmsLog, SmsSender } from './sender.js';
import { TwilioSmsSender } from './twilio-sender.js';

/** The provider SMS_PROVIDER names (config.ts already refused missing twilio settings and console in production). */
export function createSmsSender(config: Config, outbox: SmsOutboxRepo, clock: Clock, log: SmsLog): SmsSender {
  if (config.smsProvider === 'twilio') {
    if (!config.twilio) throw new Error('SMS_PROVIDER=twilio needs the TWILIO_* settings');
    return new TwilioSmsSender(config.twilio, log);
  }
  return new ConsoleSmsSender(outbox, clock, log);
}
