import { OTP_MAX_ATTEMPTS, OTP_MAX_ATTEMPTS_PER_CODE, type OtpVerifyReply } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode } from '../../../test/accounts.js';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../../test/harness.js';

/** A six-digit code that is not `code`. */
const wrongFor = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/**
 * Code checks count people, not only codes: a stranger's wrong guesses use the stranger's share of the code and
 * the code's shared pool, never the owner's tries; one address guessing across many numbers runs out of its
 * hourly budget.
 */
describe('guesses at one-time codes', () => {
  let t: TestApp;
  let n = 0;
  const nextPhone = () => `+99890666${String(1000 + n++).slice(-4)}`;
  let m = 0;
  const someone = () => new TestClient(t.app, `198.51.100.${++m}`);
  const verify = (c: TestClient, phoneNumber: string, code: string, purpose = 'signup') =>
    c.post('/api/otp/verify', { phoneNumber, code, purpose });
  const data = async (answer: Promise<{ json(): unknown }>) => ((await answer).json() as OtpVerifyReply).data;

  beforeAll(async () => {
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '1000',
    });
  });
  afterAll(() => t.close());

  it('refuses a stranger who used their share on a code, and the owner from another address still verifies', async () => {
    const phone = nextPhone();
    const owner = new TestClient(t.app, '203.0.113.10');
    await owner.post('/api/otp/send', { phoneNumber: phone });
    const code = await lastCode(t.app, phone);
    const stranger = someone();
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      expect((await verify(stranger, phone, wrongFor(code, i))).json()).toEqual({
        data: 'pending',
        errors: [
          'That code is wrong. Try again.',
          `${OTP_MAX_ATTEMPTS - i} ${OTP_MAX_ATTEMPTS - i === 1 ? 'try' : 'tries'} left`,
        ],
      });
    }
    expect(await data(verify(stranger, phone, wrongFor(code)))).toBe('max_attempts_reached');
    // Refused from that address now, even with the right code: the share is spent.
    expect((await verify(stranger, phone, code)).json()).toEqual({
      data: 'max_attempts_reached',
      errors: ['Too many wrong codes: request a new one'],
    });
    expect(await data(verify(owner, phone, code))).toBe('approved');
  });

  it('keeps a reset code for its owner whatever a stranger sends to the reset call', async () => {
    const phone = nextPhone();
    await signedInViewer(t.app, phone, 'old-pass-123');
    const owner = new TestClient(t.app, '203.0.113.11');
    t.clock.advance(31_000);
    await owner.post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' });
    const code = await lastCode(t.app, phone);
    const stranger = someone();
    const reset = (c: TestClient, guess: string) =>
      c.post('/api/user/password/reset', { phone_number: phone, code: guess, password: 'new-pass-456' });
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++)
      expect((await reset(stranger, wrongFor(code, i))).statusCode).toBe(400);
    expect((await reset(stranger, code)).json().error.fields.code).toBe(
      'Too many wrong codes: request a new one',
    );
    expect(await data(verify(owner, phone, code, 'reset'))).toBe('approved');
    expect((await reset(owner, code)).statusCode).toBe(200);
  });

  it('counts guesses sent at once before comparing them', async () => {
    const phone = nextPhone();
    const owner = new TestClient(t.app, '203.0.113.12');
    await owner.post('/api/otp/send', { phoneNumber: phone });
    const code = await lastCode(t.app, phone);
    const stranger = someone();
    await stranger.get('/api/csrf');
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => data(verify(stranger, phone, wrongFor(code, i)))),
    );
    // Only the share's guesses were compared (and found wrong); the rest were refused unread.
    expect(verdicts.filter((v) => v === 'pending')).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(verdicts.filter((v) => v === 'max_attempts_reached')).toHaveLength(20 - OTP_MAX_ATTEMPTS + 1);
    expect(await data(verify(owner, phone, code))).toBe('approved');
  });

  it('caps the guesses of all strangers together on one code, and keeps the tries of the address that asked for it', async () => {
    const phone = nextPhone();
    const owner = new TestClient(t.app, '203.0.113.13');
    await owner.post('/api/otp/send', { phoneNumber: phone });
    const code = await lastCode(t.app, phone);
    let guess = 0;
    const strangers = OTP_MAX_ATTEMPTS_PER_CODE / OTP_MAX_ATTEMPTS;
    for (let s = 0; s < strangers; s++) {
      const stranger = someone();
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) await verify(stranger, phone, wrongFor(code, guess++));
    }
    // The pool is spent: a fresh address is refused even the right code, so no more than
    // OTP_MAX_ATTEMPTS_PER_CODE + OTP_MAX_ATTEMPTS guesses are ever compared with one code.
    expect((await verify(someone(), phone, code)).json()).toEqual({
      data: 'max_attempts_reached',
      errors: ['Too many wrong codes: request a new one'],
    });
    // The address that asked keeps its own tries.
    expect(await data(verify(owner, phone, wrongFor(code, guess++)))).toBe('pending');
    expect(await data(verify(owner, phone, code))).toBe('approved');
  });

  it('tells a stranger the tries left on the shared pool when fewer than their share', async () => {
    const phone = nextPhone();
    const owner = new TestClient(t.app, '203.0.113.14');
    await owner.post('/api/otp/send', { phoneNumber: phone });
    const code = await lastCode(t.app, phone);
    let guess = 0;
    // Every stranger but the last spends a whole share; the last has 2 guesses of the pool left.
    const before = OTP_MAX_ATTEMPTS_PER_CODE - 2;
    for (let g = 0; g < before; g++) {
      await verify(
        new TestClient(t.app, `192.0.2.${Math.floor(g / OTP_MAX_ATTEMPTS)}`),
        phone,
        wrongFor(code, guess++),
      );
    }
    const last = someone();
    expect((await verify(last, phone, wrongFor(code, guess++))).json().errors).toEqual([
      'That code is wrong. Try again.',
      '1 try left',
    ]);
    expect(await data(verify(last, phone, wrongFor(code, guess++)))).toBe('max_attempts_reached');
  });
});

describe('code checks from one address across many numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '6',
    });
  });
  afterAll(() => t.close());

  it('refuses an address with 429 once it has spent its hourly budget of wrong codes, whatever the number', async () => {
    const phones = Array.from({ length: 8 }, (_, i) => `+9989077755${10 + i}`);
    const codes: string[] = [];
    for (const [i, phone] of phones.entries()) {
      await new TestClient(t.app, `203.0.113.${20 + i}`).post('/api/otp/send', { phoneNumber: phone });
      codes.push(await lastCode(t.app, phone));
    }
    const attacker = new TestClient(t.app, '198.51.100.200');
    for (let i = 0; i < 6; i++) {
      const answer = await attacker.post('/api/otp/verify', {
        phoneNumber: phones[i],
        code: wrongFor(codes[i]!),
      });
      expect(answer.json().data).toBe('pending');
    }
    const refused = await attacker.post('/api/otp/verify', { phoneNumber: phones[6], code: codes[6] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many wrong codes were tried from here: try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back, and the code the attacker was refused is still good.
    const owner = new TestClient(t.app, '203.0.113.26');
    expect(
      (await owner.post('/api/otp/verify', { phoneNumber: phones[6], code: codes[6] })).json().data,
    ).toBe('approved');
    t.clock.advance(3_600_000);
    expect(
      (await attacker.post('/api/otp/verify', { phoneNumber: phones[7], code: wrongFor(codes[7]!) }))
        .statusCode,
    ).toBe(200);
  });

  it('does not count the codes an address gets right', async () => {
    const client = new TestClient(t.app, '203.0.113.60');
    for (let i = 0; i < 8; i++) {
      const phone = `+9989077766${10 + i}`;
      await client.post('/api/otp/send', { phoneNumber: phone });
      const answer = await client.post('/api/otp/verify', {
        phoneNumber: phone,
        code: await lastCode(t.app, phone),
      });
      expect(answer.json().data).toBe('approved');
    }
  });
});
