import type { Transporter } from 'nodemailer';
import type { SmtpSettings } from '../../../config.js';
import type { SmsLog } from '../sms/sender.js';
import { EmailDeliveryError, type EmailMessage, type EmailSender } from './sender.js';

const TIMEOUT_MS = 10_000;

interface SmtpError {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
}

/**
 * Mail through an SMTP server with nodemailer (SMTP_URL: smtp://user:pass@host:port, STARTTLS when the server
 * offers it; smtps:// for TLS from the start). nodemailer is loaded at the first mail, so a start without mail
 * does not pay for it.
 */
export class SmtpEmailSender implements EmailSender {
  readonly provider = 'smtp';
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly settings: SmtpSettings,
    private readonly log: SmsLog,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    try {
      const transport = await this.transporter();
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      this.log.info({ provider: 'smtp', messageId: info.messageId }, 'Email accepted by the SMTP server');
    } catch (error) {
      const { code, responseCode, permanent } = error as SmtpError;
      // The server's reply names the problem (never our credentials); keep it in the log only.
      this.log.warn({ provider: 'smtp', code, responseCode }, 'Email not accepted by the SMTP server');
      throw new EmailDeliveryError(
        'The mail server did not take the message',
        code === 'EENVELOPE' && permanent === true,
      );
    }
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(
        {
          url: this.settings.url,
          connectionTimeout: TIMEOUT_MS,
          greetingTimeout: TIMEOUT_MS,
          socketTimeout: TIMEOUT_MS,
        },
        { from: this.settings.from },
      ),
    );
    return this.transport;
  }
}
