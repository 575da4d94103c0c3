import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLAYBACK_SILENCE_SECONDS } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../../app-types.js';
import { billingViewer, buyWithDemo } from '../../../test/billing.js';
import {
  buildTestApp,
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';
import { makeClip, mediaEnv, startPlayback, waitForJobs } from '../../../test/media-kit.js';

const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/** Every address a player of the feature asks for, from its master playlist down to a subtitle file. */
async function featureAddresses(client: TestClient, movieId: number, playback: string) {
  const query = `?playback=${playback}`;
  const master = await client.get(`/api/stream/${movieId}/master.m3u8${query}`);
  expect(master.statusCode, master.body).toBe(200);
  const variant = uris(master.body)[0]!;
  const variantText = (await client.get(variant)).body;
  const subtitles = /TYPE=SUBTITLES.*URI="([^"]+)"/.exec(master.body)![1]!;
  return {
    master: `/api/stream/${movieId}/master.m3u8${query}`,
    'start.json': `/api/stream/${movieId}/start.json${query}`,
    'start.mp4': `/api/stream/${movieId}/start.mp4${query}`,
    variant,
    init: /#EXT-X-MAP:URI="([^"]+)"/.exec(variantText)![1]!,
    segment: uris(variantText)[0]!,
    subtitles,
    'subtitle file': uris((await client.get(subtitles)).body)[0]!,
  };
}

type Addresses = Awaited<ReturnType<typeof featureAddresses>>;

/** The status of each address, by its name. */
async function statuses(client: TestClient, addresses: Partial<Addresses>) {
  const answers: Record<string, number> = {};
  for (const [name, url] of Object.entries(addresses)) answers[name] = (await client.get(url)).statusCode;
  return answers;
}

const every = (addresses: Partial<Addresses>, status: number) =>
  Object.fromEntries(Object.keys(addresses).map((name) => [name, status]));

/** The same account signed in on another device. */
async function anotherDevice(app: AppInstance, phone: string, password: string): Promise<TestClient> {
  const device = new TestClient(app);
  await device.signIn(phone, password);
  return device;
}

/** The same client's cookies, sending to another instance of the API. */
function onInstance(app: AppInstance, client: TestClient): TestClient {
  const other = new TestClient(app);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

describe('the stream limit holds on every stream address', () => {
  let t: TestApp;
  let movieId: number;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    const admin = await signedInAdmin(t.app);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
    const clip = await makeClip(dir, 'clip', { seconds: 1 });
    fs.rmSync(dir, { recursive: true, force: true });
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
    const mp4 = { filename: 'v.mp4', contentType: 'video/mp4', data: clip };
    for (const endpoint of ['/api/movie/add', '/api/movie/trailer']) {
      const upload = await admin.postForm(endpoint, { movie_id: String(movieId), file: mp4 });
      expect(upload.statusCode, upload.body).toBe(200);
    }
    const subtitle = await admin.postForm('/api/movie/subtitle', {
      movie_id: String(movieId),
      language: 'Uz',
      file: {
        filename: 'uz.vtt',
        contentType: 'text/vtt',
        data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:00.900\nSalom\n'),
      },
    });
    expect(subtitle.statusCode, subtitle.body).toBe(200);
    await waitForJobs(t.app);
    const published = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Harbour Lights',
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(() => t.close());

  it('over the limit, a device gets no address; the device it stops loses every one at once', async () => {
    const account = await billingViewer(t.app, null);
    await buyWithDemo(t.app, account.client, 'basic');
    const tv = account.client;
    const phone = await anotherDevice(t.app, account.phone, account.password);
    const tvPlayback = await startPlayback(tv, movieId);
    const addresses = await featureAddresses(tv, movieId, tvPlayback);
    expect(await statuses(tv, addresses)).toEqual(every(addresses, 200));

    // The phone is over the plan's one stream: it is told who is watching what, and gets no stream address.
    const refused = await phone.post('/api/playback/start', { movie_id: movieId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().active).toEqual([
      expect.objectContaining({ playback_id: tvPlayback, title: 'Harbour Lights' }),
    ]);
    const starts = {
      master: `/api/stream/${movieId}/master.m3u8`,
      'start.json': `/api/stream/${movieId}/start.json`,
      'start.mp4': `/api/stream/${movieId}/start.mp4`,
    };
    expect(await statuses(phone, starts)).toEqual(every(starts, 409));
    const answer = await phone.get(starts.master);
    expect(answer.json()).toEqual({
      error: { code: 'stream_limit', message: expect.stringMatching(/start playback first/) },
    });

    // The phone stops the TV from the list and plays: every address of the TV's session is refused now.
    expect((await phone.post(`/api/playback/${tvPlayback}/stop`)).statusCode).toBe(204);
    const phonePlayback = await startPlayback(phone, movieId);
    expect(await statuses(tv, addresses)).toEqual(every(addresses, 409));
    const stopped = await tv.get(addresses.segment);
    expect(stopped.json().error).toEqual({
      code: 'stream_limit',
      message: expect.stringMatching(/stopped on another device/),
    });
    expect((await tv.post(`/api/playback/${tvPlayback}/heartbeat`)).statusCode).toBe(410);
    const phoneAddresses = await featureAddresses(phone, movieId, phonePlayback);
    expect(await statuses(phone, phoneAddresses)).toEqual(every(phoneAddresses, 200));
  });

  it('a session silent past its lease loses its addresses; a heartbeat with a stream free brings them back', async () => {
    const account = await billingViewer(t.app, null);
    await buyWithDemo(t.app, account.client, 'basic');
    const playback = await startPlayback(account.client, movieId);
    const addresses = await featureAddresses(account.client, movieId, playback);
    t.clock.advance(PLAYBACK_SILENCE_SECONDS * 1000 - 1000);
    expect(await statuses(account.client, addresses)).toEqual(every(addresses, 200));
    t.clock.advance(2000);
    expect(await statuses(account.client, addresses)).toEqual(every(addresses, 409));
    expect((await account.client.get(addresses.segment)).json().error.message).toMatch(/went silent/);
    expect((await account.client.post(`/api/playback/${playback}/heartbeat`)).statusCode).toBe(200);
    expect(await statuses(account.client, addresses)).toEqual(every(addresses, 200));
  });

  it('a playback id works only for its own account, title and addresses', async () => {
    const owner = await billingViewer(t.app);
    const first = await startPlayback(owner.client, movieId);
    const second = await startPlayback(owner.client, movieId);
    const addresses = await featureAddresses(owner.client, movieId, first);

    // Another account can neither start from the owner's playback nor use the owner's addresses.
    const stranger = await billingViewer(t.app);
    const starts = {
      master: addresses.master,
      'start.json': addresses['start.json'],
      'start.mp4': addresses['start.mp4'],
    };
    expect(await statuses(stranger.client, starts)).toEqual(every(starts, 409));
    const signed = Object.fromEntries(Object.entries(addresses).filter(([name]) => !(name in starts)));
    expect(await statuses(stranger.client, signed)).toEqual(every(signed, 403));

    // A signed address moved to another playback of the same account does not verify.
    const moved = addresses.segment.replace(`.${first}.`, `.${second}.`);
    expect(moved).not.toBe(addresses.segment);
    expect((await owner.client.get(moved)).statusCode).toBe(403);

    // Nor does a playback of another title open this one.
    const admin = await signedInAdmin(t.app);
    const otherTitle = await publishedTitle(admin, 'Cold Ledger');
    const elsewhere = await startPlayback(owner.client, otherTitle);
    expect(
      (await owner.client.get(`/api/stream/${movieId}/master.m3u8?playback=${elsewhere}`)).statusCode,
    ).toBe(409);
    expect((await owner.client.get(`/api/stream/${movieId}/master.m3u8?playback=not+an+id`)).statusCode).toBe(
      400,
    );
  });

  it("another device of the same account cannot stream under a device's playback id (it could read it from the list)", async () => {
    const account = await billingViewer(t.app, null);
    await buyWithDemo(t.app, account.client, 'basic');
    const tv = account.client;
    const tvPlayback = await startPlayback(tv, movieId);
    const addresses = await featureAddresses(tv, movieId, tvPlayback);
    const phone = await anotherDevice(t.app, account.phone, account.password);
    const listed = (await phone.get('/api/playback/active')).json().items;
    expect(listed).toEqual([expect.objectContaining({ playback_id: tvPlayback })]);

    // Every address, the start calls included, answers as to a playback that is not the phone's.
    expect(await statuses(phone, addresses)).toEqual(every(addresses, 409));
    expect((await phone.get(addresses.segment)).json().error.message).toMatch(/start playback first/);
    // Nor can the phone keep the TV's session alive; it may still stop it (the over-limit prompt does).
    expect((await phone.post(`/api/playback/${tvPlayback}/heartbeat`)).statusCode).toBe(404);
    expect(await statuses(tv, addresses)).toEqual(every(addresses, 200));
    expect((await phone.post(`/api/playback/${tvPlayback}/stop`)).statusCode).toBe(204);
    expect(await statuses(tv, addresses)).toEqual(every(addresses, 409));
  });

  it('trailers play for everyone, signed out too, with no playback session', async () => {
    const anonymous = new TestClient(t.app);
    const master = await anonymous.get(`/api/stream/${movieId}/master.m3u8?asset=trailer`);
    expect(master.statusCode).toBe(200);
    const variant = await anonymous.get(uris(master.body)[0]!);
    expect(variant.statusCode).toBe(200);
    const files = [/#EXT-X-MAP:URI="([^"]+)"/.exec(variant.body)![1]!, ...uris(variant.body)];
    for (const file of files) expect((await anonymous.get(file)).statusCode).toBe(200);
    for (const start of ['start.json', 'start.mp4'])
      expect((await anonymous.get(`/api/stream/${movieId}/${start}?asset=trailer`)).statusCode).toBe(200);
  });

  describe('with a second API instance over the same database', () => {
    let other: AppInstance;
    beforeAll(async () => {
      other = await buildTestApp({
        dataDir: t.dataDir,
        clock: t.clock,
        pgSchema: t.databaseEnv.DATABASE_SCHEMA || undefined,
        env: { ...mediaEnv(), WORKER_IN_PROCESS: 'false' },
      });
    });
    afterAll(() => other.close());

    it('heartbeats there keep the streams here; a stop there ends them here within a second', async () => {
      const viewer = await billingViewer(t.app);
      const here = viewer.client;
      const there = onInstance(other, here);
      // Started and listed on the other instance; this one has never seen the session.
      const playback = await startPlayback(there, movieId);
      const { segment } = await featureAddresses(there, movieId, playback);
      expect((await here.get(segment)).statusCode).toBe(200);

      // Past the lease as this instance last heard of it, but the other one had the heartbeats.
      for (let beat = 0; beat < 3; beat++) {
        t.clock.advance(40_000);
        expect((await there.post(`/api/playback/${playback}/heartbeat`)).statusCode).toBe(200);
      }
      expect((await here.get(segment)).statusCode).toBe(200);

      expect((await there.post(`/api/playback/${playback}/stop`)).statusCode).toBe(204);
      t.clock.advance(1000);
      // This instance looks at the playback version without holding the request that made it look.
      let status = 200;
      for (let attempt = 0; attempt < 250 && status === 200; attempt++) {
        status = (await here.get(segment)).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(409);
    });
  });
});
