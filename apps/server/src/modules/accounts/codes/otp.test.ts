import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, outboxCount } from '../../../test/accounts.js';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../../test/harness.js';

const MINUTE = 60_000;

describe('one-time codes', () => {
  let t: TestApp;
  let client: TestClient;
  let n = 0;
  /** A fresh valid number per test, so limits do not leak between tests. */
  const nextPhone = () => `+99890555${String(1000 + n++).slice(-4)}`;

  beforeAll(async () => {
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '1000',
      SMS_DEV_OUTBOX: 'true',
    });
    client = new TestClient(t.app);
  });
  afterAll(() => t.close());

  const send = (phone: string, extra: Record<string, unknown> = {}, c = client) =>
    c.post('/api/otp/send', { phoneNumber: phone, ...extra });
  const verify = (phone: string, code: string, extra: Record<string, unknown> = {}, c = client) =>
    c.post('/api/otp/verify', { phoneNumber: phone, code, ...extra });

  it('sends a 6-digit code, stores only its hash and answers without the code', async () => {
    const phone = nextPhone();
    const response = await send(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: 'updated', resendAfterSeconds: 30, expiresInSeconds: 600 });
    const code = await lastCode(t.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(code);
    const row = await t.app.container.repos.otpCodes.latest(phone, 'signup');
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
  });

  it('accepts common spellings of a number and refuses invalid ones with a field message', async () => {
    const phone = nextPhone();
    expect((await send(`${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`)).statusCode).toBe(200);
    expect(await outboxCount(t.app, phone)).toBe(1);
    for (const bad of ['12345', '+1 555', 'hello', '']) {
      const response = await send(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.phoneNumber).toBeTruthy();
    }
    expect((await send('+99812345678901')).json().error.fields.phoneNumber).toBe(
      'Enter a valid phone number in international form',
    );
  });

  it('needs the CSRF header on both calls', async () => {
    const phone = nextPhone();
    expect((await client.post('/api/otp/send', { phoneNumber: phone }, { csrf: false })).statusCode).toBe(
      403,
    );
    expect(
      (await client.post('/api/otp/verify', { phoneNumber: phone, code: '123456' }, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });

  it('approves the right code once, with a short-lived httpOnly proof cookie; a used code never works again', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastCode(t.app, phone);
    const approved = await verify(phone, code);
    expect(approved.json()).toEqual({ data: 'approved', errors: null, account_exists: false });
    const proof = approved.cookies.find((c) => c.name === 'signup_proof');
    expect(proof?.httpOnly).toBe(true);
    expect(proof?.maxAge).toBe(900);
    const again = await verify(phone, code);
    expect(again.json().data).toBe('expired');
    expect(again.json().errors[0]).toMatch(/already used/);
    expect(again.cookies.find((c) => c.name === 'signup_proof')).toBeUndefined();
  });

  it('answers pending for a wrong code and kills the code after 5 wrong tries', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const response = await verify(phone, wrong);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: 'pending',
        errors: ['That code is wrong. Try again.', `${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`],
      });
    }
    expect((await verify(phone, wrong)).json().data).toBe('max_attempts_reached');
    expect((await verify(phone, code)).json()).toEqual({
      data: 'max_attempts_reached',
      errors: ['Too many wrong codes: request a new one'],
    });
  });

  it('lets a code live 10 minutes', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastCode(t.app, phone);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await verify(phone, code, { purpose: 'signup' })).json().data).toBe('approved');

    const other = nextPhone();
    await send(other);
    const late = await lastCode(t.app, other);
    t.clock.advance(10 * MINUTE);
    expect((await verify(other, late)).json()).toEqual({
      data: 'expired',
      errors: ['The code has expired: request a new one'],
    });
  });

  it('answers expired when no code was sent, and a new code replaces the old one', async () => {
    const phone = nextPhone();
    expect((await verify(phone, '123456')).json().data).toBe('expired');
    await send(phone);
    const first = await lastCode(t.app, phone);
    t.clock.advance(31_000);
    await send(phone);
    const second = await lastCode(t.app, phone);
    if (first !== second) expect((await verify(phone, first)).json().data).toBe('pending');
    expect((await verify(phone, second)).json().data).toBe('approved');
  });

  it('refuses a resend within 30 seconds with 429 and Retry-After', async () => {
    const phone = nextPhone();
    expect((await send(phone)).statusCode).toBe(200);
    t.clock.advance(10_000);
    const early = await send(phone);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('20');
    expect(early.json().error.message).toBe('Wait 20 seconds before asking for another code');
    t.clock.advance(20_000);
    expect((await send(phone)).statusCode).toBe(200);
    expect(await outboxCount(t.app, phone)).toBe(2);
  });

  it('sends at most 5 codes per number per hour', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).statusCode).toBe(200);
      t.clock.advance(31_000);
    }
    const refused = await send(phone);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await outboxCount(t.app, phone)).toBe(5);
    t.clock.advance(retryAfter * 1000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('gives exactly one approval to 50 parallel verifications of the same code', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastCode(t.app, phone);
    const clients = Array.from({ length: 50 }, () => new TestClient(t.app));
    // Prime each client's CSRF cookie first so the 50 calls really overlap.
    await Promise.all(clients.map((c) => c.get('/api/csrf')));
    const answers = await Promise.all(clients.map((c) => verify(phone, code, {}, c)));
    const verdicts = answers.map((a) => a.json().data);
    expect(verdicts.filter((v) => v === 'approved')).toHaveLength(1);
    // The others hear that the code is used, or that this address has no tries left on it: every guess is
    // counted before it is compared, right ones included until they are found right.
    expect(verdicts.every((v) => ['approved', 'expired', 'max_attempts_reached'].includes(v))).toBe(true);
    expect(answers.filter((a) => a.cookies.some((c) => c.name === 'signup_proof'))).toHaveLength(1);
  });

  it('answers a reset request the same for any number but texts only an account holder', async () => {
    const unknown = nextPhone();
    const known = nextPhone();
    await signedInViewer(t.app, known, 'viewer-pass-9');
    const a = await send(unknown, { purpose: 'reset' });
    const b = await send(known, { purpose: 'reset' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await outboxCount(t.app, unknown)).toBe(0);
    expect(await outboxCount(t.app, known)).toBe(1);
    // A sign-up code goes out whether or not the number has an account.
    t.clock.advance(31_000);
    expect((await send(known)).json()).toEqual(a.json());
    expect(await outboxCount(t.app, known)).toBe(2);
  });

  it('checks reset and phone-change codes without using them up', async () => {
    const phone = nextPhone();
    await signedInViewer(t.app, phone, 'viewer-pass-9');
    await send(phone, { purpose: 'reset' });
    const code = await lastCode(t.app, phone);
    const first = await verify(phone, code, { purpose: 'reset' });
    expect(first.json().data).toBe('approved');
    expect(first.cookies.find((c) => c.name === 'signup_proof')).toBeUndefined();
    expect((await verify(phone, code, { purpose: 'reset' })).json().data).toBe('approved');
    // Codes are bound to their purpose.
    expect((await verify(phone, code)).json().data).toBe('expired');
  });

  it('sends a phone-change code only to a signed-in viewer', async () => {
    const target = nextPhone();
    expect((await send(target, { purpose: 'phone_change' })).statusCode).toBe(401);
    const viewer = await signedInViewer(t.app, nextPhone(), 'viewer-pass-9');
    expect((await send(target, { purpose: 'phone_change' }, viewer)).statusCode).toBe(200);
    expect(await outboxCount(t.app, target)).toBe(1);
  });

  it('refuses unknown fields and a malformed code with field messages', async () => {
    const bad = await client.post('/api/otp/verify', {
      phoneNumber: nextPhone(),
      code: '12ab',
      role: 'admin',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ code: 'Enter the 6-digit code', role: 'Unknown field' });
    const purpose = await client.post('/api/otp/send', { phoneNumber: nextPhone(), purpose: 'login' });
    expect(purpose.json().error.fields.purpose).toBe('Unknown purpose');
  });

  it('serves the development outbox with the codes, newest first', async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await lastCode(t.app, phone);
    const encoded = await client.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().items[0]).toMatchObject({ to: phone, code });
    // An unencoded + arrives as a space.
    expect((await client.get(`/api/dev/sms-outbox?phone=${phone}`)).json().items[0].code).toBe(code);
    expect((await client.get('/api/dev/sms-outbox?phone=abc')).statusCode).toBe(400);
  });
});

describe('per-address limit on code requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('refuses the fourth request from one address within the hour with 429 and Retry-After', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/otp/send', { phoneNumber: `+9989077700${10 + i}` })).statusCode).toBe(
        200,
      );
    }
    const refused = await client.post('/api/otp/send', { phoneNumber: '+998907770099' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxCount(t.app, '+998907770099')).toBe(0);
    t.clock.advance(3_600_000);
    expect((await client.post('/api/otp/send', { phoneNumber: '+998907770099' })).statusCode).toBe(200);
  });
});
