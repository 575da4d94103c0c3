import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SmsQueueTable } from '../../../db/schema-accounts.js';

export type QueuedSms = Selectable<SmsQueueTable>;

/**
 * The queue of texts sent by the worker. A claim counts an attempt with a conditional update, so one message is
 * taken by one sender at a time whichever processes poll; every later change is made only while the row is
 * still at the attempt its sender claimed.
 */
export class SmsQueueRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: {
    to_number: string;
    body: string;
    only_to_account: boolean;
    expires_at: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('sms_queue')
      .values({
        to_number: values.to_number,
        body: values.body,
        only_to_account: values.only_to_account ? 1 : 0,
        status: 'queued',
        attempts: 0,
        next_run_at: values.now,
        expires_at: values.expires_at,
        created_at: values.now,
        updated_at: values.now,
      })
      .execute();
  }

  /** The next due message, or one whose sender stopped before its lease ended; undefined when none. */
  async claim(nowIso: string, leaseUntilIso: string): Promise<QueuedSms | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const candidate = await this.db
        .selectFrom('sms_queue')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('next_run_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', nowIso)]),
          ]),
        )
        .orderBy('message_id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      const result = await this.db
        .updateTable('sms_queue')
        .set({
          status: 'sending',
          attempts: candidate.attempts + 1,
          locked_until: leaseUntilIso,
          updated_at: nowIso,
        })
        .where('message_id', '=', candidate.message_id)
        .where('attempts', '=', candidate.attempts)
        .where('status', '=', candidate.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        return {
          ...candidate,
          status: 'sending',
          attempts: candidate.attempts + 1,
          locked_until: leaseUntilIso,
        };
    }
    return undefined;
  }

  /** Sent, or nothing to send: nothing of it is kept. */
  async remove(message: QueuedSms): Promise<void> {
    await this.db
      .deleteFrom('sms_queue')
      .where('message_id', '=', message.message_id)
      .where('attempts', '=', message.attempts)
      .execute();
  }

  async retry(message: QueuedSms, error: string, nextRunAt: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('sms_queue')
      .set({ status: 'queued', next_run_at: nextRunAt, locked_until: null, error, updated_at: nowIso })
      .where('message_id', '=', message.message_id)
      .where('attempts', '=', message.attempts)
      .execute();
  }

  /** Given up: the row stays for the admin alerts, without the body (it holds a code). */
  async fail(message: QueuedSms, error: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('sms_queue')
      .set({ status: 'failed', body: '', locked_until: null, error, updated_at: nowIso })
      .where('message_id', '=', message.message_id)
      .where('attempts', '=', message.attempts)
      .execute();
  }

  async deleteFailedBefore(iso: string): Promise<void> {
    await this.db
      .deleteFrom('sms_queue')
      .where('status', '=', 'failed')
      .where('updated_at', '<', iso)
      .execute();
  }
}
