import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signedUpViewer } from '../../../test/accounts.js';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

describe('user administration', () => {
  let t: TestApp;
  let admin: TestClient;

  const create = (body: Record<string, unknown>) =>
    admin.post('/api/web/user', { password: 'created-pass-1', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    // Rows created a minute apart, so "newest first" is visible.
    const people = [
      ['+923001110001', 'Ali', 'Raza', 'ali@example.com', 'Pakistan'],
      ['+923001110002', 'Sara', 'Malik', 'sara@example.com', 'Pakistan'],
      ['+919812340003', 'Ravi', 'Kumar', 'ravi@example.in', 'India'],
      ['+919812340004', 'Priya', 'Sharma', 'priya@example.in', 'India'],
      ['+998901110005', 'Aziz', 'Karimov', null, null],
    ] as const;
    for (const [phone_number, first_name, last_name, email, nationality] of people) {
      t.clock.advance(60_000);
      const response = await create({
        phone_number,
        first_name,
        last_name,
        ...(email ? { email } : {}),
        ...(nationality ? { nationality } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  it("lists users newest first, the spec's way: an array paged by query, total and links in headers", async () => {
    const page1 = await admin.get('/api/web/user?pageSize=2');
    expect(page1.headers['x-total-count']).toBe('6'); // five created + the seeded admin
    expect(page1.json().map((u: { first_name: string }) => u.first_name)).toEqual(['Aziz', 'Priya']);
    expect(page1.headers.link).toBe(
      '</api/web/user?pageSize=2&page=1>; rel="first", </api/web/user?pageSize=2&page=2>; rel="next", ' +
        '</api/web/user?pageSize=2&page=3>; rel="last"',
    );
    const page3 = await admin.get('/api/web/user?pageSize=2&page=3');
    expect(page3.json().map((u: { phone_number: string }) => u.phone_number)).toEqual([
      '+923001110001',
      ADMIN_PHONE,
    ]);
    expect(page3.headers.link).toBe(
      '</api/web/user?pageSize=2&page=1>; rel="first", </api/web/user?pageSize=2&page=2>; rel="prev", ' +
        '</api/web/user?pageSize=2&page=3>; rel="last"',
    );
    expect((await admin.get('/api/web/user?pageSize=2&page=9')).json()).toEqual([]);
    const defaults = await admin.get('/api/web/user');
    expect(defaults.json()).toHaveLength(6);
    expect(defaults.headers.link).toContain('</api/web/user?page=1&pageSize=20>; rel="last"');
    expect(defaults.json()[0]).toMatchObject({
      first_name: 'Aziz',
      last_name: 'Karimov',
      nationality: null,
      status: 'active',
      role: 'user',
      verified: false,
      avatar: null,
    });
    expect(defaults.json()[0]).not.toHaveProperty('password_hash');
  });

  it('refuses bad paging values', async () => {
    expect((await admin.get('/api/web/user?pageSize=101')).statusCode).toBe(400);
    expect((await admin.get('/api/web/user?page=0')).statusCode).toBe(400);
    expect((await admin.get('/api/web/user?status=gone')).statusCode).toBe(400);
    expect((await admin.get('/api/web/user?sort=name')).json().error.fields.sort).toBe('Unknown field');
  });

  it('searches names, full names, phone numbers and emails', async () => {
    const names = async (query: string) =>
      (await admin.get(`/api/web/user?search=${encodeURIComponent(query)}`))
        .json()
        .map((u: { first_name: string }) => u.first_name);
    expect(await names('sara')).toEqual(['Sara']);
    expect(await names('KUMAR')).toEqual(['Ravi']);
    expect(await names('priya sharma')).toEqual(['Priya']);
    expect(await names('example.in')).toEqual(['Priya', 'Ravi']);
    expect(await names('+91 98123')).toEqual(['Priya', 'Ravi']);
    expect(await names('110005')).toEqual(['Aziz']);
    expect(await names('%')).toHaveLength(6);
    expect(await names('nobody')).toEqual([]);
  });

  it('filters by country, status and role', async () => {
    const list = async (query: string) => (await admin.get(`/api/web/user?${query}`)).json();
    const total = async (query: string) =>
      (await admin.get(`/api/web/user?${query}`)).headers['x-total-count'];
    expect(await total('country=India')).toBe('2');
    expect(
      (await list('country=pakistan&search=raza')).map((u: { first_name: string }) => u.first_name),
    ).toEqual(['Ali']);
    expect((await list('role=admin')).map((u: { phone_number: string }) => u.phone_number)).toEqual([
      ADMIN_PHONE,
    ]);
    expect(await total('status=disabled')).toBe('0');
  });

  it('creates a user (201) and refuses duplicates (409) and bad fields (400)', async () => {
    const response = await create({
      phone_number: '+92 300 111 0099',
      first_name: 'Zara',
      email: 'Zara@Example.com',
      role: 'user',
      status: 'disabled',
      verified: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      phone_number: '+923001110099',
      email: 'zara@example.com',
      status: 'disabled',
      verified: true,
      trial_active: true,
      active_sessions: 0,
    });
    const samePhone = await create({ phone_number: '+923001110099' });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().error.fields).toEqual({ phone_number: 'This number already has an account' });
    const sameEmail = await create({ phone_number: '+923001110098', email: 'ZARA@example.com' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.fields).toEqual({ email: 'This email is used by another account' });
    const bad = await admin.post('/api/web/user', { phone_number: '+99', password: 'x', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['password', 'phone_number', 'role']);
    // The created account can sign in once it is active.
    const zara = (await admin.get('/api/web/user?search=zara')).json()[0];
    const signIn = await new TestClient(t.app).post('/api/user/login', {
      phone_number: '+923001110099',
      password: 'created-pass-1',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('account_disabled');
    await admin.post(`/api/web/user/${zara.user_id}/status`, { status: 'active' });
    await new TestClient(t.app).signIn('+923001110099', 'created-pass-1');
  });

  it('shows a user page with the trial and live sessions', async () => {
    const viewer = await signedInViewer(t.app, '+998901110077', 'viewer-pass-1');
    const me = (await viewer.get('/api/user/me')).json();
    const detail = await admin.get(`/api/web/user/${me.user_id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ user_id: me.user_id, active_sessions: 1, status: 'active' });
    expect(detail.json().last_sign_in_at).toBe(t.clock.now().toISOString());
    expect((await admin.get('/api/web/user/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/web/user/abc')).statusCode).toBe(400);
  });

  it('switches the verified mark', async () => {
    const id = (await admin.get('/api/web/user?search=raza')).json()[0].user_id;
    const on = await admin.post(`/api/web/user/${id}/verified`, { verified: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().verified).toBe(true);
    expect((await admin.get('/api/web/user?search=raza')).json()[0].verified).toBe(true);
    expect((await admin.post(`/api/web/user/${id}/verified`, { verified: false })).json().verified).toBe(
      false,
    );
    expect((await admin.post(`/api/web/user/${id}/verified`, { verified: 'yes' })).statusCode).toBe(400);
  });

  it('shows a viewer verified once their phone was confirmed by a code, at sign-up or at a change of number', async () => {
    const phone = '+998907770001';
    const viewer = await signedUpViewer(t.app, phone, 'strong-pass-1');
    const id = (await viewer.get('/api/user/me')).json().user_id;
    expect((await admin.get(`/api/web/user/${id}`)).json().verified).toBe(true);
    expect((await admin.get(`/api/web/user?search=${encodeURIComponent(phone)}`)).json()[0].verified).toBe(
      true,
    );

    // An admin may take the mark off; a new number confirmed by its code sets it again.
    await admin.post(`/api/web/user/${id}/verified`, { verified: false });
    const newPhone = '+998907770002';
    await viewer.post('/api/otp/send', { phoneNumber: newPhone, purpose: 'phone_change' });
    const changed = await viewer.post('/api/user/edit', {
      phone_number: newPhone,
      code: await lastCode(t.app, newPhone),
      current_password: 'strong-pass-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin.get(`/api/web/user/${id}`)).json().verified).toBe(true);

    // An account whose number no code confirmed is not.
    const unconfirmed = await create({ phone_number: '+998907770003', first_name: 'Nodir' });
    expect(unconfirmed.json().verified).toBe(false);
  });

  it('disables a user: their next request gets 401 and sign-in a clear 403', async () => {
    const phone = '+998901110088';
    const viewer = await signedInViewer(t.app, phone, 'viewer-pass-1');
    const id = (await viewer.get('/api/user/me')).json().user_id;
    const disabled = await admin.post(`/api/web/user/${id}/status`, { status: 'disabled' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', active_sessions: 0 });
    expect((await viewer.get('/api/user/me')).statusCode).toBe(401);
    const signIn = await new TestClient(t.app).post('/api/user/login', {
      phone_number: phone,
      password: 'viewer-pass-1',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ code: 'account_disabled' });
    expect((await admin.post(`/api/web/user/${id}/status`, { status: 'active' })).json().status).toBe(
      'active',
    );
    await new TestClient(t.app).signIn(phone, 'viewer-pass-1');
  });

  it('never lets the last active admin be disabled or demoted (409)', async () => {
    const adminId = (await admin.get('/api/user/me')).json().user_id;
    const disable = await admin.post(`/api/web/user/${adminId}/status`, { status: 'disabled' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().error.code).toBe('last_admin');
    expect((await admin.post(`/api/web/user/${adminId}/role`, { role: 'user' })).statusCode).toBe(409);
    expect((await admin.get('/api/user/role')).json()).toEqual([{ role: 'admin' }]);

    // With a second active admin, the first may step down; then the second is the last one.
    const second = await create({ phone_number: '+998901110099', role: 'admin' });
    const secondId = second.json().user_id;
    const promoted = await admin.post(`/api/web/user/${secondId}/role`, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');
    const demoted = await admin.post(`/api/web/user/${adminId}/role`, { role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect((await admin.get('/api/web/user')).statusCode).toBe(403);

    const other = new TestClient(t.app);
    await other.signIn('+998901110099', 'created-pass-1');
    expect((await other.post(`/api/web/user/${secondId}/status`, { status: 'disabled' })).statusCode).toBe(
      409,
    );
    // A disabled admin does not count as the one that keeps the area reachable.
    expect((await other.post(`/api/web/user/${adminId}/role`, { role: 'admin' })).statusCode).toBe(200);
    await admin.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    expect((await admin.post(`/api/web/user/${secondId}/status`, { status: 'disabled' })).statusCode).toBe(
      200,
    );
    expect((await other.get('/api/web/user')).statusCode).toBe(401);
    expect((await admin.post(`/api/web/user/${adminId}/status`, { status: 'disabled' })).statusCode).toBe(
      409,
    );
  });

  it('denies every admin call to a viewer (403) and to a signed-out visitor (401)', async () => {
    const viewer = await signedInViewer(t.app, '+998901110066', 'viewer-pass-1');
    const anonymous = new TestClient(t.app);
    const id = (await viewer.get('/api/user/me')).json().user_id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/web/user'],
      ['GET', `/api/web/user/${id}`],
      ['POST', '/api/web/user', { phone_number: '+998901110055', password: 'created-pass-1' }],
      ['POST', `/api/web/user/${id}/status`, { status: 'disabled' }],
      ['POST', `/api/web/user/${id}/verified`, { verified: true }],
      ['POST', `/api/web/user/${id}/role`, { role: 'admin' }],
    ];
    for (const [method, url, body] of calls) {
      const asViewer = method === 'GET' ? await viewer.get(url) : await viewer.post(url, body);
      expect(asViewer.statusCode, `${method} ${url}`).toBe(403);
      const asAnonymous = method === 'GET' ? await anonymous.get(url) : await anonymous.post(url, body);
      expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await viewer.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    expect(await t.app.container.repos.users.findByPhone('+998901110055')).toBeUndefined();
  });

  it('needs the CSRF header on admin changes', async () => {
    const id = (await admin.get('/api/web/user?search=sara')).json()[0].user_id;
    expect(
      (await admin.post(`/api/web/user/${id}/verified`, { verified: true }, { csrf: false })).statusCode,
    ).toBe(403);
  });
});
