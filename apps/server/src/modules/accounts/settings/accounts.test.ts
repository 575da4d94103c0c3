import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, lastEmailCode, outboxCount, signedUpViewer } from '../../../test/accounts.js';
import {
  createTestApp,
  listFiles,
  pngImage,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

describe('account settings', () => {
  let t: TestApp;
  let n = 0;
  const nextPhone = () => `+99890777${String(1000 + n++).slice(-4)}`;

  beforeAll(async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  it('shows the signed-in viewer their own profile, and 401 when signed out', async () => {
    const phone = nextPhone();
    const viewer = await signedUpViewer(t.app, phone);
    const profile = await viewer.get('/api/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(Object.keys(profile.json()).sort()).toEqual(
      [
        'avatar',
        'created_at',
        'dob',
        'email',
        'first_name',
        'gender',
        'language',
        'last_name',
        'nationality',
        'pending_email',
        'phone_number',
        'role',
        'trial_ends_at',
        'user_id',
        'verified',
      ].sort(),
    );
    expect((await new TestClient(t.app).get('/api/user/profile')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/user/edit', { first_name: 'X' })).statusCode).toBe(401);
  });

  it('saves names, date of birth and language, takes an email to confirm, and answers updated with the profile', async () => {
    const viewer = await signedUpViewer(t.app, nextPhone());
    const response = await viewer.post('/api/user/edit', {
      first_name: '  Amina ',
      last_name: 'Khan',
      email: 'Amina.Khan@Example.com',
      current_password: 'strong-pass-1',
      dob: '1985-12-31',
      language: 'ur',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'updated',
      profile: {
        first_name: 'Amina',
        last_name: 'Khan',
        email: null,
        pending_email: 'amina.khan@example.com',
        dob: '1985-12-31',
        language: 'Ur',
      },
    });
    // The language comes back at every sign-in through /api/user/me.
    expect((await viewer.get('/api/user/me')).json().language).toBe('Ur');
    // Clearing a name.
    expect((await viewer.post('/api/user/edit', { last_name: '' })).json().profile.last_name).toBeNull();
  });

  it('refuses bad values with field messages', async () => {
    const viewer = await signedUpViewer(t.app, nextPhone());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ dob: '1990-13-01' }, 'dob', 'Enter a real date as YYYY-MM-DD'],
      [{ dob: '2999-01-01' }, 'dob', 'The date of birth must be in the past'],
      [{ language: 'Xx' }, 'language', 'Choose one of the languages'],
      [{ first_name: 'x'.repeat(101) }, 'first_name', 'At most 100 characters'],
      [{ role: 'admin' }, 'role', 'Unknown field'],
      [{ status: 'active' }, 'status', 'Unknown field'],
      [{ verified: true }, 'verified', 'Unknown field'],
      [{}, '_', 'Nothing to change'],
    ];
    for (const [body, field, message] of cases) {
      const response = await viewer.post('/api/user/edit', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const profile = (await viewer.get('/api/user/profile')).json();
    expect(profile.role).toBe('user');
  });

  it('keeps emails unique regardless of case: the second account to confirm one gets 409', async () => {
    const first = await signedUpViewer(t.app, nextPhone());
    const second = await signedUpViewer(t.app, nextPhone());
    const password = { current_password: 'strong-pass-1' };
    expect(
      (await first.post('/api/user/edit', { email: 'shared@example.com', ...password })).statusCode,
    ).toBe(200);
    const code = await lastEmailCode(t.app, 'shared@example.com');
    expect((await first.post('/api/user/email/confirm', { code })).statusCode).toBe(200);
    t.clock.advance(31_000);
    expect(
      (await second.post('/api/user/edit', { email: 'SHARED@example.com', ...password })).statusCode,
    ).toBe(200);
    const taken = await second.post('/api/user/email/confirm', {
      code: await lastEmailCode(t.app, 'shared@example.com'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ email: 'This email is used by another account' });
    // Saving one's own email again is fine and mails nothing.
    const again = await first.post('/api/user/edit', { email: 'Shared@Example.com', ...password });
    expect(again.json().profile).toMatchObject({ email: 'shared@example.com', pending_email: null });
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const phone = nextPhone();
    const viewer = await signedUpViewer(t.app, phone, 'first-pass-1');
    const otherDevice = new TestClient(t.app);
    await otherDevice.signIn(phone, 'first-pass-1');

    const missing = await viewer.post('/api/user/edit', { password: 'second-pass-2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ current_password: 'Enter your current password' });
    const wrong = await viewer.post('/api/user/edit', {
      password: 'second-pass-2',
      current_password: 'nope-nope',
    });
    expect(wrong.json().error.fields).toEqual({ current_password: 'The current password is wrong' });
    const short = await viewer.post('/api/user/edit', {
      password: 'short',
      current_password: 'first-pass-1',
    });
    expect(short.json().error.fields.password).toBe('Use at least 8 characters');
    const phoneAsPassword = await viewer.post('/api/user/edit', {
      password: phone,
      current_password: 'first-pass-1',
    });
    expect(phoneAsPassword.json().error.fields.password).toBe('The password must not be your phone number');

    const changed = await viewer.post('/api/user/edit', {
      password: 'second-pass-2',
      current_password: 'first-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await viewer.get('/api/user/profile')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/user/profile')).statusCode).toBe(401);
    await expect(new TestClient(t.app).signIn(phone, 'first-pass-1')).rejects.toThrow(/401/);
    await new TestClient(t.app).signIn(phone, 'second-pass-2');
  });

  it('limits wrong current-password guesses (429)', async () => {
    const viewer = await signedUpViewer(t.app, nextPhone(), 'first-pass-1');
    for (let i = 0; i < 5; i++) {
      expect(
        (await viewer.post('/api/user/edit', { password: 'second-pass-2', current_password: `guess-${i}` }))
          .statusCode,
      ).toBe(400);
    }
    const blocked = await viewer.post('/api/user/edit', {
      password: 'second-pass-2',
      current_password: 'first-pass-1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changes the phone number only with a code sent to the new number', async () => {
    const oldPhone = nextPhone();
    const newPhone = nextPhone();
    const viewer = await signedUpViewer(t.app, oldPhone);
    const current_password = 'strong-pass-1';

    const noCode = await viewer.post('/api/user/edit', { phone_number: newPhone, current_password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toEqual({ code: 'Enter the code sent to the new number' });
    const notSent = await viewer.post('/api/user/edit', {
      phone_number: newPhone,
      code: '123456',
      current_password,
    });
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json().error.fields.code).toMatch(/request a new one/);

    expect(
      (await viewer.post('/api/otp/send', { phoneNumber: newPhone, purpose: 'phone_change' })).statusCode,
    ).toBe(200);
    const code = await lastCode(t.app, newPhone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (
        await viewer.post('/api/user/edit', { phone_number: newPhone, code: wrongCode, current_password })
      ).json().error.fields,
    ).toEqual({
      code: 'The code is wrong',
    });
    const changed = await viewer.post('/api/user/edit', { phone_number: newPhone, code, current_password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.phone_number).toBe(newPhone);
    // The code was for the new number only, and is used up.
    expect(
      (await viewer.post('/api/user/edit', { phone_number: oldPhone, code, current_password })).statusCode,
    ).toBe(400);
    await new TestClient(t.app).signIn(newPhone, 'strong-pass-1');
  });

  it('refuses a new number that another account has (409), even with a valid code', async () => {
    const taken = nextPhone();
    await signedInViewer(t.app, taken, 'viewer-pass-1');
    const viewer = await signedUpViewer(t.app, nextPhone());
    await viewer.post('/api/otp/send', { phoneNumber: taken, purpose: 'phone_change' });
    const response = await viewer.post('/api/user/edit', {
      phone_number: taken,
      code: await lastCode(t.app, taken),
      current_password: 'strong-pass-1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ phone_number: 'This number already has an account' });
  });

  it('stores an avatar, serves it, replaces and removes it', async () => {
    const viewer = await signedUpViewer(t.app, nextPhone());
    const first = await viewer.postForm('/api/user/avatar', {
      avatar: { filename: 'me.png', contentType: 'image/png', data: await pngImage(400, 300) },
    });
    expect(first.statusCode).toBe(200);
    const url: string = first.json().avatar;
    expect(url).toMatch(/^\/media\/avatars\/\d+-[A-Za-z0-9_-]+\.webp$/);
    const served = await viewer.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await viewer.get('/api/user/profile')).json().avatar).toBe(url);

    const second = await viewer.postForm('/api/user/avatar', {
      avatar: { filename: 'me.png', contentType: 'image/png', data: await pngImage(50, 50) },
    });
    const avatars = path.join(t.dataDir, 'media', 'avatars');
    expect(listFiles(avatars)).toEqual([second.json().avatar.replace('/media/avatars/', '')]);
    expect(fs.existsSync(path.join(avatars, url.replace('/media/avatars/', '')))).toBe(false);

    const removed = await viewer.delete('/api/user/avatar');
    expect(removed.json().avatar).toBeNull();
    expect(listFiles(avatars)).toEqual([]);
  });

  it('refuses an avatar that is not an image (415), too large (413), missing or with other fields (400)', async () => {
    const viewer = await signedUpViewer(t.app, nextPhone());
    const text = await viewer.postForm('/api/user/avatar', {
      avatar: { filename: 'me.png', contentType: 'image/png', data: Buffer.from('not an image at all') },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.fields.avatar).toBeTruthy();
    const big = await viewer.postForm('/api/user/avatar', {
      avatar: { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    });
    expect(big.statusCode).toBe(413);
    const none = await viewer.postForm('/api/user/avatar', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ avatar: 'Choose an image' });
    const extra = await viewer.postForm('/api/user/avatar', {
      note: 'hi',
      avatar: { filename: 'me.png', contentType: 'image/png', data: await pngImage(40, 40) },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toEqual({ note: 'Unknown field' });
    expect((await viewer.get('/api/user/profile')).json().avatar).toBeNull();
    expect((await new TestClient(t.app).postForm('/api/user/avatar', { note: 'hi' })).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '1000',
    });
  });
  afterAll(() => t.close());

  it('resets the password with a code sent to the account and ends every session', async () => {
    const phone = '+998907880001';
    const viewer = await signedUpViewer(t.app, phone, 'old-pass-123');
    const client = new TestClient(t.app);
    // The sign-up code went out just now: the 30-second resend pause covers every purpose.
    expect((await client.post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' })).statusCode).toBe(
      429,
    );
    t.clock.advance(31_000);
    expect((await client.post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' })).statusCode).toBe(
      200,
    );
    const code = await lastCode(t.app, phone);

    const wrong = await client.post('/api/user/password/reset', {
      phone_number: phone,
      code: code === '000000' ? '111111' : '000000',
      password: 'new-pass-456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'The code is wrong' });
    const weak = await client.post('/api/user/password/reset', {
      phone_number: phone,
      code,
      password: 'short',
    });
    expect(weak.json().error.fields.password).toBe('Use at least 8 characters');

    const reset = await client.post('/api/user/password/reset', {
      phone_number: phone,
      code,
      password: 'new-pass-456',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'updated' });
    expect((await viewer.get('/api/user/profile')).statusCode).toBe(401);
    await expect(new TestClient(t.app).signIn(phone, 'old-pass-123')).rejects.toThrow(/401/);
    await new TestClient(t.app).signIn(phone, 'new-pass-456');

    // The code works once.
    const reuse = await client.post('/api/user/password/reset', {
      phone_number: phone,
      code,
      password: 'third-pass-789',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.fields.code).toBe('This code was already used: request a new one');
  });

  it('lets exactly one of 50 parallel resets with the same code through; its password is the one that holds', async () => {
    const phone = '+998907880009';
    await signedUpViewer(t.app, phone, 'old-pass-123');
    t.clock.advance(31_000);
    const clients = Array.from({ length: 50 }, () => new TestClient(t.app));
    // Each client's CSRF cookie first, so the 50 resets really overlap.
    await Promise.all(clients.map((c) => c.get('/api/csrf')));
    expect(
      (await clients[0]!.post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' })).statusCode,
    ).toBe(200);
    const code = await lastCode(t.app, phone);
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.post('/api/user/password/reset', { phone_number: phone, code, password: `parallel-pass-${i}` }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    // The others hear that the code is used, or that this address has no tries left on it (every guess is
    // counted before it is compared).
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect([
        'This code was already used: request a new one',
        'Too many wrong codes: request a new one',
      ]).toContain(refused.json().error.fields.code);
    }
    await new TestClient(t.app).signIn(phone, `parallel-pass-${winners[0]}`);
    const other = `parallel-pass-${(winners[0]! + 1) % 50}`;
    await expect(new TestClient(t.app).signIn(phone, other)).rejects.toThrow(/401/);
  });

  it('gives a number without an account nothing to use', async () => {
    const phone = '+998907880002';
    const client = new TestClient(t.app);
    expect((await client.post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' })).statusCode).toBe(
      200,
    );
    expect(await outboxCount(t.app, phone)).toBe(0);
    const response = await client.post('/api/user/password/reset', {
      phone_number: phone,
      code: '123456',
      password: 'new-pass-456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.code).toBeTruthy();
  });

  it('does not accept a sign-up code for a reset', async () => {
    const phone = '+998907880003';
    await signedUpViewer(t.app, phone, 'old-pass-123');
    const client = new TestClient(t.app);
    t.clock.advance(31_000);
    await client.post('/api/otp/send', { phoneNumber: phone });
    const code = await lastCode(t.app, phone);
    expect(
      (await client.post('/api/user/password/reset', { phone_number: phone, code, password: 'new-pass-456' }))
        .statusCode,
    ).toBe(400);
  });
});
