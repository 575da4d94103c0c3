import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN, xsrfHeaders } from './helpers';

/** A fresh Uzbek mobile number (+998 91 …) and its national part, unique enough for one test run. */
export function newPhone(): { phone: string; national: string } {
  const national = `91${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { phone: `+998${national}`, national };
}

async function outbox(request: APIRequestContext, phone: string) {
  const reply = await request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  return ((await reply.json()) as { items: { code: string | null }[] }).items;
}

/** How many texts the console SMS provider has "sent" to a number (read from the dev outbox). */
export const textsSentTo = async (request: APIRequestContext, phone: string) =>
  (await outbox(request, phone)).length;

/** The code of the newest text to a number, once there are more than `before` texts. */
export async function codeSentTo(request: APIRequestContext, phone: string, before = 0): Promise<string> {
  let code: string | null | undefined;
  await expect
    .poll(
      async () => {
        const items = await outbox(request, phone);
        code = items.length > before ? items[0]?.code : undefined;
        return code ?? null;
      },
      { message: `a new code texted to ${phone}` },
    )
    .not.toBeNull();
  return String(code);
}

async function mailbox(request: APIRequestContext, email: string) {
  const reply = await request.get(`/api/dev/email-outbox?to=${encodeURIComponent(email)}`);
  return ((await reply.json()) as { items: { code: string | null }[] }).items;
}

/** The code of the newest mail to an address (read from the console email provider's dev outbox). */
export async function codeMailedTo(request: APIRequestContext, email: string): Promise<string> {
  let code: string | null | undefined;
  await expect
    .poll(
      async () => {
        code = (await mailbox(request, email))[0]?.code;
        return code ?? null;
      },
      { message: `a code mailed to ${email}` },
    )
    .not.toBeNull();
  return String(code);
}

/** Signs a new viewer up through the API (code from the outbox); the page's context is then signed in. */
export async function signUpViaApi(page: Page, phone: string, password: string): Promise<void> {
  const headers = await xsrfHeaders(page);
  const sent = await page.request.post('/api/otp/send', { data: { phoneNumber: phone }, headers });
  expect(sent.status()).toBe(200);
  const code = await codeSentTo(page.request, phone);
  const verified = await page.request.post('/api/otp/verify', {
    data: { phoneNumber: phone, code },
    headers,
  });
  expect(await verified.json()).toMatchObject({ data: 'approved' });
  const added = await page.request.post('/api/user/add', {
    data: {
      dob: '1994-05-01',
      gender: 'female',
      nationality: 'Pakistan',
      password,
      phone_number: phone,
      terms: true,
    },
    headers,
  });
  expect(added.status()).toBe(201);
}

/** Creates an active viewer as the admin would (no text message is sent), in a request context of its own. */
export async function createViewer(
  request: APIRequestContext,
  phone: string,
  password: string,
): Promise<void> {
  const headers = async () => {
    const token = (await request.storageState()).cookies.find(
      (cookie) => cookie.name === 'XSRF-TOKEN',
    )?.value;
    return { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') };
  };
  await request.get('/api/csrf');
  const login = await request.post('/api/user/login', {
    data: { phone_number: ADMIN.phone, password: ADMIN.password },
    headers: await headers(),
  });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/web/user', {
    data: { phone_number: phone, password, role: 'user', status: 'active' },
    headers: await headers(),
  });
  expect(created.status()).toBe(201);
}

/** No serious or critical WCAG 2.1 AA violation on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

/**
 * A new viewer (created by the admin, so with the 30-day trial and without a text message: many sign-ups in one
 * run would meet the code-request limit), signed in in the page's context. Answers the phone number.
 */
export async function signInNewViewer(
  page: Page,
  request: APIRequestContext,
  password: string,
): Promise<string> {
  const { phone } = newPhone();
  await createViewer(request, phone, password);
  const login = await page.request.post('/api/user/login', {
    data: { phone_number: phone, password },
    headers: await xsrfHeaders(page),
  });
  expect(await login.text()).toContain('user');
  return phone;
}
