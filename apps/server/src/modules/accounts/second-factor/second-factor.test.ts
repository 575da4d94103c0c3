import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/passwords.js';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';

const PASSWORD = 'admin-pass-2fa-1';
const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at the test clock's time. */
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: ms,
  });

/** A code of the same length that is not the one shown now (nor in the steps around it). */
function wrongCode(secret: string, ms: number): string {
  const near = [-1, 0, 1].map((step) => codeAt(secret, ms + step * STEP_MS));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

describe('second factor for admins', () => {
  let t: TestApp;
  let n = 0;
  const now = () => t.clock.now().getTime();

  /** A new administrator account (its own number) and a client for it, not signed in yet. */
  async function newAdmin(): Promise<{ phone: string; client: TestClient }> {
    const phone = `+99890700${String(++n).padStart(4, '0')}`;
    const at = t.clock.now().toISOString();
    await t.app.container.repos.users.insert({
      phone_number: phone,
      password_hash: await hashPassword(PASSWORD),
      role: 'admin',
      status: 'active',
      verified: 1,
      created_at: at,
      updated_at: at,
    });
    return { phone, client: new TestClient(t.app, `198.51.100.${n}`) };
  }

  /** Signs in with the password, sets up a TOTP app and answers its secret and the recovery codes. */
  async function adminWithTotp() {
    const admin = await newAdmin();
    await admin.client.signIn(admin.phone, PASSWORD);
    const setup = await admin.client.post('/api/account/security/totp');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await admin.client.post('/api/account/security/totp/confirm', {
      code: codeAt(secret, now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    // The code that confirmed the app is spent: the next sign-in needs the next step's code.
    t.clock.advance(STEP_MS);
    return { ...admin, secret, codes };
  }

  /** A password sign-in from a new client: answers the client (holding only the pending cookie) and the body. */
  async function passwordStep(phone: string) {
    const client = new TestClient(t.app, `192.0.2.${++n % 250}`);
    const answer = await client.post('/api/user/login', { phone_number: phone, password: PASSWORD });
    return { client, answer };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets up a TOTP app with a QR code and the secret shown once, sealed in the database', async () => {
    const admin = await newAdmin();
    await admin.client.signIn(admin.phone, PASSWORD);
    const before = (await admin.client.get('/api/account/security')).json();
    expect(before).toMatchObject({ totp: null, passkeys: [], recovery_codes_left: 0, setup_required: false });

    const setup = (await admin.client.post('/api/account/security/totp')).json() as Record<string, string>;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/SalomTV:/);
    expect(setup.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    // At rest: neither the base32 secret nor its bytes in any usual spelling is in the row.
    const row = await t.app.container.database.db
      .selectFrom('totp_factors')
      .selectAll()
      .innerJoin('users', 'users.user_id', 'totp_factors.user_id')
      .where('users.phone_number', '=', admin.phone)
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from(Secret.fromBase32(setup.secret!).bytes);
    for (const spelling of [setup.secret!, bytes.toString('hex'), bytes.toString('base64')]) {
      expect(row.secret_box.toLowerCase()).not.toContain(spelling.toLowerCase());
      expect(JSON.stringify(row).toLowerCase()).not.toContain(spelling.toLowerCase());
    }

    const wrong = await admin.client.post('/api/account/security/totp/confirm', {
      code: wrongCode(setup.secret!, now()),
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await admin.client.post('/api/account/security/totp/confirm', {
      code: codeAt(setup.secret!, now()),
    });
    const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const after = (await admin.client.get('/api/account/security')).json();
    expect(after.totp).not.toBeNull();
    expect(after.recovery_codes_left).toBe(10);
    // The secret is never shown again, and a second app cannot replace the first without removing it.
    expect(JSON.stringify(after)).not.toContain(setup.secret);
    expect((await admin.client.post('/api/account/security/totp')).statusCode).toBe(409);
  });

  it('signs in in two steps: the pending sign-in can call nothing but the second step', async () => {
    const { phone, secret } = await adminWithTotp();
    const { client, answer } = await passwordStep(phone);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('second_factor');
    expect(client.cookies.has('sid')).toBe(false);
    expect(client.cookies.has('sid_pending')).toBe(true);

    // The test client sends the pending cookie everywhere (a browser sends it only to the second step's path).
    for (const url of ['/api/user/me', '/api/user/role', '/api/web/user', '/api/account/security']) {
      expect((await client.get(url)).statusCode, url).toBe(401);
    }
    expect((await client.post('/api/user/edit', { first_name: 'Mallory' })).statusCode).toBe(401);
    expect((await client.post('/api/account/sessions/end-all', { include_this: false })).statusCode).toBe(
      401,
    );
    expect((await client.get('/api/auth/second-factor')).json()).toEqual({
      methods: ['totp', 'recovery_code'],
    });

    const done = await client.post('/api/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ role: 'admin' });
    expect(client.cookies.has('sid_pending')).toBe(false);
    expect((await client.get('/api/user/role')).json()).toEqual([{ role: 'admin' }]);
    expect((await client.get('/api/web/user')).statusCode).toBe(200);
    // The finished sign-in is gone: its cookie cannot start a second session.
    expect((await client.get('/api/auth/second-factor')).statusCode).toBe(401);
  });

  it('refuses a TOTP code used once, in the same time step and before it', async () => {
    const { phone, secret } = await adminWithTotp();
    const code = codeAt(secret, now());
    const first = await passwordStep(phone);
    expect((await first.client.post('/api/auth/second-factor', { method: 'totp', code })).statusCode).toBe(
      200,
    );

    const again = await passwordStep(phone);
    const replay = await again.client.post('/api/auth/second-factor', { method: 'totp', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('wrong_second_factor');
    // The previous step's code is still inside the clock-drift window, and still refused: it is older.
    const earlier = codeAt(secret, now() - STEP_MS);
    expect(
      (await again.client.post('/api/auth/second-factor', { method: 'totp', code: earlier })).statusCode,
    ).toBe(401);
    t.clock.advance(STEP_MS);
    const next = await again.client.post('/api/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, now()),
    });
    expect(next.statusCode).toBe(200);
  });

  it('checks at most five second steps of many wrong ones sent at once, then refuses the right one too', async () => {
    const { phone, secret } = await adminWithTotp();
    const { client } = await passwordStep(phone);
    const wrong = wrongCode(secret, now());
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        client.post('/api/auth/second-factor', { method: 'totp', code: wrong }),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(checked.length).toBe(5);
    expect(refused.length).toBe(35);
    for (const answer of checked) expect(answer.json().error.code).toBe('wrong_second_factor');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);

    const right = await client.post('/api/auth/second-factor', {
      method: 'totp',
      code: codeAt(secret, now()),
    });
    expect(right.statusCode).toBe(429);
    // A new password sign-in does not give new tries: they count per account.
    const fresh = await passwordStep(phone);
    const code = codeAt(secret, now());
    expect((await fresh.client.post('/api/auth/second-factor', { method: 'totp', code })).statusCode).toBe(
      429,
    );
    t.clock.advance(15 * 60_000);
    const later = await passwordStep(phone);
    expect(
      (await later.client.post('/api/auth/second-factor', { method: 'totp', code: codeAt(secret, now()) }))
        .statusCode,
    ).toBe(200);
  });

  it('takes each recovery code once, even when it is sent from several sign-ins at once', async () => {
    const { phone, codes } = await adminWithTotp();
    const first = await passwordStep(phone);
    // Typed in capitals with spaces: still the code.
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const used = await first.client.post('/api/auth/second-factor', { method: 'recovery_code', code: typed });
    expect(used.statusCode, used.body).toBe(200);
    expect((await first.client.get('/api/account/security')).json().recovery_codes_left).toBe(9);

    const again = await passwordStep(phone);
    expect(
      (await again.client.post('/api/auth/second-factor', { method: 'recovery_code', code: codes[0] }))
        .statusCode,
    ).toBe(401);

    const racers = await Promise.all([1, 2, 3].map(() => passwordStep(phone)));
    const answers = await Promise.all(
      racers.map(({ client }) =>
        client.post('/api/auth/second-factor', { method: 'recovery_code', code: codes[1] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('asks for the password to remove a factor; without one left, the sign-in is one step again', async () => {
    const { phone, client } = await adminWithTotp();
    const refused = await client.post('/api/account/security/totp/remove', { password: 'not-the-password' });
    expect(refused.statusCode).toBe(400);
    expect((await client.get('/api/account/security')).json().totp).not.toBeNull();
    const removed = await client.post('/api/account/security/totp/remove', { password: PASSWORD });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ totp: null, recovery_codes_left: 0 });
    expect((await passwordStep(phone)).answer.body).toBe('admin');
  });

  it('with the policy on, refuses every admin call of an admin without a factor until one is set up', async () => {
    const owner = await adminWithTotp();
    const viewerOnly = await newAdmin();
    await viewerOnly.client.signIn(viewerOnly.phone, PASSWORD);
    // Only an admin with a factor may require one.
    expect((await viewerOnly.client.post('/api/admin/security-policy', { required: true })).statusCode).toBe(
      409,
    );
    const on = await owner.client.post('/api/admin/security-policy', { required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().policy).toEqual({ required: true, set_by_environment: false });

    try {
      for (const url of ['/api/web/user', '/api/admin/dashboard', '/api/admin/audit']) {
        const answer = await viewerOnly.client.get(url);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json().error.code).toBe('second_factor_setup_required');
      }
      // The setup screen and the viewer's calls stay open.
      expect((await viewerOnly.client.get('/api/account/security')).json().setup_required).toBe(true);
      expect((await viewerOnly.client.get('/api/user/me')).statusCode).toBe(200);
      expect((await owner.client.get('/api/web/user')).statusCode).toBe(200);

      const { secret } = (await viewerOnly.client.post('/api/account/security/totp')).json();
      await viewerOnly.client.post('/api/account/security/totp/confirm', { code: codeAt(secret, now()) });
      expect((await viewerOnly.client.get('/api/web/user')).statusCode).toBe(200);
      expect((await viewerOnly.client.get('/api/account/security')).json().setup_required).toBe(false);
    } finally {
      await owner.client.post('/api/admin/security-policy', { required: false });
    }
  });

  it('keeps second factors to administrators', async () => {
    const viewer = new TestClient(t.app);
    const phone = '+998907990123';
    const at = t.clock.now().toISOString();
    await t.app.container.repos.users.insert({
      phone_number: phone,
      password_hash: await hashPassword(PASSWORD),
      role: 'user',
      status: 'active',
      verified: 1,
      created_at: at,
      updated_at: at,
    });
    await viewer.signIn(phone, PASSWORD);
    expect((await viewer.post('/api/account/security/totp')).statusCode).toBe(403);
    expect((await viewer.post('/api/account/security/passkeys/options')).statusCode).toBe(403);
    expect((await viewer.post('/api/admin/security-policy', { required: false })).statusCode).toBe(403);
  });
});

describe('REQUIRE_ADMIN_SECOND_FACTOR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_ADMIN_SECOND_FACTOR: 'true' });
  });
  afterAll(() => t.close());

  it('requires a second factor of every admin whatever the admins set', async () => {
    const admin = new TestClient(t.app);
    await admin.signIn('+998900000001', 'admin-pass-123');
    const refused = await admin.get('/api/admin/dashboard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_setup_required');
    expect((await admin.get('/api/account/security')).json().policy).toEqual({
      required: true,
      set_by_environment: true,
    });
    expect((await admin.post('/api/admin/security-policy', { required: false })).statusCode).toBe(403);
  });
});
