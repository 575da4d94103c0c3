import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../../test/harness.js';
import { deviceOf } from './device.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('the account sessions list', () => {
  let t: TestApp;
  const phone = '+998901114455';
  const password = 'viewer-pass-1';

  /** Another browser signed in to the same account, with its own User-Agent. */
  async function anotherBrowser(userAgent: string): Promise<TestClient> {
    const client = new TestClient(t.app);
    const answer = await client.request('POST', '/api/user/login', {
      json: { phone_number: phone, password },
      headers: { 'user-agent': userAgent },
    });
    expect(answer.body).toBe('user');
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names each session by its device, marks this one and ends another at once', async () => {
    const laptop = await signedInViewer(t.app, phone, password);
    const android = await anotherBrowser(ANDROID_CHROME);
    const iphone = await anotherBrowser(IPHONE_SAFARI);
    // Read once, the phone's session is kept in the live-session cache.
    expect((await android.get('/api/user/me')).statusCode).toBe(200);

    t.clock.advance(5 * 60_000);
    expect((await android.get('/api/user/me')).statusCode).toBe(200);
    const listed = (await laptop.get('/api/account/sessions')).json().sessions as {
      id: string;
      browser: string | null;
      os: string | null;
      current: boolean;
      created_at: string;
      last_used_at: string;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const phoneSession = listed.find((session) => session.os === 'Android')!;
    expect(phoneSession).toMatchObject({ browser: 'Chrome', current: false });
    // Its last use is the call just made, after its sign-in.
    expect(phoneSession.last_used_at > phoneSession.created_at).toBe(true);
    expect(listed.find((session) => session.os === 'iOS')).toMatchObject({ browser: 'Safari' });
    // The list never shows a session's token or its hash.
    expect(JSON.stringify(listed)).not.toContain(android.cookies.get('sid')!);

    const ended = await laptop.post(`/api/account/sessions/${phoneSession.id}/end`);
    expect(ended.json()).toEqual({ ended_this: false });
    expect((await android.get('/api/user/me')).statusCode).toBe(401);
    expect((await iphone.get('/api/user/me')).statusCode).toBe(200);
    expect((await laptop.post(`/api/account/sessions/${phoneSession.id}/end`)).statusCode).toBe(404);
  });

  it('signs out every other session, then this one too', async () => {
    const laptop = new TestClient(t.app);
    await laptop.signIn(phone, password);
    const android = await anotherBrowser(ANDROID_CHROME);
    expect((await android.get('/api/user/me')).statusCode).toBe(200);

    await laptop.post('/api/account/sessions/end-all', { include_this: false });
    expect((await android.get('/api/user/me')).statusCode).toBe(401);
    const left = (await laptop.get('/api/account/sessions')).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);

    const all = await laptop.post('/api/account/sessions/end-all', { include_this: true });
    expect(all.statusCode).toBe(200);
    expect(laptop.cookies.has('sid')).toBe(false);
    expect((await laptop.get('/api/user/me')).statusCode).toBe(401);
  });

  it("lists only the account's own sessions and cannot end another account's", async () => {
    const mine = await signedInViewer(t.app, '+998901114466', password);
    const other = await signedInViewer(t.app, '+998901114477', password);
    const theirs = (await other.get('/api/account/sessions')).json().sessions[0].id as string;
    expect((await mine.get('/api/account/sessions')).json().sessions).toHaveLength(1);
    expect((await mine.post(`/api/account/sessions/${theirs}/end`)).statusCode).toBe(404);
    expect((await other.get('/api/user/me')).statusCode).toBe(200);
  });
});

describe('deviceOf', () => {
  it('reads the browser and system a User-Agent names', () => {
    expect(deviceOf(ANDROID_CHROME)).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(deviceOf(IPHONE_SAFARI)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(deviceOf(null)).toEqual({ browser: null, os: null });
  });
});
