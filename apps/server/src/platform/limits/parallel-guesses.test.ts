import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_ATTEMPTS_PER_CODE,
  type OtpVerifyReply,
  PIN_TRIES,
} from '@salomtv/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHECKS } from '../../modules/accounts/settings/password-check.js';
import { lastCode, lastEmailCode } from '../../test/accounts.js';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../test/harness.js';

/**
 * Every limit on guessing, hit by many wrong tries sent at once (requests handled side by side, as a server does):
 * no more than the limit are checked, and the right answer sent after them is refused while the limit holds.
 * A password or PIN that was checked answers 400/401, one refused unchecked 429. A one-time code is checked with the
 * code key, read once per comparison: the comparisons are counted there.
 */

const AT_ONCE = 50;
const PASSWORD = 'viewer-pass-1';
const wrongFor = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
const statuses = (answers: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
};
/** Sends `AT_ONCE` tries together (the server handles them side by side); `send` makes the i-th. */
const burst = (send: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i)));

/** Fresh numbers and client addresses for one app, and the code comparisons of a service. */
function kit(app: () => TestApp['app']) {
  let phones = 0;
  let addresses = 0;
  return {
    nextPhone: () => `+99890444${String(1000 + phones++).slice(-4)}`,
    /** A browser at an address of its own, with its CSRF cookie (so its tries go out at once). */
    async browser() {
      const n = addresses++;
      const client = new TestClient(app(), `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`);
      await client.get('/api/csrf');
      return client;
    },
    /** Asks for a code for `phone` from `client`; the code the phone received. */
    async sendCode(client: TestClient, phone: string, purpose = 'signup') {
      const sent = await client.post('/api/otp/send', { phoneNumber: phone, purpose });
      expect(sent.statusCode, sent.body).toBe(200);
      return lastCode(app(), phone);
    },
  };
}

/**
 * Counts the code comparisons of `service` (each reads the code key once) while `run` runs. The key is handed over
 * a moment late, as if the comparison were slow as a password hash: tries sent at once are all under way by then.
 */
async function comparisons(service: object, run: () => Promise<unknown>): Promise<number> {
  const keyed = service as { secretKey(): Promise<Buffer> };
  const key = await keyed.secretKey();
  const spy = vi.spyOn(keyed, 'secretKey').mockImplementation(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return key;
  });
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const data = (answer: LightMyRequestResponse) => (answer.json() as OtpVerifyReply).data;

describe('limits on guessing hold when tries arrive together', () => {
  let t: TestApp;
  const { nextPhone, browser, sendCode } = kit(() => t.app);

  beforeAll(async () => {
    // Code checks per address are limited below (their own app): here each code's own limits are hit.
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '1000',
    });
  });
  afterAll(() => t.close());

  it(`checks ${PIN_TRIES} of ${AT_ONCE} PINs sent at once, then refuses the right one`, async () => {
    const viewer = await signedInViewer(t.app, nextPhone(), PASSWORD);
    const owner = (await viewer.get('/api/profiles')).json().current as number;
    const other = (await viewer.post('/api/profiles', { name: 'Guest' })).json().profile_id as number;
    await viewer.post('/api/profiles/pin', { profile_id: owner, pin: '4821', password: PASSWORD });
    expect((await viewer.post('/api/profiles/select', { profile_id: other })).statusCode).toBe(200);

    const answers = await burst((i) =>
      viewer.post('/api/profiles/select', { profile_id: owner, pin: String(1000 + i) }),
    );
    expect(statuses(answers)).toEqual({ 400: PIN_TRIES, 429: AT_ONCE - PIN_TRIES });
    const right = await viewer.post('/api/profiles/select', { profile_id: owner, pin: '4821' });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await viewer.get('/api/profiles')).json().current).toBe(other);
  });

  it(`checks ${PASSWORD_CHECKS.limit} of ${AT_ONCE} account passwords sent at once to every form that asks it`, async () => {
    const phone = nextPhone();
    const viewer = await signedInViewer(t.app, phone, PASSWORD);
    const owner = (await viewer.get('/api/profiles')).json().current as number;
    await viewer.post('/api/profiles/pin', { profile_id: owner, pin: '4821', password: PASSWORD });
    const forms = [
      (password: string) => viewer.post('/api/profiles/pin', { profile_id: owner, pin: null, password }),
      (password: string) => viewer.post('/api/profiles/unlock', { password }),
      (password: string) => viewer.post('/api/profiles/maturity-limit', { maturity_limit: '7+', password }),
      (password: string) =>
        viewer.post('/api/user/edit', { current_password: password, password: 'taken-over-1' }),
    ];
    const answers = await burst((i) => forms[i % forms.length]!(`wrong-pass-${i}`));
    expect(statuses(answers)).toEqual({ 400: PASSWORD_CHECKS.limit, 429: AT_ONCE - PASSWORD_CHECKS.limit });
    for (const form of forms) expect((await form(PASSWORD)).statusCode).toBe(429);
    // Nothing changed: the PIN holds, no limit was set, the password is the old one.
    const profiles = (await viewer.get('/api/profiles')).json();
    expect(profiles.profiles[0].locked).toBe(true);
    expect(profiles.maturity_limit).toBeNull();
    await new TestClient(t.app, '192.0.2.77').signIn(phone, PASSWORD);
  });

  it('checks no more than the sign-in limit of passwords sent at once to one account, from many addresses', async () => {
    const phone = nextPhone();
    await signedInViewer(t.app, phone, PASSWORD);
    const limit = t.app.container.config.loginMaxFailures;
    const clients = await Promise.all(Array.from({ length: AT_ONCE }, browser));
    const answers = await burst((i) =>
      clients[i]!.post('/api/user/login', { phone_number: phone, password: `wrong-pass-${i}` }),
    );
    expect(statuses(answers)).toEqual({ 401: limit, 429: AT_ONCE - limit });
    const right = await (await browser()).post('/api/user/login', {
      phone_number: phone,
      password: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });

  it('checks no more than the address limit of passwords sent at once from one address to many accounts', async () => {
    const limit = t.app.container.config.loginMaxFailures * 4;
    const phone = nextPhone();
    await signedInViewer(t.app, phone, PASSWORD);
    const attacker = await browser();
    const answers = await burst((i) =>
      attacker.post('/api/user/login', { phone_number: nextPhone(), password: `wrong-pass-${i}` }),
    );
    expect(statuses(answers)).toEqual({ 401: limit, 429: AT_ONCE - limit });
    expect(
      (await attacker.post('/api/user/login', { phone_number: phone, password: PASSWORD })).statusCode,
    ).toBe(429);
  });

  describe('one-time codes', () => {
    const otp = () => t.app.container.services.otp;

    it(`compares ${OTP_MAX_ATTEMPTS} of ${AT_ONCE} sign-up codes sent at once from the address that asked`, async () => {
      const phone = nextPhone();
      const owner = await browser();
      const code = await sendCode(owner, phone);
      let answers: LightMyRequestResponse[] = [];
      const compared = await comparisons(otp(), async () => {
        answers = await burst((i) =>
          owner.post('/api/otp/verify', { phoneNumber: phone, code: wrongFor(code, i) }),
        );
      });
      expect(compared).toBe(OTP_MAX_ATTEMPTS);
      expect(answers.filter((a) => data(a) === 'pending')).toHaveLength(OTP_MAX_ATTEMPTS - 1);
      expect(data(await owner.post('/api/otp/verify', { phoneNumber: phone, code }))).toBe(
        'max_attempts_reached',
      );
    });

    it(`compares ${OTP_MAX_ATTEMPTS_PER_CODE} of ${AT_ONCE} guesses sent at once by as many strangers`, async () => {
      const phone = nextPhone();
      const owner = await browser();
      const code = await sendCode(owner, phone);
      const strangers = await Promise.all(Array.from({ length: AT_ONCE }, browser));
      const compared = await comparisons(otp(), () =>
        burst((i) => strangers[i]!.post('/api/otp/verify', { phoneNumber: phone, code: wrongFor(code, i) })),
      );
      expect(compared).toBe(OTP_MAX_ATTEMPTS_PER_CODE);
      const late = await browser();
      expect(data(await late.post('/api/otp/verify', { phoneNumber: phone, code }))).toBe(
        'max_attempts_reached',
      );
    });

    it(`compares ${OTP_MAX_ATTEMPTS} of ${AT_ONCE} reset codes sent at once, and the password stays`, async () => {
      const phone = nextPhone();
      await signedInViewer(t.app, phone, PASSWORD);
      const owner = await browser();
      const code = await sendCode(owner, phone, 'reset');
      const reset = (guess: string) =>
        owner.post('/api/user/password/reset', {
          phone_number: phone,
          code: guess,
          password: 'taken-over-1',
        });
      const compared = await comparisons(otp(), () => burst((i) => reset(wrongFor(code, i))));
      expect(compared).toBe(OTP_MAX_ATTEMPTS);
      expect((await reset(code)).json().error.fields.code).toBe('Too many wrong codes: request a new one');
      await new TestClient(t.app, '192.0.2.78').signIn(phone, PASSWORD);
    });

    it(`compares ${OTP_MAX_ATTEMPTS} of ${AT_ONCE} phone-change codes sent at once`, async () => {
      const viewer = await signedInViewer(t.app, nextPhone(), PASSWORD);
      const newPhone = nextPhone();
      const code = await sendCode(viewer, newPhone, 'phone_change');
      const verify = (guess: string) =>
        viewer.post('/api/otp/verify', { phoneNumber: newPhone, code: guess, purpose: 'phone_change' });
      const compared = await comparisons(otp(), () => burst((i) => verify(wrongFor(code, i))));
      expect(compared).toBe(OTP_MAX_ATTEMPTS);
      expect(data(await verify(code))).toBe('max_attempts_reached');
    });

    it(`compares ${OTP_MAX_ATTEMPTS} of ${AT_ONCE} email codes sent at once, and the email stays unconfirmed`, async () => {
      const viewer = await signedInViewer(t.app, nextPhone(), PASSWORD);
      const email = `guess-${Date.now().toString(36)}@example.com`;
      const set = await viewer.post('/api/user/edit', { email, current_password: PASSWORD });
      expect(set.statusCode, set.body).toBe(200);
      const code = await lastEmailCode(t.app, email);
      const emailCodes = (t.app.container.services.accounts as unknown as { emailCodes: object }).emailCodes;
      const confirm = (guess: string) => viewer.post('/api/user/email/confirm', { code: guess });
      const compared = await comparisons(emailCodes, () => burst((i) => confirm(wrongFor(code, i))));
      expect(compared).toBe(OTP_MAX_ATTEMPTS);
      expect((await confirm(code)).json().error.fields.code).toBe('Too many wrong codes: request a new one');
      expect((await viewer.get('/api/user/profile')).json().email).toBeNull();
    });
  });
});

describe('code checks from one address sent at once to many numbers', () => {
  let t: TestApp;
  const { nextPhone, browser, sendCode } = kit(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  it("compares no more than the address's hourly budget of codes sent at once to many numbers", async () => {
    const budget = t.app.container.config.otpWrongCodesPerAddressPerHour;
    const asker = await browser();
    const numbers = Array.from({ length: AT_ONCE + 1 }, nextPhone);
    const codes: string[] = [];
    for (const phone of numbers) codes.push(await sendCode(asker, phone));
    const attacker = await browser();
    let answers: LightMyRequestResponse[] = [];
    const compared = await comparisons(t.app.container.services.otp, async () => {
      answers = await burst((i) =>
        attacker.post('/api/otp/verify', { phoneNumber: numbers[i], code: wrongFor(codes[i]!) }),
      );
    });
    expect(compared).toBe(budget);
    expect(statuses(answers)).toEqual({ 200: budget, 429: AT_ONCE - budget });
    const right = await attacker.post('/api/otp/verify', {
      phoneNumber: numbers[AT_ONCE],
      code: codes[AT_ONCE],
    });
    expect(right.statusCode).toBe(429);
  });
});
