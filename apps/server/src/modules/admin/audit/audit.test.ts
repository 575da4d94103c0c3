import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';

describe('audit log', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('records what another module hands it, without secrets, and lists it newest first per actor', async () => {
    const audit = t.app.container.services.audit;
    const adminId = (await t.app.container.repos.users.findByPhone('+998900000001'))!.user_id;
    await audit.record(
      { user_id: adminId },
      'update',
      'user',
      42,
      { status: 'active', password_hash: 'secret' },
      { status: 'disabled' },
    );
    t.clock.advance(1000);
    await audit.record(null, 'delete', 'title', '7', { title: 'Old' }, null);

    const mine = (await admin.get('/api/admin/audit?actor=me')).json();
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({
      actor_user_id: adminId,
      action: 'update',
      entity: 'user',
      entity_id: '42',
      before: { status: 'active' },
      after: { status: 'disabled' },
      created_at: '2026-06-01T10:00:00.000Z',
    });
    expect(JSON.stringify(mine.items[0])).not.toContain('secret');

    // The whole trail, newest first (after these two come the system's entries of the first start's seeding).
    const all = (await admin.get('/api/admin/audit')).json();
    expect(all.items.slice(0, 2).map((i: { action: string }) => i.action)).toEqual(['delete', 'update']);
    expect(all.items.slice(2).every((i: { actor_user_id: number | null }) => i.actor_user_id === null)).toBe(
      true,
    );
    expect(all.items[0]).toMatchObject({
      actor_user_id: null,
      actor_name: null,
      entity: 'title',
      after: null,
    });
    expect((await admin.get(`/api/admin/audit?actor=${adminId}&entity=user`)).json().total).toBe(1);
    expect((await admin.get('/api/admin/audit?page=2&pageSize=1')).json().items[0].action).toBe('update');
  });
});
