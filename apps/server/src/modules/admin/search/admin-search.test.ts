import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';

describe('admin search', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    const now = t.clock.now().toISOString();
    await t.app.container.repos.users.insert({
      phone_number: '+998901234000',
      email: 'dilnoza@example.com',
      first_name: 'Dilnoza',
      last_name: 'Karimova',
      password_hash: 'x',
      role: 'user',
      status: 'active',
      verified: 1,
      created_at: now,
      updated_at: now,
    });
    await t.app.container.database.db
      .insertInto('titles')
      .values({
        title: 'The Silk Road',
        search_text: 'the silk road drama',
        status: 'published',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    await admin.post('/api/posts', { title: 'Silk Road premiere', body: '<p>Soon</p>' });
    await admin.post('/api/posts', { title: '100% new', body: '' });
  });
  afterAll(() => t.close());

  it('finds titles, users and posts case-insensitively', async () => {
    const silk = (await admin.get('/api/admin/search?q=SILK')).json();
    expect(silk.titles.map((r: { title: string }) => r.title)).toEqual(['The Silk Road']);
    expect(silk.posts.map((r: { title: string }) => r.title)).toEqual(['Silk Road premiere']);
    expect(silk.users).toEqual([]);

    const user = (await admin.get('/api/admin/search?q=karim')).json();
    expect(user.users).toEqual([
      {
        user_id: expect.any(Number),
        name: 'Dilnoza Karimova',
        phone_number: '+998901234000',
        email: 'dilnoza@example.com',
        role: 'user',
      },
    ]);
    expect((await admin.get('/api/admin/search?q=1234000')).json().users).toHaveLength(1);
    expect((await admin.get('/api/admin/search?q=%2B998%20(90)%20123-40-00')).json().users).toHaveLength(1);
    // Digits inside words are not a phone number.
    expect((await admin.get('/api/admin/search?q=nothing-1x23y4')).json().users).toEqual([]);
    expect((await admin.get('/api/admin/search?q=drama')).json().titles).toHaveLength(1);
  });

  it('treats LIKE wildcards as nothing special and needs a query', async () => {
    expect(
      (await admin.get('/api/admin/search?q=%25')).json().posts.map((p: { title: string }) => p.title),
    ).toEqual(['100% new']);
    expect((await admin.get('/api/admin/search?q=_')).json().users).toHaveLength(0);
    expect((await admin.get('/api/admin/search?q=')).statusCode).toBe(400);
  });
});
