import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  pngImage,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';

interface Entry {
  action: string;
  entity: string;
  entity_id: string | null;
  actor_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The changes an admin makes to accounts, languages and plans land in the audit trail with before and after. */
describe('audit trail of admin changes', () => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  const trail = async (entity: string): Promise<Entry[]> =>
    (await admin.get(`/api/admin/audit?actor=me&entity=${entity}&pageSize=50`)).json().items;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    adminId = (await t.app.container.repos.users.findByPhone('+998900000001'))!.user_id;
  });
  afterAll(() => t.close());

  it('records creating an account and changing its status, role and verification, never the password', async () => {
    const created = await admin.post('/api/web/user', {
      phone_number: '+998901234567',
      password: 'created-pass-1',
      first_name: 'Dilnoza',
      role: 'user',
      status: 'active',
      verified: false,
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json().user_id as number;
    t.clock.advance(1000);
    expect((await admin.post(`/api/web/user/${userId}/status`, { status: 'disabled' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await admin.post(`/api/web/user/${userId}/role`, { role: 'admin' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await admin.post(`/api/web/user/${userId}/verified`, { verified: true })).statusCode).toBe(200);

    const entries = await trail('user');
    expect(entries.map((e) => e.action)).toEqual(['set_verified', 'set_role', 'set_status', 'create']);
    expect(entries.every((e) => e.entity_id === String(userId))).toBe(true);
    expect(entries[3]).toMatchObject({ before: null, after: { first_name: 'Dilnoza', status: 'active' } });
    expect(entries[2]).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' } });
    expect(entries[1]).toMatchObject({ before: { role: 'user' }, after: { role: 'admin' } });
    expect(entries[0]).toMatchObject({ before: { verified: false }, after: { verified: true } });
    expect(JSON.stringify(entries)).not.toMatch(/password|argon2/);
  });

  it('does not record a change that was refused', async () => {
    const before = (await trail('user')).length;
    const refused = await admin.post(`/api/web/user/${adminId}/role`, { role: 'owner' });
    expect(refused.statusCode).toBe(400);
    expect(await trail('user')).toHaveLength(before);
  });

  it('records creating, editing, importing and deleting a language with its texts', async () => {
    const created = await admin.postForm('/api/language', {
      language_title: 'Deutsch',
      keyword: 'De',
      sign_in: 'Anmelden',
    });
    expect(created.statusCode).toBe(201);
    const langId = created.json().lang_id as number;
    t.clock.advance(1000);
    await admin.postForm('/api/language/update', {
      lang_id: String(langId),
      language_title: 'Deutsch',
      keyword: 'De',
      sign_in: 'Einloggen',
    });
    t.clock.advance(1000);
    const exported = (await admin.get(`/api/language/${langId}/export`)).json();
    const imported = await admin.post(`/api/language/${langId}/import`, {
      ...exported,
      texts: { ...exported.texts, sign_in: 'Login' },
    });
    expect(imported.statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await admin.delete(`/api/language/${langId}`)).statusCode).toBe(204);

    const entries = await trail('language');
    expect(entries.map((e) => e.action)).toEqual(['delete', 'import', 'update', 'create']);
    const [deleted, importEntry, update, create] = entries;
    expect(create!.after).toMatchObject({ keyword: 'De', texts: { sign_in: 'Anmelden' } });
    expect(update!.before).toMatchObject({ texts: { sign_in: 'Anmelden' } });
    expect(update!.after).toMatchObject({ texts: { sign_in: 'Einloggen' } });
    expect(importEntry!.after).toMatchObject({ texts: { sign_in: 'Login' } });
    expect(deleted).toMatchObject({ before: { keyword: 'De' }, after: null });
  });

  it('records creating, editing, a poster and deleting a title, with the title before and after', async () => {
    const created = await admin.post('/api/movie/create', {});
    expect(created.statusCode).toBe(201);
    const movieId = created.json().movie_id as number;
    t.clock.advance(1000);
    const details = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Night Harbor',
      genres: ['Thriller'],
      status: '',
    });
    expect(details.statusCode).toBe(200);
    t.clock.advance(1000);
    const poster = await admin.postForm('/api/movie/thumbnail', {
      movie_id: String(movieId),
      file: { filename: 'poster.png', contentType: 'image/png', data: await pngImage(60, 90) },
    });
    expect(poster.statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await admin.delete(`/api/movie/${movieId}`)).statusCode).toBe(204);

    const entries = await trail('title');
    expect(entries.map((e) => e.action)).toEqual(['delete', 'set_thumbnail', 'update', 'create']);
    expect(entries.every((e) => e.entity_id === String(movieId))).toBe(true);
    const [deleted, image, update, create] = entries;
    expect(create).toMatchObject({ before: null, after: { title: '', status: 'draft' } });
    expect(update).toMatchObject({
      before: { title: '' },
      after: { title: 'Night Harbor', genres: ['Thriller'] },
    });
    expect(image).toMatchObject({ before: { thumbnail: false }, after: { thumbnail: true } });
    expect(deleted).toMatchObject({ before: { title: 'Night Harbor' }, after: null });
  });

  it("records a plan's price change with the old and new price", async () => {
    const plans = (await admin.get('/api/admin/plans')).json() as { plan_id: number; code: string }[];
    const basic = plans.find((plan) => plan.code === 'basic')!;
    const changed = await admin.post(`/api/admin/plans/${basic.plan_id}`, {
      name: 'Basic Plus',
      monthly_price_cents: 2500,
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = await trail('plan');
    expect(entry).toMatchObject({
      action: 'update',
      entity_id: String(basic.plan_id),
      before: { name: 'Basic', monthly_price_cents: 1900 },
      after: { name: 'Basic Plus', monthly_price_cents: 2500 },
    });
  });
});
