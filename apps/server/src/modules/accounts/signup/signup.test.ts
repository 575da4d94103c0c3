import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signupDetails, verifiedForSignup } from '../../../test/accounts.js';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../../test/harness.js';

describe('sign-up with a verified phone number', () => {
  let t: TestApp;
  let n = 0;
  const nextPhone = () => `+99890666${String(1000 + n++).slice(-4)}`;

  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  it('creates the account with the 30-day trial, signs it in and spends the proof', async () => {
    const phone = nextPhone();
    const client = await verifiedForSignup(t.app, phone);
    const proof = client.cookies.get('signup_proof')!;
    const response = await client.post('/api/user/add', signupDetails(phone));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'updated', role: 'user' });
    expect(response.cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
    expect(client.cookies.has('signup_proof')).toBe(false);

    expect((await client.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    const profile = (await client.get('/api/user/profile')).json();
    expect(profile).toMatchObject({
      phone_number: phone,
      dob: '1990-04-12',
      gender: 'female',
      nationality: 'PK',
      role: 'user',
      // The number was confirmed by its code.
      verified: true,
      trial_ends_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    expect(profile).not.toHaveProperty('password_hash');

    // The proof works once.
    client.cookies.set('signup_proof', proof);
    const again = await client.post('/api/user/add', signupDetails(phone));
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('This verification was already used: verify the number again');
    const row = await t.app.container.repos.otpCodes.latest(phone, 'signup');
    expect(row?.proof_used_at).not.toBeNull();

    // The new account signs in with its password.
    const fresh = new TestClient(t.app);
    expect((await fresh.signIn(phone, 'strong-pass-1')).body).toBe('user');
  });

  it('refuses a sign-up without a verified number (403)', async () => {
    const phone = nextPhone();
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/add', signupDetails(phone));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('phone_not_verified');
    expect(await t.app.container.repos.users.findByPhone(phone)).toBeUndefined();
  });

  it('refuses a proof made for another number (403)', async () => {
    const verified = nextPhone();
    const other = nextPhone();
    const client = await verifiedForSignup(t.app, verified);
    const response = await client.post('/api/user/add', signupDetails(other));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('The code was verified for another phone number');
    expect(await t.app.container.repos.users.findByPhone(other)).toBeUndefined();
  });

  it('refuses a forged or expired proof (403)', async () => {
    const phone = nextPhone();
    const client = await verifiedForSignup(t.app, phone);
    const real = client.cookies.get('signup_proof')!;
    const [id] = real.split('.');
    client.cookies.set('signup_proof', `${id}.${'A'.repeat(43)}`);
    expect((await client.post('/api/user/add', signupDetails(phone))).statusCode).toBe(403);
    client.cookies.set('signup_proof', real);
    t.clock.advance(16 * 60_000);
    const late = await client.post('/api/user/add', signupDetails(phone));
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toMatch(/expired/);
  });

  it('answers 409 when the number already has an account', async () => {
    const phone = nextPhone();
    await signedInViewer(t.app, phone, 'viewer-pass-1');
    const client = await verifiedForSignup(t.app, phone);
    const response = await client.post('/api/user/add', signupDetails(phone));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ phone_number: 'This number already has an account' });
  });

  it('needs the CSRF header', async () => {
    const phone = nextPhone();
    const client = await verifiedForSignup(t.app, phone);
    expect((await client.post('/api/user/add', signupDetails(phone), { csrf: false })).statusCode).toBe(403);
    expect((await client.post('/api/user/add', signupDetails(phone))).statusCode).toBe(201);
  });

  describe('validates every field with its message', () => {
    const phone = '+998906669999';
    // The test clock starts on 2026-06-01.
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no date of birth', { dob: '' }, 'dob', 'Enter your date of birth'],
      ['a date of birth that is not a date', { dob: '12/04/1990' }, 'dob', 'Enter a real date as YYYY-MM-DD'],
      [
        'a date of birth that does not exist',
        { dob: '2001-02-30' },
        'dob',
        'Enter a real date as YYYY-MM-DD',
      ],
      [
        'a date of birth in the future',
        { dob: '2030-01-01' },
        'dob',
        'The date of birth must be in the past',
      ],
      ['a date of birth today', { dob: '2026-06-01' }, 'dob', 'The date of birth must be in the past'],
      [
        'a date of birth under 13 years ago',
        { dob: '2013-06-02' },
        'dob',
        'You must be at least 13 years old',
      ],
      ['a date of birth before 1900', { dob: '1899-12-31' }, 'dob', 'Enter a real date of birth'],
      ['no gender', { gender: undefined }, 'gender', 'Choose male or female'],
      ['another gender', { gender: 'other' }, 'gender', 'Choose male or female'],
      ['no country', { nationality: undefined }, 'nationality', 'Choose your country'],
      ['a country that is not a code', { nationality: 'Uzbekistan' }, 'nationality', 'Choose your country'],
      ['a code no country has', { nationality: 'XX' }, 'nationality', 'Choose your country'],
      ['a long first name', { first_name: 'x'.repeat(101) }, 'first_name', 'At most 100 characters'],
      ['a short password', { password: 'short12' }, 'password', 'Use at least 8 characters'],
      ['a long password', { password: 'x'.repeat(129) }, 'password', 'Use at most 128 characters'],
      [
        'the phone number as password',
        { password: phone },
        'password',
        'The password must not be your phone number',
      ],
      [
        'the national number as password',
        { password: '906669999' },
        'password',
        'The password must not be your phone number',
      ],
      ['no phone number', { phone_number: '' }, 'phone_number', 'Enter your phone number'],
      [
        'a phone number without +',
        { phone_number: '998906669999' },
        'phone_number',
        'Enter the number in international form, such as +92 300 1234567',
      ],
      ['terms not accepted', { terms: false }, 'terms', 'Accept the terms and conditions'],
      ['no terms', { terms: undefined }, 'terms', 'Accept the terms and conditions'],
      ['an unknown field', { role: 'admin' }, 'role', 'Unknown field'],
    ];
    for (const [name, change, field, message] of cases) {
      it(`refuses ${name}`, async () => {
        const client = new TestClient(t.app);
        const body = JSON.parse(JSON.stringify(signupDetails(phone, change)));
        const response = await client.post('/api/user/add', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
        expect(response.json().error.fields[field]).toBe(message);
      });
    }

    it('accepts someone who turns 13 today', async () => {
      const client = new TestClient(t.app);
      const response = await client.post('/api/user/add', signupDetails(phone, { dob: '2013-06-01' }));
      // Valid body: refused only for the missing proof.
      expect(response.statusCode).toBe(403);
    });
  });

  it("records the chosen gender, the country as its ISO code (the spec's names too) and the first name", async () => {
    for (const [nationality, code, first_name, stored] of [
      ['India', 'IN', undefined, null],
      ['uz', 'UZ', '  Dilnoza ', 'Dilnoza'],
      ['GB', 'GB', '', null],
    ] as const) {
      const phone = nextPhone();
      const client = await verifiedForSignup(t.app, phone);
      const details = signupDetails(phone, { gender: 'male', nationality, first_name });
      expect((await client.post('/api/user/add', details)).statusCode).toBe(201);
      const row = await t.app.container.repos.users.findByPhone(phone);
      expect(row).toMatchObject({ gender: 'male', nationality: code, first_name: stored, role: 'user' });
      expect((await client.get('/api/user/profile')).json()).toMatchObject({
        nationality: code,
        first_name: stored,
      });
    }
  });
});

describe('the code check tells its holder, and only them, that the number already has an account', () => {
  let t: TestApp;
  let n = 0;
  const nextPhone = () => `+99890777${String(1000 + n++).slice(-4)}`;

  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  /** A browser that asked for a sign-up code for this number. */
  const askedForCode = async (phone: string) => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/otp/send', { phoneNumber: phone })).statusCode).toBe(200);
    return { client, code: await lastCode(t.app, phone) };
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers account_exists: true with the approval of a right code for a number with an account', async () => {
    const phone = nextPhone();
    await signedInViewer(t.app, phone, 'viewer-pass-1');
    const { client, code } = await askedForCode(phone);
    const verified = await client.post('/api/otp/verify', { phoneNumber: phone, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ data: 'approved', errors: null, account_exists: true });
    // The form would be refused: the page stops here instead.
    expect((await client.post('/api/user/add', signupDetails(phone))).statusCode).toBe(409);
  });

  it('answers account_exists: false for a new number, which then signs up', async () => {
    const phone = nextPhone();
    const { client, code } = await askedForCode(phone);
    const verified = await client.post('/api/otp/verify', { phoneNumber: phone, code });
    expect(verified.json()).toEqual({ data: 'approved', errors: null, account_exists: false });
    expect((await client.post('/api/user/add', signupDetails(phone))).statusCode).toBe(201);
  });

  it('says nothing of the account before the code is right: wrong codes answer alike for both numbers', async () => {
    const taken = nextPhone();
    const free = nextPhone();
    await signedInViewer(t.app, taken, 'viewer-pass-1');
    const answers = [];
    for (const phone of [taken, free]) {
      const { client, code } = await askedForCode(phone);
      const wrong = await client.post('/api/otp/verify', { phoneNumber: phone, code: wrongCode(code) });
      expect(wrong.json()).not.toHaveProperty('account_exists');
      answers.push({ status: wrong.statusCode, body: wrong.body });
    }
    expect(answers[0]).toEqual(answers[1]);

    // A stranger guessing from another address learns nothing either, and a reset code check says nothing.
    const stranger = new TestClient(t.app, '203.0.113.9');
    const guess = await stranger.post('/api/otp/verify', { phoneNumber: taken, code: '000000' });
    expect(guess.json()).not.toHaveProperty('account_exists');
    const reset = new TestClient(t.app);
    t.clock.advance(31_000); // the pause between two codes to one number
    expect((await reset.post('/api/otp/send', { phoneNumber: taken, purpose: 'reset' })).statusCode).toBe(
      200,
    );
    const checked = await reset.post('/api/otp/verify', {
      phoneNumber: taken,
      code: await lastCode(t.app, taken),
      purpose: 'reset',
    });
    expect(checked.json()).toEqual({ data: 'approved', errors: null });
  });
});
