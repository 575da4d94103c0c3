import type { PlaybackQualityReport } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo } from '../../../test/billing.js';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import { metricValue } from '../../../test/prometheus-tools.js';

const HOUR_MS = 3_600_000;

function report(fields: Partial<PlaybackQualityReport> = {}): PlaybackQualityReport {
  return {
    watched_ms: 0,
    stalls: 0,
    stalled_ms: 0,
    errors: 0,
    quality_switches: 0,
    bytes_loaded: 0,
    ...fields,
  };
}

describe("the players' quality reports", () => {
  let t: TestApp;
  let admin: TestClient;
  const ids = { harbour: 0, ledger: 0 };

  const start = async (client: TestClient, movieId: number): Promise<string> => {
    const started = await client.post('/api/playback/start', { movie_id: movieId });
    expect(started.statusCode).toBe(200);
    return started.json().playback_id as string;
  };
  const beat = (client: TestClient, id: string, quality?: PlaybackQualityReport) =>
    client.post(`/api/playback/${id}/heartbeat`, quality ? { quality } : undefined);
  const dashboard = async () => {
    let answer = await admin.get('/api/admin/dashboard/playback-quality');
    // The test clock moves by days: the admin's session ends, and they sign in again.
    if (answer.statusCode === 401) {
      admin = await signedInAdmin(t.app);
      answer = await admin.get('/api/admin/dashboard/playback-quality');
    }
    expect(answer.statusCode).toBe(200);
    return answer.json() as { since: string; items: Record<string, unknown>[] };
  };
  const metric = (name: string, labels?: Record<string, string>) => metricValue(t.app, name, labels);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    ids.harbour = await publishedTitle(admin, 'Night Harbour');
    ids.ledger = await publishedTitle(admin, 'Cold Ledger');
  });
  afterAll(() => t.close());

  it('adds up heartbeats and the stop per title: start time, stall ratio and errors on the dashboard', async () => {
    expect((await dashboard()).items).toEqual([]);
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'basic');
    const id = await start(v.client, ids.harbour);
    const first = report({
      first_frame_ms: 900,
      watched_ms: 28_000,
      stalls: 1,
      stalled_ms: 2000,
      bytes_loaded: 3_000_000,
    });
    expect((await beat(v.client, id, first)).statusCode).toBe(200);
    // A heartbeat may still come without a report (an older player).
    expect((await beat(v.client, id)).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await beat(v.client, id, report({ watched_ms: 30_000, quality_switches: 1 }))).statusCode).toBe(
      200,
    );
    const stopped = await v.client.post(`/api/playback/${id}/stop`, {
      quality: report({ watched_ms: 10_000, errors: 1 }),
    });
    expect(stopped.statusCode).toBe(204);

    // A second play of the same title by another viewer, in the next hour: both count in the last day.
    t.clock.advance(HOUR_MS);
    const w = await billingViewer(t.app, null);
    await buyWithDemo(t.app, w.client, 'basic');
    const other = await start(w.client, ids.harbour);
    await beat(w.client, other, report({ first_frame_ms: 1500, watched_ms: 30_000 }));

    const { items } = await dashboard();
    expect(items).toEqual([
      {
        movie_id: ids.harbour,
        title: 'Night Harbour',
        plays: 2,
        start_ms: 1200,
        watched_seconds: 98,
        stalls: 1,
        stall_ratio: 2000 / 100_000,
        errors: 1,
        quality_switches: 1,
      },
    ]);
    // The same reports in the metrics, under the cap the plays streamed at.
    expect(await metric('salomtv_playback_first_frame_seconds_count', { quality_cap: '480' })).toBe(2);
    expect(await metric('salomtv_playback_watched_seconds_total')).toBe(98);
    expect(await metric('salomtv_playback_stalled_seconds_total')).toBe(2);
    expect(await metric('salomtv_playback_errors_total')).toBe(1);
    expect(await metric('salomtv_playback_loaded_bytes_total')).toBe(3_000_000);

    // A day later the first hour's plays have left the dashboard's day.
    t.clock.advance(24 * HOUR_MS);
    expect((await dashboard()).items).toMatchObject([{ movie_id: ids.harbour, plays: 1, start_ms: 1500 }]);
    t.clock.advance(2 * HOUR_MS);
    expect((await dashboard()).items).toEqual([]);
  });

  it('refuses a report out of bounds or with unknown fields, and counts nothing of it', async () => {
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'basic');
    const id = await start(v.client, ids.ledger);
    const before = await metric('salomtv_playback_watched_seconds_total');
    for (const quality of [
      { ...report(), watched_ms: -5 },
      { ...report(), stalled_ms: 5 * HOUR_MS },
      { ...report(), title: 'Cold Ledger' },
      { watched_ms: 1000 },
    ]) {
      const refused = await v.client.post(`/api/playback/${id}/heartbeat`, { quality });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect((await v.client.post(`/api/playback/${id}/heartbeat`, { movie_id: 3 })).statusCode).toBe(400);
    expect(await metric('salomtv_playback_watched_seconds_total')).toBe(before);
    expect((await dashboard()).items.filter((item) => item.movie_id === ids.ledger)).toEqual([]);
  });

  it("takes no report on someone else's playback", async () => {
    const owner = await billingViewer(t.app, null);
    await buyWithDemo(t.app, owner.client, 'basic');
    const id = await start(owner.client, ids.ledger);
    const stranger = await billingViewer(t.app, null);
    await buyWithDemo(t.app, stranger.client, 'basic');
    const before = await metric('salomtv_playback_watched_seconds_total');
    expect((await beat(stranger.client, id, report({ watched_ms: 30_000 }))).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/playback/${id}/stop`, { quality: report() })).statusCode).toBe(
      404,
    );
    expect(await metric('salomtv_playback_watched_seconds_total')).toBe(before);
  });

  it('counts live playback sessions by plan and quality cap at each scrape, and the refusals over the limit', async () => {
    const live = () => metric('salomtv_playback_sessions_live', { plan: 'standard', quality_cap: '720' });
    const before = await live();
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'standard');
    const first = await start(v.client, ids.harbour);
    const second = await start(v.client, ids.ledger);
    expect(await live()).toBe(before + 2);
    const refusals = await metric('salomtv_stream_limit_refusals_total');
    const { max_streams } = (await v.client.get('/api/playback/active')).json();
    for (let i = 2; i < max_streams; i++) await start(v.client, ids.harbour);
    expect((await v.client.post('/api/playback/start', { movie_id: ids.harbour })).statusCode).toBe(409);
    expect(await metric('salomtv_stream_limit_refusals_total')).toBe(refusals + 1);
    await v.client.post(`/api/playback/${first}/stop`);
    await v.client.post(`/api/playback/${second}/stop`);
    expect(await live()).toBe(before + max_streams - 2);
    // Silent past the limit: no longer live.
    t.clock.advance(5 * 60_000);
    expect(await live()).toBe(0);
  });
});
