import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import { parseCsvRows as parseCsv } from '../../../test/subscription-views.js';
import { CSV_BOM, csvCell, csvLine } from './csv.js';

describe('csv cells', () => {
  it('escapes formulas and quotes what needs quoting', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+998901234567')).toBe("'+998901234567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tTAB')).toBe("'\tTAB");
    expect(csvCell('\rCR')).toBe(`"'\rCR"`);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});

describe('CSV exports', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    const now = t.clock.now().toISOString();
    const user = await t.app.container.repos.users.insert({
      phone_number: '+998901230000',
      email: 'evil@example.com',
      first_name: '=HYPERLINK("http://evil.example","click")',
      last_name: 'O"Brien, Jr',
      password_hash: 'x',
      role: 'user',
      status: 'active',
      verified: 1,
      created_at: now,
      updated_at: now,
    });
    const db = t.app.container.database.db;
    const plan = await db
      .insertInto('plans')
      .values({
        code: 'csv_plan',
        name: '@Plan',
        monthly_price_cents: 1900,
        currency: 'USD',
        quality_cap: 720,
        created_at: now,
        updated_at: now,
      })
      .returning('plan_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscriptions')
      .values({
        user_id: user.user_id,
        plan_id: plan.plan_id,
        status: 'active',
        billing_interval: 'month',
        price_cents: 1900,
        currency: 'USD',
        current_period_start: now,
        current_period_end: now,
        provider: 'demo',
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < 1203; i++) {
      await db
        .insertInto('payments')
        .values({
          user_id: user.user_id,
          plan_id: plan.plan_id,
          amount_cents: 1900 + i,
          currency: 'USD',
          status: 'succeeded',
          provider: 'demo',
          description: i === 0 ? '-1+1|cmd' : `Monthly ${i}`,
          created_at: now,
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  it('exports users with formulas escaped and cells quoted', async () => {
    const response = await admin.get('/api/admin/export/users.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="salomtv-users-2026-06-01.csv"',
    );
    expect(response.body.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    const header = rows[0]!;
    expect(header.slice(0, 5)).toEqual(['user_id', 'phone_number', 'email', 'first_name', 'last_name']);
    const evil = rows.find((r) => r[2] === 'evil@example.com')!;
    expect(evil[1]).toBe("'+998901230000");
    expect(evil[3]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(evil[4]).toBe('O"Brien, Jr');
    expect(header).not.toContain('password_hash');
    expect(response.body).not.toContain('argon2');
    for (const row of rows) expect(row).toHaveLength(header.length);
  });

  it('exports subscriptions and streams every payment across batches', async () => {
    const subscriptions = parseCsv((await admin.get('/api/admin/export/subscriptions.csv')).body.slice(1));
    expect(subscriptions).toHaveLength(2);
    const subscription = Object.fromEntries(subscriptions[0]!.map((name, i) => [name, subscriptions[1]![i]]));
    expect(subscription).toMatchObject({ plan: "'@Plan", status: 'active', price: '19.00', currency: 'USD' });

    const payments = parseCsv((await admin.get('/api/admin/export/payments.csv')).body.slice(1));
    expect(payments).toHaveLength(1 + 1203);
    const header = payments[0]!;
    const first = Object.fromEntries(header.map((name, i) => [name, payments[1]![i]]));
    expect(first).toMatchObject({ amount: '19.00', description: "'-1+1|cmd", plan: "'@Plan" });
    expect(new Set(payments.slice(1).map((r) => r[0])).size).toBe(1203);
  });

  it('audits each export and refuses viewers', async () => {
    const audit = (await admin.get('/api/admin/audit?actor=me'))
      .json()
      .items.map((e: { action: string; entity: string }) => `${e.action} ${e.entity}`);
    expect(audit).toEqual(
      expect.arrayContaining(['export users', 'export subscriptions', 'export payments']),
    );
    const viewer = await signedInViewer(t.app);
    expect((await viewer.get('/api/admin/export/users.csv')).statusCode).toBe(403);
  });
});
