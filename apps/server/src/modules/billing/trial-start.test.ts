import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpViewer } from '../../test/accounts.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../test/harness.js';

/** A new account is a trialing subscriber from its first minute, before it ever opens a billing screen. */
describe('the free trial starts with the account', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  const trialing = async () =>
    (await admin.get('/api/admin/subscriptions?status=trialing')).json().items as {
      phone_number: string;
      current_period_end: string;
    }[];

  it('counts a viewer who signed up as trialing, in the subscribers list and the dashboard customers', async () => {
    const customers = async () =>
      (await admin.get('/api/admin/dashboard')).json().customers.current as number;
    expect(await customers()).toBe(0);
    await signedUpViewer(t.app, '+998907770001');
    const rows = await trialing();
    expect(rows.map((row) => row.phone_number)).toEqual(['+998907770001']);
    // The trial runs 30 days from the sign-up.
    expect(rows[0]!.current_period_end).toBe(
      new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    );
    expect(await customers()).toBe(1);
  });

  it('opens the trial of a viewer an admin creates, and none for a created admin', async () => {
    const viewer = await admin.post('/api/web/user', {
      phone_number: '+998907770002',
      password: 'created-pass-1',
      role: 'user',
      status: 'active',
      verified: true,
    });
    const staff = await admin.post('/api/web/user', {
      phone_number: '+998907770003',
      password: 'created-pass-1',
      role: 'admin',
      status: 'active',
      verified: true,
    });
    expect([viewer.statusCode, staff.statusCode]).toEqual([201, 201]);
    const phones = (await trialing()).map((row) => row.phone_number).sort();
    expect(phones).toEqual(['+998907770001', '+998907770002']);
    const all = (await admin.get('/api/admin/subscriptions')).json().items as { phone_number: string }[];
    expect(all.map((row) => row.phone_number)).not.toContain('+998907770003');
  });
});
