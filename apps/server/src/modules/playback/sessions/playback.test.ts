import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo } from '../../../test/billing.js';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('simultaneous streams', () => {
  let t: TestApp;
  /** The catalogue's titles by the numbers these tests use: 1 plain, 2 in American TV shows, 3 a draft. */
  const ids: Record<number, number> = {};
  const start = (client: TestClient, title: number, userAgent = CHROME_WINDOWS) =>
    client.request('POST', '/api/playback/start', {
      json: { movie_id: ids[title] ?? title },
      headers: { 'user-agent': userAgent },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t.app);
    ids[1] = await publishedTitle(admin, 'Night Harbor');
    ids[2] = await publishedTitle(admin, 'Cold Ledger', { collections: ['america_tv_shows'] });
    ids[3] = (await admin.post('/api/movie/create')).json().movie_id;
  });
  afterAll(() => t.close());

  it('refuses one stream too many with the devices watching; stopping one frees its place', async () => {
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'basic');
    const first = await start(v.client, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ max_height: 480, preroll: true, heartbeat_seconds: 30 });
    const firstId = first.json().playback_id as string;

    const second = await start(v.client, 1, SAFARI_IPHONE);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'stream_limit' }, max_streams: 1 });
    // Who is watching what, by the title's name, and since when.
    expect(second.json().active).toEqual([
      {
        playback_id: firstId,
        title_id: ids[1],
        title: 'Night Harbor',
        profile: 'Me',
        device_label: 'Chrome on Windows',
        started_at: t.clock.now().toISOString(),
        last_seen_at: t.clock.now().toISOString(),
      },
    ]);

    // The viewer stops the other device from the prompt, then plays here.
    expect((await v.client.post(`/api/playback/${firstId}/stop`)).statusCode).toBe(204);
    const retry = await start(v.client, 1, SAFARI_IPHONE);
    expect(retry.statusCode).toBe(200);
    const active = (await v.client.get('/api/playback/active')).json();
    expect(active.max_streams).toBe(1);
    expect(active.items.map((s: { device_label: string }) => s.device_label)).toEqual(['Safari on iPhone']);

    // The stopped player learns it on its next heartbeat.
    const stopped = await v.client.post(`/api/playback/${firstId}/heartbeat`);
    expect(stopped.statusCode).toBe(410);
    expect(stopped.json().error.code).toBe('stream_stopped');
  });

  it('gives the last free stream to one of the devices that press Play at the same moment', async () => {
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'basic');
    // Called side by side at the service, as two instances behind a load balancer would meet: every step of one
    // start may run between two steps of another.
    const { playback } = t.app.container.modules.playback.services;
    const answers = await Promise.all(
      [CHROME_WINDOWS, SAFARI_IPHONE, FIREFOX_LINUX].map((userAgent, index) =>
        playback.start(
          { user_id: v.userId, session_hash: `device-${index}`, profile_id: 0, maturity_ceiling: null },
          ids[1]!,
          userAgent,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect((await v.client.get('/api/playback/active')).json().items).toHaveLength(1);
  });

  it('a session silent for more than 90 s no longer counts; heartbeats keep one alive', async () => {
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'standard');
    const a = (await start(v.client, 1, CHROME_WINDOWS)).json().playback_id as string;
    const b = (await start(v.client, 2, SAFARI_IPHONE)).json().playback_id as string;
    expect((await start(v.client, 1, FIREFOX_LINUX)).statusCode).toBe(409);

    // A keeps sending heartbeats; B goes silent.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(30_000);
      const beat = await v.client.post(`/api/playback/${a}/heartbeat`);
      expect(beat.statusCode).toBe(200);
      expect(beat.json()).toMatchObject({ playback_id: a, max_height: 720 });
    }
    const third = await start(v.client, 1, FIREFOX_LINUX);
    expect(third.statusCode).toBe(200);
    const labels = (await v.client.get('/api/playback/active'))
      .json()
      .items.map((s: { device_label: string }) => s.device_label);
    expect(labels.sort()).toEqual(['Chrome on Windows', 'Firefox on Linux']);

    // B wakes up: both streams are taken, so it is told which devices are watching.
    const late = await v.client.post(`/api/playback/${b}/heartbeat`);
    expect(late.statusCode).toBe(409);
    expect(late.json().active).toHaveLength(2);

    // Everyone silent for 2 minutes: all places free.
    t.clock.advance(120_000);
    expect((await v.client.get('/api/playback/active')).json().items).toEqual([]);
    expect((await v.client.post(`/api/playback/${b}/heartbeat`)).statusCode).toBe(200);
  });

  it('refuses a viewer without a plan, and a title outside the plan', async () => {
    const none = await billingViewer(t.app, null);
    const refused = await start(none.client, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('subscription_required');

    const basic = await billingViewer(t.app, null);
    await buyWithDemo(t.app, basic.client, 'basic');
    const locked = await start(basic.client, 2);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('upgrade_required');
    expect((await start(basic.client, 999)).statusCode).toBe(404);
    // A draft is not there for viewers (admins preview drafts).
    expect((await start(basic.client, 3)).statusCode).toBe(404);
    const preview = await start(await signedInAdmin(t.app), 3);
    expect(preview.statusCode, preview.body).toBe(200);

    const trial = await billingViewer(t.app);
    const trialStart = await start(trial.client, 2);
    expect(trialStart.statusCode).toBe(200);
    expect(trialStart.json()).toMatchObject({ max_height: 1080, preroll: false });
  });

  it('a viewer cannot see, renew or stop another viewer’s stream', async () => {
    const owner = await billingViewer(t.app);
    const other = await billingViewer(t.app);
    const id = (await start(owner.client, 1)).json().playback_id as string;
    expect((await other.client.post(`/api/playback/${id}/stop`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/playback/${id}/heartbeat`)).statusCode).toBe(404);
    expect((await other.client.get('/api/playback/active')).json().items).toEqual([]);
    expect((await owner.client.get('/api/playback/active')).json().items).toHaveLength(1);
  });
});
