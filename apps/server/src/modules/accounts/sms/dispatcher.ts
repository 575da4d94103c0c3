import { backoffMs } from '../../../lib/backoff.js';
import { addMs, type Clock } from '../../../lib/clock.js';
import type { SmsQueueSignal } from './queue.js';
import type { QueuedSms, SmsQueueRepo } from './queue-repo.js';
import { SmsDeliveryError, type SmsLog, type SmsSender } from './sender.js';

/** Tries of a text before it is given up: a temporary failure is retried after 10 s, then 40 s. */
export const SMS_SEND_ATTEMPTS = 3;
const RETRY_BASE_SECONDS = 10;
/** Longer than the provider's own timeout: a text still `sending` after this lost its sender. */
const LEASE_MS = 60_000;

/** Who has an account (a reset code goes only to an account's number). */
export interface AccountLookup {
  findByPhone(phone: string): Promise<object | undefined>;
}

export interface SmsDispatcherSettings {
  /** How often an idle sender looks for texts queued by other processes or due for a retry. */
  pollMs: number;
  log: SmsLog;
}

/** What an admin may read about a failure: our reason and the provider's error code, never its raw answer. */
function failureReason(error: unknown): string {
  if (!(error instanceof SmsDeliveryError)) return 'Unexpected error while sending (see the server log)';
  return error.providerCode === undefined
    ? error.message
    : `${error.message} (provider error ${error.providerCode})`;
}

/**
 * Sends the queued texts: in the API process (WORKER_IN_PROCESS) or in `npm run worker`, as many processes as
 * run. Passes run one after another in a process; a text queued here starts a pass at once.
 */
export class SmsDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private passes: Promise<void> = Promise.resolve();
  private running = false;
  private readonly onQueued = () => this.schedule(0);

  constructor(
    private readonly queue: SmsQueueRepo,
    private readonly sender: SmsSender,
    private readonly accounts: AccountLookup,
    private readonly signal: SmsQueueSignal,
    private readonly clock: Clock,
    private readonly settings: SmsDispatcherSettings,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.signal.listen(this.onQueued);
    this.schedule(0);
  }

  /** Resolves when the pass under way, if any, is over. */
  async stop(): Promise<void> {
    this.running = false;
    this.signal.unlisten(this.onQueued);
    clearTimeout(this.timer);
    await this.passes;
  }

  /** Sends every text due now, after the pass under way. */
  deliverDue(): Promise<void> {
    this.passes = this.passes.then(() => this.pass());
    return this.passes;
  }

  private schedule(delay: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.deliverDue().finally(() => this.schedule(this.settings.pollMs));
    }, delay);
  }

  private async pass(): Promise<void> {
    try {
      for (;;) {
        const now = this.clock.now();
        const message = await this.queue.claim(now.toISOString(), addMs(now, LEASE_MS).toISOString());
        if (!message) return;
        await this.deliver(message);
      }
    } catch (error) {
      this.settings.log.error({ err: error }, 'the text message queue could not be read');
    }
  }

  private async deliver(message: QueuedSms): Promise<void> {
    if (message.only_to_account && !(await this.accounts.findByPhone(message.to_number))) {
      await this.queue.remove(message);
      return;
    }
    const now = this.clock.now();
    if (message.expires_at <= now.toISOString()) {
      await this.giveUp(message, 'Not sent before the code in it expired', now);
      return;
    }
    try {
      await this.sender.send({ to: message.to_number, body: message.body });
      await this.queue.remove(message);
    } catch (error) {
      const reason = failureReason(error);
      if (!(error instanceof SmsDeliveryError))
        this.settings.log.error({ err: error }, 'text message failed');
      const permanent = error instanceof SmsDeliveryError && error.permanent;
      if (permanent || message.attempts >= SMS_SEND_ATTEMPTS) {
        await this.giveUp(message, reason, now);
        return;
      }
      const retryAt = addMs(now, backoffMs(message.attempts, RETRY_BASE_SECONDS));
      await this.queue.retry(message, reason, retryAt.toISOString(), now.toISOString());
      this.settings.log.warn(
        { messageId: message.message_id, attempt: message.attempts, reason },
        'text message not sent: it will be retried',
      );
    }
  }

  private async giveUp(message: QueuedSms, reason: string, now: Date): Promise<void> {
    await this.queue.fail(message, reason, now.toISOString());
    this.settings.log.warn(
      { messageId: message.message_id, attempt: message.attempts, reason },
      'text message not sent: given up (see the admin alerts)',
    );
  }
}
