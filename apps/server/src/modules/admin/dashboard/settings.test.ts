import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/passwords.js';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

const DEFAULTS = {
  layout: 'light',
  sidebar: 'light',
  theme: 'white',
  mini_sidebar: false,
  sticky_header: false,
};

describe('admin settings panel', () => {
  let t: TestApp;
  let first: TestClient;
  let second: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    first = await signedInAdmin(t.app);
    const now = t.clock.now().toISOString();
    await t.app.container.repos.users.insert({
      phone_number: '+998900000002',
      password_hash: await hashPassword('second-admin-1'),
      role: 'admin',
      status: 'active',
      verified: 1,
      created_at: now,
      updated_at: now,
    });
    second = new TestClient(t.app);
    await second.signIn('+998900000002', 'second-admin-1');
  });
  afterAll(() => t.close());

  it('starts from the defaults, keeps each admin their own choice across sessions, and restores defaults', async () => {
    expect((await first.get('/api/admin/settings')).json()).toEqual(DEFAULTS);
    const saved = await first.post('/api/admin/settings', {
      layout: 'dark',
      theme: 'purple',
      sticky_header: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULTS, layout: 'dark', theme: 'purple', sticky_header: true });
    await first.post('/api/admin/settings', { mini_sidebar: true });

    // A new session of the same admin sees it; the other admin does not.
    const again = await signedInAdmin(t.app);
    expect((await again.get('/api/admin/settings')).json()).toEqual({
      ...DEFAULTS,
      layout: 'dark',
      theme: 'purple',
      sticky_header: true,
      mini_sidebar: true,
    });
    expect((await second.get('/api/admin/settings')).json()).toEqual(DEFAULTS);

    expect((await first.post('/api/admin/settings/reset')).json()).toEqual(DEFAULTS);
    expect((await again.get('/api/admin/settings')).json()).toEqual(DEFAULTS);
  });

  it('refuses unknown values and viewers', async () => {
    expect((await first.post('/api/admin/settings', { theme: 'pink' })).statusCode).toBe(400);
    expect((await first.post('/api/admin/settings', { font: 'big' })).statusCode).toBe(400);
    const viewer = await signedInViewer(t.app);
    expect((await viewer.get('/api/admin/settings')).statusCode).toBe(403);
  });
});
