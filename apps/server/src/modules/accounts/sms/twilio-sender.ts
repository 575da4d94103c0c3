import type { TwilioSettings } from '../../../config.js';
import { SmsDeliveryError, type SmsLog, type SmsMessage, type SmsSender } from './sender.js';

/** Twilio error codes meaning the number itself cannot get the message: retrying will not help. */
const UNREACHABLE_NUMBER_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614]);
const TIMEOUT_MS = 10_000;

interface TwilioMessageReply {
  sid?: string;
  status?: string;
  code?: number;
  message?: string;
}

/**
 * Twilio's Programmable Messaging REST API with plain fetch:
 * POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From or MessagingServiceSid,
 * Body, HTTP Basic auth AccountSid:AuthToken. Answers 201 with the message resource; errors carry code and message.
 */
export class TwilioSmsSender implements SmsSender {
  readonly provider = 'twilio';

  constructor(
    private readonly settings: TwilioSettings,
    private readonly log: SmsLog,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid, apiBase } = this.settings;
    const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else form.set('From', from!);

    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.log.error({ provider: 'twilio', reason: (error as Error).name }, 'SMS provider unreachable');
      throw new SmsDeliveryError('The SMS provider could not be reached', false);
    }

    const reply = (await response.json().catch(() => ({}))) as TwilioMessageReply;
    if (response.status === 201 || response.status === 200) {
      this.log.info({ provider: 'twilio', sid: reply.sid, status: reply.status }, 'SMS accepted by Twilio');
      return;
    }
    const code = typeof reply.code === 'number' ? reply.code : undefined;
    // Twilio's error message names the problem (never our credentials); keep it in the log only.
    this.log.warn(
      { provider: 'twilio', httpStatus: response.status, twilioCode: code, twilioMessage: reply.message },
      'SMS refused by Twilio',
    );
    throw new SmsDeliveryError(
      'The SMS provider refused the message',
      code !== undefined && UNREACHABLE_NUMBER_CODES.has(code),
      code,
    );
  }
}
