/** Sends an email; one implementation per provider, chosen by EMAIL_PROVIDER. */
export interface EmailSender {
  readonly provider: 'console' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

export interface EmailMessage {
  /** One address, lower case. */
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
}

/**
 * The mail server refused the message or could not be reached. `permanent` means the address cannot receive it
 * (a 5xx answer to the recipient or the message); otherwise it is the server's or the network's fault.
 */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
