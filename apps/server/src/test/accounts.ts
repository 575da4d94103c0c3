import type { AppInstance } from '../app-types.js';
import { TestClient } from './harness.js';

/**
 * The code in the newest console-provider message to a number (what the viewer's phone would show), once the
 * queued texts (reset codes) have been sent.
 */
export async function lastCode(app: AppInstance, phone: string): Promise<string> {
  await app.container.services.smsDispatcher.deliverDue();
  const [message] = await app.container.repos.smsOutbox.latestFor(phone, 1);
  const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** The code in the newest console-provider mail to an address. */
export async function lastEmailCode(app: AppInstance, email: string): Promise<string> {
  const [mail] = await app.container.repos.emailOutbox.latestFor(email, 1);
  const code = mail ? /\b(\d{6})\b/.exec(mail.body)?.[1] : undefined;
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

export async function outboxCount(app: AppInstance, phone: string): Promise<number> {
  await app.container.services.smsDispatcher.deliverDue();
  return (await app.container.repos.smsOutbox.latestFor(phone, 1000)).length;
}

/** A browser that asked for a sign-up code and verified it: it holds the sign-up proof cookie. */
export async function verifiedForSignup(
  app: AppInstance,
  phone: string,
  client = new TestClient(app),
): Promise<TestClient> {
  const sent = await client.post('/api/otp/send', { phoneNumber: phone });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const verified = await client.post('/api/otp/verify', {
    phoneNumber: phone,
    code: await lastCode(app, phone),
  });
  if (verified.json().data !== 'approved') throw new Error(`verify failed: ${verified.body}`);
  return client;
}

export const signupDetails = (phone: string, overrides: Record<string, unknown> = {}) => ({
  dob: '1990-04-12',
  gender: 'female',
  nationality: 'Pakistan',
  password: 'strong-pass-1',
  phone_number: phone,
  terms: true,
  ...overrides,
});

/** Signs a new viewer up through the real flow and returns the signed-in browser. */
export async function signedUpViewer(
  app: AppInstance,
  phone: string,
  password = 'strong-pass-1',
): Promise<TestClient> {
  const client = await verifiedForSignup(app, phone);
  const response = await client.post('/api/user/add', signupDetails(phone, { password }));
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return client;
}
