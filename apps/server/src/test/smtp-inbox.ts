import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
  /** The From header as sent. */
  fromHeader: string;
}

/**
 * A real SMTP server on an ephemeral local port (the `smtp-server` package) that needs a user and password and
 * keeps what it receives. `reject` lists recipients it refuses with 550, as a mailbox that does not exist.
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  readonly reject = new Set<string>();
  readonly user = 'salomtv';
  readonly password = 'smtp-pass-123';
  private readonly server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === this.user && auth.password === this.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo: (address, _session, callback) => {
      if (!this.reject.has(address.address)) return callback();
      const refused = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
      callback(refused);
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.mails.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });

  /** Listens on 127.0.0.1 and answers the SMTP_URL that reaches it. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://${this.user}:${this.password}@127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The mails to one address, oldest first. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  /** The code in the newest mail to an address. */
  lastCode(address: string): string {
    const code = /\b(\d{6})\b/.exec(this.to(address).at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error(`no code was mailed to ${address}`);
    return code;
  }
}

function parse(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  let text = raw.slice(split + 4);
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    text = text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: header('Subject'),
    text: text.trim(),
    fromHeader: header('From'),
  };
}
