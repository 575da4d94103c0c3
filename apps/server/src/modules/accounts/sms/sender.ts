/** Sends a text message; one implementation per provider, chosen by SMS_PROVIDER. */
export interface SmsSender {
  readonly provider: 'console' | 'twilio';
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
}

/** The part of the app logger the senders use (Fastify's pino logger fits). */
export interface SmsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: SmsLog = { info() {}, warn() {}, error() {} };

/**
 * The provider refused or could not be reached. `permanent` means the number cannot receive the message
 * (retrying will not help); otherwise it is the provider's or the network's fault.
 */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly providerCode?: number,
  ) {
    super(message);
  }
}
