import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type TwilioSettings } from '../../../config.js';
import {
  TWILIO_ACCOUNT_SID as ACCOUNT_SID,
  TWILIO_AUTH_TOKEN as AUTH_TOKEN,
  FakeTwilio,
} from '../../../test/fake-twilio.js';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { SmsDeliveryError, type SmsLog } from './sender.js';
import { TwilioSmsSender } from './twilio-sender.js';

const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

class RecordingLog implements SmsLog {
  readonly lines: string[] = [];
  info(details: object, message: string) {
    this.lines.push(`${message} ${JSON.stringify(details)}`);
  }
  warn(details: object, message: string) {
    this.lines.push(`${message} ${JSON.stringify(details)}`);
  }
  error(details: object, message: string) {
    this.lines.push(`${message} ${JSON.stringify(details)}`);
  }
}

describe('twilio provider', () => {
  const twilio = new FakeTwilio();
  let base: string;
  const settings = (extra: Partial<TwilioSettings> = {}): TwilioSettings => ({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: '+15005550006',
    messagingServiceSid: undefined,
    apiBase: base,
    ...extra,
  });

  beforeAll(async () => {
    base = await twilio.start();
  });
  afterEach(() => twilio.reset());
  afterAll(() => twilio.stop());

  it('posts To, From and Body form-encoded with HTTP Basic auth', async () => {
    const log = new RecordingLog();
    await new TwilioSmsSender(settings(), log).send({
      to: '+923001234567',
      body: 'Your SalomTV code is 123456.',
    });
    expect(twilio.received).toHaveLength(1);
    const [request] = twilio.received;
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request!.form)).toEqual({
      To: '+923001234567',
      From: '+15005550006',
      Body: 'Your SalomTV code is 123456.',
    });
    expect(log.lines.join('\n')).not.toContain(AUTH_TOKEN);
  });

  it('sends through a messaging service when one is set', async () => {
    await new TwilioSmsSender(
      settings({ from: undefined, messagingServiceSid: SERVICE_SID }),
      new RecordingLog(),
    ).send({
      to: '+923001234567',
      body: 'hello',
    });
    expect(Object.fromEntries(twilio.received[0]!.form)).toEqual({
      To: '+923001234567',
      MessagingServiceSid: SERVICE_SID,
      Body: 'hello',
    });
  });

  it('reports an unreachable number as permanent and a provider failure as temporary', async () => {
    const sender = new TwilioSmsSender(settings(), new RecordingLog());
    twilio.script.push({
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +15005550001 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    const invalid = await sender.send({ to: '+15005550001', body: 'x' }).catch((e) => e);
    expect(invalid).toBeInstanceOf(SmsDeliveryError);
    expect(invalid).toMatchObject({ permanent: true, providerCode: 21211 });

    twilio.script.push({ status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } });
    expect(await sender.send({ to: '+923001234567', body: 'x' }).catch((e) => e)).toMatchObject({
      permanent: false,
    });

    const wrongToken = new TwilioSmsSender(
      settings({ authToken: 'not-the-token-000000' }),
      new RecordingLog(),
    );
    expect(await wrongToken.send({ to: '+923001234567', body: 'x' }).catch((e) => e)).toMatchObject({
      permanent: false,
      providerCode: 20003,
    });
  });

  it('reports an unreachable provider as temporary', async () => {
    const sender = new TwilioSmsSender(settings({ apiBase: 'http://127.0.0.1:1' }), new RecordingLog());
    expect(await sender.send({ to: '+923001234567', body: 'x' }).catch((e) => e)).toMatchObject({
      permanent: false,
    });
  });

  describe('behind the code calls', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: base,
      });
    });
    afterAll(() => t.close());

    it('texts the code through Twilio and keeps nothing in the outbox', async () => {
      const client = new TestClient(t.app);
      const sent = await client.post('/api/otp/send', { phoneNumber: '+923001234567' });
      expect(sent.statusCode).toBe(200);
      const body = twilio.received[0]!.form.get('Body')!;
      const code = /\b(\d{6})\b/.exec(body)![1]!;
      expect(twilio.received[0]!.form.get('To')).toBe('+923001234567');
      expect(await t.app.container.repos.smsOutbox.latestFor('+923001234567')).toEqual([]);
      expect((await client.post('/api/otp/verify', { phoneNumber: '+923001234567', code })).json().data).toBe(
        'approved',
      );
      // No development outbox outside the console provider.
      expect((await client.get('/api/dev/sms-outbox?phone=%2B923001234567')).statusCode).toBe(404);
    });

    it('answers 502 without secrets when Twilio fails, and lets the viewer retry at once', async () => {
      const client = new TestClient(t.app);
      twilio.script.push({ status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } });
      const failed = await client.post('/api/otp/send', { phoneNumber: '+923001234568' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.code).toBe('sms_unavailable');
      expect(failed.body).not.toContain(AUTH_TOKEN);
      expect(failed.body).not.toContain(ACCOUNT_SID);
      expect(failed.body).not.toContain('20503');
      expect(await t.app.container.repos.otpCodes.latest('+923001234568', 'signup')).toBeUndefined();
      expect((await client.post('/api/otp/send', { phoneNumber: '+923001234568' })).statusCode).toBe(200);
    });

    it('answers 400 on the number when Twilio says it cannot receive texts', async () => {
      const client = new TestClient(t.app);
      twilio.script.push({
        status: 400,
        body: { code: 21614, message: "'To' number is not a valid mobile number", status: 400 },
      });
      const refused = await client.post('/api/otp/send', { phoneNumber: '+923001234569' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        phoneNumber: 'This number cannot receive text messages',
      });
    });
  });
});

describe('SMS settings', () => {
  // The console email provider is allowed in production here: these tests are about SMS.
  const base = {
    DATA_DIR: '/tmp/salomtv-config-test',
    EMAIL_CONSOLE_IN_PRODUCTION: 'true',
    TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
  };

  it('refuses the console provider in production unless allowed', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER/);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PAYMENT_DEMO_IN_PRODUCTION: 'true',
        SMS_CONSOLE_IN_PRODUCTION: 'true',
      }).smsProvider,
    ).toBe('console');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).twilio).toBeUndefined();
  });

  it('names the missing twilio setting', () => {
    const twilio = { ...base, SMS_PROVIDER: 'twilio' };
    expect(() => loadConfig(twilio)).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: ACCOUNT_SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() =>
      loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN }),
    ).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'nope' })).toThrow(/TWILIO_ACCOUNT_SID/);
    const config = loadConfig({
      ...twilio,
      NODE_ENV: 'production',
      PAYMENT_DEMO_IN_PRODUCTION: 'true',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID,
    });
    expect(config.twilio).toMatchObject({
      accountSid: ACCOUNT_SID,
      messagingServiceSid: SERVICE_SID,
      apiBase: 'https://api.twilio.com',
    });
  });

  it('never prints a secret in a settings error', () => {
    const error = (() => {
      try {
        loadConfig({ ...base, OTP_SECRET: 'too-short-secret' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/OTP_SECRET/);
    expect(error?.message).not.toContain('too-short-secret');
  });
});

describe('development outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      PAYMENT_DEMO_IN_PRODUCTION: 'true',
      SMS_CONSOLE_IN_PRODUCTION: 'true',
      EMAIL_CONSOLE_IN_PRODUCTION: 'true',
      SMS_DEV_OUTBOX: 'true',
      TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
    });
  });
  afterAll(() => t.close());

  it('is not served, even with the console provider allowed', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/otp/send', { phoneNumber: '+923001234570' })).statusCode).toBe(200);
    expect((await client.get('/api/dev/sms-outbox?phone=%2B923001234570')).statusCode).toBe(404);
  });
});

describe('development outbox by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not served unless SMS_DEV_OUTBOX asks for it: codes must not be readable over HTTP', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/otp/send', { phoneNumber: '+923001234571' })).statusCode).toBe(200);
    expect((await client.get('/api/dev/sms-outbox?phone=%2B923001234571')).statusCode).toBe(404);
  });
});
