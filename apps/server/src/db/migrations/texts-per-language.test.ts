import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 0023: texts per language', () => {
  const database = migrationDatabase();
  const now = '2026-06-01T10:00:00.000Z';

  it('drops the seeded "Season N" names, rewords the seed’s English and names the seeded plans', async () => {
    const { db } = database;
    await database.migrateTo('0020-profiles');
    const title = await db
      .insertInto('titles')
      .values({ title: 'Serial', created_at: now, updated_at: now } as never)
      .returning('movie_id')
      .executeTakeFirstOrThrow();
    for (const [number, name] of [
      [1, 'Season 1'],
      [2, 'The Return'],
      [3, 'Season 2'],
    ] as const)
      await db
        .insertInto('seasons')
        .values({ movie_id: title.movie_id, number, title: name, created_at: now })
        .execute();
    await db
      .insertInto('languages')
      .values({
        keyword: 'En',
        keyword_lower: 'en',
        language_title: 'English',
        dir: 'ltr',
        flag: null,
        is_default: 1,
        texts: JSON.stringify({ send_otp: 'Send otp', verify_otp: 'Check it', sign_in: 'Sign In' }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [code, name] of [
      ['basic', 'Basic'],
      ['standard', 'Gold'],
    ] as const)
      await db
        .insertInto('plans')
        .values({
          code,
          name,
          monthly_price_cents: 1900,
          yearly_price_cents: null,
          currency: 'USD',
          quality_cap: 480,
          created_at: now,
          updated_at: now,
        } as never)
        .execute();

    await database.migrateToLatest();

    const seasons = await db.selectFrom('seasons').select(['number', 'title']).orderBy('number').execute();
    expect(seasons).toEqual([
      { number: 1, title: '' },
      { number: 2, title: 'The Return' },
      { number: 3, title: 'Season 2' },
    ]);
    const english = await db.selectFrom('languages').select('texts').executeTakeFirstOrThrow();
    expect(JSON.parse(english.texts)).toEqual({
      send_otp: 'Send code',
      verify_otp: 'Check it',
      sign_in: 'Sign In',
    });
    const plans = await db.selectFrom('plans').select(['code', 'names']).orderBy('code').execute();
    expect(plans.map((plan) => [plan.code, JSON.parse(plan.names)])).toEqual([
      ['basic', { Uz: 'Asosiy', Ru: 'Базовый', Ur: 'بنیادی' }],
      ['standard', {}],
    ]);
  });
});
