import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.js';
import { sha256Hex } from '../../../lib/tokens.js';
import type { LiveSessionReader } from '../../../platform/viewer-session.js';
import { createTestApp, signedInAdmin, signedInViewer, type TestApp } from '../../../test/harness.js';
import { trialViewer } from '../../../test/media-kit.js';
import { LiveSessionCache } from './live-session-cache.js';

describe('live sessions kept per access version', () => {
  let t: TestApp;
  /** A second connection stands for another API instance or an admin tool: only the database tells. */
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp();
    other = await openDatabase({
      databaseUrl: t.databaseEnv.DATABASE_URL || undefined,
      pgSchema: t.databaseEnv.DATABASE_SCHEMA || undefined,
      dataDir: t.dataDir,
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('reads a session once, and again after any write that could change it', async () => {
    const viewer = await trialViewer(t.app, '+998901240001');
    // The first signed-in call writes the viewer's trial row.
    expect((await viewer.get('/api/catalog/rows')).statusCode).toBe(200);
    const { repos } = t.app.container;
    const reads: string[] = [];
    const counted: LiveSessionReader = {
      findLive: (hash, nowIso) => {
        reads.push(hash);
        return repos.subscriptions.findLive(hash, nowIso);
      },
    };
    const cache = new LiveSessionCache(counted, repos.sessions.version);
    const hash = sha256Hex(viewer.cookies.get('sid')!);
    const now = t.clock.now().toISOString();

    const first = await cache.findLive(hash, now);
    await nextTurn();
    const second = await cache.findLive(hash, now);
    expect(reads).toHaveLength(1);
    expect(second).toBe(first);
    expect(first?.billing?.plan).toBeDefined();
    // Kept sessions are shared by concurrent requests: none may change one.
    expect(() => {
      (first as { role: string }).role = 'admin';
    }).toThrow(TypeError);

    const planId = first!.billing!.plan!.plan_id;
    await other.db
      .updateTable('plans')
      .set({ name: 'Trial renamed' })
      .where('plan_id', '=', planId)
      .execute();
    await nextTurn();
    const renamed = await cache.findLive(hash, now);
    expect(reads).toHaveLength(2);
    expect(renamed?.billing?.plan?.name).toBe('Trial renamed');

    // Unknown tokens are never kept.
    const unknown = sha256Hex('not a session');
    expect(await cache.findLive(unknown, now)).toBeUndefined();
    expect(await cache.findLive(unknown, now)).toBeUndefined();
    expect(reads).toHaveLength(4);

    // A sign-in elsewhere writes a session but changes none already kept.
    await signedInViewer(t.app, '+998901240002');
    await nextTurn();
    await cache.findLive(hash, now);
    expect(reads).toHaveLength(4);
  });

  it('applies a role change or a disabled account made on another instance at the next call', async () => {
    const viewer = await signedInViewer(t.app, '+998901240003');
    expect((await viewer.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    expect((await viewer.get('/api/admin/dashboard')).statusCode).toBe(403);

    const account = other.db.updateTable('users').where('phone_number', '=', '+998901240003');
    await account.set({ role: 'admin' }).execute();
    expect((await viewer.get('/api/user/role')).json()).toEqual([{ role: 'admin' }]);
    expect((await viewer.get('/api/admin/dashboard')).statusCode).toBe(200);

    await account.set({ role: 'user' }).execute();
    expect((await viewer.get('/api/admin/dashboard')).statusCode).toBe(403);

    await account.set({ status: 'disabled' }).execute();
    expect((await viewer.get('/api/user/me')).statusCode).toBe(401);
  });

  it('applies a sign-out on another instance, and a changed subscription, at the next call', async () => {
    const viewer = await trialViewer(t.app, '+998901240004');
    // The first signed-in call writes the viewer's trial row.
    expect((await viewer.get('/api/catalog/rows')).statusCode).toBe(200);
    const { user_id } = await other.db
      .selectFrom('users')
      .select('user_id')
      .where('phone_number', '=', '+998901240004')
      .executeTakeFirstOrThrow();
    const token = viewer.cookies.get('sid')!;
    const before = await t.app.container.services.auth.resolve(token);
    await other.db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('user_id', '=', user_id)
      .execute();
    const after = await t.app.container.services.auth.resolve(token);
    expect(before?.billing?.row?.status).not.toBe('canceled');
    expect(after?.billing?.row?.status).toBe('canceled');

    await other.db.deleteFrom('sessions').where('user_id', '=', user_id).execute();
    expect((await viewer.get('/api/user/me')).statusCode).toBe(401);
  });

  it('refuses a kept session once it has expired', async () => {
    const viewer = await signedInViewer(t.app, '+998901240005');
    const admin = await signedInAdmin(t.app);
    expect((await viewer.get('/api/user/me')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/dashboard')).statusCode).toBe(200);
    t.clock.advance(400 * 86_400_000);
    expect((await viewer.get('/api/user/me')).statusCode).toBe(401);
    expect((await admin.get('/api/admin/dashboard')).statusCode).toBe(401);
  });
});
