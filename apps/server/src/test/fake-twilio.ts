import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_AUTH_TOKEN = 'f00dbabe-secret-auth-token-42';

export interface TwilioRequest {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A stand-in for api.twilio.com: checks the documented request shape and answers as Twilio documents. `hold()`
 * makes it a provider that does not answer until the test lets it.
 */
export class FakeTwilio {
  readonly received: TwilioRequest[] = [];
  /** The next answers to give (status and JSON); when empty, a created message. */
  readonly script: { status: number; body: unknown }[] = [];
  /** Requests answered so far. */
  answered = 0;
  private gate: Promise<void> | undefined;
  private readonly arrivals: (() => void)[] = [];
  private server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      this.received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        form: new URLSearchParams(raw),
      });
      for (const arrived of this.arrivals.splice(0)) arrived();
      const answer = (status: number, body: unknown) => {
        void (this.gate ?? Promise.resolve()).then(() => {
          this.answered++;
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        });
      };
      const expectedAuth = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString('base64')}`;
      if (request.headers.authorization !== expectedAuth) {
        return answer(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      if (
        request.method !== 'POST' ||
        request.url !== `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`
      ) {
        return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      const scripted = this.script.shift();
      if (scripted) return answer(scripted.status, scripted.body);
      const form = new URLSearchParams(raw);
      answer(201, {
        sid: `SM${'a'.repeat(32)}`,
        account_sid: TWILIO_ACCOUNT_SID,
        to: form.get('To'),
        from: form.get('From'),
        messaging_service_sid: form.get('MessagingServiceSid'),
        body: form.get('Body'),
        status: form.get('MessagingServiceSid') ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages/SM${'a'.repeat(32)}.json`,
      });
    });
  });

  /** Holds every answer, from now on, until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = undefined;
      release();
    };
  }

  /** Resolves once `count` requests have arrived in all. */
  async arrived(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.arrivals.push(resolve));
  }

  reset(): void {
    this.received.length = 0;
    this.script.length = 0;
    this.answered = 0;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
