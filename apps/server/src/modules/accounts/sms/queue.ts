import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { SmsQueueRepo } from './queue-repo.js';
import type { SmsMessage } from './sender.js';

/** Failed texts stay this long for the admin alerts (which show the last week). */
const KEEP_FAILED_DAYS = 30;

/** Tells the senders of this process that a text was queued; senders elsewhere find it at their next poll. */
export class SmsQueueSignal {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): void {
    this.listeners.add(listener);
  }

  unlisten(listener: () => void): void {
    this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * Texts the request does not wait for: queued here and sent by the worker (SmsDispatcher), which retries and
 * reports a failure to the admin alerts rather than to the person who asked.
 */
export class SmsQueue {
  constructor(
    private readonly repo: SmsQueueRepo,
    private readonly signal: SmsQueueSignal,
    private readonly clock: Clock,
  ) {}

  /** `onlyToAccount`: sent only if the number belongs to an account, which the worker checks, not the request. */
  async enqueue(message: SmsMessage, options: { onlyToAccount: boolean; expiresAt: Date }): Promise<void> {
    const now = this.clock.now();
    await this.repo.deleteFailedBefore(new Date(now.getTime() - KEEP_FAILED_DAYS * DAY_MS).toISOString());
    await this.repo.insert({
      to_number: message.to,
      body: message.body,
      only_to_account: options.onlyToAccount,
      expires_at: options.expiresAt.toISOString(),
      now: now.toISOString(),
    });
    this.signal.notify();
  }
}
