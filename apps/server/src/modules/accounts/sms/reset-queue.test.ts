import type { AdminAlert } from '@salomtv/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createContainer } from '../../../container.js';
import { FakeTwilio, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from '../../../test/fake-twilio.js';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

/** An answer's headers but its date (the only one that may differ between two calls a second apart). */
function headersOf(response: LightMyRequestResponse) {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

const askReset = (t: TestApp, phone: string) =>
  new TestClient(t.app).post('/api/otp/send', { phoneNumber: phone, purpose: 'reset' });

/**
 * A reset code is queued and sent by the worker: the answer is the same for a number with and without an
 * account and never waits for the SMS provider, whose failures go to the admin alerts.
 */
describe('reset codes through the queue, with Twilio', () => {
  const twilio = new FakeTwilio();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: await twilio.start(),
    });
  });
  afterEach(() => twilio.reset());
  afterAll(async () => {
    await t.close();
    await twilio.stop();
  });

  const deliverDue = () => t.app.container.services.smsDispatcher.deliverDue();
  const textAlerts = async (admin: TestClient) =>
    ((await admin.get('/api/admin/alerts')).json().items as AdminAlert[]).filter(
      (a) => a.kind === 'sms_failed',
    );

  it('answers alike for a number with and without an account, while the provider has not answered', async () => {
    const known = '+998907100001';
    const unknown = '+998907100002';
    await signedInViewer(t.app, known, 'viewer-pass-1');
    const release = twilio.hold();
    const withAccount = await askReset(t, known);
    const withoutAccount = await askReset(t, unknown);
    // Both answers are here though the provider answers nothing until released.
    expect(twilio.answered).toBe(0);
    expect(withAccount.statusCode).toBe(200);
    expect(withoutAccount.statusCode).toBe(withAccount.statusCode);
    expect(withoutAccount.body).toBe(withAccount.body);
    expect(headersOf(withoutAccount)).toEqual(headersOf(withAccount));
    // The worker texts the account's number only.
    await twilio.arrived(1);
    release();
    await deliverDue();
    expect(twilio.received.map((request) => request.form.get('To'))).toEqual([known]);
    expect(twilio.received[0]!.form.get('Body')).toMatch(/Your SalomTV code is \d{6}\./);
  });

  it('retries a provider failure and then reports it in the admin alerts, never to the requester', async () => {
    const phone = '+998907100003';
    await signedInViewer(t.app, phone, 'viewer-pass-1');
    const admin = await signedInAdmin(t.app);
    for (let i = 0; i < 3; i++)
      twilio.script.push({ status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } });
    const answer = await askReset(t, phone);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: 'updated', resendAfterSeconds: 30, expiresInSeconds: 600 });

    await deliverDue();
    expect(twilio.received).toHaveLength(1);
    expect(await textAlerts(admin)).toEqual([]);
    // Retried after 10 s, then 40 s; the third failure is the last.
    t.clock.advance(10_000);
    await deliverDue();
    expect(twilio.received).toHaveLength(2);
    expect(await textAlerts(admin)).toEqual([]);
    t.clock.advance(40_000);
    await deliverDue();
    expect(twilio.received).toHaveLength(3);
    const [alert] = await textAlerts(admin);
    expect(alert).toMatchObject({
      title: 'Text message not sent',
      detail: `To ${phone}: The SMS provider refused the message (provider error 20503)`,
      unread: true,
    });
    const code = /\b(\d{6})\b/.exec(twilio.received[0]!.form.get('Body')!)![1]!;
    expect(JSON.stringify(alert)).not.toContain(code);
    expect(JSON.stringify(alert)).not.toContain(TWILIO_AUTH_TOKEN);
    t.clock.advance(3_600_000);
    await deliverDue();
    expect(twilio.received).toHaveLength(3);
  });

  it('gives up at once on a number the provider says cannot receive texts', async () => {
    const phone = '+998907100004';
    await signedInViewer(t.app, phone, 'viewer-pass-1');
    const admin = await signedInAdmin(t.app);
    twilio.script.push({
      status: 400,
      body: { code: 21614, message: "'To' number is not a valid mobile number", status: 400 },
    });
    expect((await askReset(t, phone)).statusCode).toBe(200);
    await deliverDue();
    expect(twilio.received).toHaveLength(1);
    expect((await textAlerts(admin)).map((a) => a.detail)).toContain(
      `To ${phone}: The SMS provider refused the message (provider error 21614)`,
    );
  });

  it('still texts sign-up codes at once, so the form can say when a number cannot receive them', async () => {
    twilio.script.push({
      status: 400,
      body: { code: 21614, message: "'To' number is not a valid mobile number", status: 400 },
    });
    const refused = await new TestClient(t.app).post('/api/otp/send', { phoneNumber: '+998907100005' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ phoneNumber: 'This number cannot receive text messages' });
  });
});

describe('queued texts with WORKER_IN_PROCESS=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WORKER_IN_PROCESS: 'false' });
  });
  afterAll(() => t.close());

  it('are sent by the separate worker, not by the API process', async () => {
    const phone = '+998907100006';
    await signedInViewer(t.app, phone, 'viewer-pass-1');
    expect((await askReset(t, phone)).statusCode).toBe(200);
    // The worker process's container over the same database, started as worker.ts starts it.
    const config = loadConfig({ ...t.databaseEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent', JOB_QUEUE: 'db' });
    const worker = await createContainer(config, { clock: t.clock });
    try {
      expect(await t.app.container.repos.smsOutbox.latestFor(phone)).toEqual([]);
      worker.services.smsDispatcher.start();
      await worker.services.smsDispatcher.deliverDue();
      expect(await t.app.container.repos.smsOutbox.latestFor(phone)).toHaveLength(1);
    } finally {
      await worker.services.smsDispatcher.stop();
      await worker.database.close();
    }
  });
});
