import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signedUpViewer } from '../../../test/accounts.js';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { SmtpInbox } from '../../../test/smtp-inbox.js';

const PASSWORD = 'strong-pass-1';

/** What a new password, email or phone number needs: the account's current password. */
describe('an account belongs to the person who made it', () => {
  const inbox = new SmtpInbox();
  let t: TestApp;
  let n = 0;
  const nextPhone = () => `+99890778${String(1000 + n++).slice(-4)}`;
  const newViewer = () => signedUpViewer(t.app, nextPhone(), PASSWORD);
  const signInWith = (login: string, password = PASSWORD) =>
    new TestClient(t.app).post('/api/user/login', { phone_number: login, password });

  /** Sets an email (the current password given) and confirms it with the code mailed to it. */
  async function verifiedEmail(viewer: TestClient, email: string): Promise<void> {
    expect((await viewer.post('/api/user/edit', { email, current_password: PASSWORD })).statusCode).toBe(200);
    const confirmed = await viewer.post('/api/user/email/confirm', { code: inbox.lastCode(email) });
    expect(confirmed.statusCode).toBe(200);
  }

  beforeAll(async () => {
    const smtpUrl = await inbox.start();
    t = await createTestApp({
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: smtpUrl,
      EMAIL_FROM: 'SalomTV <no-reply@salomtv.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  describe('phone number', () => {
    it('changes only with the current password as well as the code, and the code survives a wrong password', async () => {
      const viewer = await newViewer();
      const newPhone = nextPhone();
      expect(
        (await viewer.post('/api/otp/send', { phoneNumber: newPhone, purpose: 'phone_change' })).statusCode,
      ).toBe(200);
      const code = await lastCode(t.app, newPhone);

      const without = await viewer.post('/api/user/edit', { phone_number: newPhone, code });
      expect(without.statusCode).toBe(400);
      expect(without.json().error.fields).toEqual({ current_password: 'Enter your current password' });
      const wrong = await viewer.post('/api/user/edit', {
        phone_number: newPhone,
        code,
        current_password: 'not-my-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ current_password: 'The current password is wrong' });
      expect((await viewer.get('/api/user/profile')).json().phone_number).not.toBe(newPhone);

      const changed = await viewer.post('/api/user/edit', {
        phone_number: newPhone,
        code,
        current_password: PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().profile.phone_number).toBe(newPhone);
    });

    it('texts the old number that it was changed, ends every other session and keeps the current one', async () => {
      const oldPhone = nextPhone();
      const newPhone = nextPhone();
      const viewer = await signedUpViewer(t.app, oldPhone, PASSWORD);
      const otherDevice = new TestClient(t.app);
      await otherDevice.signIn(oldPhone, PASSWORD);
      const thirdDevice = new TestClient(t.app);
      await thirdDevice.signIn(oldPhone, PASSWORD);

      await viewer.post('/api/otp/send', { phoneNumber: newPhone, purpose: 'phone_change' });
      const changed = await viewer.post('/api/user/edit', {
        phone_number: newPhone,
        code: await lastCode(t.app, newPhone),
        current_password: PASSWORD,
      });
      expect(changed.statusCode).toBe(200);

      const [notice] = await t.app.container.repos.smsOutbox.latestFor(oldPhone, 1);
      expect(notice!.body).toBe(
        `The phone number of your SalomTV account was changed to a number ending in ${newPhone.slice(-4)}. ` +
          'If you did not do this, contact SalomTV support at once.',
      );
      expect((await viewer.get('/api/user/profile')).statusCode).toBe(200);
      expect((await otherDevice.get('/api/user/profile')).statusCode).toBe(401);
      expect((await thirdDevice.get('/api/user/profile')).statusCode).toBe(401);
      expect((await signInWith(oldPhone)).statusCode).toBe(401);
      expect((await signInWith(newPhone)).statusCode).toBe(200);
    });
  });

  describe('password and email', () => {
    it('refuse a change without the current password, or with a wrong one', async () => {
      const viewer = await newViewer();
      for (const change of [{ email: 'owner@example.com' }, { password: 'second-pass-2' }]) {
        const without = await viewer.post('/api/user/edit', change);
        expect(without.statusCode, JSON.stringify(change)).toBe(400);
        expect(without.json().error.fields).toEqual({ current_password: 'Enter your current password' });
        const wrong = await viewer.post('/api/user/edit', { ...change, current_password: 'wrong-pass-9' });
        expect(wrong.statusCode, JSON.stringify(change)).toBe(400);
        expect(wrong.json().error.fields).toEqual({ current_password: 'The current password is wrong' });
      }
      const profile = (await viewer.get('/api/user/profile')).json();
      expect(profile).toMatchObject({ email: null, pending_email: null });
      expect(inbox.to('owner@example.com')).toEqual([]);
    });

    it('count wrong current passwords given with an email change against the same limit (429)', async () => {
      const viewer = await newViewer();
      for (let i = 0; i < 5; i++) {
        const guess = await viewer.post('/api/user/edit', {
          email: 'g@example.com',
          current_password: `g-${i}`,
        });
        expect(guess.statusCode).toBe(400);
      }
      const blocked = await viewer.post('/api/user/edit', {
        password: 'second-pass-2',
        current_password: PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('email', () => {
    it('becomes a sign-in name only once the code mailed to it is confirmed', async () => {
      const viewer = await newViewer();
      const set = await viewer.post('/api/user/edit', {
        email: 'Dilnoza@Example.com',
        current_password: PASSWORD,
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().profile).toMatchObject({ email: null, pending_email: 'dilnoza@example.com' });

      const [mail] = inbox.to('dilnoza@example.com');
      expect(mail!.fromHeader).toBe('SalomTV <no-reply@salomtv.test>');
      const code = inbox.lastCode('dilnoza@example.com');
      expect(mail!.subject).toContain(code);
      // Unverified: not a sign-in name.
      expect((await signInWith('dilnoza@example.com')).statusCode).toBe(401);

      const wrong = await viewer.post('/api/user/email/confirm', {
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ code: 'The code is wrong' });
      const confirmed = await viewer.post('/api/user/email/confirm', { code });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ email: 'dilnoza@example.com', pending_email: null });
      expect((await signInWith('DILNOZA@example.com')).statusCode).toBe(200);
      // Used once.
      expect((await viewer.post('/api/user/email/confirm', { code })).statusCode).toBe(400);
    });

    it('keeps the verified email while a new one waits, and a code confirms only its own account', async () => {
      const viewer = await newViewer();
      await verifiedEmail(viewer, 'first@example.com');
      t.clock.advance(31_000);
      expect(
        (await viewer.post('/api/user/edit', { email: 'second@example.com', current_password: PASSWORD }))
          .statusCode,
      ).toBe(200);
      const code = inbox.lastCode('second@example.com');
      const stranger = await newViewer();
      const strangerTry = await stranger.post('/api/user/email/confirm', { code });
      expect(strangerTry.statusCode).toBe(400);
      expect(strangerTry.json().error.fields).toEqual({ code: 'Set an email first' });

      expect((await signInWith('first@example.com')).statusCode).toBe(200);
      expect((await signInWith('second@example.com')).statusCode).toBe(401);
      expect((await viewer.post('/api/user/email/confirm', { code })).json().email).toBe(
        'second@example.com',
      );
      expect((await signInWith('first@example.com')).statusCode).toBe(401);
    });

    it('answers the same for a taken and a free email; only the confirm step tells the clash (409)', async () => {
      const holder = await newViewer();
      await verifiedEmail(holder, 'taken@example.com');
      const asker = await newViewer();
      const control = await newViewer();

      const taken = await asker.post('/api/user/edit', {
        email: 'taken@example.com',
        current_password: PASSWORD,
      });
      const free = await control.post('/api/user/edit', {
        email: 'free@example.com',
        current_password: PASSWORD,
      });
      expect(taken.statusCode).toBe(200);
      expect(free.statusCode).toBe(200);
      const shape = (response: typeof taken) => ({
        status: response.statusCode,
        message: response.json().message,
        keys: Object.keys(response.json().profile).sort(),
        email: response.json().profile.email,
      });
      expect(shape(taken)).toEqual(shape(free));
      expect(taken.json().profile.pending_email).toBe('taken@example.com');
      expect(free.json().profile.pending_email).toBe('free@example.com');
      // Both addresses got a code: the mailbox's owner is the one who learns the rest.
      expect(inbox.to('taken@example.com')).toHaveLength(2);
      expect(inbox.to('free@example.com')).toHaveLength(1);

      const clash = await asker.post('/api/user/email/confirm', {
        code: inbox.lastCode('taken@example.com'),
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error).toMatchObject({
        code: 'email_taken',
        fields: { email: 'This email is used by another account' },
      });
      expect((await asker.get('/api/user/profile')).json()).toMatchObject({
        email: null,
        pending_email: null,
      });
      expect((await holder.get('/api/user/profile')).json().email).toBe('taken@example.com');
      expect((await signInWith('taken@example.com')).statusCode).toBe(200);
    });

    it('mails a new code on request after the pause; the old one stops working; codes expire and die', async () => {
      const viewer = await newViewer();
      await viewer.post('/api/user/edit', { email: 'resend@example.com', current_password: PASSWORD });
      const first = inbox.lastCode('resend@example.com');
      const tooSoon = await viewer.post('/api/user/email/resend');
      expect(tooSoon.statusCode).toBe(429);
      t.clock.advance(31_000);
      const resent = await viewer.post('/api/user/email/resend');
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ data: 'updated', resendAfterSeconds: 30, expiresInSeconds: 600 });
      const second = inbox.lastCode('resend@example.com');
      // Only the newest code counts (the two differ but for a one-in-a-million draw).
      expect((await viewer.post('/api/user/email/confirm', { code: first })).statusCode).toBe(
        first === second ? 200 : 400,
      );

      t.clock.advance(601_000);
      const expired = await viewer.post('/api/user/email/confirm', { code: second });
      expect(expired.json().error.fields).toEqual({ code: 'The code has expired: request a new one' });

      await viewer.post('/api/user/email/resend');
      const third = inbox.lastCode('resend@example.com');
      const wrong = third === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) await viewer.post('/api/user/email/confirm', { code: wrong });
      const dead = await viewer.post('/api/user/email/confirm', { code: wrong });
      expect(dead.json().error.fields).toEqual({ code: 'Too many wrong codes: request a new one' });
      expect((await viewer.post('/api/user/email/confirm', { code: third })).statusCode).toBe(400);
      expect((await viewer.get('/api/user/profile')).json().email).toBeNull();
    });

    it('answers 400 to resend and confirm with no pending email, and needs a session', async () => {
      const viewer = await newViewer();
      expect((await viewer.post('/api/user/email/resend')).json().error.fields).toEqual({
        email: 'Set an email first',
      });
      expect((await viewer.post('/api/user/email/confirm', { code: '123456' })).statusCode).toBe(400);
      expect((await new TestClient(t.app).post('/api/user/email/resend')).statusCode).toBe(401);
      expect(
        (await new TestClient(t.app).post('/api/user/email/confirm', { code: '123456' })).statusCode,
      ).toBe(401);
    });

    it('can be removed with the current password, and a pending one dropped by sending the verified one', async () => {
      const viewer = await newViewer();
      await verifiedEmail(viewer, 'leaving@example.com');
      t.clock.advance(31_000);
      await viewer.post('/api/user/edit', { email: 'next@example.com', current_password: PASSWORD });
      const dropped = await viewer.post('/api/user/edit', {
        email: 'leaving@example.com',
        current_password: PASSWORD,
      });
      expect(dropped.json().profile).toMatchObject({ email: 'leaving@example.com', pending_email: null });
      const removed = await viewer.post('/api/user/edit', { email: null, current_password: PASSWORD });
      expect(removed.json().profile).toMatchObject({ email: null, pending_email: null });
      expect((await signInWith('leaving@example.com')).statusCode).toBe(401);
    });

    it('answers 502 without the server details when the mail server is down, and keeps nothing pending', async () => {
      const down = await createTestApp({
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://salomtv:smtp-secret-77@127.0.0.1:1',
        EMAIL_FROM: 'SalomTV <no-reply@salomtv.test>',
      });
      try {
        const viewer = await signedUpViewer(down.app, '+998907789999', PASSWORD);
        const refused = await viewer.post('/api/user/edit', {
          email: 'x@example.com',
          current_password: PASSWORD,
        });
        expect(refused.statusCode).toBe(502);
        expect(refused.json().error.code).toBe('email_unavailable');
        expect(refused.body).not.toContain('smtp-secret-77');
        expect(refused.body).not.toContain('127.0.0.1');
        expect((await viewer.get('/api/user/profile')).json().pending_email).toBeNull();
      } finally {
        await down.close();
      }
    });
  });
});
