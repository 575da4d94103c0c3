import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { signedUpViewer } from '../../../test/accounts.js';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { SmtpInbox } from '../../../test/smtp-inbox.js';
import { silentLog } from '../sms/sender.js';
import { EmailDeliveryError } from './sender.js';
import { SmtpEmailSender } from './smtp-sender.js';

const FROM = 'SalomTV <no-reply@salomtv.test>';

describe('email settings', () => {
  const base = {
    DATA_DIR: '/tmp/salomtv-config-test',
    TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
  };
  const errorOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return error as Error;
    }
    throw new Error('the settings were accepted');
  };

  it('stops the start with one line naming SMTP_URL or EMAIL_FROM when smtp lacks it', () => {
    const noUrl = errorOf({ ...base, EMAIL_PROVIDER: 'smtp', EMAIL_FROM: FROM });
    expect(noUrl).toBeInstanceOf(ConfigError);
    expect(noUrl.message).toBe('Invalid setting SMTP_URL: required when EMAIL_PROVIDER=smtp');
    expect(errorOf({ ...base, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail:25' }).message).toMatch(
      /^Invalid setting EMAIL_FROM: /,
    );
    expect(
      loadConfig({
        ...base,
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtps://u:p@mail.example.com',
        EMAIL_FROM: FROM,
      }).smtp,
    ).toEqual({ url: 'smtps://u:p@mail.example.com', from: FROM });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// without printing it (it holds a password)', () => {
    const error = errorOf({ ...base, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://user:hunter2-pass@mail' });
    expect(error.message).toMatch(/^Invalid setting SMTP_URL: /);
    expect(error.message).not.toContain('hunter2-pass');
    expect(error.message.split('\n')).toHaveLength(1);
    expect(errorOf({ ...base, EMAIL_FROM: 'not an address' }).message).toMatch(/EMAIL_FROM/);
  });

  it('refuses the console provider in production unless allowed', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      PAYMENT_DEMO_IN_PRODUCTION: 'true',
      SMS_CONSOLE_IN_PRODUCTION: 'true',
    };
    expect(errorOf(production).message).toMatch(/^Invalid setting EMAIL_PROVIDER: /);
    expect(loadConfig({ ...production, EMAIL_CONSOLE_IN_PRODUCTION: 'true' }).emailProvider).toBe('console');
    expect(loadConfig(base).smtp).toBeUndefined();
  });
});

describe('smtp provider', () => {
  const inbox = new SmtpInbox();
  let url: string;
  beforeAll(async () => {
    url = await inbox.start();
  });
  afterAll(() => inbox.stop());

  it('signs in to the server and delivers the mail with the configured sender', async () => {
    await new SmtpEmailSender({ url, from: FROM }, silentLog).send({
      to: 'viewer@example.com',
      subject: 'Hello',
      text: 'Your SalomTV code is 123456.',
    });
    const [mail] = inbox.to('viewer@example.com');
    expect(mail).toMatchObject({
      from: 'no-reply@salomtv.test',
      subject: 'Hello',
      fromHeader: FROM,
      text: 'Your SalomTV code is 123456.',
    });
  });

  it('reports a refused mailbox as permanent, wrong credentials and an unreachable server as temporary', async () => {
    inbox.reject.add('gone@example.com');
    const refused = await new SmtpEmailSender({ url, from: FROM }, silentLog)
      .send({ to: 'gone@example.com', subject: 'x', text: 'x' })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(EmailDeliveryError);
    expect(refused.permanent).toBe(true);

    const wrongPassword = url.replace(inbox.password, 'not-the-password');
    const denied = await new SmtpEmailSender({ url: wrongPassword, from: FROM }, silentLog)
      .send({ to: 'viewer@example.com', subject: 'x', text: 'x' })
      .catch((error) => error);
    expect(denied).toMatchObject({ permanent: false });
    expect(denied.message).not.toContain('not-the-password');

    const unreachable = await new SmtpEmailSender({ url: 'smtp://u:p@127.0.0.1:1', from: FROM }, silentLog)
      .send({ to: 'viewer@example.com', subject: 'x', text: 'x' })
      .catch((error) => error);
    expect(unreachable).toMatchObject({ permanent: false });
  });
});

describe('development email outbox', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** Sets an email on a new account (a mail goes out) and asks the outbox for it. */
  async function outboxAnswer(env: Record<string, string>, phone: string): Promise<number> {
    const t = await createTestApp(env);
    apps.push(t);
    const viewer = await signedUpViewer(t.app, phone);
    const set = await viewer.post('/api/user/edit', {
      email: 'me@example.com',
      current_password: 'strong-pass-1',
    });
    expect(set.statusCode).toBe(200);
    return (await new TestClient(t.app).get('/api/dev/email-outbox?to=me%40example.com')).statusCode;
  }

  it('serves the console mails only when EMAIL_DEV_OUTBOX asks for it, never in production', async () => {
    expect(await outboxAnswer({}, '+998907990001')).toBe(404);
    expect(
      await outboxAnswer(
        {
          NODE_ENV: 'production',
          PAYMENT_DEMO_IN_PRODUCTION: 'true',
          SMS_CONSOLE_IN_PRODUCTION: 'true',
          EMAIL_CONSOLE_IN_PRODUCTION: 'true',
          TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
          EMAIL_DEV_OUTBOX: 'true',
        },
        '+998907990002',
      ),
    ).toBe(404);
    const t = await createTestApp({ EMAIL_DEV_OUTBOX: 'true' });
    apps.push(t);
    const viewer = await signedUpViewer(t.app, '+998907990003');
    await viewer.post('/api/user/edit', { email: 'Me@Example.com', current_password: 'strong-pass-1' });
    const served = await new TestClient(t.app).get('/api/dev/email-outbox?to=me%40example.com');
    expect(served.statusCode).toBe(200);
    const [mail] = served.json().items;
    expect(mail).toMatchObject({ to: 'me@example.com', code: expect.stringMatching(/^\d{6}$/) });
    expect(mail.body).toContain(mail.code);
  });
});
