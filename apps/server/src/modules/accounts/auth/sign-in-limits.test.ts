import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../../../test/harness.js';

const WINDOW_MS = 15 * 60_000;

/** Five ways of writing +998901230077. */
const SPELLINGS = [
  '+998 90 123 00 77',
  '998901230077',
  '00998901230077',
  '(+998) 90-123-00-77',
  '0998 90 123 0077',
];

/**
 * Sign-in failures count per account, found through the normalisation that finds the account: spellings,
 * addresses and the choice of phone or email do not give more tries.
 */
describe('sign-in limits per account', () => {
  let t: TestApp;
  let n = 0;
  /** Each try from an address of its own, so only the account's count can refuse it. */
  const login = (phone_number: string, password: string) =>
    new TestClient(t.app, `203.0.113.${++n}`).post('/api/user/login', { phone_number, password });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('locks the account after five wrong passwords written five ways, for every spelling and the right password', async () => {
    await signedInViewer(t.app, '+998901230077', 'right-pass-1');
    for (const spelling of SPELLINGS) {
      expect((await login(spelling, 'wrong-pass-1')).statusCode, spelling).toBe(401);
    }
    for (const spelling of [...SPELLINGS, '+998901230077']) {
      const refused = await login(spelling, 'right-pass-1');
      expect(refused.statusCode, spelling).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    t.clock.advance(WINDOW_MS);
    expect((await login(SPELLINGS[3]!, 'right-pass-1')).body).toBe('user');
  });

  it('counts an email, whatever its case and spaces, with the phone number of the same account', async () => {
    const viewer = await signedInViewer(t.app, '+998901230078', 'right-pass-1');
    await t.app.container.repos.users.update((await viewer.get('/api/user/me')).json().user_id, {
      email: 'mail.me@example.com',
    });
    for (const name of ['Mail.Me@Example.com', ' mail.me@example.com ', 'MAIL.ME@EXAMPLE.COM']) {
      expect((await login(name, 'wrong-pass-1')).statusCode, name).toBe(401);
    }
    for (const name of ['998 90 123 00 78', '+998901230078']) {
      expect((await login(name, 'wrong-pass-1')).statusCode, name).toBe(401);
    }
    expect((await login('mail.me@example.com', 'right-pass-1')).statusCode).toBe(429);
    expect((await login('+998901230078', 'right-pass-1')).statusCode).toBe(429);
    t.clock.advance(WINDOW_MS);
  });

  it('counts a number without an account under its one spelling too, answering as for an account', async () => {
    await signedInViewer(t.app, '+998901230079', 'right-pass-1');
    const spell = (national: string) => [
      `+998 ${national}`,
      `998${national.replaceAll(' ', '')}`,
      `00998 ${national}`,
      `(+998) ${national.replaceAll(' ', '-')}`,
      `0998${national}`,
      `+998${national.replaceAll(' ', '')}`,
    ];
    const known = spell('90 123 00 79');
    const unknown = spell('90 123 00 80');
    const answers: [LightMyRequestResponse, LightMyRequestResponse][] = [];
    for (let i = 0; i < known.length; i++) {
      answers.push([await login(known[i]!, 'wrong-pass-1'), await login(unknown[i]!, 'wrong-pass-1')]);
    }
    expect(answers.map(([k]) => k.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    for (const [k, u] of answers) {
      expect(u.statusCode).toBe(k.statusCode);
      expect(u.body).toBe(k.body);
      expect(u.headers['retry-after']).toBe(k.headers['retry-after']);
    }
    t.clock.advance(WINDOW_MS);
  });

  it('checks no more than five tries sent at once', async () => {
    await signedInViewer(t.app, '+998901230081', 'right-pass-1');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(SPELLINGS[0]!.replace('00 77', '00 81'), `wrong-pass-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    t.clock.advance(WINDOW_MS);
  });

  it('finds the account from the national form in the chosen country, as sign-up taught it', async () => {
    await signedInViewer(t.app, '+998910887299', 'right-pass-1');
    for (const typed of ['91 088 72 99', '0910887299', '+998 91 088 72 99']) {
      const answer = await new TestClient(t.app, `198.51.100.${++n}`).post('/api/user/login', {
        phone_number: typed,
        country: 'UZ',
        password: 'right-pass-1',
      });
      expect(answer.body, typed).toBe('user');
    }
  });

  it('answers a name that is no phone number nor email with a field error, and never counts it', async () => {
    await signedInViewer(t.app, '+998901230082', 'right-pass-1');
    // One viewer's mistypes of their own number, many more than the account's and the address's limits.
    const viewer = new TestClient(t.app, '192.0.2.200');
    const mistypes = ['+998 90 123 00 8', '90 123 00', '998901230082 1', 'me@', '12345', 'nine-one'];
    for (let i = 0; i < 30; i++) {
      const typed = mistypes[i % mistypes.length]!;
      const answer = await viewer.post('/api/user/login', {
        phone_number: typed,
        country: 'UZ',
        password: 'right-pass-1',
      });
      expect(answer.statusCode, typed).toBe(400);
      expect(answer.json().error.fields.phone_number, typed).toBe('Enter a valid phone number or email');
    }
    const signedIn = await viewer.post('/api/user/login', {
      phone_number: '90 123 00 82',
      country: 'UZ',
      password: 'right-pass-1',
    });
    expect(signedIn.body).toBe('user');
  });
});
