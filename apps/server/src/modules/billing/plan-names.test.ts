import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../test/harness.js';

describe('plan names per language', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  const namesOn = async (query: string) =>
    ((await new TestClient(t.app).get(`/api/plans${query}`)).json() as { name: string }[]).map((p) => p.name);

  it('names the seeded plans in the language asked for, else as written', async () => {
    expect(await namesOn('?lang=Uz')).toEqual(['Asosiy', 'Standart', 'Platina', 'Premium']);
    expect(await namesOn('?lang=ru')).toEqual(['Базовый', 'Стандарт', 'Платинум', 'Премиум']);
    expect(await namesOn('?lang=Ur')).toEqual(['بنیادی', 'اسٹینڈرڈ', 'پلاٹینم', 'پریمیم']);
    expect(await namesOn('')).toEqual(['Basic', 'Standard', 'Platinum', 'Premium']);
    expect(await namesOn('?lang=Xx')).toEqual(['Basic', 'Standard', 'Platinum', 'Premium']);
    expect((await new TestClient(t.app).get('/api/plans?lang=<b>')).statusCode).toBe(400);
  });

  it('lets an admin give a plan its names in other languages; an empty one falls back to the plan’s own', async () => {
    const created = await admin.post('/api/admin/plans', {
      code: 'family',
      name: 'Family',
      names: { Uz: 'Oilaviy', Ru: '' },
      monthly_price_cents: 2900,
      quality_cap: 720,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().names).toEqual({ Uz: 'Oilaviy' });
    expect((await namesOn('?lang=Uz')).at(-1)).toBe('Oilaviy');
    expect((await namesOn('?lang=Ru')).at(-1)).toBe('Family');

    const planId = created.json().plan_id as number;
    const edited = await admin.post(`/api/admin/plans/${planId}`, { names: { Ru: 'Семейный' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().names).toEqual({ Ru: 'Семейный' });
    expect((await namesOn('?lang=Ru')).at(-1)).toBe('Семейный');
    expect((await namesOn('?lang=Uz')).at(-1)).toBe('Family');

    const bad = await admin.post(`/api/admin/plans/${planId}`, { names: { 'not a keyword': 'x' } });
    expect(bad.statusCode).toBe(400);
    const long = await admin.post(`/api/admin/plans/${planId}`, { names: { Uz: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
  });
});
